import { Trash2Icon } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { BookingListCard } from '@/features/settings/components/booking-list-card';
import type { BookingFormValues } from '@/features/settings/utils/booking-form';

const MAX_SERVICES = 100;

/** One service: its name, length and the buffer kept free after it. */
function ServiceRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  const id = `service-${index}`;
  const name = watch(`services.${index}.name`);
  const reminders = watch(`services.${index}.reminders`);
  const what = name.trim() || `service ${index + 1}`;
  const problems = errors.services?.[index];
  const numberField = (key: 'duration_minutes' | 'buffer_minutes', label: string, min: number) => {
    const fieldId = `${id}-${key === 'duration_minutes' ? 'length' : 'buffer'}`;
    const error = problems?.[key]?.message;
    return (
      <FormField id={fieldId} label={label} error={error}>
        <Input
          id={fieldId}
          type="number"
          inputMode="numeric"
          min={min}
          step={5}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldMessageId(fieldId) : undefined}
          {...register(`services.${index}.${key}`, { valueAsNumber: true })}
        />
      </FormField>
    );
  };

  return (
    <li className="grid gap-2 py-4" data-testid="service-row">
      <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-[minmax(0,1fr)_9rem_9rem_auto]">
        <FormField
          id={`${id}-name`}
          label="Service"
          error={problems?.name?.message}
          className="col-span-2 sm:col-span-1"
        >
          <Input
            id={`${id}-name`}
            autoComplete="off"
            aria-invalid={problems?.name ? true : undefined}
            aria-describedby={problems?.name ? fieldMessageId(`${id}-name`) : undefined}
            {...register(`services.${index}.name`)}
          />
        </FormField>
        {numberField('duration_minutes', 'Length (min)', 5)}
        {numberField('buffer_minutes', 'Buffer after (min)', 0)}
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Remove ${what}`}
          onClick={onRemove}
          className="col-span-2 justify-self-end sm:col-span-1 sm:mt-6"
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      </div>
      <p className="text-[0.8125rem] text-muted-foreground">
        {reminders === null
          ? 'Uses the account’s reminders.'
          : `Has ${reminders.length} reminder${reminders.length === 1 ? '' : 's'} of its own (set through the API).`}
      </p>
    </li>
  );
}

/** Settings → Booking: what can be booked, and for how long. */
export function BookingServicesCard() {
  const {
    control,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'services' });
  return (
    <BookingListCard
      headingId="booking-services-heading"
      title="Services"
      description="Each service’s length sets the slots offered for it; the buffer is kept free after it."
      emptyText="No services yet."
      rows={fields.map((field, index) => (
        <ServiceRow key={field.id} index={index} onRemove={() => remove(index)} />
      ))}
      listError={errors.services?.root?.message ?? errors.services?.message}
      addLabel="Add a service"
      full={fields.length >= MAX_SERVICES}
      onAdd={() =>
        append({ name: '', duration_minutes: 30, buffer_minutes: 0, reminders: null }, { shouldFocus: true })
      }
    />
  );
}
