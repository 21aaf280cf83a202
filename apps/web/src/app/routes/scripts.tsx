import type { ScriptCategory } from '@callwise/shared/calls';
import type { Script } from '@callwise/shared/schemas/scripts';
import { FileTextIcon, PlusIcon, SearchXIcon } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { PageIntro } from '@/components/page-intro';
import { Button } from '@/components/ui/button';
import { useCloneScript } from '@/features/scripts/api/clone-script';
import { useScripts } from '@/features/scripts/api/get-scripts';
import { DeleteScriptDialog } from '@/features/scripts/components/delete-script-dialog';
import { ScriptCard } from '@/features/scripts/components/script-card';
import { ScriptFormDialog } from '@/features/scripts/components/script-form-dialog';
import { ScriptsSkeleton } from '@/features/scripts/components/scripts-skeleton';
import { ScriptsToolbar } from '@/features/scripts/components/scripts-toolbar';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/utils';

export default function ScriptsPage() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<ScriptCategory | 'all'>('all');
  const q = useDebouncedValue(search, 300);
  const scripts = useScripts({ q, category });
  const clone = useCloneScript();

  const [form, setForm] = useState<{ open: boolean; script: Script | null }>({ open: false, script: null });
  const [deleting, setDeleting] = useState<Script | null>(null);

  const searchBox = useRef<HTMLInputElement | null>(null);
  const openNew = () => setForm({ open: true, script: null });
  const items = scripts.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = q.trim() !== '' || category !== 'all';

  const newScriptButton = (
    <Button onClick={openNew}>
      <PlusIcon aria-hidden="true" />
      New Script
    </Button>
  );

  let body: ReactNode;
  if (scripts.isPending) {
    body = <ScriptsSkeleton />;
  } else if (scripts.isError && items.length === 0) {
    body = (
      <LoadError
        title="Your scripts could not be loaded"
        message={errorMessage(scripts.error)}
        retrying={scripts.isFetching}
        onRetry={() => void scripts.refetch()}
      />
    );
  } else if (items.length === 0 && filtered) {
    body = (
      <EmptyState
        icon={SearchXIcon}
        title="No scripts match"
        description="Try other words or another category."
        action={
          <Button
            variant="outline"
            onClick={() => {
              setSearch('');
              setCategory('all');
              // The button goes away with the empty state: the focus goes to the search box.
              searchBox.current?.focus();
            }}
          >
            Clear filters
          </Button>
        }
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={FileTextIcon}
        title="No scripts"
        description="Create a script for your reminders, confirmations or follow-ups, then use it for any call."
        action={newScriptButton}
      />
    );
  } else {
    body = (
      <div className="grid gap-6">
        <ul
          aria-label="Scripts"
          aria-busy={scripts.isFetching && !scripts.isFetchingNextPage}
          className={cn(
            'grid gap-4 transition-opacity lg:grid-cols-2',
            scripts.isPlaceholderData && 'opacity-60',
          )}
        >
          {items.map((script) => (
            <li key={script.id}>
              <ScriptCard
                script={script}
                cloning={clone.isPending && clone.variables === script.id}
                onClone={(item) => clone.mutate(item.id)}
                onEdit={(item) => setForm({ open: true, script: item })}
                onDelete={setDeleting}
              />
            </li>
          ))}
        </ul>
        <LoadMore
          hasMore={scripts.hasNextPage}
          loading={scripts.isFetchingNextPage}
          onLoadMore={() => void scripts.fetchNextPage()}
          shown={items.length}
          noun={{ one: 'script', other: 'scripts' }}
        />
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageIntro
        description="Reusable call scripts. Use {{name}}, {{date}} and {{time}} to personalise every call."
        actions={newScriptButton}
      />
      <ScriptsToolbar
        searchRef={searchBox}
        search={search}
        onSearchChange={setSearch}
        category={category}
        onCategoryChange={setCategory}
      />
      {body}
      <ScriptFormDialog
        open={form.open}
        script={form.script}
        onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
      />
      <DeleteScriptDialog script={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
