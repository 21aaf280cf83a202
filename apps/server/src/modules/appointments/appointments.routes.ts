import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import { appointmentTimeline } from '@callwise/db/queries/appointment-timeline';
import {
  type AppointmentPatch,
  getAppointment,
  listAppointments,
  type NewAppointment,
} from '@callwise/db/queries/appointments';
import { getContact } from '@callwise/db/queries/contacts';
import { isUniqueViolation } from '@callwise/db/queries/cursor';
import type { AppointmentRow } from '@callwise/db/schema';
import { apiErrorSchema } from '@callwise/shared/errors';
import {
  type Appointment,
  type AppointmentReminder,
  type AppointmentStatus,
  appointmentReminderSchema,
  appointmentSchema,
  appointmentsBatchSchema,
  type CreateAppointmentInput,
  createAppointmentInputSchema,
  createAppointmentsBatchInputSchema,
  DEFAULT_APPOINTMENT_MINUTES,
  listAppointmentsQuerySchema,
  MAX_APPOINTMENT_BATCH,
  rescheduleAppointmentInputSchema,
  updateAppointmentInputSchema,
} from '@callwise/shared/schemas/appointments';
import type { BookingSettings } from '@callwise/shared/schemas/booking';
import { pageQuerySchema, pageSchema } from '@callwise/shared/schemas/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../http/app-error.ts';
import { parseCursor } from '../../http/pagination.ts';
import { idempotencyHeadersSchema, idempotent } from '../../plugins/idempotency.ts';
import {
  APPOINTMENT_ACTIONS,
  applyAppointmentAction,
  moveAppointment,
  takingSlot,
} from './appointment-actions.ts';
import { APPOINTMENTS_EXAMPLES } from './appointments.examples.ts';
import { externalIdTaken } from './appointments.service.ts';
import { bookingSettingsOf, findService } from './booking-settings.ts';
import type { SelfServiceLinks } from './self-service-link.ts';

const MINUTE = 60_000;

