import { z } from 'zod';
import { isTimeOfDay, minutesOfDay } from '../calling-window.ts';
import { MAX_APPOINTMENT_MINUTES, MIN_APPOINTMENT_MINUTES } from './appointments.ts';

/**
 * How a business takes bookings (issue #17, decision 015): its opening hours, its staff members and resources
 * (each may keep hours of their own), its services with their length and the buffer kept free after them, the days
 * it is closed, and the reminders sent before each appointment. Open slots are computed from it.
 */

export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  sunday: 'Sunday',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
};

export const timeOfDay = z
  .string()
  .refine(isTimeOfDay, 'Enter a time as HH:MM, e.g. 09:00')
  .describe('A time of day, HH:MM (24:00 for midnight at the end of the day)');

/** Whether both ends are times (the refinements below run even when a field failed its own check). */
const bothTimes = (opening: { opens: string; closes: string }) =>
  isTimeOfDay(opening.opens) && isTimeOfDay(opening.closes);

export const openingSchema = z
  .object({ opens: timeOfDay, closes: timeOfDay })
  .refine((opening) => !bothTimes(opening) || minutesOfDay(opening.opens) < minutesOfDay(opening.closes), {
    message: 'Closing time must be after opening time',
    path: ['closes'],
  })
  .describe('One stretch of opening hours');
export type Opening = z.infer<typeof openingSchema>;

const dayHours = z
  .array(openingSchema)
  .max(4, 'At most 4 stretches a day')
  .refine((openings) => {
    if (!openings.every(bothTimes)) return true;
    const sorted = [...openings].sort((a, b) => minutesOfDay(a.opens) - minutesOfDay(b.opens));
    return sorted.every(
      (opening, index) =>
        index === 0 || minutesOfDay(sorted[index - 1]?.closes ?? '00:00') <= minutesOfDay(opening.opens),
    );
  }, 'The stretches of one day must not overlap')
  .describe('The stretches the business is open that day; none: closed');

export const weekHoursSchema = z
  .object(Object.fromEntries(WEEKDAYS.map((day) => [day, dayHours])) as Record<Weekday, typeof dayHours>)
  .strict()
  .describe('Opening hours per weekday, in the business’s time zone');
export type WeekHours = z.infer<typeof weekHoursSchema>;

const nineToFive = [{ opens: '09:00', closes: '17:00' }];
export const DEFAULT_WEEK_HOURS: WeekHours = {
  sunday: [],
  monday: nineToFive,
  tuesday: nineToFive,
  wednesday: nineToFive,
  thursday: nineToFive,
  friday: nineToFive,
  saturday: [],
};

