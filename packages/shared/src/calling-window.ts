/**
 * The calling window: calls are placed only between its start and end in the recipient's local time. A call due
 * outside it waits for the next opening.
 */

export interface CallingWindow {
  /** 'HH:MM', inclusive */
  start: string;
  /** 'HH:MM', exclusive */
  end: string;
}

/** The widest window the product allows (and the default): 08:00–21:00 recipient time. */
export const DEFAULT_CALLING_WINDOW: CallingWindow = { start: '08:00', end: '21:00' };

/** 'HH:MM' from 00:00 to 23:59, and 24:00 for the end of the day. */
const TIME = /^(?:([01]\d|2[0-3]):([0-5]\d)|(24):(00))$/;

export function minutesOfDay(time: string): number {
  const match = TIME.exec(time);
  if (!match) throw new Error(`Not a time of day (HH:MM): ${time}`);
  return Number(match[1] ?? match[3]) * 60 + Number(match[2] ?? match[4]);
}

export function isTimeOfDay(time: string): boolean {
  return TIME.test(time);
}

/** 'HH:MM-HH:MM' -> a window; null when it is not one (or starts after it ends). */
export function parseCallingWindow(text: string): CallingWindow | null {
  const [start, end, ...rest] = text.split('-').map((part) => part.trim());
  if (!start || !end || rest.length > 0 || !isTimeOfDay(start) || !isTimeOfDay(end)) return null;
  if (minutesOfDay(start) >= minutesOfDay(end)) return null;
  return { start, end };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time at `at` in `timezone`. */
export function localTime(at: Date, timezone: string): LocalTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timezone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year as number,
    month: parts.month as number,
    day: parts.day as number,
    hour: (parts.hour as number) % 24,
    minute: parts.minute as number,
    second: parts.second as number,
  };
}

/** Milliseconds the zone is ahead of UTC at `at`. */
export function offsetMs(at: Date, timezone: string): number {
  const t = localTime(at, timezone);
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock time happens in a zone. A time skipped by a daylight-saving change is moved forward by
 * the gap (as Temporal's "compatible" does: 02:30 on a spring-forward night is 03:30); a repeated one is its first
 * occurrence.
 */
export function zonedTime(
  date: { year: number; month: number; day: number },
  minutes: number,
  timezone: string,
): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, Math.floor(minutes / 60), minutes % 60);
  const first = wall - offsetMs(new Date(wall), timezone);
  const second = wall - offsetMs(new Date(first), timezone);
  if (first === second) {
    // A repeated wall time (a fall-back night) may have an earlier reading, with the offset of a few hours before.
    const offset = wall - first;
    const earlierOffset = offsetMs(new Date(first - 3 * 60 * 60_000), timezone);
    if (earlierOffset !== offset) {
      const earlier = wall - earlierOffset;
      const t = localTime(new Date(earlier), timezone);
      if (earlier < first && Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute) === wall) {
        return new Date(earlier);
      }
    }
    return new Date(first);
  }
  // Around a change: the earlier instant that shows this wall time, else (a gap) the later reading.
  const candidates = [first, second].sort((a, b) => a - b);
  for (const candidate of candidates) {
    const t = localTime(new Date(candidate), timezone);
    if (t.hour * 60 + t.minute === minutes) return new Date(candidate);
  }
  return new Date(candidates[1] as number);
}

/** True when `at` falls inside the window in `timezone`. */
export function insideCallingWindow(at: Date, timezone: string, window: CallingWindow): boolean {
  const t = localTime(at, timezone);
  const now = t.hour * 60 + t.minute;
  return now >= minutesOfDay(window.start) && now < minutesOfDay(window.end);
}

/** `at` itself when inside the window, else the window's next opening in the recipient's time zone. */
export function nextCallingTime(at: Date, timezone: string, window: CallingWindow): Date {
  if (insideCallingWindow(at, timezone, window)) return at;
  const t = localTime(at, timezone);
  const start = minutesOfDay(window.start);
  const today = { year: t.year, month: t.month, day: t.day };
  if (t.hour * 60 + t.minute < start) return zonedTime(today, start, timezone);
  const tomorrow = new Date(Date.UTC(t.year, t.month - 1, t.day + 1));
  return zonedTime(
    { year: tomorrow.getUTCFullYear(), month: tomorrow.getUTCMonth() + 1, day: tomorrow.getUTCDate() },
    start,
    timezone,
  );
}

