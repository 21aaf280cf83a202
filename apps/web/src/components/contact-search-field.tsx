import { formatPhone } from '@callwise/shared/phone';
import type { Contact } from '@callwise/shared/schemas/contacts';
import { UserRoundIcon, XIcon } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useContactSearch } from '@/lib/contact-search';

/**
 * The state of a contact search box that gives way to the picked contact's card: the query (debounced), the
 * search (only while the box is open and nobody is picked), and the card's Clear button, which takes the focus
 * when the contact was just chosen in the box (`choose`), not when it came from elsewhere.
 */
export function useContactSearchBox(contact: Contact | null) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const debounced = useDebouncedValue(query, 250);
  const search = useContactSearch(debounced, open && contact === null);
  const clearButton = useRef<HTMLButtonElement | null>(null);
  const chosenHere = useRef(false);

  useEffect(() => {
    if (!contact || !chosenHere.current) return;
    chosenHere.current = false;
    clearButton.current?.focus();
  }, [contact]);

  return {
    query,
    setQuery,
    setOpen,
    debounced,
    search,
    clearButton,
    /** The contact was chosen in the search box: the focus will follow it to the card. */
    choose: () => {
      setQuery('');
      chosenHere.current = true;
    },
    /** The box's common props for `SearchCombobox`. */
    boxProps: {
      placeholder: 'Search your contacts...',
      query,
      onQueryChange: setQuery,
      loading: search.isFetching || query !== debounced,
      failed: search.isError,
      emptyText: debounced.trim() ? 'No contact matches.' : 'You have no contacts yet.',
      getKey: (item: Contact) => item.id,
      onOpenChange: setOpen,
    },
  };
}

/** A contact in the search box's list: the name, and the number at the end. */
export function ContactOptionLine({ contact }: { contact: Contact }) {
  return (
    <span className="flex min-w-0 items-baseline justify-between gap-3">
      <span className="min-w-0 truncate font-medium">{contact.name}</span>
      <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
        {formatPhone(contact.phone)}
      </span>
    </span>
  );
}

/**
 * The picked contact's card in place of the search box: name, number (and `detail` after it), `aside` before the
 * Clear button, `children` under the card.
 */
export function PickedContactCard({
  contact,
  detail,
  aside,
  clearButton,
  onClear,
  children,
}: {
  contact: Contact;
  detail?: ReactNode;
  aside?: ReactNode;
  clearButton: RefObject<HTMLButtonElement | null>;
  onClear: () => void;
  children?: ReactNode;
}) {
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium">Contact</legend>
      <div
        className="flex items-center gap-3 rounded-lg border bg-muted/40 px-3 py-2"
        data-testid="picked-contact"
      >
        <UserRoundIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        {/* The room left and never more (`contain: inline-size`): a long name is cut, the page not widened. */}
        <div className="min-w-0 flex-1 [contain:inline-size]">
          <p className="truncate text-sm font-medium">{contact.name}</p>
          <p className="truncate text-xs text-muted-foreground tabular-nums">
            {formatPhone(contact.phone)}
            {detail}
          </p>
        </div>
        {aside}
        <Button
          ref={clearButton}
          type="button"
          variant="ghost"
          size="sm"
          onClick={onClear}
          aria-label={`Clear contact ${contact.name}`}
        >
          <XIcon aria-hidden="true" />
          Clear
        </Button>
      </div>
      {children}
    </fieldset>
  );
}
