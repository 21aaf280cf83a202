import { formatPhone } from '@callwise/shared/phone';
import type { Contact } from '@callwise/shared/schemas/contacts';
import { ConfirmDialog } from '@/components/confirm-dialog';

/** Asks before a contact is deleted, naming them. */
export function DeleteContactDialog({
  contact,
  open,
  onOpenChange,
  onConfirm,
}: {
  contact: Contact | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (contact: Contact) => void;
}) {
  return (
    <ConfirmDialog
      open={open && contact !== null}
      onOpenChange={onOpenChange}
      title={`Delete ${contact?.name ?? ''}?`}
      description={`${contact?.name ?? ''} (${contact ? formatPhone(contact.phone) : ''}) will be removed from your contacts. This cannot be undone.`}
      confirmLabel="Delete"
      onConfirm={() => contact && onConfirm(contact)}
    />
  );
}
