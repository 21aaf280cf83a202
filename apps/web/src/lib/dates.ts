// Dates and times in the user's own locale and time zone (the browser's), formatted one way across the app.

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** "Nov 21, 2025" */
export function formatDate(value: string | Date): string {
  return dateFormat.format(toDate(value));
}

/** "3:04 PM" */
export function formatTime(value: string | Date): string {
  return timeFormat.format(toDate(value));
}

/** "Nov 21, 2025, 3:04 PM" */
export function formatDateTime(value: string | Date): string {
  return dateTimeFormat.format(toDate(value));
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "in 2 hours"; under a minute, "just now". */
export function formatTimeAgo(value: string | Date, now: Date = new Date()): string {
  const seconds = Math.round((toDate(value).getTime() - now.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

// `datetime-local` values ("2026-03-04T15:30"), read and written in the browser's time zone.

const pad = (value: number) => String(value).padStart(2, '0');

/** A date as a `datetime-local` value in the browser's time zone, to the minute. */
export function toLocalInputValue(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
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
