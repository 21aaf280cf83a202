import { localTime, zonedTime } from '@callwise/shared/calling-window';
import {
  APPOINTMENT_STATUS_LABELS,
  type Appointment,
  type AppointmentStatus,
} from '@callwise/shared/schemas/appointments';

// The agenda's days are the business's: a day is a date there ("2026-11-26"), from its midnight to the next.

export type AgendaView = 'day' | 'week';

const pad = (value: number) => String(value).padStart(2, '0');
const DAY_MS = 24 * 3600 * 1000;

/** "2026-11-26": the date at `at` in `zone`. */
export function dayOf(at: Date, zone: string): string {
  const t = localTime(at, zone);
  return `${t.year}-${pad(t.month)}-${pad(t.day)}`;
}

const parts = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return { year: year ?? 1970, month: month ?? 1, day: date ?? 1 };
};

/** Whether a string is a date as the agenda keeps it. */
export const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** The date `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  const p = parts(day);
  const next = new Date(Date.UTC(p.year, p.month - 1, p.day) + count * DAY_MS);
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** 0 for Monday … 6 for Sunday. */
const weekdayIndex = (day: string) => {
  const p = parts(day);
  return (new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7;
};

/** The days a view shows around `day`: that day, or its week from Monday to Sunday. */
export function daysOf(view: AgendaView, day: string): string[] {
  if (view === 'day') return [day];
  const monday = addDays(day, -weekdayIndex(day));
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The instant a day begins in the zone (its midnight). */
export function startOfDay(day: string, zone: string): Date {
  return zonedTime(parts(day), 0, zone);
}

/** The instants a list of days covers: from the first's midnight to the midnight after the last. */
export function rangeOf(days: string[], zone: string): { from: string; to: string } {
  const first = days[0] ?? '1970-01-01';
  const last = days[days.length - 1] ?? first;
  return {
    from: startOfDay(first, zone).toISOString(),
    to: startOfDay(addDays(last, 1), zone).toISOString(),
  };
}

const dayFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' });
const asUtcNoon = (day: string) => {
  const p = parts(day);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, 12));
};

/** "Thursday, Nov 26" */
export const formatDayLong = (day: string) =>
  dayFormat({ weekday: 'long', month: 'short', day: 'numeric' }).format(asUtcNoon(day));

/** "Thu" and "Nov 26", for a week's column. */
export const formatDayShort = (day: string) => ({
  weekday: dayFormat({ weekday: 'short' }).format(asUtcNoon(day)),
  date: dayFormat({ month: 'short', day: 'numeric' }).format(asUtcNoon(day)),
});

/** "Nov 23 – 29, 2026", "Thursday, Nov 26, 2026": what the agenda shows. */
export function formatRange(days: string[]): string {
  const first = days[0] ?? '1970-01-01';
  const last = days[days.length - 1] ?? first;
  if (first === last) {
    return dayFormat({ weekday: 'long', month: 'short', day: 'numeric', year: 'numeric' }).format(
      asUtcNoon(first),
    );
  }
  return dayFormat({ month: 'short', day: 'numeric', year: 'numeric' }).formatRange(
    asUtcNoon(first),
    asUtcNoon(last),
  );
}

/** The statuses' words (shared with the dashboard's badges). */
export const STATUS_LABELS: Record<AppointmentStatus, string> = APPOINTMENT_STATUS_LABELS;

/** What can still happen to an appointment: confirmed, moved or cancelled while it holds its slot. */
export const isOpen = (appointment: Appointment) =>
  appointment.status === 'scheduled' ||
  appointment.status === 'confirmed' ||
  appointment.status === 'reschedule_requested';

/**
 * Needs the owner's attention: not confirmed and starting within 24 hours, a reschedule the customer asked for,
 * or a cancellation.
 */
export function needsAttention(appointment: Appointment, now: Date = new Date()): boolean {
  if (appointment.status === 'reschedule_requested' || appointment.status === 'cancelled') return true;
  if (appointment.status !== 'scheduled') return false;
  const starts = Date.parse(appointment.starts_at);
  return starts >= now.getTime() && starts <= now.getTime() + DAY_MS;
}

/** The appointments of each day, in start order (an appointment belongs to the day it starts). */
export function byDay(appointments: Appointment[], days: string[], zone: string): Map<string, Appointment[]> {
  const groups = new Map<string, Appointment[]>(days.map((day) => [day, []]));
  for (const appointment of appointments) {
    groups.get(dayOf(new Date(appointment.starts_at), zone))?.push(appointment);
  }
  return groups;
}

/** The label for an appointment without a staff member. */
export const NO_STAFF = 'No staff member';

/** The appointments of each staff member, the booking settings' order first, then anyone else's. */
export function byStaff(appointments: Appointment[], staff: string[]): Map<string, Appointment[]> {
  const groups = new Map<string, Appointment[]>(staff.map((name) => [name, []]));
  for (const appointment of appointments) {
    const name = appointment.staff ?? NO_STAFF;
    const group = groups.get(name) ?? [];
    group.push(appointment);
    groups.set(name, group);
  }
  return groups;
}
