import type { Script } from '@callwise/shared/schemas/scripts';
import { useState } from 'react';
import { SearchCombobox } from '@/components/search-combobox';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { useScriptSearch } from '@/features/schedule-call/api/search-scripts';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

const ID = 'schedule-script';

/** Use one of your scripts: search them by title or content; picking one fills the message. */
export function ScriptPicker({ onSelect, hint }: { onSelect: (script: Script) => void; hint: string }) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const debounced = useDebouncedValue(query, 250);
  const search = useScriptSearch(debounced, open);
  const items = search.data?.data ?? [];

  return (
    <FormField id={ID} label="Use a script" description={hint}>
      <SearchCombobox<Script>
        id={ID}
        placeholder="Search your scripts..."
        query={query}
        onQueryChange={setQuery}
        items={items}
        loading={search.isFetching || query !== debounced}
        failed={search.isError}
        emptyText={debounced.trim() ? 'No script matches.' : 'You have no scripts yet.'}
        getKey={(item) => item.id}
        getText={(item) => item.title}
        renderItem={(item) => (
          <span className="grid min-w-0 gap-0.5">
            <span className="truncate font-medium">{item.title}</span>
            <span className="truncate text-xs text-muted-foreground">{item.content}</span>
          </span>
        )}
        onSelect={(item) => {
          setQuery('');
          onSelect(item);
        }}
        onOpenChange={setOpen}
        describedBy={fieldMessageId(ID)}
      />
    </FormField>
  );
}
