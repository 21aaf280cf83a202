import type { CallType } from '@callwise/shared/calls';
import type { Contact } from '@callwise/shared/schemas/contacts';
import type { RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { fieldAria } from '@/components/form-parts/field-aria';
import { FormSection } from '@/components/form-parts/form-section';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ContactPicker } from '@/features/schedule-call/components/contact-picker';
import type { ScheduleFormValues } from '@/features/schedule-call/utils/schedule-form';

/** Who to call: one of the contacts (their name and number then fixed), or anyone, by name and number. */
export function RecipientSection({
  contact,
  callType,
  loading,
  onSelect,
  onClear,
  form,
  recipientRef,
}: {
  contact: Contact | null;
  callType: CallType;
  /** The contact from the address is loading. */
  loading: boolean;
  onSelect: (contact: Contact) => void;
  onClear: () => void;
  form: UseFormReturn<ScheduleFormValues>;
  /** The name box, which takes the focus when the contact is cleared. */
  recipientRef: RefObject<HTMLInputElement | null>;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  const { ref: recipientFieldRef, ...recipientField } = register('recipientName');
  return (
    <FormSection
      id="schedule-section-recipient"
      title="Recipient"
      description="One of your contacts, or anyone by name and number."
    >
      <ContactPicker
        contact={contact}
        callType={callType}
        loading={loading}
        onSelect={onSelect}
        onClear={onClear}
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField
          id="schedule-recipient"
          label="Recipient name"
          error={errors.recipientName?.message}
          description={contact ? 'From the contact.' : undefined}
        >
          <Input
            id="schedule-recipient"
            autoComplete="off"
            placeholder="Maria Lopez"
            readOnly={contact !== null}
            className={contact ? 'bg-muted/50' : undefined}
            aria-required="true"
            {...fieldAria('schedule-recipient', errors.recipientName?.message, contact !== null)}
            ref={(element) => {
              recipientFieldRef(element);
              recipientRef.current = element;
            }}
            {...recipientField}
          />
        </FormField>
        <FormField
          id="schedule-phone"
          label="Phone number"
          error={errors.phone?.message}
          description={contact ? 'From the contact.' : 'Any format, e.g. (202) 555-0105.'}
        >
          <Input
            id="schedule-phone"
            type="tel"
            autoComplete="off"
            placeholder="(202) 555-0105"
            readOnly={contact !== null}
            className={contact ? 'bg-muted/50 tabular-nums' : 'tabular-nums'}
            aria-required="true"
            {...fieldAria('schedule-phone', errors.phone?.message, true)}
            {...register('phone')}
          />
        </FormField>
      </div>
    </FormSection>
  );
}
