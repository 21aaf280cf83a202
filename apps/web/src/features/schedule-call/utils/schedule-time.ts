// The schedule time: a `datetime-local` value ("2026-03-04T15:30", the user's own time zone) and back.

const pad = (value: number) => String(value).padStart(2, '0');

/** A date as a `datetime-local` value in the browser's time zone, to the minute. */
export function toLocalInputValue(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** Now, rounded up to the next whole minute (the form's default). */
export function nextMinute(now: Date = new Date()): Date {
  const next = new Date(now);
  next.setSeconds(0, 0);
  next.setMinutes(next.getMinutes() + 1);
  return next;
}

/** A `datetime-local` value as a moment, read in the browser's time zone; null when it is not one. */
export function parseLocalInputValue(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(year ?? 0, (month ?? 1) - 1, day ?? 1, hours ?? 0, minutes ?? 0, seconds ?? 0);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Europe/Berlin (GMT+1)": the browser's time zone, in which the schedule time is read. */
export function timeZoneLabel(now: Date = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(now)
    .find((part) => part.type === 'timeZoneName')?.value;
  return offset ? `${zone.replaceAll('_', ' ')} (${offset})` : zone.replaceAll('_', ' ');
}
