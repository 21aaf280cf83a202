import { roleAllows } from '@callwise/shared/roles';
import type { BulkAction, BulkContactsResult, Contact } from '@callwise/shared/schemas/contacts';
import { DownloadIcon, FileUpIcon, UserPlusIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useRole } from '@/app/use-role';
import { PageIntro } from '@/components/page-intro';
import { Button } from '@/components/ui/button';
import { useBulkContacts } from '@/features/contacts/api/bulk-contacts';
import { useDeleteContact } from '@/features/contacts/api/delete-contact';
import { useExportContacts } from '@/features/contacts/api/export-contacts';
import { useContacts } from '@/features/contacts/api/get-contacts';
import { useContactsCount } from '@/features/contacts/api/get-contacts-count';
import { BulkActionDialog, type BulkChoice } from '@/features/contacts/components/bulk-action-dialog';
import { ContactFormDialog } from '@/features/contacts/components/contact-form-dialog';
import { ContactList } from '@/features/contacts/components/contact-list';
import {
  type ContactSelection,
  ContactsBulkBar,
  NO_SELECTION,
} from '@/features/contacts/components/contacts-bulk-bar';
import { ContactsToolbar } from '@/features/contacts/components/contacts-toolbar';
import { DeleteContactDialog } from '@/features/contacts/components/delete-contact-dialog';
import { ImportContactsDialog } from '@/features/contacts/components/import-contacts-dialog';
import { useContactFilters } from '@/features/contacts/hooks/use-contact-filters';

const contactCount = (count: number) => `${count.toLocaleString()} ${count === 1 ? 'contact' : 'contacts'}`;

/** The toast after a bulk action: what changed, and how many already were so. */
function bulkToast(result: BulkContactsResult, choice: BulkChoice) {
  const unchanged = result.matched - result.changed;
  const already =
    unchanged > 0 && result.action !== 'delete' ? ` ${contactCount(unchanged)} already had it.` : '';
  const done: Record<BulkAction, string> = {
    set_consent: `Consent set for ${contactCount(result.changed)}.`,
    add_tag: `“${choice.tag}” added to ${contactCount(result.changed)}.`,
    remove_tag: `“${choice.tag}” removed from ${contactCount(result.changed)}.`,
    delete: `${contactCount(result.changed)} deleted.`,
  };
  toast.success(result.action === 'delete' ? 'Contacts deleted' : 'Contacts updated', {
    description: done[result.action] + already,
  });
}

export default function ContactsPage() {
  const filters = useContactFilters();
  const count = useContactsCount();
  // With a search or a tag, the heading counts what the list shows: "196 of 500 contacts".
  const matching = useContactsCount(filters.filters, { enabled: filters.active });
  const list = useContacts(filters.filters);
  const exporter = useExportContacts();
  // CSV exports of the whole list are an owner's or admin's (decision 035): shown once the role is known.
  const role = useRole();
  const canExport = role !== null && roleAllows(role, 'admin');
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
  const [selection, setSelection] = useState<ContactSelection>(NO_SELECTION);
  const [bulkAction, setBulkAction] = useState<{ open: boolean; action: BulkAction | null }>({
    open: false,
    action: null,
  });
  const bulk = useBulkContacts();
  // Another search or tag is another set of contacts: the selection starts again.
  const { q, tag } = filters.filters;
  useEffect(() => {
    void q;
    void tag;
    setSelection(NO_SELECTION);
  }, [q, tag]);

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
  const shown = list.data?.pages.flatMap((page) => page.data) ?? [];
  const matchingCount = filters.active ? matching.data : total;
  const selectedCount = selection.all ? (matchingCount ?? 0) : selection.ids.size;
  const bulkScope = selection.all
    ? filters.active
      ? `every contact matching this filter (${contactCount(selectedCount)})`
      : `all your contacts (${contactCount(selectedCount)})`
    : `the ${selectedCount === 1 ? 'selected contact' : `${selectedCount.toLocaleString()} selected contacts`}`;

  const focusSelectAll = () => requestAnimationFrame(() => document.getElementById('select-shown')?.focus());
  const changeSelection = (next: ContactSelection) => {
    setSelection(next);
    if (!next.all && next.ids.size === 0) focusSelectAll();
  };
  const selectContact = (contact: Contact, selected: boolean) => {
    const ids = new Set(selection.all ? shown.map((item) => item.id) : selection.ids);
    if (selected) ids.add(contact.id);
    else ids.delete(contact.id);
    setSelection({ all: false, ids });
  };
  const runBulk = (choice: BulkChoice) => {
    const target = selection.all
      ? { filter: { ...(q ? { q } : {}), ...(tag ? { tag } : {}) } }
      : { ids: [...selection.ids] };
    bulk.mutate(
      { ...target, ...choice },
      {
        onSuccess: (result) => {
          bulkToast(result, choice);
          setBulkAction((current) => ({ ...current, open: false }));
          setSelection(NO_SELECTION);
          focusSelectAll();
        },
      },
    );
  };

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
            {canExport && (
              <>
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
            )}
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
        canExport={canExport}
      />

      {shown.length > 0 && (
        <ContactsBulkBar
          shownIds={shown.map((contact) => contact.id)}
          matching={matchingCount}
          filtered={filters.active}
          selection={selection}
          onSelectionChange={changeSelection}
          onAction={(action) => setBulkAction({ open: true, action })}
        />
      )}

      <ContactList
        filters={filters.filters}
        filtered={filters.active}
        onClearFilters={clearFilters}
        onAdd={openAdd}
        onImport={openImport}
        onEdit={(contact) => setEditor({ open: true, contact })}
        onDelete={(contact) => setDeleting({ open: true, contact })}
        isSelected={(contact) => selection.all || selection.ids.has(contact.id)}
        onSelectedChange={selectContact}
        canExport={canExport}
      />
      <BulkActionDialog
        action={bulkAction.action}
        count={selectedCount}
        scope={bulkScope}
        open={bulkAction.open}
        onOpenChange={(open) => setBulkAction((current) => ({ ...current, open }))}
        onConfirm={runBulk}
        pending={bulk.isPending}
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
