import { consentProblem, consentSummary } from '@callwise/shared/calling-rules';
import type { CallType } from '@callwise/shared/calls';
import { formatPhone } from '@callwise/shared/phone';
import type { Contact } from '@callwise/shared/schemas/contacts';
import { ShieldAlertIcon, UserRoundIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { SearchCombobox } from '@/components/search-combobox';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useContactSearch } from '@/lib/contact-search';

const ID = 'schedule-contact';

/**
 * Call one of your contacts: search them by name, phone, e-mail or company and pick one; the recipient's name
 * and number then come from the contact. Clearing the contact goes back to typing them. The search box gives
 * way to the chosen contact's card: the focus goes with it, to the card's Clear button.
 */
export function ContactPicker({
  contact,
  callType,
  loading,
  onSelect,
  onClear,
}: {
  /** The picked contact; null while typing a recipient. */
  contact: Contact | null;
  /** The kind of call chosen: a contact without the consent it needs is marked, with the reason. */
  callType: CallType;
  /** A contact from the address (Call Now) is being loaded. */
  loading: boolean;
  onSelect: (contact: Contact) => void;
  onClear: () => void;
}) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const debounced = useDebouncedValue(query, 250);
  const search = useContactSearch(debounced, open && contact === null);
  const items = search.data?.data ?? [];
  const clearButton = useRef<HTMLButtonElement | null>(null);
  /** The contact was just chosen in the search box (not brought by the address): the focus follows it. */
  const chosenHere = useRef(false);

  useEffect(() => {
    if (!contact || !chosenHere.current) return;
    chosenHere.current = false;
    clearButton.current?.focus();
  }, [contact]);

  const problemOf = (item: Contact) =>
    consentProblem(callType, { consent: item.consent, existingCustomer: item.existing_customer });

  if (contact) {
    const problem = problemOf(contact);
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
              {contact.company ? ` · ${contact.company}` : ''}
            </p>
          </div>
          <Badge
            variant={problem ? 'warning' : 'secondary'}
            className="hidden shrink-0 min-[400px]:inline-flex"
            data-testid="picked-contact-consent"
          >
            {consentSummary(contact)}
          </Badge>
          <Button
            ref={clearButton}
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setQuery('');
              onClear();
            }}
            aria-label={`Clear contact ${contact.name}`}
          >
            <XIcon aria-hidden="true" />
            Clear
          </Button>
        </div>
        {problem && (
          <p
            className="flex items-start gap-2 text-[0.8125rem] text-warning-soft-foreground"
            data-testid="picked-contact-problem"
          >
            <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              <span className="font-medium">{consentSummary(contact)}:</span> {problem}
            </span>
          </p>
        )}
      </fieldset>
    );
  }

  return (
    <FormField
      id={ID}
      label="Choose a contact"
      description={loading ? 'Loading the contact...' : 'Or type the name and number below.'}
    >
      <SearchCombobox<Contact>
        id={ID}
        placeholder="Search your contacts..."
        query={query}
        onQueryChange={setQuery}
        items={items}
        loading={search.isFetching || query !== debounced}
        failed={search.isError}
        emptyText={debounced.trim() ? 'No contact matches.' : 'You have no contacts yet.'}
        getKey={(item) => item.id}
        getText={(item) =>
          `${item.name}, ${formatPhone(item.phone)}${problemOf(item) ? `, ${consentSummary(item)}: cannot receive this call` : ''}`
        }
        renderItem={(item) => {
          const problem = problemOf(item);
          return (
            <span className="grid min-w-0 gap-0.5">
              <span className="flex min-w-0 items-baseline justify-between gap-3">
                <span className="min-w-0 truncate font-medium">{item.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                  {formatPhone(item.phone)}
                </span>
              </span>
              {problem && (
                <span
                  className="flex items-center gap-1 text-xs text-warning-soft-foreground"
                  title={problem}
                >
                  <ShieldAlertIcon aria-hidden="true" className="size-3.5 shrink-0" />
                  {callType === 'promotional' ? 'No marketing consent' : 'No consent'}: cannot receive this
                  call
                </span>
              )}
            </span>
          );
        }}
        onSelect={(item) => {
          setQuery('');
          chosenHere.current = true;
          onSelect(item);
        }}
        onOpenChange={setOpen}
        describedBy={fieldMessageId(ID)}
      />
    </FormField>
  );
}
