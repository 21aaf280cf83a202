import { formatPhone } from '@callwise/shared/phone';
import type { Contact } from '@callwise/shared/schemas/contacts';
import { ContactOptionLine, PickedContactCard, useContactSearchBox } from '@/components/contact-search-field';
import { SearchCombobox } from '@/components/search-combobox';
import { FormField, fieldMessageId } from '@/components/ui/form-field';

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
  const box = useContactSearchBox(contact);

  if (contact) {
    return (
      <PickedContactCard
        contact={contact}
        clearButton={box.clearButton}
        onClear={() => {
          box.setQuery('');
          onChange(null);
        }}
      />
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
        {...box.boxProps}
        items={box.search.data?.data ?? []}
        getText={(item) => `${item.name}, ${formatPhone(item.phone)}`}
        renderItem={(item) => <ContactOptionLine contact={item} />}
        onSelect={(item) => {
          box.choose();
          onChange(item);
        }}
        describedBy={fieldMessageId(ID)}
      />
    </FormField>
  );
}
