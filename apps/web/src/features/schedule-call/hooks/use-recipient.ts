import { formatPhone } from '@callwise/shared/phone';
import type { Contact } from '@callwise/shared/schemas/contacts';
import { useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ScheduleFormValues } from '@/features/schedule-call/utils/schedule-form';

/**
 * The recipient: a picked contact fills the name and number (and fixes them), clearing it empties them for
 * typing; a test number (your own) takes the number's place, keeping a typed name.
 */
export function useRecipient(
  form: Pick<UseFormReturn<ScheduleFormValues>, 'setValue' | 'getValues' | 'clearErrors'>,
  /** Sets a field as typing would. */
  setField: (name: 'recipientName' | 'phone', value: string) => void,
) {
  const { setValue, getValues, clearErrors } = form;
  const [contact, setContact] = useState<Contact | null>(null);
  /** The name box, which takes the focus when the contact is cleared. */
  const recipientRef = useRef<HTMLInputElement | null>(null);

  const pick = (picked: Contact) => {
    setContact(picked);
    setValue('contactId', picked.id);
    setField('recipientName', picked.name);
    setField('phone', formatPhone(picked.phone));
    clearErrors(['recipientName', 'phone']);
  };

  const clear = () => {
    setContact(null);
    setValue('contactId', null);
    setField('recipientName', '');
    setField('phone', '');
    requestAnimationFrame(() => recipientRef.current?.focus());
  };

  const applyTestNumber = (number: string) => {
    if (contact) {
      setContact(null);
      setValue('contactId', null);
    }
    setField('phone', formatPhone(number));
    if (!getValues('recipientName').trim()) setField('recipientName', 'Test Caller');
    clearErrors('phone');
  };

  return { contact, setContact, recipientRef, pick, clear, applyTestNumber };
}
