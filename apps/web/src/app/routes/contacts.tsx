import type { Contact } from '@callwise/shared/schemas/contacts';
import { DownloadIcon, FileUpIcon, UserPlusIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { PageIntro } from '@/components/page-intro';
import { Button } from '@/components/ui/button';
import { useDeleteContact } from '@/features/contacts/api/delete-contact';
import { useExportContacts } from '@/features/contacts/api/export-contacts';
import { useContacts } from '@/features/contacts/api/get-contacts';
import { useContactsCount } from '@/features/contacts/api/get-contacts-count';
import { ContactFormDialog } from '@/features/contacts/components/contact-form-dialog';
import { ContactList } from '@/features/contacts/components/contact-list';
import { ContactsToolbar } from '@/features/contacts/components/contacts-toolbar';
import { DeleteContactDialog } from '@/features/contacts/components/delete-contact-dialog';
import { ImportContactsDialog } from '@/features/contacts/components/import-contacts-dialog';
import { useContactFilters } from '@/features/contacts/hooks/use-contact-filters';

export default function ContactsPage() {
  const filters = useContactFilters();
  const count = useContactsCount();
  // With a search or a tag, the heading counts what the list shows: "196 of 500 contacts".
  const matching = useContactsCount(filters.filters, { enabled: filters.active });
  const list = useContacts(filters.filters);
  const exporter = useExportContacts();
  const remove = useDeleteContact();
  // The contact stays while a dialog closes, so that its text does not change during the animation.
  const [editor, setEditor] = useState<{ open: boolean; contact: Contact | null }>({
    open: false,
    contact: null,
  });
  const [deleting, setDeleting] = useState<{ open: boolean; contact: Contact | null }>({
    open: false,
    contact: null,
  });
  const [importing, setImporting] = useState(false);

  const searchBox = useRef<HTMLInputElement | null>(null);
  // Both Clear filters buttons go away once used: the focus goes to the search box, not to the page's body.
  const clearFilters = () => {
    filters.clear();
    searchBox.current?.focus();
  };

  const openAdd = () => setEditor({ open: true, contact: null });
  const openImport = () => setImporting(true);
  const total = count.data;
  const matched = filters.active ? matching.data : undefined;

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageIntro
        title={
          total === undefined ? undefined : (
            <span data-testid="contacts-count">
              {matched === undefined ? null : `${matched.toLocaleString()} of `}
              {total.toLocaleString()} {total === 1 ? 'contact' : 'contacts'}
            </span>
          )
        }
        description="The people and businesses you call, with their phone numbers and details."
        actions={
          <>
            <Button onClick={openAdd}>
              <UserPlusIcon aria-hidden="true" />
              Add Contact
            </Button>
            <Button variant="outline" onClick={openImport}>
              <FileUpIcon aria-hidden="true" />
              Import CSV
            </Button>
            <Button
              variant="outline"
              onClick={() => exporter.mutate(filters.filters)}
              disabled={exporter.isPending || total === 0}
              aria-describedby="export-hint"
            >
              <DownloadIcon aria-hidden="true" />
              {exporter.isPending ? 'Exporting...' : 'Export'}
            </Button>
            <span id="export-hint" className="sr-only">
              {filters.active
                ? 'Downloads the contacts that match the filters, as CSV.'
                : 'Downloads every contact as CSV.'}
            </span>
          </>
        }
      />

      <ContactsToolbar
        searchRef={searchBox}
        search={filters.search}
        onSearchChange={filters.setSearch}
        tag={filters.filters.tag}
        onTagChange={filters.setTag}
        busy={filters.typing || (list.isFetching && list.isPlaceholderData)}
        filtered={filters.active}
        onClear={clearFilters}
      />

      <ContactList
        filters={filters.filters}
        filtered={filters.active}
        onClearFilters={clearFilters}
        onAdd={openAdd}
        onImport={openImport}
        onEdit={(contact) => setEditor({ open: true, contact })}
        onDelete={(contact) => setDeleting({ open: true, contact })}
      />

      <ContactFormDialog
        open={editor.open}
        contact={editor.contact}
        onOpenChange={(open) => setEditor((current) => ({ ...current, open }))}
      />
      <DeleteContactDialog
        open={deleting.open}
        contact={deleting.contact}
        onOpenChange={(open) => setDeleting((current) => ({ ...current, open }))}
        onConfirm={(contact) =>
          remove.mutate(contact.id, {
            onSuccess: () =>
              toast.success('Contact deleted', { description: `${contact.name} has been removed.` }),
          })
        }
      />
      <ImportContactsDialog open={importing} onOpenChange={setImporting} />
    </div>
  );
}
