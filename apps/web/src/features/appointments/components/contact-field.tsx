import { formatPhone } from '@callwise/shared/phone';
import type { Contact } from '@callwise/shared/schemas/contacts';
import { UserRoundIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { SearchCombobox } from '@/components/search-combobox';
import { Button } from '@/components/ui/button';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useContactSearch } from '@/lib/contact-search';

const ID = 'appointment-contact';

/**
 * Who the appointment is with: search the contacts by name, phone, e-mail or company and pick one. The search box
 * then gives way to the contact's card, and the focus goes to its Clear button.
 */
export function ContactField({
  contact,
  error,
  onChange,
}: {
  contact: Contact | null;
  error?: string;
  onChange: (contact: Contact | null) => void;
}) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const debounced = useDebouncedValue(query, 250);
  const search = useContactSearch(debounced, open && contact === null);
  const clearButton = useRef<HTMLButtonElement | null>(null);
  const chosen = useRef(false);

  useEffect(() => {
    if (!contact || !chosen.current) return;
    chosen.current = false;
    clearButton.current?.focus();
  }, [contact]);

  if (contact) {
    return (
      <fieldset className="grid min-w-0 gap-2">
        <legend className="mb-2 text-sm font-medium">Contact</legend>
        <div
          className="flex items-center gap-3 rounded-lg border bg-muted/40 px-3 py-2"
          data-testid="picked-contact"
        >
          <UserRoundIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <div className="min-w-0 flex-1 [contain:inline-size]">
            <p className="truncate text-sm font-medium">{contact.name}</p>
            <p className="truncate text-xs text-muted-foreground tabular-nums">
              {formatPhone(contact.phone)}
            </p>
          </div>
          <Button
            ref={clearButton}
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setQuery('');
              onChange(null);
            }}
            aria-label={`Clear contact ${contact.name}`}
          >
            <XIcon aria-hidden="true" />
            Clear
          </Button>
        </div>
      </fieldset>
    );
  }

  return (
    <FormField
      id={ID}
      label="Contact"
      error={error}
      description={error ? undefined : 'Search by name, phone or e-mail.'}
    >
      <SearchCombobox<Contact>
        id={ID}
        placeholder="Search your contacts..."
        query={query}
        onQueryChange={setQuery}
        items={search.data?.data ?? []}
        loading={search.isFetching || query !== debounced}
        failed={search.isError}
        emptyText={debounced.trim() ? 'No contact matches.' : 'You have no contacts yet.'}
        getKey={(item) => item.id}
        getText={(item) => `${item.name}, ${formatPhone(item.phone)}`}
        renderItem={(item) => (
          <span className="flex min-w-0 items-baseline justify-between gap-3">
            <span className="min-w-0 truncate font-medium">{item.name}</span>
            <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
              {formatPhone(item.phone)}
            </span>
          </span>
        )}
        onSelect={(item) => {
          setQuery('');
          chosen.current = true;
          onChange(item);
        }}
        onOpenChange={setOpen}
        describedBy={fieldMessageId(ID)}
      />
    </FormField>
  );
}