export function appointmentResponse(
  row: AppointmentRow,
  timezone: string,
  links: Pick<SelfServiceLinks, 'url'>,
): Appointment {
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
    self_service_url: links.url(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** An appointment as the API books it: without a length, its service's (else the default). */
function newAppointmentOf(
  input: CreateAppointmentInput,
  settings: BookingSettings,
  source: 'manual' | 'api',
): NewAppointment {
  const startsAt = new Date(input.starts_at);
  const minutes =
    input.duration_minutes ??
    findService(settings, input.service)?.duration_minutes ??
    DEFAULT_APPOINTMENT_MINUTES;
  return {
    contactId: input.contact_id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + minutes * MINUTE),
    service: input.service || null,
    staff: input.staff ?? '',
    location: input.location || null,
    notes: input.notes || null,
    source,
    externalId: input.external_id || null,
  };
}

const fieldError = (field: string, message: string) =>
  new AppError('validation_failed', `${field}: ${message}`, [{ field, message }]);

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
  const respond = (row: AppointmentRow, timezone: string) =>
    appointmentResponse(row, timezone, fastify.services.selfServiceLinks);

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
        examples: APPOINTMENTS_EXAMPLES.listAppointments,
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
      return { data: page.rows.map((row) => respond(row, zone)), next_cursor: page.nextCursor };
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
        examples: APPOINTMENTS_EXAMPLES.bookAppointment,
      },
    },
    async (request, reply) => {
      const accountId = request.auth.accountId;
      const input = request.body;
      await checkContact(accountId, input.contact_id);
      const source = request.auth.kind === 'session' ? 'manual' : 'api';
      const { settings } = await bookingSettingsOf(db(), accountId);
      const row = await takingSlot(() =>
        service()
          .create(accountId, newAppointmentOf(input, settings, source))
          .catch((error: unknown) => {
            // external_id is unique per account and source (its index): a second use is a 409, whoever writes first.
            if (!isUniqueViolation(error)) throw error;
            throw new AppError('conflict', externalIdTaken(input.external_id ?? '').message);
          }),
      );
      return reply.status(201).send(respond(row, await zoneOf(accountId)));
    },
  );

  fastify.post(
    '/appointments/batch',
    {
      ...idempotent,
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Book many appointments',
        description:
          `Up to ${MAX_APPOINTMENT_BATCH} appointments in one request, each as POST /v1/appointments takes it, with ` +
          'their reminders. Each one that cannot be booked (a contact not in your account, a slot another ' +
          'appointment of the same staff member holds — including an earlier one of the same batch —, an ' +
          '`external_id` already used) is reported by its position in `failed`; the others are booked.',
        headers: idempotencyHeadersSchema,
        body: createAppointmentsBatchInputSchema,
        response: {
          200: appointmentsBatchSchema,
          400: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
        },
        examples: APPOINTMENTS_EXAMPLES.bookManyAppointments,
      },
    },
    async (request) => {
      const accountId = request.auth.accountId;
      const source = request.auth.kind === 'session' ? 'manual' : 'api';
      const { settings } = await bookingSettingsOf(db(), accountId);
      const { created, failed } = await service().createMany(
        accountId,
        request.body.appointments.map((input) => newAppointmentOf(input, settings, source)),
      );
      const zone = await zoneOf(accountId);
      return { created: created.map((row) => respond(row, zone)), failed };
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
        examples: APPOINTMENTS_EXAMPLES.getAppointment,
      },
    },
    async (request) => {
      const row = await getAppointment(db(), request.auth.accountId, request.params.id);
      if (!row) throw notFound('Appointment');
      return respond(row, await zoneOf(request.auth.accountId));
    },
  );

  fastify.get(
    '/appointments/:id/reminders',
    {
      schema: {
        tags,
        summary: 'An appointment’s reminder timeline',
        description:
          'What went out about it, or will, in time order: its reminder calls (and any other call about it) with ' +
          'their status and the answer, its e-mails (reminders, the notice of a move) and its text reminders (channel ' +
          'sms; the text itself is then in /v1/messages) with theirs. A moved ' +
          'appointment’s new reminders are the new one’s (see rescheduled_to).',
        params: idParams,
        response: {
          200: z.object({ data: z.array(appointmentReminderSchema).describe('In time order') }),
          ...errors,
        },
        examples: APPOINTMENTS_EXAMPLES.appointmentReminderTimeline,
      },
    },
    async (request) => {
      const accountId = request.auth.accountId;
      if (!(await getAppointment(db(), accountId, request.params.id))) throw notFound('Appointment');
      const items = await appointmentTimeline(db(), accountId, request.params.id);
      return {
        data: items.map(
          (item): AppointmentReminder => ({
            channel: item.channel,
            id: item.id,
            kind: item.kind,
            minutes_before: item.minutesBefore,
            at: item.at.toISOString(),
            status: item.status,
            outcome: (item.outcome ?? null) as AppointmentReminder['outcome'],
            detail: item.detail,
          }),
        ),
      };
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
        examples: APPOINTMENTS_EXAMPLES.changeAppointment,
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
      return respond(row, await zoneOf(accountId));
    },
  );

  for (const action of Object.keys(APPOINTMENT_ACTIONS) as Array<keyof typeof APPOINTMENT_ACTIONS>) {
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
          examples: APPOINTMENTS_EXAMPLES[`${action}Appointment`],
        },
      },
      async (request) => {
        const accountId = request.auth.accountId;
        const row = await applyAppointmentAction(service(), accountId, request.params.id, action, () =>
          getAppointment(db(), accountId, request.params.id),
        );
        if (!row) throw notFound('Appointment');
        return respond(row, await zoneOf(accountId));
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
        examples: APPOINTMENTS_EXAMPLES.rescheduleAppointment,
      },
    },
    async (request, reply) => {
      const accountId = request.auth.accountId;
      const current = await getAppointment(db(), accountId, request.params.id);
      if (!current) throw notFound('Appointment');
      const startsAt = new Date(request.body.starts_at);
      const minutes =
        request.body.duration_minutes ?? (current.endsAt.getTime() - current.startsAt.getTime()) / MINUTE;
      const created = await moveAppointment(service(), accountId, current, {
        startsAt,
        endsAt: new Date(startsAt.getTime() + minutes * MINUTE),
      });
      return reply.status(201).send(respond(created, await zoneOf(accountId)));
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
        examples: APPOINTMENTS_EXAMPLES.deleteAppointment,
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
