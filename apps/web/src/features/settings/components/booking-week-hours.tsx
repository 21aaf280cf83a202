import type { Weekday } from '@callwise/shared/schemas/booking';
import { PlusIcon, XIcon } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  type BookingFormValues,
  DAY_NAMES,
  errorAt,
  MAX_STRETCHES,
  WEEK,
  withBreak,
} from '@/features/settings/utils/booking-form';

/** `hours` or `staff.<n>.hours`: where a week of opening hours sits in the form. */
export type WeekPath = 'hours' | `staff.${number}.hours`;

const NINE_TO_FIVE = { opens: '09:00', closes: '17:00' };

/** One weekday: closed, or open in up to four stretches (a break splits one in two). */
function DayRow({
  path,
  day,
  idPrefix,
  who,
}: {
  path: WeekPath;
  day: Weekday;
  idPrefix: string;
  who?: string;
}) {
  const {
    control,
    register,
    getValues,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  const name = `${path}.${day}` as 'hours.monday';
  const { fields, replace, remove } = useFieldArray({ control, name });
  const dayName = DAY_NAMES[day];
  // A staff member's own hours name them too: "Dr. Lee, Monday opens".
  const label = who ? `${who}, ${dayName}` : dayName;
  const suffix = who ? ` for ${who}` : '';
  const id = `${idPrefix}-${day}`;
  const closed = fields.length === 0;
  const dayError = errorAt(errors, `${name}.root`) ?? errorAt(errors, name);

  const addBreak = () => {
    const split = withBreak(getValues(name));
    if (split) replace(split);
  };

  return (
    <fieldset
      className="grid min-w-0 grid-cols-[1fr_auto] items-start gap-x-4 gap-y-2 py-3 sm:grid-cols-[6.5rem_6.5rem_minmax(0,1fr)]"
      data-testid={`${id}-row`}
    >
      <legend className="sr-only">{label}</legend>
      <span aria-hidden="true" className="pt-2 text-sm font-medium">
        {dayName}
      </span>
      <div className="flex h-9 items-center gap-2">
        <Checkbox
          id={`${id}-closed`}
          checked={closed}
          onCheckedChange={(checked) => replace(checked === true ? [] : [{ ...NINE_TO_FIVE }])}
        />
        <Label htmlFor={`${id}-closed`} className="font-normal">
          Closed
          <span className="sr-only">
            {' '}
            on {dayName}
            {suffix}
          </span>
        </Label>
      </div>
      <div className="col-span-2 grid min-w-0 gap-2 sm:col-span-1">
        {closed && <p className="pt-2 text-sm text-muted-foreground sm:pt-2">Closed all day</p>}
        {fields.map((field, index) => {
          const stretch = index === 0 ? '' : `, stretch ${index + 1}`;
          const opensError = errorAt(errors, `${name}.${index}.opens`);
          const closesError = errorAt(errors, `${name}.${index}.closes`);
          const messageId = `${id}-${index}-message`;
          return (
            <div key={field.id} className="grid gap-1">
              <div className="grid max-w-sm grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_2.25rem] items-center gap-2">
                <Input
                  type="time"
                  className="px-2 max-sm:[&::-webkit-calendar-picker-indicator]:hidden"
                  step={300}
                  aria-label={`${label} opens${stretch}`}
                  aria-invalid={opensError ? true : undefined}
                  aria-describedby={opensError || closesError ? messageId : undefined}
                  {...register(`${name}.${index}.opens`)}
                />
                <span aria-hidden="true" className="text-muted-foreground">
                  –
                </span>
                <Input
                  type="time"
                  className="px-2 max-sm:[&::-webkit-calendar-picker-indicator]:hidden"
                  step={300}
                  aria-label={`${label} closes${stretch}`}
                  aria-invalid={closesError ? true : undefined}
                  aria-describedby={opensError || closesError ? messageId : undefined}
                  {...register(`${name}.${index}.closes`)}
                />
                {fields.length > 1 ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${label} stretch ${index + 1}`}
                    onClick={() => remove(index)}
                  >
                    <XIcon aria-hidden="true" />
                  </Button>
                ) : (
                  <span />
                )}
              </div>
              {(opensError || closesError) && (
                <p id={messageId} className="text-[0.8125rem] text-destructive">
                  {closesError ?? opensError}
                </p>
              )}
            </div>
          );
        })}
        {!closed && fields.length < MAX_STRETCHES && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="w-fit"
            aria-label={`Add a break on ${dayName}${suffix}`}
            onClick={addBreak}
          >
            <PlusIcon aria-hidden="true" />
            Add a break
          </Button>
        )}
        {dayError && <p className="text-[0.8125rem] text-destructive">{dayError}</p>}
      </div>
    </fieldset>
  );
}

/** A week of opening hours, Monday first: the business's, or a staff member's own. */
export function BookingWeekHours({
  path,
  idPrefix,
  who,
}: {
  path: WeekPath;
  idPrefix: string;
  who?: string;
}) {
  return (
    <div className="grid divide-y">
      {WEEK.map((day) => (
        <DayRow key={day} path={path} day={day} idPrefix={idPrefix} who={who} />
      ))}
    </div>
  );
}
