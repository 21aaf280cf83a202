import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';

/** A labelled choice among names (services, staff members), with a first option meaning none or any. */
export function NameSelect({
  id,
  label,
  value,
  onChange,
  names,
  emptyLabel,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  names: readonly string[];
  /** The first option, whose value is '': "No service", "Anyone". */
  emptyLabel: string;
  error?: string;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{emptyLabel}</option>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
