import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { fieldAria } from '@/components/form-parts/field-aria';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/**
 * A box for each variable of the message that is not the recipient's own ({{date}}, {{time}}, ...), to give the
 * value the call says; shown only while the message has such variables.
 */
export function VariableValues({
  names,
  idPrefix,
  legend,
  note,
  errors,
  register,
  placeholders,
  testId,
}: {
  names: readonly string[];
  /** The boxes' ids are this and the variable's name. */
  idPrefix: string;
  legend: string;
  /** A paragraph under the legend. */
  note?: ReactNode;
  errors: Partial<Record<string, FieldError>> | undefined;
  register: (name: string) => UseFormRegisterReturn;
  /** An example value for each known variable (none: the boxes have no placeholder). */
  placeholders?: Record<string, string>;
  testId: string;
}) {
  if (names.length === 0) return null;
  return (
    <fieldset className="grid gap-3" data-testid={testId}>
      <legend className={note ? 'mb-1 text-sm font-medium' : 'mb-3 text-sm font-medium'}>{legend}</legend>
      {note}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {names.map((name) => {
          const id = `${idPrefix}-${name}`;
          const error = errors?.[name]?.message;
          return (
            <FormField key={name} id={id} label={`{{${name}}}`} error={error}>
              <Input
                id={id}
                autoComplete="off"
                placeholder={placeholders ? (placeholders[name] ?? '') : undefined}
                aria-required="true"
                {...fieldAria(id, error)}
                {...register(name)}
              />
            </FormField>
          );
        })}
      </div>
    </fieldset>
  );
}