/** How long before the window closes a call moved back into it is placed (time to ring and be answered). */
export const WINDOW_CLOSING_MARGIN_MINUTES = 15;

/**
 * `at` itself when inside the window, else the latest time before it that is inside: a quarter of an hour before
 * the window closed that day, or the day before when `at` is before the window opens. For calls that must not go
 * later than asked (a reminder never goes after its appointment).
 */
export function previousCallingTime(at: Date, timezone: string, window: CallingWindow): Date {
  if (insideCallingWindow(at, timezone, window)) return at;
  const t = localTime(at, timezone);
  const start = minutesOfDay(window.start);
  const end = minutesOfDay(window.end);
  const latest = Math.max(start, end - WINDOW_CLOSING_MARGIN_MINUTES);
  if (t.hour * 60 + t.minute >= end)
    return zonedTime({ year: t.year, month: t.month, day: t.day }, latest, timezone);
  const yesterday = new Date(Date.UTC(t.year, t.month - 1, t.day - 1));
  return zonedTime(
    { year: yesterday.getUTCFullYear(), month: yesterday.getUTCMonth() + 1, day: yesterday.getUTCDate() },
    latest,
    timezone,
  );
}

/** The recipient's local calendar day of `at` ('YYYY-MM-DD'), and that day's bounds as instants. */
export function localDay(at: Date, timezone: string): { key: string; start: Date; end: Date } {
  const t = localTime(at, timezone);
  const key = `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
  // A day's bounds are read once per zone: a batch of calls asks for the same few days thousands of times.
  const cacheKey = `${timezone} ${key}`;
  const known = dayBounds.get(cacheKey);
  if (known) return { key, start: new Date(known.start), end: new Date(known.end) };
  const next = new Date(Date.UTC(t.year, t.month - 1, t.day + 1));
  const day = {
    key,
    start: zonedTime({ year: t.year, month: t.month, day: t.day }, 0, timezone),
    end: zonedTime(
      { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
      0,
      timezone,
    ),
  };
  if (dayBounds.size >= MAX_CACHED_DAYS) dayBounds.clear();
  dayBounds.set(cacheKey, { start: day.start.getTime(), end: day.end.getTime() });
  return day;
}

const MAX_CACHED_DAYS = 10_000;
const dayBounds = new Map<string, { start: number; end: number }>();

/** "8:00 AM on Sat, Nov 22 (America/Chicago)": when a call moved by the window goes out, for people. */
export function describeLocalTime(at: Date, timezone: string): string {
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(at);
  return `${time} on ${day} (${timezone})`;
}

/** A zone's two formatters for spoken dates and times, made once: making them was most of a reminder batch's cost. */
const spokenFormatters = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/**
 * A moment as a call says it, in a time zone: `date` "Thursday, December 4" and `time` "3:00 PM" (a reminder's
 * {{date}} and {{time}}).
 */
export function spokenDateAndTime(at: Date, timezone: string): { date: string; time: string } {
  let found = spokenFormatters.get(timezone);
  if (!found) {
    found = {
      date: new Intl.DateTimeFormat('en-US', {
        timeZone: timezone,
        weekday: 'long',
        month: 'long',
        day: 'numeric',
      }),
      time: new Intl.DateTimeFormat('en-US', { timeZone: timezone, hour: 'numeric', minute: '2-digit' }),
    };
    spokenFormatters.set(timezone, found);
  }
  return { date: found.date.format(at), time: found.time.format(at) };
}

/** "Thursday, December 4 at 3:00 PM" in a time zone: the times a call offers, books or promises. */
export function spokenTime(at: Date, timezone: string): string {
  const { date, time } = spokenDateAndTime(at, timezone);
  return `${date} at ${time}`;
}
