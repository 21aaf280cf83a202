import type { Contact } from '@callwise/shared/schemas/contacts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ContactForm } from '@/features/contacts/components/contact-form';
import { useReturnFocus } from '@/hooks/use-return-focus';

/** Add a contact (empty form) or edit one (prefilled); closes once the server has saved it. */
export function ContactFormDialog({
  open,
  contact,
  onOpenChange,
}: {
  open: boolean;
  /** The contact to edit; null to add one. */
  contact: Contact | null;
  onOpenChange: (open: boolean) => void;
}) {
  const focus = useReturnFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" {...focus}>
        <DialogHeader>
          <DialogTitle>{contact ? 'Edit Contact' : 'Add Contact'}</DialogTitle>
          <DialogDescription>
            {contact ? `Change ${contact.name}'s details.` : 'Name, phone, email and company are required.'}
          </DialogDescription>
        </DialogHeader>
        <ContactForm key={contact?.id ?? 'new'} contact={contact} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
