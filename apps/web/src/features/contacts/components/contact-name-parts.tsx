import { recipientValues } from '@callwise/shared/variables';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { ContactFormValues } from '@/features/contacts/utils/contact-form';

/**
 * First and last name, both optional: they fill {{first_name}} and {{last_name}} when the name's first word and
 * the rest do not ("Dr. Maria Lopez"). Their placeholders show what is used when they are left empty.
 */
export function ContactNameParts({
  name,
  firstName,
  errors,
  register,
}: {
  name: string;
  firstName: string;
  errors: FieldErrors<ContactFormValues>;
  register: UseFormRegister<ContactFormValues>;
}) {
  // What a call says when the field is left empty: the first word of the name, the words after the first name.
  const derived = {
    first: recipientValues({ name }).first_name ?? '',
    last: recipientValues({ name, first_name: firstName }).last_name ?? '',
  };
  const parts = [
    {
      field: 'first_name',
      id: 'contact-first-name',
      label: 'First name',
      variable: '{{first_name}}',
      derived: derived.first,
      empty: 'the first word of the name',
    },
    {
      field: 'last_name',
      id: 'contact-last-name',
      label: 'Last name',
      variable: '{{last_name}}',
      derived: derived.last,
      empty: 'the words after the first name',
    },
  ] as const;
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      {parts.map((part) => {
        const error = errors[part.field]?.message;
        const hint = `Optional, for ${part.variable}. Empty: ${part.derived ? `“${part.derived}”, ` : ''}${part.empty}.`;
        return (
          <FormField
            key={part.id}
            id={part.id}
            label={part.label}
            error={error}
            description={error ? undefined : hint}
          >
            <Input
              id={part.id}
              autoComplete="off"
              placeholder={part.derived}
              aria-invalid={error ? true : undefined}
              aria-describedby={fieldMessageId(part.id)}
              {...register(part.field)}
            />
          </FormField>
        );
      })}
    </div>
  );
}
