import type { Database } from '@callwise/db/client';
import { getContact } from '@callwise/db/queries/contacts';
import { isUniqueViolation } from '@callwise/db/queries/cursor';
import {
  createWaitlistEntry,
  listSlotOffers,
  listWaitlistEntries,
  removeWaitlistEntry,
} from '@callwise/db/queries/waitlist';
import type { WaitlistEntryRow } from '@callwise/db/schema';
import { minutesOfDay } from '@callwise/shared/calling-window';
import { apiErrorSchema } from '@callwise/shared/errors';
import { WEEKDAYS } from '@callwise/shared/schemas/booking';
import {
  createWaitlistEntryInputSchema,
  listWaitlistQuerySchema,
  type SlotOffer,
  slotOfferSchema,
  type WaitlistEntry,
  waitlistEntrySchema,
} from '@callwise/shared/schemas/waitlist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../http/app-error.ts';
import { idempotencyHeadersSchema, idempotent } from '../../plugins/idempotency.ts';
import { WAITLIST_EXAMPLES } from './waitlist.examples.ts';

const hhmm = (minutes: number | null) =>
  minutes === null
    ? null
    : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function waitlistEntryResponse(row: WaitlistEntryRow): WaitlistEntry {
  return {
    id: row.id,
    contact_id: row.contactId,
    service: row.service,
    staff: row.staff,
    days: row.days.map((day) => WEEKDAYS[day] ?? 'sunday'),
    earliest: hhmm(row.earliestMinute),
    latest: hhmm(row.latestMinute),
    notes: row.notes,
    status: row.status as WaitlistEntry['status'],
    booked_appointment_id: row.bookedAppointmentId,
    created_at: row.createdAt.toISOString(),
  };
}

const idParams = z.object({ id: z.uuid({ error: 'is not a waitlist entry id' }).describe('The entry’s id') });
const tags = ['appointments'];
export const WAITLIST_DUPLICATE = 'This contact is already waiting for this service and staff member.';

/** The waitlist (issue #17, decision 021): who waits for a freed slot, and the offers made to them by call. */
const waitlistRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = (): Database => fastify.database.db;

  fastify.get(
    '/waitlist',
    {
      schema: {
        tags,
        summary: 'List the waitlist',
        description: 'Who waits for a time to free up, longest waiting first (at most 1,000).',
        querystring: listWaitlistQuerySchema,
        response: {
          200: z.object({ data: z.array(waitlistEntrySchema).describe('The entries') }),
          400: apiErrorSchema,
        },
        examples: WAITLIST_EXAMPLES.listWaitlist,
      },
    },
    async (request) => {
      const rows = await listWaitlistEntries(db(), request.auth.accountId, request.query.status ?? 'waiting');
      return { data: rows.map(waitlistEntryResponse) };
    },
  );

  fastify.post(
    '/waitlist',
    {
      ...idempotent,
      schema: {
        tags,
        summary: 'Put a contact on the waitlist',
        description:
          'When an appointment far enough ahead (the booking settings’ `waitlist_notice_hours`, 2 by default) is ' +
          'cancelled or moved, the waiting contacts whose service, staff member, weekdays and times fit its slot ' +
          'are called one after another, longest waiting first; the first who presses 1 gets it. A contact already ' +
          'waiting for the same service and staff member: 409.',
        headers: idempotencyHeadersSchema,
        body: createWaitlistEntryInputSchema,
        response: { 201: waitlistEntrySchema, 400: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema },
        examples: WAITLIST_EXAMPLES.putContactOnWaitlist,
      },
    },
    async (request, reply) => {
      const accountId = request.auth.accountId;
      const input = request.body;
      if (!(await getContact(db(), accountId, input.contact_id))) {
        throw new AppError('validation_failed', 'contact_id: No contact with this id in your account', [
          { field: 'contact_id', message: 'No contact with this id in your account' },
        ]);
      }
      let row: Awaited<ReturnType<typeof createWaitlistEntry>>;
      try {
        row = await createWaitlistEntry(db(), accountId, {
          contactId: input.contact_id,
          service: input.service || null,
          staff: input.staff || null,
          days: [...new Set(input.days.map((day) => WEEKDAYS.indexOf(day)))].sort(),
          earliestMinute: input.earliest ? minutesOfDay(input.earliest) : null,
          latestMinute: input.latest ? minutesOfDay(input.latest) : null,
          notes: input.notes || null,
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw new AppError('conflict', WAITLIST_DUPLICATE, [
          { field: 'contact_id', message: WAITLIST_DUPLICATE },
        ]);
      }
      return reply.status(201).send(waitlistEntryResponse(row));
    },
  );

  fastify.delete(
    '/waitlist/:id',
    {
      schema: {
        tags,
        summary: 'Take a contact off the waitlist',
        description: 'A waiting entry is removed (kept as `removed`); offers no longer call them.',
        params: idParams,
        response: { 204: z.null().describe('Removed'), 400: apiErrorSchema, 404: apiErrorSchema },
        examples: WAITLIST_EXAMPLES.takeContactOffWaitlist,
      },
    },
    async (request, reply) => {
      if (!(await removeWaitlistEntry(db(), request.auth.accountId, request.params.id))) {
        throw notFound('Waitlist entry');
      }
      return reply.status(204).send(null);
    },
  );

  fastify.get(
    '/waitlist/offers',
    {
      schema: {
        tags,
        summary: 'List the freed slots offered to the waitlist',
        description:
          'Newest first (the last 50): each freed slot, who it was offered to in order with their call and answer, ' +
          'and who took it.',
        response: { 200: z.object({ data: z.array(slotOfferSchema).describe('The offers, newest first') }) },
        examples: WAITLIST_EXAMPLES.listWaitlistOffers,
      },
    },
    async (request) => {
      const offers = await listSlotOffers(db(), request.auth.accountId, 50);
      return {
        data: offers.map(
          ({ offer, attempts, filledContactId }): SlotOffer => ({
            id: offer.id,
            freed_appointment_id: offer.freedAppointmentId,
            starts_at: offer.startsAt.toISOString(),
            ends_at: offer.endsAt.toISOString(),
            staff: offer.staff === '' ? null : offer.staff,
            service: offer.service,
            status: offer.status as SlotOffer['status'],
            filled_appointment_id: offer.filledAppointmentId,
            filled_contact_id: filledContactId,
            calls: attempts.map((attempt) => ({
              contact_id: attempt.contactId,
              call_id: attempt.callId,
              call_status: (attempt.callStatus ?? null) as SlotOffer['calls'][number]['call_status'],
              outcome: (attempt.outcome ?? null) as SlotOffer['calls'][number]['outcome'],
              skipped_reason: attempt.skippedReason,
              at: attempt.createdAt.toISOString(),
            })),
            created_at: offer.createdAt.toISOString(),
          }),
        ),
      };
    },
  );
};

export default waitlistRoutes;
