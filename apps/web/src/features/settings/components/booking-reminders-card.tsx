import { REMINDER_CHANNELS } from '@callwise/shared/schemas/booking';
import { Trash2Icon } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { FormCheckbox } from '@/components/form-parts/form-checkbox';
import { Button } from '@/components/ui/button';
import { fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { BookingListCard } from '@/features/settings/components/booking-list-card';
import {
  type BookingFormValues,
  errorAt,
  MAX_REMINDERS,
  REMINDER_CHANNEL_LABELS,
  reminderSentence,
} from '@/features/settings/utils/booking-form';

/** One reminder: by call, e-mail or text, how long before, and whether only when not confirmed by then. */
function ReminderRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  const {
    control,
    register,
    watch,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  const id = `reminder-${index}`;
  const rule = watch(`reminders.${index}`);
  const sentence = reminderSentence(rule);
  const n = index + 1;
  const amountError = errorAt(errors, `reminders.${index}.amount`);

  return (
    <li className="grid gap-3 py-4" data-testid="reminder-row">
      <p id={`${id}-sentence`} className="text-sm font-medium" aria-live="polite">
        {sentence}
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="grid w-full grid-cols-[minmax(0,1fr)_3.5rem_minmax(0,1fr)] gap-2 sm:flex sm:w-auto">
          <NativeSelect
            aria-label={`Reminder ${n} channel`}
            className="sm:w-28"
            {...register(`reminders.${index}.channel`)}
          >
            {REMINDER_CHANNELS.map((channel) => (
              <option key={channel} value={channel}>
                {REMINDER_CHANNEL_LABELS[channel]}
              </option>
            ))}
          </NativeSelect>
          <Input
            id={`${id}-amount`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            className="sm:w-20"
            aria-label={`Reminder ${n} how long before`}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? fieldMessageId(`${id}-amount`) : undefined}
            {...register(`reminders.${index}.amount`, { valueAsNumber: true })}
          />
          <NativeSelect
            aria-label={`Reminder ${n} unit`}
            className="sm:w-28"
            {...register(`reminders.${index}.unit`)}
          >
            <option value="minutes">minutes</option>
            <option value="hours">hours</option>
            <option value="days">days</option>
          </NativeSelect>
        </div>
        <div className="flex h-9 items-center gap-2">
          <FormCheckbox
            control={control}
            name={`reminders.${index}.only_if_unconfirmed`}
            id={`${id}-unconfirmed`}
          />
          <Label htmlFor={`${id}-unconfirmed`} className="font-normal">
            Only if not confirmed<span className="sr-only"> for reminder {n}</span>
          </Label>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Remove reminder ${n}: ${sentence}`}
          onClick={onRemove}
          className="ml-auto"
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      </div>
      {amountError && (
        <p id={fieldMessageId(`${id}-amount`)} className="text-[0.8125rem] text-destructive">
          {amountError}
        </p>
      )}
    </li>
  );
}

/** Settings → Booking: the reminders sent before every appointment (a service may have its own). */
export function BookingRemindersCard() {
  const {
    control,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'reminders' });
  return (
    <BookingListCard
      headingId="booking-reminders-heading"
      title="Reminders"
      description={
        <>
          Sent before every appointment, up to {MAX_REMINDERS}. A second call “only if not confirmed” goes out
          only when the first got no confirmation. A text waits for your calling hours.
        </>
      }
      emptyText="No reminders: appointments are not reminded."
      rows={fields.map((field, index) => (
        <ReminderRow key={field.id} index={index} onRemove={() => remove(index)} />
      ))}
      listError={errors.reminders?.root?.message ?? errors.reminders?.message}
      addLabel="Add a reminder"
      full={fields.length >= MAX_REMINDERS}
      onAdd={() =>
        append(
          { channel: 'call', amount: 1, unit: 'days', only_if_unconfirmed: false },
          { shouldFocus: true },
        )
      }
      after={
        fields.length >= MAX_REMINDERS && (
          <p className="text-[0.8125rem] text-muted-foreground">At most {MAX_REMINDERS} reminders.</p>
        )
      }
    />
  );
}
