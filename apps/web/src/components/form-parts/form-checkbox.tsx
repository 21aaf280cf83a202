import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';

/** A checkbox bound to a true/false field of a react-hook-form form. */
export function FormCheckbox<T extends FieldValues>({
  control,
  name,
  ...props
}: {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  className?: string;
  'aria-describedby'?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox
          {...props}
          checked={field.value}
          onCheckedChange={(checked) => field.onChange(checked === true)}
          onBlur={field.onBlur}
          ref={field.ref}
        />
      )}
    />
  );
}
