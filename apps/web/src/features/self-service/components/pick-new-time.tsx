import type { SelfServiceAppointment } from '@callwise/shared/schemas/self-service';
import { CalendarX2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSelfServiceSlots } from '@/features/self-service/api/self-service';
import { dayLabel, groupByDay, longDate, shortTime } from '@/features/self-service/utils/format';
import { errorMessage } from '@/lib/errors';

/**
 * The open times of the next two weeks, grouped by day: a day's button shows its times, a time's button chooses
 * it, and "Move my appointment" asks for it. `problem` (the time was just taken) is shown above the times.
 */
export function PickNewTime({
  token,
  appointment,
  moving,
  problem,
  onMove,
  onClose,
}: {
  token: string;
  appointment: SelfServiceAppointment;
  moving: boolean;
  problem: string | null;
  onMove: (startsAt: string) => void;
  onClose: () => void;
}) {
  const slots = useSelfServiceSlots(token, true);
  const zone = appointment.timezone;
  const days = groupByDay(slots.data?.slots ?? [], zone);
  const [day, setDay] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const headingId = useId();
  const shown = days.find((item) => item.key === day) ?? days[0];

  return (
    <section aria-labelledby={headingId} className="grid gap-4" data-testid="pick-new-time">
      <div>
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          Pick a new time
        </h2>
        <p className="text-sm text-muted-foreground">
          Open times in the next two weeks, {appointment.duration_minutes} minutes each.
        </p>
      </div>
      {problem && (
        <p
          role="alert"
          className="rounded-md border border-destructive/30 bg-destructive-soft px-3 py-2 text-sm text-destructive-soft-foreground"
        >
          {problem}
        </p>
      )}
      {slots.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner aria-hidden="true" /> Finding open times...
        </p>
      ) : slots.isError ? (
        <div role="alert" className="grid gap-2 text-sm">
          <p className="text-destructive">{errorMessage(slots.error)}</p>
          <div>
            <Button variant="outline" size="sm" onClick={() => void slots.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      ) : days.length === 0 || !shown ? (
        <div
          className="flex items-center gap-3 rounded-lg border border-dashed px-3 py-3"
          data-testid="no-slots"
        >
          <CalendarX2Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          <p className="text-sm">
            No open times in the next two weeks. Please call the business to find another time.
          </p>
        </div>
      ) : (
        <>
          <fieldset className="min-w-0">
            <legend className="mb-2 text-sm font-medium">Day</legend>
            <ul
              className="grid grid-cols-4 gap-2 p-0.5 min-[480px]:grid-cols-5"
              aria-label="Days with open times"
            >
              {days.map((item) => {
                const first = item.slots[0]?.starts_at ?? '';
                const label = dayLabel(first, zone);
                const current = item.key === shown.key;
                return (
                  <li key={item.key}>
                    <Button
                      variant={current ? 'default' : 'outline'}
                      aria-pressed={current}
                      className="h-auto w-full flex-col gap-0 px-1 py-1.5"
                      onClick={() => {
                        setDay(item.key);
                        setChosen(null);
                      }}
                    >
                      <span className="text-xs font-normal">{label.weekday}</span>
                      <span>{label.date}</span>
                      <span className="sr-only">
                        , {item.slots.length} open {item.slots.length === 1 ? 'time' : 'times'}
                      </span>
                    </Button>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <fieldset className="min-w-0">
            <legend className="mb-2 text-sm font-medium">
              Time on {dayLabel(shown.slots[0]?.starts_at ?? '', zone).long}
            </legend>
            <ul className="grid grid-cols-3 gap-2 p-0.5 min-[480px]:grid-cols-4" aria-label="Open times">
              {shown.slots.map((slot) => {
                const selected = chosen === slot.starts_at;
                return (
                  <li key={slot.starts_at}>
                    <Button
                      variant={selected ? 'default' : 'outline'}
                      aria-pressed={selected}
                      className="w-full tabular-nums"
                      onClick={() => setChosen(selected ? null : slot.starts_at)}
                    >
                      {shortTime(slot.starts_at, zone)}
                    </Button>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        </>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose} disabled={moving}>
          Back
        </Button>
        <Button
          onClick={() => chosen && onMove(chosen)}
          disabled={!chosen || moving}
          className="h-auto min-h-9 py-2 whitespace-normal"
        >
          {moving
            ? 'Moving...'
            : chosen
              ? `Move to ${longDate(chosen, zone).replace(/, \d{4}$/, '')}, ${shortTime(chosen, zone)}`
              : 'Choose a time'}
        </Button>
      </div>
    </section>
  );
}
