import { z } from 'zod';
import { CALL_OUTCOMES } from '../calls.ts';

/**
 * An appointment's life (issue #17): `scheduled` → `confirmed` | `cancelled` | `reschedule_requested` |
 * `rescheduled` (moved: `rescheduled_to` is the new one) | `completed` | `no_show`.
 */
export const APPOINTMENT_STATUSES = [
  'scheduled',
  'confirmed',
  'cancelled',
  'reschedule_requested',
  'rescheduled',
  'completed',
  'no_show',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** The words for each status, everywhere the product shows one. */
export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  scheduled: 'Scheduled',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  reschedule_requested: 'Reschedule requested',
  rescheduled: 'Moved',
  completed: 'Completed',
  no_show: 'No-show',
};

/** The statuses that hold their slot: two of them of one staff member can never overlap. */
export const SLOT_HOLDING_STATUSES = ['scheduled', 'confirmed', 'reschedule_requested'] as const;

/** Where an appointment came from. */
export const APPOINTMENT_SOURCES = [
  'manual',
  'api',
  'import',
  'ics',
  'calcom',
  'google',
  'waitlist',
] as const;
export type AppointmentSource = (typeof APPOINTMENT_SOURCES)[number];

/** Shortest and longest appointment, in minutes. */
export const MIN_APPOINTMENT_MINUTES = 5;
export const MAX_APPOINTMENT_MINUTES = 24 * 60;
export const DEFAULT_APPOINTMENT_MINUTES = 30;

export const appointmentSchema = z.object({
  id: z.uuid().describe('The appointment’s id'),
  contact_id: z
    .uuid()
    .nullable()
    .describe('Who the appointment is with (null once that contact was deleted)'),
  starts_at: z.iso.datetime().describe('When it starts'),
  ends_at: z.iso.datetime().describe('When it ends'),
  duration_minutes: z.number().int().describe('Its length in minutes'),
  timezone: z.string().describe('The business’s time zone, in which reminders say its date and time'),
  service: z.string().nullable().describe('The service booked, e.g. "Cleaning"'),
  staff: z
    .string()
    .nullable()
    .describe('The staff member or resource (a chair, a room); two of theirs never overlap'),
  location: z.string().nullable().describe('Where it takes place'),
  notes: z.string().nullable().describe('Notes for the business'),
  source: z
    .enum(APPOINTMENT_SOURCES)
    .describe('Where it came from: manual, api, import, ics, calcom or google'),
  external_id: z.string().nullable().describe('Its id in the system it came from; unique per source'),
  status: z.enum(APPOINTMENT_STATUSES).describe(APPOINTMENT_STATUSES.join(', ')),
  rescheduled_to: z.uuid().nullable().describe('When moved: the appointment that replaced it'),
  rescheduled_from: z.uuid().nullable().describe('When it replaced a moved one: that appointment'),
  self_service_url: z
    .string()
    .describe(
      'The customer’s own page for it (confirm, cancel, pick a new time; no account needed): a signed link, valid until a day after the start',
    ),
  created_at: z.iso.datetime().describe('When it was created'),
  updated_at: z.iso.datetime().describe('When it last changed'),
});
export type Appointment = z.infer<typeof appointmentSchema>;

const startsAt = z.iso
  .datetime({ offset: true, error: 'Enter a date and time with its offset, e.g. 2026-12-01T15:00:00Z' })
  .describe('When it starts (ISO 8601 with an offset)');
const duration = z
  .number({ error: 'Enter the length in whole minutes' })
  .int('Enter the length in whole minutes')
  .min(MIN_APPOINTMENT_MINUTES, `At least ${MIN_APPOINTMENT_MINUTES} minutes`)
  .max(MAX_APPOINTMENT_MINUTES, 'At most 24 hours')
  .describe(`Its length in minutes (${MIN_APPOINTMENT_MINUTES} to ${MAX_APPOINTMENT_MINUTES})`);
const optionalText = (max: number, what: string) =>
  z.string().trim().max(max, `At most ${max} characters`).nullable().optional().describe(what);

export const createAppointmentInputSchema = z
  .object({
    contact_id: z
      .uuid({ error: 'Choose a contact' })
      .describe('Who the appointment is with (one of your contacts)'),
    starts_at: startsAt,
    duration_minutes: duration
      .optional()
      .describe(
        `Its length in minutes; when not given, the service's length in the booking settings, else ${DEFAULT_APPOINTMENT_MINUTES}`,
      ),
    service: optionalText(200, 'The service booked'),
    staff: optionalText(100, 'The staff member or resource; none: the business as a whole'),
    location: optionalText(300, 'Where it takes place'),
    notes: optionalText(2000, 'Notes for the business'),
    external_id: optionalText(200, 'Its id in your own system (unique among your API appointments)'),
  })
  .strict();
