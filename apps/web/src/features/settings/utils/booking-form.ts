import { minutesOfDay } from '@callwise/shared/calling-window';
import {
  type BookingSettings,
  type BookingSettingsInput,
  bookingSettingsInputSchema,
  type Opening,
  type ReminderChannel,
  type ReminderRule,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Weekday,
  type WeekHours,
} from '@callwise/shared/schemas/booking';
import { toNestErrors } from '@hookform/resolvers';
import { type FieldError, type FieldErrors, get, type Resolver } from 'react-hook-form';

/** Monday first, as the week is shown. */
export const WEEK: readonly Weekday[] = [...WEEKDAYS.slice(1), WEEKDAYS[0]];

export const DAY_NAMES: Record<Weekday, string> = WEEKDAY_LABELS;

export const MAX_STRETCHES = 4;
export const MAX_REMINDERS = 5;

export type TimeUnit = 'minutes' | 'hours' | 'days';
export const UNIT_MINUTES: Record<TimeUnit, number> = { minutes: 1, hours: 60, days: 24 * 60 };

export interface ReminderValues {
  channel: ReminderChannel;
  amount: number;
  unit: TimeUnit;
  only_if_unconfirmed: boolean;
}

/** The form: the document as it is edited (lengths in a unit of choice, "everyone" as ''). */
export interface BookingFormValues {
  hours: WeekHours;
  staff: { name: string; bookable: boolean; hours: WeekHours | null }[];
  services: {
    name: string;
    duration_minutes: number;
    buffer_minutes: number;
    reminders: ReminderRule[] | null;
  }[];
  closures: { starts_on: string; ends_on: string; staff: string; reason: string }[];
  slot_step_minutes: number;
  min_notice: { amount: number; unit: Exclude<TimeUnit, 'days'> };
  reminders: ReminderValues[];
  waitlist_notice_hours: number;
}

/** A length in its largest whole unit (of those allowed). */
function inUnit<U extends TimeUnit>(minutes: number, units: readonly U[]): { amount: number; unit: U } {
  const unit = [...units].reverse().find((item) => minutes > 0 && minutes % UNIT_MINUTES[item] === 0);
  const chosen = unit ?? units[0];
  if (chosen === undefined) throw new Error('No unit');
  return { amount: minutes / UNIT_MINUTES[chosen], unit: chosen };
}

const copyWeek = (week: WeekHours): WeekHours =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, week[day].map((opening) => ({ ...opening }))])) as WeekHours;

export function valuesFrom(settings: BookingSettings): BookingFormValues {
  return {
    hours: copyWeek(settings.hours),
    staff: settings.staff.map((member) => ({
      name: member.name,
      bookable: member.bookable,
      hours: member.hours ? copyWeek(member.hours) : null,
    })),
    services: settings.services.map((service) => ({ ...service })),
    closures: settings.closures.map((closure) => ({
      starts_on: closure.starts_on,
      ends_on: closure.ends_on,
      staff: closure.staff ?? '',
      reason: closure.reason ?? '',
    })),
    slot_step_minutes: settings.slot_step_minutes,
    min_notice: inUnit(settings.min_notice_minutes, ['minutes', 'hours'] as const),
    reminders: settings.reminders.map((rule) => ({
      channel: rule.channel,
      ...inUnit(rule.minutes_before, ['minutes', 'hours', 'days'] as const),
      only_if_unconfirmed: rule.only_if_unconfirmed,
    })),
    waitlist_notice_hours: settings.waitlist_notice_hours,
  };
}

export function documentFrom(values: BookingFormValues): BookingSettingsInput {
  return {
    hours: values.hours,
    staff: values.staff,
    services: values.services,
    closures: values.closures.map((closure) => ({
      starts_on: closure.starts_on,
      ends_on: closure.ends_on,
      staff: closure.staff === '' ? null : closure.staff,
      reason: closure.reason.trim() === '' ? null : closure.reason,
    })),
    slot_step_minutes: values.slot_step_minutes,
    min_notice_minutes: values.min_notice.amount * UNIT_MINUTES[values.min_notice.unit],
    reminders: values.reminders.map((rule) => ({
      channel: rule.channel,
      minutes_before: rule.amount * UNIT_MINUTES[rule.unit],
      only_if_unconfirmed: rule.only_if_unconfirmed,
    })),
    waitlist_notice_hours: values.waitlist_notice_hours,
  };
}

