import { localTime, minutesOfDay, offsetMs, zonedTime } from './calling-window.ts';
import type { BookingSettings, WeekHours } from './schemas/booking.ts';
import { WEEKDAYS } from './schemas/booking.ts';

const MINUTE = 60_000;

/** A time someone is already booked: an appointment that holds its slot, with its service's buffer after it. */
export interface Busy {
  staff: string;
  start: number;
  /** The appointment's end plus the buffer of its service. */
  end: number;
}

export interface OpenSlot {
  startsAt: Date;
  endsAt: Date;
  /** '' for the business as a whole. */
  staff: string;
}

export interface SlotRequest {
  settings: BookingSettings;
  timezone: string;
  /** Slots start at or after this instant… */
  from: Date;
  /** …and before this one. */
  to: Date;
  now: Date;
  durationMinutes: number;
  bufferMinutes: number;
  /** Whose slots: staff names ('' for the business as a whole). */
  staff: string[];
  /** Busy times of those staff members, any order. */
  busy: Busy[];
}

/** The buffer kept after an appointment of a service (0 for one the settings do not know). */
export function bufferOf(settings: BookingSettings, service: string | null): number {
  if (!service) return 0;
  const lower = service.toLowerCase();
  return settings.services.find((item) => item.name.toLowerCase() === lower)?.buffer_minutes ?? 0;
}

/** Whose slots an availability request means: the one named, else every bookable staff member, else the business. */
export function bookableStaff(settings: BookingSettings): string[] {
  const names = settings.staff.filter((member) => member.bookable).map((member) => member.name);
  return names.length > 0 ? names : [''];
}

type Day = { year: number; month: number; day: number };

