import type { Contact } from '@callwise/shared/schemas/contacts';
import { FileUpIcon, SearchXIcon, UserPlusIcon, UsersIcon, XIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { type ContactFilters, useContacts } from '@/features/contacts/api/get-contacts';
import { ContactCard } from '@/features/contacts/components/contact-card';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/utils';

/** One column on phones and beside the sidebar on tablets; two from 1024 px; three on very wide screens. */
const gridClassName = 'grid grid-cols-1 gap-4 lg:grid-cols-2 2xl:grid-cols-3';

function ContactsSkeleton() {
  return (
    <div className="grid gap-4" role="status">
      <p className="text-sm text-muted-foreground">Loading contacts...</p>
      <div className={gridClassName} aria-hidden="true">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
          <Card key={key} className="gap-4 py-5">
            <div className="flex items-center gap-3 px-5">
              <Skeleton className="size-10 rounded-full" />
              <div className="grid flex-1 gap-2">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="h-3.5 w-24" />
              </div>
            </div>
            <div className="grid gap-2 px-5">
              <Skeleton className="h-4 w-36" />
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-4 w-28" />
            </div>
            <div className="flex gap-2 border-t px-5 pt-4">
              <Skeleton className="h-8 w-24" />
              <Skeleton className="ml-auto h-8 w-16" />
              <Skeleton className="h-8 w-20" />
            </div>
          </Card>
        ))}
      </div>
    </div>
  );
}

function describeFilters({ q, tag }: ContactFilters) {
  const search = q ? `“${q}”` : '';
  if (search && tag) return `No contact with the tag “${tag}” matches ${search}.`;
  if (search) return `No contact's name, phone, email or company matches ${search}.`;
  return `No contact has the tag “${tag}”.`;
}

/** The contacts matching the filters as cards, with their loading, empty, error and "Load more" states. */
export function ContactList({
  filters,
  filtered,
  onClearFilters,
  onAdd,
  onImport,
  onEdit,
  onDelete,
  isSelected,
  onSelectedChange,
  canExport,
}: {
  filters: ContactFilters;
  /** Whether a search or a tag narrows the list. */
  filtered: boolean;
  onClearFilters: () => void;
  onAdd: () => void;
  onImport: () => void;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
  isSelected: (contact: Contact) => boolean;
  onSelectedChange: (contact: Contact, selected: boolean) => void;
  /** The member's role may download CSV exports (an owner's or admin's). */
  canExport: boolean;
}) {
  const contacts = useContacts(filters);

  if (contacts.isPending) return <ContactsSkeleton />;
  if (contacts.isError && !contacts.data) {
    return (
      <LoadError
        title="Your contacts could not be loaded"
        message={errorMessage(contacts.error)}
        retrying={contacts.isFetching}
        onRetry={() => void contacts.refetch()}
      />
    );
  }

  const items = contacts.data.pages.flatMap((page) => page.data);
  const updating = contacts.isPlaceholderData;

  if (items.length === 0) {
    return filtered ? (
      <EmptyState
        icon={SearchXIcon}
        title="No contacts match"
        description={describeFilters(filters)}
        className={cn(updating && 'opacity-60')}
        action={
          <Button variant="outline" onClick={onClearFilters}>
            <XIcon aria-hidden="true" />
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={UsersIcon}
        title="No contacts"
        description="Add the people you call one at a time, or import them all at once from a CSV file of your spreadsheet or address book."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button onClick={onAdd}>
              <UserPlusIcon aria-hidden="true" />
              Add Contact
            </Button>
            <Button variant="outline" onClick={onImport}>
              <FileUpIcon aria-hidden="true" />
              Import CSV
            </Button>
          </div>
        }
      />
    );
  }

  return (
    <div className="grid gap-6">
      <ul
        aria-label="Contacts"
        aria-busy={updating}
        className={cn(gridClassName, 'transition-opacity', updating && 'opacity-60')}
      >
        {items.map((contact) => (
          <ContactCard
            key={contact.id}
            contact={contact}
            selected={isSelected(contact)}
            onSelectedChange={onSelectedChange}
            onEdit={onEdit}
            onDelete={onDelete}
            canExport={canExport}
          />
        ))}
      </ul>
      <LoadMore
        hasMore={contacts.hasNextPage}
        loading={contacts.isFetchingNextPage}
        onLoadMore={() => void contacts.fetchNextPage()}
        shown={items.length}
        noun={{ one: 'contact', other: 'contacts' }}
      />
    </div>
  );
}
