import { isTimeOfDay, minutesOfDay, zonedTime } from '@callwise/shared/calling-window';
import { CalendarX2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useAvailability } from '@/features/appointments/api/get-availability';
import { isDay, rangeOf } from '@/features/appointments/utils/agenda';
import { formatTime } from '@/lib/dates';
import { cn } from '@/lib/utils';

/** A start chosen: an open slot (with its staff member) or a time typed in. */
export interface TimeChoice {
  starts_at: string;
  /** The slot's staff member; undefined for a typed time (the form's staff member then). */
  staff?: string | null;
}

const dayParts = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return { year: year ?? 1970, month: month ?? 1, day: date ?? 1 };
};

/**
 * The date and the time of an appointment: the open slots of that day (from the booking settings' hours, less
 * what is booked) as buttons, or a time typed in. `message` (a taken slot) is shown above the slots.
 */
export function SlotPicker({
  id,
  zone,
  day,
  onDayChange,
  service,
  staff,
  duration,
  value,
  onChange,
  error,
  message,
}: {
  id: string;
  zone: string;
  day: string;
  onDayChange: (day: string) => void;
  service?: string;
  /** Only this staff member's slots; empty: anyone's (each slot then says whose it is). */
  staff?: string;
  duration?: number;
  value: TimeChoice | null;
  onChange: (value: TimeChoice | null) => void;
  error?: string;
  message?: string | null;
}) {
  const [manual, setManual] = useState(false);
  const [typed, setTyped] = useState('');
  const validDay = isDay(day);
  const range = validDay ? rangeOf([day], zone) : null;
  const availability = useAvailability(
    {
      from: range?.from ?? '',
      // The latest start: the last minute of the day.
      to: range ? new Date(Date.parse(range.to) - 60_000).toISOString() : '',
      service: service || undefined,
      staff: staff || undefined,
      duration_minutes: service ? undefined : duration,
    },
    validDay && !manual,
  );
  const slots = availability.data?.slots ?? [];
  const timeId = `${id}-time`;
  const dateId = `${id}-date`;

  const typeTime = (text: string) => {
    setTyped(text);
    onChange(
      validDay && isTimeOfDay(text)
        ? { starts_at: zonedTime(dayParts(day), minutesOfDay(text), zone).toISOString() }
        : null,
    );
  };

  return (
    <div className="grid gap-4">
      <FormField id={dateId} label="Date">
        <Input
          id={dateId}
          type="date"
          value={day}
          onChange={(event) => {
            onDayChange(event.target.value);
            onChange(null);
            setTyped('');
          }}
        />
      </FormField>
      <fieldset className="grid min-w-0 gap-2" aria-describedby={error ? fieldMessageId(timeId) : undefined}>
        <legend className="mb-2 flex w-full items-center justify-between gap-2 text-sm font-medium">
          {manual ? 'Time' : 'Open times'}
        </legend>
        {message && (
          <p
            role="alert"
            className="rounded-md border border-destructive/30 bg-destructive-soft px-3 py-2 text-sm text-destructive-soft-foreground"
          >
            {message}
          </p>
        )}
        {manual ? (
          <FormField id={timeId} label={<span className="sr-only">Start time</span>} error={error}>
            <Input
              id={timeId}
              type="time"
              value={typed}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? fieldMessageId(timeId) : undefined}
              onChange={(event) => typeTime(event.target.value)}
            />
          </FormField>
        ) : !validDay ? (
          <p className="text-sm text-muted-foreground">Choose a date to see its open times.</p>
        ) : availability.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner aria-hidden="true" /> Finding open times...
          </p>
        ) : availability.isError ? (
          <p className="text-sm text-destructive">
            The open times could not be loaded. Enter a time instead.
          </p>
        ) : slots.length === 0 ? (
          <div
            className="flex items-center gap-3 rounded-lg border border-dashed px-3 py-3"
            data-testid="no-slots"
          >
            <CalendarX2Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            <div className="text-sm">
              <p className="font-medium">No open times that day</p>
              <p className="text-muted-foreground">Pick another date, or enter a time.</p>
            </div>
          </div>
        ) : (
          <ul
            className="grid max-h-56 grid-cols-2 gap-2 overflow-y-auto p-0.5 min-[420px]:grid-cols-3"
            aria-label="Open times"
            data-testid="open-slots"
          >
            {slots.map((slot) => {
              const chosen = value?.starts_at === slot.starts_at && value.staff === slot.staff;
              return (
                <li key={`${slot.starts_at}|${slot.staff ?? ''}`}>
                  <Button
                    type="button"
                    variant={chosen ? 'default' : 'outline'}
                    aria-pressed={chosen}
                    className={cn(
                      'h-auto w-full flex-col gap-0 py-1.5 tabular-nums',
                      !staff && slot.staff && 'py-1',
                    )}
                    onClick={() => onChange(chosen ? null : { starts_at: slot.starts_at, staff: slot.staff })}
                  >
                    <span>{formatTime(slot.starts_at)}</span>
                    {!staff && slot.staff && (
                      <span
                        className={cn(
                          'max-w-full truncate text-xs font-normal',
                          !chosen && 'text-muted-foreground',
                        )}
                      >
                        {slot.staff}
                      </span>
                    )}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {error && !manual && (
          <p id={fieldMessageId(timeId)} className="text-[0.8125rem] text-destructive">
            {error}
          </p>
        )}
        <div>
          <Button
            type="button"
            variant="link"
            className="h-auto px-0"
            onClick={() => {
              setManual(!manual);
              setTyped('');
              onChange(null);
            }}
          >
            {manual ? 'Choose an open time instead' : 'Enter a time instead'}
          </Button>
        </div>
      </fieldset>
    </div>
  );
}
