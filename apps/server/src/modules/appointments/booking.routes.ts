import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import { holdingTimes, saveBookingSettings } from '@callwise/db/queries/booking-settings';
import { bookableStaff } from '@callwise/shared/availability';
import { apiErrorSchema } from '@callwise/shared/errors';
import { DEFAULT_APPOINTMENT_MINUTES } from '@callwise/shared/schemas/appointments';
import {
  availabilityQuerySchema,
  availabilitySchema,
  type BookingSettings,
  type BookingSettingsResponse,
  bookingSettingsInputSchema,
  bookingSettingsSchema,
  MAX_AVAILABILITY_DAYS,
} from '@callwise/shared/schemas/booking';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { BOOKING_EXAMPLES } from './booking.examples.ts';
import { bookingSettingsOf, findOpenSlots, findService } from './booking-settings.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const fieldError = (field: string, message: string) =>
  new AppError('validation_failed', `${field}: ${message}`, [{ field, message }]);

const tags = ['appointments'];

const respond = (
  settings: BookingSettings,
  timezone: string,
  updatedAt: Date | null,
): BookingSettingsResponse => ({
  ...settings,
  timezone,
  updated_at: updatedAt?.toISOString() ?? null,
});

/** What the settings say that the schema alone cannot check: closures name staff members the settings have. */
function checkSettings(settings: BookingSettings) {
  const names = new Set(settings.staff.map((member) => member.name));
  settings.closures.forEach((closure, index) => {
    if (closure.staff !== null && !names.has(closure.staff)) {
      throw fieldError(`closures.${index}.staff`, `No staff member named ${closure.staff}`);
    }
  });
}

/** Booking settings and open slots (issue #17, decision 015). */
const bookingRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = (): Database => fastify.database.db;
  const zoneOf = async (accountId: string) => (await findAccount(db(), accountId))?.timezone ?? 'UTC';

  fastify.get(
    '/booking-settings',
    {
      schema: {
        tags,
        summary: 'Get the booking settings',
        description:
          'Opening hours, staff members and resources, services, closures, and the reminders sent before each ' +
          'appointment. An account that never saved any gets the defaults (weekdays 9 AM to 5 PM).',
        response: { 200: bookingSettingsSchema },
        examples: BOOKING_EXAMPLES.getBookingSettings,
      },
    },
    async (request) => {
      const accountId = request.auth.accountId;
      const { settings, updatedAt } = await bookingSettingsOf(db(), accountId);
      return respond(settings, await zoneOf(accountId), updatedAt);
    },
  );

  fastify.put(
    '/booking-settings',
    {
      schema: {
        tags,
        summary: 'Replace the booking settings',
        description:
          'All of them at once (read, change, write back). Times are in the business’s time zone. Existing ' +
          'appointments keep their times.',
        body: bookingSettingsInputSchema,
        response: { 200: bookingSettingsSchema, 400: apiErrorSchema },
        examples: BOOKING_EXAMPLES.replaceBookingSettings,
      },
    },
    async (request) => {
      const accountId = request.auth.accountId;
      checkSettings(request.body);
      const saved = await saveBookingSettings(db(), accountId, request.body);
      return respond(saved.settings, await zoneOf(accountId), saved.updatedAt);
    },
  );

  fastify.get(
    '/availability',
    {
      schema: {
        tags,
        summary: 'Open slots',
        description:
          'Bookable slots for a service (its length and buffer) with one staff member or every bookable one: ' +
          'inside their opening hours, outside closures, not sooner than the minimum notice, and free of ' +
          'appointments that hold their slot (with those appointments’ buffers). In the business’s time zone, ' +
          `at most ${MAX_AVAILABILITY_DAYS} days at once.`,
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema, 400: apiErrorSchema },
        examples: BOOKING_EXAMPLES.openSlots,
      },
    },
    async (request) => {
      const accountId = request.auth.accountId;
      const query = request.query;
      // Read once and kept on the embedded engine until they change (decision 024).
      const kept = fastify.services.availability;
      const { settings } = await kept.settings(accountId, () => bookingSettingsOf(db(), accountId));
      const service = findService(settings, query.service);
      if (query.service && !service) {
        throw fieldError('service', `No service named ${query.service} in your booking settings`);
      }
      let staff = bookableStaff(settings);
      if (query.staff !== undefined && query.staff !== '') {
        const member = settings.staff.find((item) => item.name.toLowerCase() === query.staff?.toLowerCase());
        if (!member)
          throw fieldError('staff', `No staff member named ${query.staff} in your booking settings`);
        staff = [member.name];
      }
      const now = new Date();
      const from = query.from ? new Date(query.from) : now;
      const to = query.to ? new Date(query.to) : new Date(from.getTime() + 7 * DAY);
      if (to <= from) throw fieldError('to', 'Must be after from');
      if (to.getTime() - from.getTime() > MAX_AVAILABILITY_DAYS * DAY) {
        throw fieldError('to', `At most ${MAX_AVAILABILITY_DAYS} days after from`);
      }
      const duration = query.duration_minutes ?? service?.duration_minutes ?? DEFAULT_APPOINTMENT_MINUTES;
      const buffer = service?.buffer_minutes ?? 0;
      const timezone = await kept.timezone(accountId, () => zoneOf(accountId));
      const slots = await findOpenSlots(
        db(),
        accountId,
        { settings, timezone, staff, from, to, now, durationMinutes: duration, bufferMinutes: buffer },
        (database, account, members, since, until) =>
          kept.held(account, members, since, until, () =>
            holdingTimes(database, account, members, since, until),
          ),
      );
      return {
        timezone,
        service: service?.name ?? null,
        duration_minutes: duration,
        slots: slots.map((slot) => ({
          starts_at: slot.startsAt.toISOString(),
          ends_at: slot.endsAt.toISOString(),
          staff: slot.staff === '' ? null : slot.staff,
        })),
      };
    },
  );
};

export default bookingRoutes;