/** Lists whose refusal (too many, two of a name, overlapping stretches) is about the list as a whole. */
const LIST = /^(staff|services|closures|reminders|(staff\.\d+\.)?hours\.[a-z]+)$/;

/**
 * The form field a problem of the document names (`hours.monday.0.closes`, `min_notice_minutes`, …), or null when
 * no input shows it. A list's own problem goes to its `.root`.
 */
export function formFieldOf(field: string): string | null {
  if (field === 'min_notice_minutes') return 'min_notice.amount';
  const reminder = /^reminders\.(\d+)\.minutes_before$/.exec(field);
  if (reminder) return `reminders.${reminder[1]}.amount`;
  if (LIST.test(field)) return `${field}.root`;
  if (/^services\.\d+\.reminders/.test(field)) return null;
  if (
    /^(staff\.\d+\.)?hours\.[a-z]+\.\d+\.(opens|closes)$/.test(field) ||
    /^staff\.\d+\.name$/.test(field) ||
    /^services\.\d+\.(name|duration_minutes|buffer_minutes)$/.test(field) ||
    /^closures\.\d+\.(starts_on|ends_on|staff|reason)$/.test(field) ||
    /^reminders\.\d+\.channel$/.test(field) ||
    field === 'slot_step_minutes' ||
    field === 'waitlist_notice_hours'
  )
    return field;
  return null;
}

/** Checks the form with the shared schema, each problem on the input that shows it (the server checks the same). */
export const bookingResolver: Resolver<BookingFormValues> = async (values, _context, options) => {
  const parsed = bookingSettingsInputSchema.safeParse(documentFrom(values));
  if (parsed.success) return { values, errors: {} };
  const flat: Record<string, FieldError> = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path.join('.')) ?? 'root.document';
    flat[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(flat, options) as FieldErrors<BookingFormValues> };
};

const pad = (value: number) => String(value).padStart(2, '0');
const clockOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/**
 * A day's stretches with a break in its last one: 09:00–17:00 becomes 09:00–12:00 and 13:00–17:00. Null when the
 * last stretch is too short to split or the day has no room for another.
 */
export function withBreak(openings: Opening[]): Opening[] | null {
  const last = openings.at(-1);
  if (!last || openings.length >= MAX_STRETCHES) return null;
  const opens = minutesOfDay(last.opens);
  const closes = minutesOfDay(last.closes);
  const length = closes - opens;
  if (!Number.isFinite(length) || length < 45) return null;
  const breakLength = Math.min(60, Math.floor(length / 3 / 5) * 5);
  const grid = length >= 180 ? 60 : 15;
  const start = opens + Math.max(grid, Math.floor((length - breakLength) / 2 / grid) * grid);
  if (start + breakLength >= closes) return null;
  return [
    ...openings.slice(0, -1),
    { opens: last.opens, closes: clockOf(start) },
    { opens: clockOf(start + breakLength), closes: last.closes },
  ];
}

/** How each channel is named in the form (its select and its sentence). */
export const REMINDER_CHANNEL_LABELS: Record<ReminderChannel, string> = {
  call: 'Call',
  email: 'E-mail',
  sms: 'Text',
};

/** "Call 24 hours before", "E-mail 2 days before if not confirmed", "Text 2 hours before". */
export function reminderSentence(rule: ReminderValues): string {
  const amount = Number.isFinite(rule.amount) ? rule.amount : 0;
  const unit = amount === 1 ? rule.unit.slice(0, -1) : rule.unit;
  const channel = REMINDER_CHANNEL_LABELS[rule.channel] ?? rule.channel;
  return `${channel} ${amount} ${unit} before${rule.only_if_unconfirmed ? ' if not confirmed' : ''}`;
}

/** The message of the error at a dotted path of the form, if any. */
export function errorAt(errors: FieldErrors<BookingFormValues>, path: string): string | undefined {
  return (get(errors, path) as FieldError | undefined)?.message;
}
