import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import {
  type AppointmentPatch,
  getAppointment,
  isSlotTaken,
  listAppointments,
} from '@callwise/db/queries/appointments';
import { getContact } from '@callwise/db/queries/contacts';
import { isUniqueViolation } from '@callwise/db/queries/cursor';
import type { AppointmentRow } from '@callwise/db/schema';
import { apiErrorSchema } from '@callwise/shared/errors';
import {
  type Appointment,
  type AppointmentStatus,
  appointmentSchema,
  createAppointmentInputSchema,
  DEFAULT_APPOINTMENT_MINUTES,
  listAppointmentsQuerySchema,
  rescheduleAppointmentInputSchema,
  updateAppointmentInputSchema,
} from '@callwise/shared/schemas/appointments';
import { pageQuerySchema, pageSchema } from '@callwise/shared/schemas/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { parseCursor } from '../../lib/pagination.ts';
import { idempotencyHeadersSchema, idempotent } from '../../plugins/idempotency.ts';
import { bookingSettingsOf, findService } from './booking-settings.ts';

const MINUTE = 60_000;

export function appointmentResponse(row: AppointmentRow, timezone: string): Appointment {
  return {
    id: row.id,
    contact_id: row.contactId,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    duration_minutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / MINUTE),
    timezone,
    service: row.service,
    staff: row.staff === '' ? null : row.staff,
    location: row.location,
    notes: row.notes,
    source: row.source as Appointment['source'],
    external_id: row.externalId,
    status: row.status as AppointmentStatus,
    rescheduled_to: row.rescheduledToId,
    rescheduled_from: row.rescheduledFromId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const fieldError = (field: string, message: string) =>
  new AppError('validation_failed', `${field}: ${message}`, [{ field, message }]);

const slotTaken = () =>
  new AppError(
    'slot_taken',
    'That time overlaps another appointment of the same staff member. Choose another time or staff member.',
  );

/** Runs a write that takes a slot; a taken one answers 409 slot_taken. */
async function takingSlot<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isSlotTaken(error)) throw slotTaken();
    throw error;
  }
}

/** What each action moves from, and to. */
const ACTIONS = {
  confirm: { from: ['scheduled', 'reschedule_requested', 'confirmed'], to: 'confirmed' },
  cancel: { from: ['scheduled', 'confirmed', 'reschedule_requested', 'cancelled'], to: 'cancelled' },
} as const;

const idParams = z.object({
  id: z.uuid({ error: 'is not an appointment id' }).describe('The appointment’s id'),
});
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };
const tags = ['appointments'];

