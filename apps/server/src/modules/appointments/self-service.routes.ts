import type { Database } from '@callwise/db/client';
import { findSelfServiceAppointment } from '@callwise/db/queries/self-service';
import type { AppointmentRow } from '@callwise/db/schema';
import { apiErrorSchema } from '@callwise/shared/errors';
import type { AppointmentStatus } from '@callwise/shared/schemas/appointments';
import {
  SELF_SERVICE_RATE_LIMIT,
  SELF_SERVICE_SLOT_DAYS,
  type SelfServiceAppointment,
  selfServiceAppointmentSchema,
  selfServiceRescheduleInputSchema,
  selfServiceSlotsQuerySchema,
  selfServiceSlotsSchema,
  selfServiceTokenParamsSchema,
} from '@callwise/shared/schemas/self-service';
import { recipientValues } from '@callwise/shared/variables';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import {
  type AppointmentAction,
  applyAppointmentAction,
  MOVABLE_STATUSES,
  moveAppointment,
} from './appointment-actions.ts';
import { openSlotsToMove } from './booking-settings.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const SELF_SERVICE_MESSAGES = {
  invalid: 'This link is not valid. Check that you opened the whole link from your message.',
  missing: 'There is no appointment for this link any more. Please contact the business.',
  expired: 'This link has expired. Please contact the business about your appointment.',
  started:
    'Your appointment has already started, so it can no longer be changed here. Please call the business.',
  slotGone: 'Sorry, that time is no longer open: someone may have just taken it. Please pick another time.',
  tooMany: 'Too many requests. Please wait {seconds} seconds and try again.',
} as const;

const CLOSED_REASONS: Partial<Record<AppointmentStatus, string>> = {
  cancelled: 'This appointment was cancelled.',
  rescheduled: 'This appointment was moved.',
  completed: 'This appointment is over.',
  no_show: 'This appointment is over.',
};

const tags = ['self-service'];
const params = selfServiceTokenParamsSchema;
const errors = {
  400: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
  429: apiErrorSchema,
};
const NO_ACCOUNT =
  'No account is needed: the signed token in the link is the key (404 when it is not valid, 410 once it has ' +
  `expired, a day after the appointment's start). At most ${SELF_SERVICE_RATE_LIMIT.limit} requests a minute ` +
  'per client address (429 after).';

/**
 * The customer's own page for an appointment (issue #17), reached by the signed, expiring link in their reminder:
 * see it, confirm, cancel, or move it to an open time. Public: the token is the credential.
 */
