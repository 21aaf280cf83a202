import { localTime, zonedTime } from '@callwise/shared/calling-window';

// Dates and times in the user's own locale and in the business's time zone (the account's, set in Settings →
// Profile; the browser's until it is known), formatted one way across the app.

/** The browser's own time zone. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

let businessZone: string | undefined;

/**
 * Sets the zone every date below is shown and read in (the workspace layout does, from GET /v1/me). Undefined:
 * the browser's own zone.
 */
export function setBusinessTimeZone(zone: string | undefined): void {
  businessZone = zone && zone !== browserTimeZone() ? zone : undefined;
}

/** The zone dates are shown and read in: the business's, else the browser's. */
export function activeTimeZone(): string {
  return businessZone ?? browserTimeZone();
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'date' | 'dateTime' | 'time', zone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind}|${zone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    const style: Intl.DateTimeFormatOptions =
      kind === 'date'
        ? { dateStyle: 'medium' }
        : kind === 'time'
          ? { timeStyle: 'short' }
          : { dateStyle: 'medium', timeStyle: 'short' };
    found = new Intl.DateTimeFormat(undefined, { ...style, ...(zone ? { timeZone: zone } : {}) });
    formatters.set(key, found);
  }
  return found;
}
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** "Nov 21, 2025" */
export function formatDate(value: string | Date): string {
  return formatter('date', businessZone).format(toDate(value));
}

/** "3:04 PM" */
export function formatTime(value: string | Date): string {
  return formatter('time', businessZone).format(toDate(value));
}

/** "Nov 21, 2025, 3:04 PM" */
export function formatDateTime(value: string | Date): string {
  return formatter('dateTime', businessZone).format(toDate(value));
}

/** The hour of the day (0–23) at `at` in the business's time zone. */
export function hourOfDay(at: Date = new Date()): number {
  const hour = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    hourCycle: 'h23',
    timeZone: activeTimeZone(),
  })
    .formatToParts(at)
    .find((part) => part.type === 'hour')?.value;
  return Number(hour ?? at.getHours()) % 24;
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

// `datetime-local` values ("2026-03-04T15:30"), read and written in the business's time zone (the browser's
// until it is known, or when `zone` is given, in that one).

const pad = (value: number) => String(value).padStart(2, '0');

/** A date as a `datetime-local` value, to the minute. */
export function toLocalInputValue(date: Date, zone: string | undefined = businessZone): string {
  const t = zone
    ? localTime(date, zone)
    : {
        year: date.getFullYear(),
        month: date.getMonth() + 1,
        day: date.getDate(),
        hour: date.getHours(),
        minute: date.getMinutes(),
      };
  return `${t.year}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}`;
}

/**
 * A `datetime-local` value as a moment; null when it is not one. In another zone than the browser's, a time
 * skipped by a daylight-saving change moves forward by the gap, and a repeated one is its first occurrence.
 */
export function parseLocalInputValue(value: string, zone: string | undefined = businessZone): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  if (!zone) {
    const date = new Date(year ?? 0, (month ?? 1) - 1, day ?? 1, hours ?? 0, minutes ?? 0, seconds ?? 0);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const date = { year: year ?? 0, month: month ?? 1, day: day ?? 1 };
  if (Number.isNaN(Date.UTC(date.year, date.month - 1, date.day, hours ?? 0, minutes ?? 0))) return null;
  const at = zonedTime(date, (hours ?? 0) * 60 + (minutes ?? 0), zone);
  return new Date(at.getTime() + (seconds ?? 0) * 1000);
}

/** "Europe/Berlin (GMT+1)": a zone (the one schedule times are read in, by default) with its offset now. */
export function timeZoneLabel(now: Date = new Date(), zone: string = activeTimeZone()): string {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(now)
    .find((part) => part.type === 'timeZoneName')?.value;
  return offset ? `${zone.replaceAll('_', ' ')} (${offset})` : zone.replaceAll('_', ' ');
}

/** True when the business's time zone is not the browser's (forms then say which zone they read). */
export function differsFromBrowser(): boolean {
  return businessZone !== undefined;
}

/**
 * A date field's label and hint: the zone its time is read in. When the business's zone is not the browser's,
 * the label itself names it ("Schedule time (Asia/Tokyo)").
 */
export function zonedFieldText(label: string, now: Date = new Date()): { label: string; hint: string } {
  if (!differsFromBrowser()) return { label, hint: `In your time zone: ${timeZoneLabel(now)}.` };
  const zone = activeTimeZone();
  return {
    label: `${label} (${zone.replaceAll('_', ' ')})`,
    hint: `In the business’s time zone, ${timeZoneLabel(now)}, set in Settings → Profile (this device is on ${timeZoneLabel(now, browserTimeZone())}).`,
  };
}
