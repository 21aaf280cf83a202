import { formatPhone } from '@callwise/shared/phone';
import type { Contact } from '@callwise/shared/schemas/contacts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { useReturnFocus } from '@/hooks/use-return-focus';

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
  const focus = useReturnFocus();
  return (
    <AlertDialog open={open && contact !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent {...focus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {contact?.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            {contact?.name} ({contact ? formatPhone(contact.phone) : ''}) will be removed from your contacts.
            This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => contact && onConfirm(contact)}>Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
