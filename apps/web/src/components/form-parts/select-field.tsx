import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { fieldAria } from '@/components/form-parts/field-aria';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * A labelled drop-down bound to a form field: its error under it, or else its hint. The options are the children
 * (a `SelectContent`); while they load, a placeholder bar stands in for the drop-down.
 */
export function SelectField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  description,
  described = false,
  display,
  placeholder,
  loading = false,
  disabled,
  required = false,
  triggerClassName = 'w-full',
  onPick,
  children,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  label: string;
  /** The line under the field (an error takes its place). */
  description?: ReactNode;
  /** The control is described by that line even without an error. */
  described?: boolean;
  /** What the closed drop-down shows for the value; by default the chosen option's text. */
  display?: (value: string) => ReactNode;
  placeholder?: string;
  loading?: boolean;
  disabled?: boolean;
  required?: boolean;
  triggerClassName?: string;
  /** After the value has changed. */
  onPick?: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField id={id} label={label} error={fieldState.error?.message} description={description}>
          {loading ? (
            <Skeleton className="h-9 w-full" />
          ) : (
            <Select
              value={field.value || undefined}
              onValueChange={(value) => {
                field.onChange(value);
                onPick?.(value);
              }}
              disabled={disabled}
            >
              <SelectTrigger
                id={id}
                ref={field.ref}
                onBlur={field.onBlur}
                className={triggerClassName}
                aria-required={required ? 'true' : undefined}
                {...fieldAria(id, fieldState.error?.message, described)}
              >
                <SelectValue placeholder={placeholder}>{display?.(field.value)}</SelectValue>
              </SelectTrigger>
              {children}
            </Select>
          )}
        </FormField>
      )}
    />
  );
}