const nextDay = (day: Day): Day => {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

const dayKey = (day: Day) =>
  `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;

/** The business's local days from the one holding `from` to the one holding `to`. */
function localDays(from: Date, to: Date, timezone: string): Day[] {
  const first = localTime(from, timezone);
  const last = localTime(to, timezone);
  const end = Date.UTC(last.year, last.month - 1, last.day);
  const days: Day[] = [];
  for (let at = Date.UTC(first.year, first.month - 1, first.day); at <= end; at += 24 * 60 * MINUTE) {
    const date = new Date(at);
    days.push({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
  }
  return days;
}

/**
 * The instants of a local day's wall-clock minutes. A day of 24 hours has one offset throughout: its times are plain
 * sums. A day with one daylight-saving change has the offset before it and the one after, and the instant of the
 * change (found by halving the day, a dozen readings of the zone): a wall time is its reading before the change
 * when that falls before it, else its reading after; a time neither reading shows (2:30 on a spring-forward night)
 * is skipped, and, as zonedTime does, moved forward by the gap. Reading the zone for every slot was most of the cost.
 */
type DayClock = { at: (minute: number) => number; skipped: (minute: number) => boolean };

function dayClock(day: Day, midnight: number, nextMidnight: number, timezone: string): DayClock {
  if (nextMidnight - midnight === 24 * 60 * MINUTE) {
    return { at: (minute) => midnight + minute * MINUTE, skipped: () => false };
  }
  const wall = (minute: number) => Date.UTC(day.year, day.month - 1, day.day) + minute * MINUTE;
  const before = offsetMs(new Date(midnight), timezone);
  const after = offsetMs(new Date(nextMidnight), timezone);
  if (before === after) {
    // More than one change in a day: read the zone for each time.
    return {
      at: (minute) => zonedTime(day, minute, timezone).getTime(),
      skipped: (minute) => {
        const local = localTime(zonedTime(day, minute, timezone), timezone);
        return local.hour * 60 + local.minute !== minute % (24 * 60);
      },
    };
  }
  // The first whole minute of the day with the offset after the change.
  let low = 0;
  let high = Math.round((nextMidnight - midnight) / MINUTE);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetMs(new Date(midnight + middle * MINUTE), timezone) === before) low = middle;
    else high = middle;
  }
  const change = midnight + high * MINUTE;
  const readings = (minute: number) => ({ early: wall(minute) - before, late: wall(minute) - after });
  return {
    at: (minute) => {
      const { early, late } = readings(minute);
      if (early < change) return early;
      if (late >= change) return late;
      return Math.max(early, late);
    },
    skipped: (minute) => {
      const { early, late } = readings(minute);
      return !(early < change) && !(late >= change);
    },
  };
}

/**
 * Open slots: for each staff member, each local day in [from, to) that neither the business nor they are closed,
 * each stretch of their hours (their own, else the business's), every `slot_step_minutes` from its opening while the
 * appointment still ends by closing (its buffer may run past it); not sooner than the minimum notice; and not overlapping any
 * busy time of theirs. The appointment's own buffer must be free too. Sorted by start, then staff.
 */
export function openSlots(request: SlotRequest): OpenSlot[] {
  const { settings, timezone } = request;
  const duration = request.durationMinutes * MINUTE;
  const block = duration + request.bufferMinutes * MINUTE;
  const earliest = Math.max(
    request.from.getTime(),
    request.now.getTime() + settings.min_notice_minutes * MINUTE,
  );
  const latest = request.to.getTime();
  const step = settings.slot_step_minutes;
  const days = latest > earliest ? localDays(new Date(earliest), request.to, timezone) : [];
  // Each day's midnight is the previous day's next one: the zone is read about once a day, for every staff member.
  const midnights: number[] = [];
  for (const day of [...days, ...days.slice(-1).map(nextDay)]) {
    // Mostly a day after the last one, which one reading of the zone confirms.
    const previous = midnights.at(-1);
    const guess = previous === undefined ? undefined : previous + 24 * 60 * MINUTE;
    const local = guess === undefined ? undefined : localTime(new Date(guess), timezone);
    const confirmed =
      local !== undefined &&
      local.hour === 0 &&
      local.minute === 0 &&
      local.day === day.day &&
      local.month === day.month &&
      local.year === day.year;
    midnights.push(confirmed && guess !== undefined ? guess : zonedTime(day, 0, timezone).getTime());
  }
  const clocks = days.map((day, index) =>
    dayClock(day, midnights[index] as number, midnights[index + 1] as number, timezone),
  );
  const slots: OpenSlot[] = [];
  for (const staff of request.staff) {
    const member = settings.staff.find((item) => item.name === staff);
    const hours: WeekHours = member?.hours ?? settings.hours;
    const closed = settings.closures.filter((closure) => closure.staff === null || closure.staff === staff);
    const busy = request.busy.filter((item) => item.staff === staff).sort((a, b) => a.start - b.start);
    let first = 0;
    for (const [index, day] of days.entries()) {
      const clock = clocks[index] as DayClock;
      const key = dayKey(day);
      if (closed.some((closure) => closure.starts_on <= key && key <= closure.ends_on)) continue;
      const weekday = WEEKDAYS[new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay()] ?? 'sunday';
      const openings = [...hours[weekday]].sort((a, b) => minutesOfDay(a.opens) - minutesOfDay(b.opens));
      for (const opening of openings) {
        const closes = clock.at(minutesOfDay(opening.closes));
        for (let minute = minutesOfDay(opening.opens); ; minute += step) {
          const start = clock.at(minute);
          if (start + duration > closes || start >= latest) break;
          if (start < earliest) continue;
          // A wall-clock time a daylight-saving change skips (2:30 on a spring-forward night) is no slot: it
          // would repeat the one an hour later.
          if (clock.skipped(minute)) continue;
          // Busy times ending by this start can be passed for good: starts only grow.
          while (first < busy.length && (busy[first]?.end ?? 0) <= start) first += 1;
          let free = true;
          for (let index = first; index < busy.length; index += 1) {
            const item = busy[index] as Busy;
            if (item.start >= start + block) break;
            if (item.end > start) {
              free = false;
              break;
            }
          }
          if (free) slots.push({ startsAt: new Date(start), endsAt: new Date(start + duration), staff });
        }
      }
    }
  }
  return slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.staff.localeCompare(b.staff));
}
