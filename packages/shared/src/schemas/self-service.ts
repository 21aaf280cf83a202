import { z } from 'zod';
import { APPOINTMENT_STATUSES } from './appointments.ts';

/** How many days ahead the customer's page offers new times. */
export const SELF_SERVICE_SLOT_DAYS = 14;
/** Requests per minute per client address to the customer's page. */
export const SELF_SERVICE_RATE_LIMIT = { limit: 30, windowSeconds: 60 } as const;

export const selfServiceTokenParamsSchema = z.object({
  token: z
    .string()
    .min(1, 'is missing')
    .max(100, 'is too long')
    .describe('The token of the customer’s link (the last part of its address)'),
});

/** What the customer may do with their appointment now, and why not when they may do nothing. */
export const selfServiceActionsSchema = z.object({
  confirm: z.boolean().describe('Whether it can be confirmed (false once confirmed, closed or started)'),
  cancel: z.boolean().describe('Whether it can be cancelled'),
  reschedule: z.boolean().describe('Whether it can be moved to another open time'),
});

/** The customer's view of their appointment: the business's details and theirs, no one else's. */
export const selfServiceAppointmentSchema = z.object({
  token: z
    .string()
    .describe('The token of the current appointment’s link (a new one after a move: use it from then on)'),
  business_name: z.string().describe('The business the appointment is with'),
  first_name: z.string().nullable().describe('The customer’s first name, for a greeting'),
  service: z.string().nullable().describe('The service booked'),
  staff: z.string().nullable().describe('The staff member or resource'),
  location: z.string().nullable().describe('Where it takes place'),
  starts_at: z.iso.datetime().describe('When it starts'),
  ends_at: z.iso.datetime().describe('When it ends'),
  duration_minutes: z.number().int().describe('Its length in minutes'),
  timezone: z.string().describe('The business’s time zone, in which to show the times'),
  status: z.enum(APPOINTMENT_STATUSES).describe(APPOINTMENT_STATUSES.join(', ')),
  actions: selfServiceActionsSchema.describe('What the customer may do now'),
  closed_reason: z
    .string()
    .nullable()
    .describe('When nothing can be changed any more: why, in words fit to show the customer'),
});
export type SelfServiceAppointment = z.infer<typeof selfServiceAppointmentSchema>;

export const selfServiceSlotsQuerySchema = z.object({
  from: z.iso
    .datetime({ offset: true, error: 'Enter a date and time with its offset' })
    .optional()
    .describe('The first start to offer (default: now)'),
  to: z.iso
    .datetime({ offset: true, error: 'Enter a date and time with its offset' })
    .optional()
    .describe(`The end of the window (default and at most: ${SELF_SERVICE_SLOT_DAYS} days from now)`),
});

export const selfServiceSlotsSchema = z.object({
  timezone: z.string().describe('The business’s time zone'),
  duration_minutes: z.number().int().describe('The length of the appointment'),
  slots: z
    .array(
      z.object({
        starts_at: z.iso.datetime().describe('When the slot starts'),
        ends_at: z.iso.datetime().describe('When it ends'),
      }),
    )
    .describe('The open times with the same staff member, in time order'),
});
export type SelfServiceSlots = z.infer<typeof selfServiceSlotsSchema>;

export const selfServiceRescheduleInputSchema = z
  .object({
    starts_at: z.iso
      .datetime({ offset: true, error: 'Choose one of the open times' })
      .describe('The new start: one of the open slots'),
  })
  .strict();
export type SelfServiceRescheduleInput = z.infer<typeof selfServiceRescheduleInputSchema>;