const selfServiceRoutes: FastifyPluginAsyncZod<{ now?: () => Date }> = async (fastify, options) => {
  const db = (): Database => fastify.database.db;
  const service = () => fastify.services.appointments;
  const links = () => fastify.services.selfServiceLinks;
  const clock = options.now ?? (() => new Date());

  /** Counts the request against its address, then finds the appointment its token names (followed past moves). */
  async function open(ip: string, token: string) {
    await enforceRateLimit(
      db(),
      `self-service:ip:${ip}`,
      SELF_SERVICE_RATE_LIMIT,
      SELF_SERVICE_MESSAGES.tooMany,
    );
    const verified = links().verify(token);
    if (!verified.ok) {
      if (verified.reason === 'expired') throw new AppError('link_expired', SELF_SERVICE_MESSAGES.expired);
      throw new AppError('not_found', SELF_SERVICE_MESSAGES.invalid);
    }
    const found = await findSelfServiceAppointment(db(), verified.appointmentId);
    if (!found) throw new AppError('not_found', SELF_SERVICE_MESSAGES.missing);
    return found;
  }
  type Found = Awaited<ReturnType<typeof open>>;

  const started = (appointment: AppointmentRow) => appointment.startsAt.getTime() <= clock().getTime();

  function view({ appointment, business, contact }: Found): SelfServiceAppointment {
    const status = appointment.status as AppointmentStatus;
    const isStarted = started(appointment);
    const movable = !isStarted && MOVABLE_STATUSES.includes(status);
    return {
      token: links().token(appointment),
      business_name: business.name,
      first_name: contact
        ? (recipientValues({ name: contact.name, first_name: contact.firstName }).first_name ?? null)
        : null,
      service: appointment.service,
      staff: appointment.staff === '' ? null : appointment.staff,
      location: appointment.location,
      starts_at: appointment.startsAt.toISOString(),
      ends_at: appointment.endsAt.toISOString(),
      duration_minutes: minutesOf(appointment),
      timezone: business.timezone,
      status,
      actions: {
        confirm: movable && status !== 'confirmed',
        cancel: movable,
        reschedule: movable,
      },
      closed_reason: CLOSED_REASONS[status] ?? (isStarted ? SELF_SERVICE_MESSAGES.started : null),
    };
  }

  /** Refuses a change to one that has started (its status would tell nothing about why). */
  function checkNotStarted(appointment: AppointmentRow) {
    if (started(appointment)) throw new AppError('appointment_started', SELF_SERVICE_MESSAGES.started);
  }

  fastify.get(
    '/self-service/:token',
    {
      schema: {
        tags,
        security: [],
        summary: 'A customer’s appointment',
        description:
          'What the customer’s page shows: the business, the service, staff member, place and time (in the ' +
          'business’s time zone), the status, and what may be done now. Of the customer, the first name only. ' +
          `A link to a moved appointment shows the one that replaced it. ${NO_ACCOUNT}`,
        params,
        response: { 200: selfServiceAppointmentSchema, ...errors },
      },
    },
    async (request) => view(await open(request.ip, request.params.token)),
  );

  fastify.get(
    '/self-service/:token/slots',
    {
      schema: {
        tags,
        security: [],
        summary: 'Open times to move a customer’s appointment to',
        description:
          'The open slots of the same staff member, for the same length, within the next ' +
          `${SELF_SERVICE_SLOT_DAYS} days (a wider window is cut to it). 409 when it can no longer be moved. ${NO_ACCOUNT}`,
        params,
        querystring: selfServiceSlotsQuerySchema,
        response: { 200: selfServiceSlotsSchema, ...errors },
      },
    },
    async (request) => {
      const found = await open(request.ip, request.params.token);
      const { appointment, business } = found;
      checkNotStarted(appointment);
      if (!MOVABLE_STATUSES.includes(appointment.status)) throw closed(appointment.status);
      const now = clock();
      const limit = now.getTime() + SELF_SERVICE_SLOT_DAYS * DAY;
      const from = new Date(Math.max(now.getTime(), request.query.from ? Date.parse(request.query.from) : 0));
      const to = new Date(Math.min(limit, request.query.to ? Date.parse(request.query.to) : limit));
      if (
        request.query.to &&
        request.query.from &&
        Date.parse(request.query.to) <= Date.parse(request.query.from)
      ) {
        throw new AppError('validation_failed', 'to: Must be after from', [
          { field: 'to', message: 'Must be after from' },
        ]);
      }
      const slots =
        to > from
          ? await openSlotsToMove(db(), appointment, { timezone: business.timezone, from, to, now })
          : [];
      return {
        timezone: business.timezone,
        duration_minutes: minutesOf(appointment),
        slots: slots.map((slot) => ({
          starts_at: slot.startsAt.toISOString(),
          ends_at: slot.endsAt.toISOString(),
        })),
      };
    },
  );

  for (const action of ['confirm', 'cancel'] as const satisfies AppointmentAction[]) {
    fastify.post(
      `/self-service/:token/${action}`,
      {
        schema: {
          tags,
          security: [],
          summary: action === 'confirm' ? 'The customer confirms' : 'The customer cancels',
          description:
            (action === 'confirm'
              ? 'Confirms the appointment (its reminder calls still waiting are cancelled). Confirming a confirmed one changes nothing.'
              : 'Cancels the appointment and frees its slot (its reminder calls are cancelled). Cancelling a cancelled one changes nothing.') +
            ` Once it has started: 409 appointment_started; a moved, completed or no-show one: 409 appointment_closed. ${NO_ACCOUNT}`,
          params,
          response: { 200: selfServiceAppointmentSchema, ...errors },
        },
      },
      async (request) => {
        const found = await open(request.ip, request.params.token);
        const { appointment } = found;
        checkNotStarted(appointment);
        const row = await applyAppointmentAction(
          service(),
          appointment.accountId,
          appointment.id,
          action,
          async () => (await findSelfServiceAppointment(db(), appointment.id))?.appointment,
        );
        if (!row) throw new AppError('not_found', SELF_SERVICE_MESSAGES.missing);
        return view({ ...found, appointment: row });
      },
    );
  }

  fastify.post(
    '/self-service/:token/reschedule',
    {
      schema: {
        tags,
        security: [],
        summary: 'The customer moves it to an open time',
        description:
          'To one of the open slots (see …/slots); the new appointment is confirmed at once (the customer chose ' +
          'it) and the old one becomes `rescheduled`, in one transaction with their reminders. A time no longer ' +
          'open answers 409 slot_taken and changes nothing. The answer carries the new appointment’s `token`. ' +
          NO_ACCOUNT,
        params,
        body: selfServiceRescheduleInputSchema,
        response: { 200: selfServiceAppointmentSchema, ...errors },
      },
    },
    async (request) => {
      const found = await open(request.ip, request.params.token);
      const { appointment, business } = found;
      checkNotStarted(appointment);
      if (!MOVABLE_STATUSES.includes(appointment.status)) throw closed(appointment.status);
      const startsAt = new Date(request.body.starts_at);
      const now = clock().getTime();
      const within = startsAt.getTime() > now && startsAt.getTime() < now + SELF_SERVICE_SLOT_DAYS * DAY;
      const [slot] = within
        ? await openSlotsToMove(db(), appointment, {
            timezone: business.timezone,
            from: startsAt,
            to: new Date(startsAt.getTime() + 1),
            now: clock(),
          })
        : [];
      if (!slot || slot.startsAt.getTime() !== startsAt.getTime()) {
        throw new AppError('slot_taken', SELF_SERVICE_MESSAGES.slotGone);
      }
      const created = await moveAppointment(
        service(),
        appointment.accountId,
        appointment,
        { startsAt: slot.startsAt, endsAt: slot.endsAt },
        { confirmed: true, slotTakenMessage: SELF_SERVICE_MESSAGES.slotGone },
      );
      return view({ ...found, appointment: created });
    },
  );
};

const minutesOf = (appointment: AppointmentRow) =>
  Math.round((appointment.endsAt.getTime() - appointment.startsAt.getTime()) / MINUTE);

const closed = (status: string) =>
  new AppError(
    'appointment_closed',
    CLOSED_REASONS[status as AppointmentStatus] ?? `This appointment is ${status.replace('_', ' ')}.`,
  );

export default selfServiceRoutes;
