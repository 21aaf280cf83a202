import { z } from 'zod';
import { CALL_OUTCOMES, CALL_STATUSES } from '../calls.ts';
import { timeOfDay, WEEKDAYS } from './booking.ts';

/**
 * The waitlist (issue #17, decision 021): contacts waiting for a time to free up, and the freed slots offered to
 * them by call, one after another, until one presses 1.
 */

export const WAITLIST_ENTRY_STATUSES = ['waiting', 'booked', 'removed'] as const;
export const SLOT_OFFER_STATUSES = ['open', 'filled', 'taken', 'expired', 'exhausted'] as const;

export const SLOT_OFFER_STATUS_LABELS: Record<(typeof SLOT_OFFER_STATUSES)[number], string> = {
  open: 'Calling the waitlist',
  filled: 'Refilled',
  taken: 'Booked otherwise',
  expired: 'Too close to its start',
  exhausted: 'Nobody took it',
};

const optionalText = (max: number, what: string) =>
  z.string().trim().max(max, `At most ${max} characters`).nullable().optional().describe(what);

export const createWaitlistEntryInputSchema = z
  .object({
    contact_id: z.uuid({ error: 'Choose a contact' }).describe('Who waits (one of your contacts)'),
    service: optionalText(200, 'The service they want; none: any'),
    staff: optionalText(100, 'The staff member they want; none: any'),
    days: z.array(z.enum(WEEKDAYS)).max(7).default([]).describe('The weekdays that suit them; none: any day'),
    earliest: timeOfDay
      .nullable()
      .optional()
      .describe('The earliest start that suits them (HH:MM); none: any'),
    latest: timeOfDay.nullable().optional().describe('The latest start that suits them (HH:MM); none: any'),
    notes: optionalText(2000, 'Notes for the business'),
  })
  .strict()
  .refine((entry) => !entry.earliest || !entry.latest || entry.earliest <= entry.latest, {
    message: 'Must not be before earliest',
    path: ['latest'],
  });
export type CreateWaitlistEntryInput = z.input<typeof createWaitlistEntryInputSchema>;

export const waitlistEntrySchema = z.object({
  id: z.uuid().describe('The entry’s id'),
  contact_id: z.uuid().describe('Who waits'),
  service: z.string().nullable().describe('The service they want; null: any'),
  staff: z.string().nullable().describe('The staff member they want; null: any'),
  days: z.array(z.enum(WEEKDAYS)).describe('The weekdays that suit them; empty: any'),
  earliest: z
    .string()
    .nullable()
    .describe('The earliest start that suits them, HH:MM in the business’s zone'),
  latest: z.string().nullable().describe('The latest start that suits them, HH:MM in the business’s zone'),
  notes: z.string().nullable().describe('Notes for the business'),
  status: z.enum(WAITLIST_ENTRY_STATUSES).describe('waiting, booked (from an offer) or removed'),
  booked_appointment_id: z.uuid().nullable().describe('The appointment an offer booked for them'),
  created_at: z.iso.datetime().describe('When they joined the waitlist'),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const listWaitlistQuerySchema = z.object({
  status: z
    .enum(WAITLIST_ENTRY_STATUSES)
    .optional()
    .describe('Only entries in this status (default: waiting)'),
});

export const slotOfferSchema = z.object({
  id: z.uuid().describe('The offer’s id'),
  freed_appointment_id: z
    .uuid()
    .nullable()
    .describe('The appointment whose cancellation or move freed the slot'),
  starts_at: z.iso.datetime().describe('The freed slot’s start'),
  ends_at: z.iso.datetime().describe('The freed slot’s end'),
  staff: z.string().nullable().describe('Whose slot it is; null: the business as a whole'),
  service: z.string().nullable().describe('The freed appointment’s service'),
  status: z.enum(SLOT_OFFER_STATUSES).describe('open (calling), filled, taken, expired or exhausted'),
  filled_appointment_id: z.uuid().nullable().describe('The appointment booked from the offer'),
  filled_contact_id: z.uuid().nullable().describe('Who took it'),
  calls: z
    .array(
      z.object({
        contact_id: z.uuid().describe('Who was called'),
        call_id: z.uuid().nullable().describe('The call; null when the calling rules refused it'),
        call_status: z.enum(CALL_STATUSES).nullable().describe('Where the call stands'),
        outcome: z.enum(CALL_OUTCOMES).nullable().describe('What they answered'),
        skipped_reason: z.string().nullable().describe('Why no call went out'),
        at: z.iso.datetime().describe('When the offer went to them'),
      }),
    )
    .describe('Who the offer went to, in order'),
  created_at: z.iso.datetime().describe('When the slot was freed'),
});
export type SlotOffer = z.infer<typeof slotOfferSchema>;