export const REMINDER_CHANNELS = ['call', 'email', 'sms'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

/** The earliest and latest a reminder may go before the appointment. */
export const MIN_REMINDER_MINUTES = 15;
export const MAX_REMINDER_MINUTES = 14 * 24 * 60;

export const reminderRuleSchema = z
  .object({
    channel: z.enum(REMINDER_CHANNELS).describe('call, email or sms'),
    minutes_before: z
      .number({ error: 'Enter whole minutes' })
      .int('Enter whole minutes')
      .min(MIN_REMINDER_MINUTES, `At least ${MIN_REMINDER_MINUTES} minutes before`)
      .max(MAX_REMINDER_MINUTES, 'At most 14 days before')
      .describe('How long before the appointment it goes out'),
    only_if_unconfirmed: z
      .boolean()
      .default(false)
      .describe('Only when the appointment is not confirmed by then (e.g. a second call)'),
  })
  .strict();
export type ReminderRule = z.infer<typeof reminderRuleSchema>;

const reminderRules = z
  .array(reminderRuleSchema)
  .max(5, 'At most 5 reminders per appointment')
  .describe('The reminders sent before each appointment');

/** The reminders every account starts with: an e-mail 2 days before, a call a day before, a second call 2 hours before if still not confirmed. */
export const DEFAULT_REMINDER_RULES: ReminderRule[] = [
  { channel: 'email', minutes_before: 48 * 60, only_if_unconfirmed: false },
  { channel: 'call', minutes_before: 24 * 60, only_if_unconfirmed: false },
  { channel: 'call', minutes_before: 2 * 60, only_if_unconfirmed: true },
];

const name = (max: number, what: string) =>
  z.string().trim().min(1, `Enter ${what}`).max(max, `At most ${max} characters`);

export const staffMemberSchema = z
  .object({
    name: name(100, 'a name').describe(
      'The staff member or resource (a chair, a room), as appointments name it',
    ),
    bookable: z.boolean().default(true).describe('Whether open slots are offered with them'),
    hours: weekHoursSchema.nullable().default(null).describe('Their own hours; null: the business’s'),
  })
  .strict();
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const serviceSchema = z
  .object({
    name: name(200, 'a name').describe('The service, e.g. "Cleaning"'),
    duration_minutes: z
      .number({ error: 'Enter the length in whole minutes' })
      .int('Enter the length in whole minutes')
      .min(MIN_APPOINTMENT_MINUTES, `At least ${MIN_APPOINTMENT_MINUTES} minutes`)
      .max(MAX_APPOINTMENT_MINUTES, 'At most 24 hours')
      .describe('Its length in minutes'),
    buffer_minutes: z
      .number({ error: 'Enter whole minutes' })
      .int('Enter whole minutes')
      .min(0, 'Cannot be negative')
      .max(240, 'At most 240 minutes')
      .default(0)
      .describe('Time kept free after it (cleaning up, travel)'),
    reminders: reminderRules
      .nullable()
      .default(null)
      .describe('Reminders for this service instead of the account’s; null: the account’s'),
  })
  .strict();
export type Service = z.infer<typeof serviceSchema>;

const date = z.iso.date({ error: 'Enter a date as YYYY-MM-DD' });

export const closureSchema = z
  .object({
    starts_on: date.describe('The first day closed'),
    ends_on: date.describe('The last day closed (the same day for one day)'),
    staff: z
      .string()
      .trim()
      .max(100)
      .nullable()
      .default(null)
      .describe('Only this staff member; null: everyone'),
    reason: z.string().trim().max(200).nullable().default(null).describe('e.g. "Thanksgiving"'),
  })
  .strict()
  .refine((closure) => closure.starts_on <= closure.ends_on, {
    message: 'The last day must not be before the first',
    path: ['ends_on'],
  });
export type Closure = z.infer<typeof closureSchema>;

const uniqueNames = (items: { name: string }[]) =>
  new Set(items.map((item) => item.name.toLowerCase())).size === items.length;

/** A freed slot nearer than this is not offered to the waitlist, unless the business chose otherwise. */
export const DEFAULT_WAITLIST_NOTICE_HOURS = 2;

export const bookingSettingsInputSchema = z
  .object({
    hours: weekHoursSchema,
    staff: z
      .array(staffMemberSchema)
      .max(50, 'At most 50 staff members')
      .refine(uniqueNames, 'Two staff members have the same name')
      .describe('Staff members and resources; none: the business books as one'),
    services: z
      .array(serviceSchema)
      .max(100, 'At most 100 services')
      .refine(uniqueNames, 'Two services have the same name')
      .describe('The services offered'),
    closures: z.array(closureSchema).max(200, 'At most 200 closures').describe('Days the business is closed'),
    slot_step_minutes: z
      .number({ error: 'Enter whole minutes' })
      .int('Enter whole minutes')
      .min(5, 'At least 5 minutes')
      .max(240, 'At most 240 minutes')
      .describe('How far apart open slots start'),
    min_notice_minutes: z
      .number({ error: 'Enter whole minutes' })
      .int('Enter whole minutes')
      .min(0, 'Cannot be negative')
      .max(30 * 24 * 60, 'At most 30 days')
      .describe('How soon a slot may be offered, at the earliest'),
    reminders: reminderRules,
    waitlist_notice_hours: z
      .number({ error: 'Enter whole hours' })
      .int('Enter whole hours')
      .min(0, 'Cannot be negative')
      .max(168, 'At most 168 hours (a week)')
      .default(DEFAULT_WAITLIST_NOTICE_HOURS)
      .describe(
        'How far ahead a freed slot must be for the waitlist to be called about it (and calling stops once it is nearer)',
      ),
  })
  .strict();
export type BookingSettingsInput = z.input<typeof bookingSettingsInputSchema>;
export type BookingSettings = z.infer<typeof bookingSettingsInputSchema>;

export const DEFAULT_BOOKING_SETTINGS: BookingSettings = {
  hours: DEFAULT_WEEK_HOURS,
  staff: [],
  services: [],
  closures: [],
  slot_step_minutes: 30,
  min_notice_minutes: 60,
  reminders: DEFAULT_REMINDER_RULES,
  waitlist_notice_hours: DEFAULT_WAITLIST_NOTICE_HOURS,
};

export const bookingSettingsSchema = bookingSettingsInputSchema
  .extend({
    timezone: z.string().describe('The business’s time zone (Settings → Calling rules)'),
    updated_at: z.iso.datetime().nullable().describe('When they last changed; null: never (the defaults)'),
  })
  .describe('How the business takes bookings');
export type BookingSettingsResponse = z.infer<typeof bookingSettingsSchema>;

/** The longest stretch one availability request may cover. */
export const MAX_AVAILABILITY_DAYS = 31;

const instant = z.iso.datetime({ offset: true, error: 'Enter a date and time with its offset' });

export const availabilityQuerySchema = z
  .object({
    service: z
      .string()
      .trim()
      .max(200)
      .optional()
      .describe('A service of the booking settings: its length and buffer'),
    duration_minutes: z.coerce
      .number({ error: 'Enter the length in whole minutes' })
      .int('Enter the length in whole minutes')
      .min(MIN_APPOINTMENT_MINUTES, `At least ${MIN_APPOINTMENT_MINUTES} minutes`)
      .max(MAX_APPOINTMENT_MINUTES, 'At most 24 hours')
      .optional()
      .describe('The length wanted, when not the service’s (default 30 without a service)'),
    staff: z
      .string()
      .trim()
      .max(100)
      .optional()
      .describe('Only this staff member’s slots; none: every bookable staff member’s'),
    from: instant.optional().describe('The earliest start (default: now)'),
    to: instant
      .optional()
      .describe(`The latest start (default: 7 days after from; at most ${MAX_AVAILABILITY_DAYS} days after)`),
  })
  .strict();
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

export const slotSchema = z.object({
  starts_at: z.iso.datetime().describe('When it starts'),
  ends_at: z.iso.datetime().describe('When it ends'),
  staff: z.string().nullable().describe('With whom; null: the business as a whole'),
});
export type Slot = z.infer<typeof slotSchema>;

export const availabilitySchema = z.object({
  timezone: z.string().describe('The business’s time zone'),
  service: z.string().nullable().describe('The service asked for'),
  duration_minutes: z.number().int().describe('The length of each slot'),
  slots: z.array(slotSchema).describe('Bookable slots in start order'),
});
export type Availability = z.infer<typeof availabilitySchema>;