export type CreateAppointmentInput = z.input<typeof createAppointmentInputSchema>;

export const updateAppointmentInputSchema = z
  .object({
    contact_id: z.uuid({ error: 'Choose a contact' }).describe('Who the appointment is with'),
    starts_at: startsAt,
    duration_minutes: duration,
    service: optionalText(200, 'The service booked'),
    staff: optionalText(100, 'The staff member or resource'),
    location: optionalText(300, 'Where it takes place'),
    notes: optionalText(2000, 'Notes for the business'),
  })
  .partial()
  .strict();
export type UpdateAppointmentInput = z.infer<typeof updateAppointmentInputSchema>;

export const rescheduleAppointmentInputSchema = z
  .object({
    starts_at: startsAt.describe('The new start (ISO 8601 with an offset)'),
    duration_minutes: duration.optional().describe('The new length in minutes; the old one when not given'),
  })
  .strict();
export type RescheduleAppointmentInput = z.infer<typeof rescheduleAppointmentInputSchema>;

export const listAppointmentsQuerySchema = z.object({
  from: z.iso
    .datetime({ offset: true, error: 'Enter a date and time with its offset' })
    .optional()
    .describe('Only appointments ending after this instant'),
  to: z.iso
    .datetime({ offset: true, error: 'Enter a date and time with its offset' })
    .optional()
    .describe('Only appointments starting before this instant'),
  status: z.enum(APPOINTMENT_STATUSES).optional().describe('Only appointments in this status'),
  contact_id: z.uuid({ error: 'is not a contact id' }).optional().describe('Only this contact’s'),
  staff: z.string().trim().max(100).optional().describe('Only this staff member’s or resource’s'),
});
export type ListAppointmentsQuery = z.infer<typeof listAppointmentsQuerySchema>;

/** The most appointments one batch books. */
export const MAX_APPOINTMENT_BATCH = 1000;

export const createAppointmentsBatchInputSchema = z
  .object({
    appointments: z
      .array(createAppointmentInputSchema)
      .min(1, { error: 'Add at least one appointment' })
      .max(MAX_APPOINTMENT_BATCH, { error: `At most ${MAX_APPOINTMENT_BATCH} appointments at a time` })
      .describe('The appointments to book, each as POST /v1/appointments takes it'),
  })
  .strict();
export type CreateAppointmentsBatchInput = z.input<typeof createAppointmentsBatchInputSchema>;

export const appointmentsBatchSchema = z.object({
  created: z.array(appointmentSchema).describe('Those booked, in the order they were sent'),
  failed: z
    .array(
      z.object({
        index: z.number().int().describe('Its position in the request’s `appointments` (from 0)'),
        code: z
          .enum(['validation_failed', 'slot_taken', 'conflict'])
          .describe('Why, as the single booking says'),
        field: z.string().describe('The field at fault'),
        message: z.string().describe('What to change'),
      }),
    )
    .describe('Those not booked, by position; the others are booked regardless'),
});
export type AppointmentsBatch = z.infer<typeof appointmentsBatchSchema>;

/** What went out about an appointment and what came back (its reminder timeline). */
export const appointmentReminderSchema = z.object({
  channel: z.enum(['call', 'email', 'sms']).describe('A call, an e-mail or a text (sms)'),
  id: z.uuid().describe('The call’s id (see /v1/calls/{id}), or the e-mail’s or text reminder’s'),
  kind: z
    .enum(['reminder', 'moved', 'call'])
    .describe('A reminder by the rules, the notice of a move, or another call about the appointment'),
  minutes_before: z
    .number()
    .int()
    .nullable()
    .describe('For a reminder: how long before the start its rule sends it'),
  at: z.iso.datetime().describe('When it goes (or went) out'),
  status: z
    .string()
    .describe(
      'A call’s status (scheduled, queued, ringing, in-progress, completed, busy, no-answer, failed, canceled), or an e-mail’s or text reminder’s (pending, sending, sent, skipped, failed, unknown; a sent text reminder is then in /v1/messages)',
    ),
  outcome: z.enum(CALL_OUTCOMES).nullable().describe('What the callee answered (calls only)'),
  detail: z
    .string()
    .nullable()
    .describe('Why an e-mail or text reminder was skipped or failed, or why a call failed'),
});
export type AppointmentReminder = z.infer<typeof appointmentReminderSchema>;
