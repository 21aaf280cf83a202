import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useController, useFieldArray, useFormContext } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { BookingFormValues } from '@/features/settings/utils/booking-form';

const MAX_CLOSURES = 200;

/** Today in the business's time zone, YYYY-MM-DD. */
const todayIn = (timezone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());

/** One closure: its days, who it is for, and why. */
function ClosureRow({ index, today, onRemove }: { index: number; today: string; onRemove: () => void }) {
  const {
    control,
    register,
    watch,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  // Controlled, so that the choice stays on screen while the staff member's name is being edited.
  const { field: staffField } = useController({ control, name: `closures.${index}.staff` });
  const id = `closure-${index}`;
  const closure = watch(`closures.${index}`);
  const staffNames = [
    ...new Set(
      watch('staff')
        .map((member) => member.name.trim())
        .filter(Boolean),
    ),
  ];
  const problems = errors.closures?.[index];
  const past = closure.ends_on !== '' && closure.ends_on < today;
  const what = closure.reason.trim() || `closure ${index + 1}`;

  const field = (key: 'starts_on' | 'ends_on' | 'staff' | 'reason', label: string, className?: string) => {
    const fieldId = `${id}-${key.replace('_', '-')}`;
    const error = problems?.[key]?.message;
    const a11y = {
      id: fieldId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? fieldMessageId(fieldId) : undefined,
    };
    return (
      <FormField id={fieldId} label={label} error={error} className={className}>
        {key === 'staff' ? (
          <NativeSelect
            {...a11y}
            name={staffField.name}
            ref={staffField.ref}
            value={staffField.value}
            onChange={(event) => staffField.onChange(event.target.value)}
            onBlur={staffField.onBlur}
          >
            <option value="">Everyone</option>
            {staffNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            {closure.staff !== '' && !staffNames.includes(closure.staff) && (
              <option value={closure.staff}>{closure.staff} (not on staff)</option>
            )}
          </NativeSelect>
        ) : key === 'reason' ? (
          <Input
            {...a11y}
            autoComplete="off"
            placeholder="e.g. Thanksgiving"
            {...register(`closures.${index}.reason`)}
          />
        ) : (
          <Input {...a11y} type="date" {...register(`closures.${index}.${key}`)} />
        )}
      </FormField>
    );
  };

  return (
    <li className="grid gap-2 py-4" data-testid="closure-row">
      {past && (
        <Badge variant="neutral" className="w-fit">
          Past
        </Badge>
      )}
      <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-[10rem_10rem_minmax(0,12rem)_minmax(0,1fr)_auto]">
        {field('starts_on', 'First day')}
        {field('ends_on', 'Last day')}
        {field('staff', 'Who', 'col-span-2 sm:col-span-1')}
        {field('reason', 'Reason', 'col-span-2 sm:col-span-1')}
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
    </li>
  );
}

/** Settings → Booking: days the business (or one staff member) is closed. */
export function BookingClosuresCard({ timezone }: { timezone: string }) {
  const {
    control,
    watch,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'closures' });
  const today = todayIn(timezone);
  const listError = errors.closures?.root?.message ?? errors.closures?.message;
  const past = watch('closures')
    .map((closure, index) => (closure.ends_on !== '' && closure.ends_on < today ? index : -1))
    .filter((index) => index >= 0);

  return (
    <Card role="region" aria-labelledby="booking-closures-heading">
      <CardHeader>
        <CardTitle as="h2" id="booking-closures-heading">
          Closures
        </CardTitle>
        <CardDescription>Holidays and days off: no slots are offered on them.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">No closures planned.</p>
        ) : (
          <ul className="grid divide-y">
            {fields.map((field, index) => (
              <ClosureRow key={field.id} index={index} today={today} onRemove={() => remove(index)} />
            ))}
          </ul>
        )}
        {listError && (
          <p role="alert" className="text-[0.8125rem] text-destructive">
            {listError}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={fields.length >= MAX_CLOSURES}
            onClick={() =>
              append({ starts_on: today, ends_on: today, staff: '', reason: '' }, { shouldFocus: true })
            }
          >
            <PlusIcon aria-hidden="true" />
            Add a closure
          </Button>
          {past.length > 0 && (
            <Button type="button" variant="ghost" onClick={() => remove(past)}>
              Remove past closures
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
