import { consentProblem } from '@callwise/shared/calling-rules';
import type { CallType } from '@callwise/shared/calls';
import { formatPhone } from '@callwise/shared/phone';
import type { Contact } from '@callwise/shared/schemas/contacts';
import { UsersIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { SearchField } from '@/components/search-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useContactChooser } from '@/features/campaigns/api/search-contacts';
import { plural } from '@/features/campaigns/utils/campaign-labels';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/utils';

/** A chosen contact: enough to list it and count it. */
export type ChosenContact = Pick<Contact, 'id' | 'name' | 'phone' | 'consent' | 'existing_customer'>;

const chosenOf = (contact: Contact): ChosenContact => ({
  id: contact.id,
  name: contact.name,
  phone: contact.phone,
  consent: contact.consent,
  existing_customer: contact.existing_customer,
});

/**
 * Choose contacts one by one: search them, tick them (or every one shown), load more. The choice survives a new
 * search. Contacts the calling rules would skip for this kind of call (no consent) are marked.
 */
export function ContactChooser({
  id,
  chosen,
  onChange,
  callType,
  invalid,
  describedBy,
}: {
  id: string;
  chosen: Map<string, ChosenContact>;
  onChange: (chosen: Map<string, ChosenContact>) => void;
  callType: CallType;
  invalid: boolean;
  describedBy?: string;
}) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, 300);
  const contacts = useContactChooser(q);
  const items = contacts.data?.pages.flatMap((page) => page.data) ?? [];
  const allShownChosen = items.length > 0 && items.every((contact) => chosen.has(contact.id));

  const toggle = (contact: Contact, on: boolean) => {
    const next = new Map(chosen);
    if (on) next.set(contact.id, chosenOf(contact));
    else next.delete(contact.id);
    onChange(next);
  };
  const toggleShown = () => {
    const next = new Map(chosen);
    for (const contact of items) {
      if (allShownChosen) next.delete(contact.id);
      else next.set(contact.id, chosenOf(contact));
    }
    onChange(next);
  };

  let status: ReactNode = null;
  if (contacts.isPending) {
    status = <Spinner label="Loading contacts..." className="py-8" />;
  } else if (contacts.isError && items.length === 0) {
    status = (
      <div role="alert" className="grid justify-items-center gap-2 px-4 py-8 text-center text-sm">
        <p className="font-medium">Your contacts could not be loaded</p>
        <p className="text-muted-foreground">{errorMessage(contacts.error)}</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void contacts.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    status = (
      <div className="grid justify-items-center gap-2 px-4 py-8 text-center text-sm">
        <UsersIcon aria-hidden="true" className="size-5 text-muted-foreground" />
        {q.trim() ? (
          <p className="text-muted-foreground">No contact matches “{q.trim()}”.</p>
        ) : (
          <p className="text-muted-foreground">
            You have no contacts yet.{' '}
            <Link to={paths.contacts} className="font-medium text-foreground underline underline-offset-4">
              Add or import contacts
            </Link>{' '}
            first.
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchField
          id={id}
          aria-label="Search contacts"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          placeholder="Search name, phone, e-mail or company"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="sm:flex-1"
        />
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="flex-1 sm:flex-none"
            disabled={items.length === 0}
            onClick={toggleShown}
          >
            {allShownChosen ? 'Unselect shown' : 'Select all shown'}
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="flex-1 sm:flex-none"
            disabled={chosen.size === 0}
            onClick={() => onChange(new Map())}
          >
            Clear
          </Button>
        </div>
      </div>
      <p className="text-sm font-medium" aria-live="polite" data-testid="chosen-count">
        {chosen.size === 0 ? 'No contact selected' : `${plural(chosen.size, 'contact')} selected`}
      </p>
      <div
        className={cn(
          'max-h-80 overflow-y-auto rounded-md border',
          invalid && 'border-destructive',
          contacts.isPlaceholderData && 'opacity-60',
        )}
      >
        {status ?? (
          <ul aria-label="Contacts to call" className="divide-y">
            {items.map((contact) => {
              const problem = consentProblem(callType, {
                consent: contact.consent,
                existingCustomer: contact.existing_customer,
              });
              return (
                <li key={contact.id}>
                  <label
                    htmlFor={`${id}-${contact.id}`}
                    className="flex cursor-pointer items-center gap-3 px-3 py-2.5 hover:bg-accent/50"
                  >
                    <Checkbox
                      id={`${id}-${contact.id}`}
                      checked={chosen.has(contact.id)}
                      onCheckedChange={(checked) => toggle(contact, checked === true)}
                    />
                    <span className="grid min-w-0 flex-1 gap-0.5">
                      <span className="truncate text-sm font-medium">{contact.name}</span>
                      <span className="truncate text-xs text-muted-foreground tabular-nums">
                        {formatPhone(contact.phone)}
                        {contact.company ? ` · ${contact.company}` : ''}
                      </span>
                    </span>
                    {problem ? (
                      <Badge variant="warning" title={problem}>
                        {callType === 'promotional' ? 'No marketing consent' : 'No consent'}
                        <span className="sr-only">: {problem}</span>
                      </Badge>
                    ) : (
                      contact.tags.slice(0, 2).map((tag) => (
                        <Badge key={tag} variant="neutral" className="hidden sm:inline-flex">
                          {tag}
                        </Badge>
                      ))
                    )}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {contacts.hasNextPage && (
          <div className="border-t p-2 text-center">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={contacts.isFetchingNextPage}
              onClick={() => void contacts.fetchNextPage()}
            >
              {contacts.isFetchingNextPage ? 'Loading more...' : 'Load more contacts'}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
