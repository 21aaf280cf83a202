import type { ReactNode } from 'react';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';

/**
 * A labelled choice among names (services, staff members), with a first option meaning none or any. A value no
 * longer among the names (a staff member since removed) stays choosable, so that it is shown as it is.
 */
export function NameSelect({
  id,
  label,
  value,
  onChange,
  names,
  emptyLabel,
  error,
  description,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  names: readonly string[];
  /** The first option, whose value is '': "No service", "Anyone". */
  emptyLabel: string;
  error?: string;
  /** A line under the field (hidden while an error is shown). */
  description?: ReactNode;
}) {
  const options = value && !names.includes(value) ? [...names, value] : names;
  const described = Boolean(error || description);
  return (
    <FormField id={id} label={label} error={error} description={error ? undefined : description}>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described ? fieldMessageId(id) : undefined}
      >
        <option value="">{emptyLabel}</option>
        {options.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