/** Appointments (issue #17): the API an integrator and the web app book, move, confirm and cancel with. */
const appointmentsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = (): Database => fastify.database.db;
  const service = () => fastify.services.appointments;
  const zoneOf = async (accountId: string) => (await findAccount(db(), accountId))?.timezone ?? 'UTC';

  async function checkContact(accountId: string, contactId: string) {
    if (!(await getContact(db(), accountId, contactId))) {
      throw fieldError('contact_id', 'No contact with this id in your account');
    }
  }

  fastify.get(
    '/appointments',
    {
      schema: {
        tags,
        summary: 'List appointments',
        description:
          'In start order. `from`/`to` keep those overlapping the window; filter by status, contact and staff.',
        querystring: pageQuerySchema.extend(listAppointmentsQuerySchema.shape),
        response: { 200: pageSchema(appointmentSchema), 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { limit, cursor, from, to, status, contact_id, staff } = request.query;
      const accountId = request.auth.accountId;
      const page = await listAppointments(db(), accountId, {
        from: from ? new Date(from) : undefined,
        to: to ? new Date(to) : undefined,
        status,
        contactId: contact_id,
        staff,
        limit,
        cursor: parseCursor(cursor),
      });
      const zone = await zoneOf(accountId);
      return { data: page.rows.map((row) => appointmentResponse(row, zone)), next_cursor: page.nextCursor };
    },
  );

  fastify.post(
    '/appointments',
    {
      ...idempotent,
      schema: {
        tags,
        summary: 'Book an appointment',
        description:
          'With one of your contacts, at a time no other appointment of the same staff member holds (409 slot_taken ' +
          'otherwise: the database refuses an overlap, so of two concurrent bookings of one slot exactly one wins). ' +
          'An `external_id` already used answers 409 conflict.',
        headers: idempotencyHeadersSchema,
        body: createAppointmentInputSchema,
        response: { 201: appointmentSchema, 400: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const accountId = request.auth.accountId;
      const input = request.body;
      await checkContact(accountId, input.contact_id);
      const source = request.auth.kind === 'session' ? 'manual' : 'api';
      const startsAt = new Date(input.starts_at);
      const minutes =
        input.duration_minutes ??
        findService((await bookingSettingsOf(db(), accountId)).settings, input.service)?.duration_minutes ??
        DEFAULT_APPOINTMENT_MINUTES;
      const row = await takingSlot(() =>
        service()
          .create(accountId, {
            contactId: input.contact_id,
            startsAt,
            endsAt: new Date(startsAt.getTime() + minutes * MINUTE),
            service: input.service || null,
            staff: input.staff ?? '',
            location: input.location || null,
            notes: input.notes || null,
            source,
            externalId: input.external_id || null,
            // external_id is unique per account and source (its index): a second use is a 409, whoever writes first.
          })
          .catch((error: unknown) => {
            if (!isUniqueViolation(error)) throw error;
            throw new AppError(
              'conflict',
              `An appointment with external_id ${input.external_id} already exists`,
            );
          }),
      );
      return reply.status(201).send(appointmentResponse(row, await zoneOf(accountId)));
    },
  );

  fastify.get(
    '/appointments/:id',
    {
      schema: {
        tags,
        summary: 'Get an appointment',
        description: 'One appointment, with the links of a move (rescheduled_to, rescheduled_from).',
        params: idParams,
        response: { 200: appointmentSchema, ...errors },
      },
    },
    async (request) => {
      const row = await getAppointment(db(), request.auth.accountId, request.params.id);
      if (!row) throw notFound('Appointment');
      return appointmentResponse(row, await zoneOf(request.auth.accountId));
    },
  );

  fastify.patch(
    '/appointments/:id',
    {
      schema: {
        tags,
        summary: 'Change an appointment',
        description:
          'Corrects the fields given in place (to move it to another time and keep the history, use reschedule). ' +
          'A new time or staff member must be free (409 slot_taken).',
        params: idParams,
        body: updateAppointmentInputSchema,
        response: { 200: appointmentSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const accountId = request.auth.accountId;
      const input = request.body;
      const current = await getAppointment(db(), accountId, request.params.id);
      if (!current) throw notFound('Appointment');
      if (input.contact_id) await checkContact(accountId, input.contact_id);
      const patch: AppointmentPatch = {};
      if (input.contact_id !== undefined) patch.contactId = input.contact_id;
      if (input.starts_at !== undefined || input.duration_minutes !== undefined) {
        const startsAt = input.starts_at ? new Date(input.starts_at) : current.startsAt;
        const minutes =
          input.duration_minutes ?? (current.endsAt.getTime() - current.startsAt.getTime()) / MINUTE;
        patch.startsAt = startsAt;
        patch.endsAt = new Date(startsAt.getTime() + minutes * MINUTE);
      }
      if (input.service !== undefined) patch.service = input.service || null;
      if (input.staff !== undefined) patch.staff = input.staff ?? '';
      if (input.location !== undefined) patch.location = input.location || null;
      if (input.notes !== undefined) patch.notes = input.notes || null;
      const row = await takingSlot(() => service().update(accountId, request.params.id, patch, current));
      if (!row) throw notFound('Appointment');
      return appointmentResponse(row, await zoneOf(accountId));
    },
  );

  for (const [action, rule] of Object.entries(ACTIONS)) {
    fastify.post(
      `/appointments/:id/${action}`,
      {
        schema: {
          tags,
          summary: action === 'confirm' ? 'Confirm an appointment' : 'Cancel an appointment',
          description:
            action === 'confirm'
              ? 'The owner (or the customer, through you) confirms it. Confirming a confirmed one changes nothing; a cancelled, moved, completed or no-show one answers 409 appointment_closed.'
              : 'Frees its slot. Cancelling a cancelled one changes nothing; a moved, completed or no-show one answers 409 appointment_closed.',
          params: idParams,
          response: { 200: appointmentSchema, ...errors, 409: apiErrorSchema },
        },
      },
      async (request) => {
        const accountId = request.auth.accountId;
        const row = await service().changeStatus(accountId, request.params.id, rule.from, rule.to);
        if (!row) {
          const current = await getAppointment(db(), accountId, request.params.id);
          if (!current) throw notFound('Appointment');
          throw new AppError(
            'appointment_closed',
            `This appointment is ${current.status.replace('_', ' ')}: it can no longer be ${action === 'confirm' ? 'confirmed' : 'cancelled'}.`,
          );
        }
        return appointmentResponse(row, await zoneOf(accountId));
      },
    );
  }

  fastify.post(
    '/appointments/:id/reschedule',
    {
      schema: {
        tags,
        summary: 'Move an appointment to a new time',
        description:
          'In one transaction: this one becomes `rescheduled` (its slot freed) and a new one at the new time, ' +
          'with the same contact and details, takes its place (201 with the new one; `rescheduled_from` links ' +
          'back). A taken slot answers 409 slot_taken and changes nothing; a cancelled, moved, completed or no-show one 409 ' +
          'appointment_closed.',
        params: idParams,
        body: rescheduleAppointmentInputSchema,
        response: { 201: appointmentSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const accountId = request.auth.accountId;
      const current = await getAppointment(db(), accountId, request.params.id);
      if (!current) throw notFound('Appointment');
      const startsAt = new Date(request.body.starts_at);
      const minutes =
        request.body.duration_minutes ?? (current.endsAt.getTime() - current.startsAt.getTime()) / MINUTE;
      const moved = await takingSlot(() =>
        service().reschedule(accountId, current, {
          startsAt,
          endsAt: new Date(startsAt.getTime() + minutes * MINUTE),
        }),
      );
      if (!moved) {
        throw new AppError(
          'appointment_closed',
          `This appointment is ${current.status.replace('_', ' ')}: it can no longer be moved.`,
        );
      }
      return reply.status(201).send(appointmentResponse(moved.created, await zoneOf(accountId)));
    },
  );

  fastify.delete(
    '/appointments/:id',
    {
      schema: {
        tags,
        summary: 'Delete an appointment',
        description: 'Removes it for good (cancel keeps it in the history).',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await service().delete(request.auth.accountId, request.params.id))) {
        throw notFound('Appointment');
      }
      return reply.status(204).send(null);
    },
  );
};

export default appointmentsRoutes;
