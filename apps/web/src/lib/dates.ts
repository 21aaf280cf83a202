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
