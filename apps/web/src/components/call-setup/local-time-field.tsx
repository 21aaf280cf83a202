import { type ReactNode, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldAria } from '@/components/form-parts/field-aria';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toLocalInputValue, zonedFieldText } from '@/lib/dates';

/**
 * A day and time to the minute, from now on, in the browser's time zone: the label names the zone and the hint
 * under it says so. `aside` (a button) stands next to the box.
 */
export function LocalTimeField({
  id,
  label,
  error,
  className,
  registration,
  aside,
}: {
  id: string;
  /** The label's words ("Start time"), to which the zone is added. */
  label: string;
  error: string | undefined;
  className: string;
  registration: UseFormRegisterReturn;
  aside?: ReactNode;
}) {
  const [text] = useState(() => zonedFieldText(label));
  const input = (
    <Input
      id={id}
      type="datetime-local"
      step={60}
      min={toLocalInputValue(new Date())}
      aria-required="true"
      className={className}
      {...fieldAria(id, error, true)}
      {...registration}
    />
  );
  return (
    <FormField id={id} label={text.label} error={error} description={text.hint}>
      {aside ? (
        <div className="flex gap-2">
          {input}
          {aside}
        </div>
      ) : (
        input
      )}
    </FormField>
  );
}
