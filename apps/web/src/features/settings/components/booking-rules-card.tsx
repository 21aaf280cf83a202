import { type UseFormRegisterReturn, useFormContext } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { type BookingFormValues, errorAt } from '@/features/settings/utils/booking-form';

/** A whole number of minutes or hours, in a narrow box under its label. */
function NumberSettingField({
  id,
  label,
  error,
  description,
  min,
  max,
  step,
  registration,
}: {
  id: string;
  label: string;
  error: string | undefined;
  description: string;
  min: number;
  max: number;
  step: number;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} error={error} description={description}>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        className="max-w-40"
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldMessageId(id)}
        {...registration}
      />
    </FormField>
  );
}

/** Settings → Booking: how far apart slots start, how soon one may be booked, the waitlist's notice. */
export function BookingRulesCard() {
  const {
    register,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  const stepError: string | undefined = errors.slot_step_minutes?.message;
  const noticeError = errorAt(errors, 'min_notice.amount');
  const waitlistError: string | undefined = errors.waitlist_notice_hours?.message;
  return (
    <Card role="region" aria-labelledby="booking-rules-heading">
      <CardHeader>
        <CardTitle as="h2" id="booking-rules-heading">
          Booking rules
        </CardTitle>
        <CardDescription>
          How open slots are laid out, how soon one can be booked, and when a freed one goes to the waitlist.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">
        <NumberSettingField
          id="slot-step"
          label="Slot step (minutes)"
          error={stepError}
          description="Slots start this far apart, e.g. every 30 minutes."
          max={240}
          step={5}
          min={5}
          registration={register('slot_step_minutes', { valueAsNumber: true })}
        />
        <FormField
          id="min-notice"
          label="Minimum notice"
          error={noticeError}
          description="No slot is offered sooner than this."
        >
          <div className="flex max-w-72 gap-2">
            <Input
              id="min-notice"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              className="w-24"
              aria-invalid={noticeError ? true : undefined}
              aria-describedby={fieldMessageId('min-notice')}
              {...register('min_notice.amount', { valueAsNumber: true })}
            />
            <NativeSelect aria-label="Minimum notice unit" className="w-32" {...register('min_notice.unit')}>
              <option value="minutes">minutes</option>
              <option value="hours">hours</option>
            </NativeSelect>
          </div>
        </FormField>
        <NumberSettingField
          id="waitlist-notice"
          label="Waitlist notice (hours)"
          error={waitlistError}
          description="A cancelled or moved slot at least this far ahead is offered to the waitlist by call."
          max={168}
          step={1}
          min={0}
          registration={register('waitlist_notice_hours', { valueAsNumber: true })}
        />
      </CardContent>
    </Card>
  );
}
