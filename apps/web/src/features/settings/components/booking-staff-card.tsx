import { Trash2Icon } from 'lucide-react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { BookingListCard } from '@/features/settings/components/booking-list-card';
import { BookingWeekHours } from '@/features/settings/components/booking-week-hours';
import type { BookingFormValues } from '@/features/settings/utils/booking-form';

const MAX_STAFF = 50;

/** One staff member or resource: name, whether slots are offered with them, and hours of their own if any. */
function StaffRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  const {
    control,
    register,
    watch,
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  const id = `staff-${index}`;
  const name = watch(`staff.${index}.name`);
  const ownHours = watch(`staff.${index}.hours`) !== null;
  const who = name.trim() || `staff member ${index + 1}`;
  const nameError = errors.staff?.[index]?.name?.message;

  return (
    <li className="grid gap-3 py-4" data-testid="staff-row">
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3 sm:grid-cols-[minmax(0,18rem)_auto_auto_1fr_auto]">
        <FormField id={`${id}-name`} label="Name" error={nameError} className="col-span-2 sm:col-span-1">
          <Input
            id={`${id}-name`}
            autoComplete="off"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? fieldMessageId(`${id}-name`) : undefined}
            {...register(`staff.${index}.name`)}
          />
        </FormField>
        <div className="flex h-9 items-center gap-2">
          <Controller
            control={control}
            name={`staff.${index}.bookable`}
            render={({ field }) => (
              <Switch
                id={`${id}-bookable`}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <Label htmlFor={`${id}-bookable`} className="font-normal">
            Bookable<span className="sr-only"> for {who}</span>
          </Label>
        </div>
        <div className="flex h-9 items-center gap-2">
          <Checkbox
            id={`${id}-own-hours`}
            checked={ownHours}
            onCheckedChange={(checked) =>
              setValue(
                `staff.${index}.hours`,
                checked === true ? structuredClone(getValues('hours')) : null,
                {
                  shouldDirty: true,
                },
              )
            }
          />
          <Label htmlFor={`${id}-own-hours`} className="font-normal">
            Own hours<span className="sr-only"> for {who}</span>
          </Label>
        </div>
        <span className="hidden sm:block" />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Remove ${who}`}
          onClick={onRemove}
          className="col-start-2 row-start-2 justify-self-end sm:col-start-auto sm:row-start-auto"
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      </div>
      {ownHours ? (
        <fieldset className="min-w-0 sm:rounded-lg sm:border sm:px-4">
          <legend className="sr-only">Hours of {who}</legend>
          <BookingWeekHours path={`staff.${index}.hours`} idPrefix={`${id}-hours`} who={who} />
        </fieldset>
      ) : (
        <p className="text-[0.8125rem] text-muted-foreground">Works the business’s opening hours.</p>
      )}
    </li>
  );
}

/** Settings → Booking: who (or what: a chair, a room) appointments are booked with. */
export function BookingStaffCard() {
  const {
    control,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'staff' });
  return (
    <BookingListCard
      headingId="booking-staff-heading"
      title="Staff and resources"
      description="People, chairs or rooms that appointments are booked with. With none, the business books as one."
      emptyText="No staff members yet."
      rows={fields.map((field, index) => (
        <StaffRow key={field.id} index={index} onRemove={() => remove(index)} />
      ))}
      listError={errors.staff?.root?.message ?? errors.staff?.message}
      addLabel="Add a staff member"
      full={fields.length >= MAX_STAFF}
      onAdd={() => append({ name: '', bookable: true, hours: null }, { shouldFocus: true })}
    />
  );
}
