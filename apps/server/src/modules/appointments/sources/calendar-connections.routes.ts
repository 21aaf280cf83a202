import { getCalendarConnection, listCalendarConnections } from '@callwise/db/queries/calendar-connections';
import { apiErrorSchema } from '@callwise/shared/errors';
import {
  calendarConnectionListSchema,
  calendarConnectionSchema,
  calendarConnectionSyncSchema,
  calendarSyncSummarySchema,
  connectGoogleInputSchema,
  connectGoogleSchema,
  createCalendarConnectionInputSchema,
  createdCalendarConnectionSchema,
  googleCalendarSchema,
  importIcsInputSchema,
  updateCalendarConnectionInputSchema,
} from '@callwise/shared/schemas/calendar-connections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../../http/app-error.ts';
import { CALENDAR_CONNECTIONS_EXAMPLES } from './calendar-connections.examples.ts';
import { calendarConnectionResponse, fieldError } from './calendar-connections.ts';
import { GoogleConnectError, googleAvailable, googleCalendarResponse } from './google-connections.ts';
import { IcsParseError } from './ics.ts';
import { icsUrlProblem } from './ics-fetch.ts';

const idParams = z.object({
  id: z.uuid({ error: 'is not a calendar connection id' }).describe('The connection’s id'),
});
// Under appointments: the calendars are where appointments come from (http/openapi.ts declares the tags).
const tags = ['appointments'];
/** An uploaded calendar may be larger than a JSON request. */
const ICS_UPLOAD_LIMIT = 5 * 1024 * 1024;

/**
 * Calendars feeding the appointments (decision 016), signed-in session only: ICS subscriptions and Cal.com
 * webhooks, and the upload of an .ics file.
 */
const calendarConnectionsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { config } = fastify;
  const db = () => fastify.database.db;
  const connections = () => fastify.services.calendars;
  const response = (row: Parameters<typeof calendarConnectionResponse>[0]) =>
    calendarConnectionResponse(row, config.PUBLIC_URL);

  // An .ics file may be sent as it is (text/calendar) as well as in JSON.
  fastify.addContentTypeParser(
    'text/calendar',
    { parseAs: 'string', bodyLimit: ICS_UPLOAD_LIMIT },
    (_r, body, done) => done(null, { ics: body as string }),
  );

  fastify.get(
    '/calendar-connections',
    {
      schema: {
        tags,
        summary: 'List calendar connections',
        description:
          'ICS subscriptions, Cal.com webhooks and Google calendars, with their last sync and its error, and ' +
          'whether this server can connect Google calendars. Signed-in session only.',
        response: { 200: calendarConnectionListSchema },
        examples: CALENDAR_CONNECTIONS_EXAMPLES.listCalendarConnections,
      },
    },
    async (request) => ({
      data: (await listCalendarConnections(db(), request.auth.accountId)).map(response),
      google_available: googleAvailable(config),
    }),
  );

  fastify.post(
    '/calendar-connections/google',
    {
      schema: {
        tags,
        summary: 'Connect a Google calendar',
        description:
          'Answers Google’s consent page to send the user to (valid ten minutes). Once they allow access, Google ' +
          'sends them back to this server, which makes the connection on their primary calendar, reads it, and ' +
          'shows Settings → Booking. 503 when this server has no Google OAuth client. Signed-in session only.',
        body: connectGoogleInputSchema,
        response: { 200: connectGoogleSchema, 400: apiErrorSchema, 503: apiErrorSchema },
        examples: CALENDAR_CONNECTIONS_EXAMPLES.connectGoogleCalendar,
      },
    },
    async (request) => {
      if (!googleAvailable(config)) {
        throw new AppError(
          'service_unavailable',
          'Google Calendar is not set up on this server (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET).',
        );
      }
      return {
        authorization_url: await connections().connectGoogle(request.auth.accountId, request.body),
      };
    },
  );

  fastify.get(
    '/calendar-connections/:id/calendars',
    {
      schema: {
        tags,
        summary: 'List the calendars of a Google connection',
        description:
          'The calendars of the connected Google account, to choose the one read (`PATCH` with `calendar_id`). ' +
          '409 for a connection that is not Google’s, or when Google refuses (the message says why). Signed-in ' +
          'session only.',
        params: idParams,
        response: {
          200: z.object({ data: z.array(googleCalendarSchema).describe('Its calendars, the primary first') }),
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
        examples: CALENDAR_CONNECTIONS_EXAMPLES.listCalendarsOfGoogleConnection,
      },
    },
    async (request) => {
      const row = await getCalendarConnection(db(), request.auth.accountId, request.params.id);
      if (!row) throw notFound('Calendar connection');
      if (row.kind !== 'google')
        throw new AppError('conflict', 'Only a Google connection has calendars to choose.');
      try {
        return { data: (await connections().google.calendars(row)).map(googleCalendarResponse) };
      } catch (error) {
        if (error instanceof GoogleConnectError) throw new AppError('conflict', error.message);
        throw error;
      }
    },
  );

  fastify.post(
    '/calendar-connections',
    {
      schema: {
        tags,
        summary: 'Add a calendar connection',
        description:
          'An ICS subscription (`kind: ics`: its address must be a public http(s) one; it is read now and every 15 ' +
          'minutes, a day ago to 90 days ahead) or a Cal.com webhook (`kind: calcom`: the answer carries the ' +
          'webhook URL and its signing secret, shown only now). Signed-in session only.',
        body: createCalendarConnectionInputSchema,
        response: { 201: createdCalendarConnectionSchema, 400: apiErrorSchema },
        examples: CALENDAR_CONNECTIONS_EXAMPLES.addCalendarConnection,
      },
    },
    async (request, reply) => {
      const input = request.body;
      if (input.kind === 'ics') {
        const problem = icsUrlProblem(input.url, config.WEBHOOK_ALLOW_PRIVATE);
        if (problem) throw fieldError('url', problem);
      }
      const row = await connections().create(request.auth.accountId, input);
      if (row.kind === 'ics') {
        const { row: synced, summary } = await connections().syncIcs(row);
        return reply.code(201).send({ ...response(synced), secret: null, sync: summary });
      }
      return reply.code(201).send({ ...response(row), secret: row.secret, sync: null });
    },
  );

  fastify.patch(
    '/calendar-connections/:id',
    {
      schema: {
        tags,
        summary: 'Change a calendar connection',
        description:
          'Renames it, gives it to a staff member (`staff`, as the booking settings name them; null: the business ' +
          'as a whole — its appointments from now on), sets or removes (`api_key: null`) the Cal.com API key ' +
          'cancellations and moves are written back with, or reads another calendar of a Google account ' +
          '(`calendar_id`, read at once). Signed-in session only.',
        params: idParams,
        body: updateCalendarConnectionInputSchema,
        response: { 200: calendarConnectionSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        examples: CALENDAR_CONNECTIONS_EXAMPLES.changeCalendarConnection,
      },
    },
    async (request) => {
      const row = await connections().update(request.auth.accountId, request.params.id, request.body);
      if (!row) throw notFound('Calendar connection');
      return response(row);
    },
  );

  fastify.delete(
    '/calendar-connections/:id',
    {
      schema: {
        tags,
        summary: 'Remove a calendar connection',
        description:
          'Its appointments stay; an ICS subscription or a Google calendar is no longer read (Google’s access is ' +
          'given back), a Cal.com webhook is refused from now on.',
        params: idParams,
        response: { 204: z.null(), 400: apiErrorSchema, 404: apiErrorSchema },
        examples: CALENDAR_CONNECTIONS_EXAMPLES.removeCalendarConnection,
      },
    },
    async (request, reply) => {
      if (!(await connections().remove(request.auth.accountId, request.params.id))) {
        throw notFound('Calendar connection');
      }
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    '/calendar-connections/:id/sync',
    {
      schema: {
        tags,
        summary: 'Read an ICS subscription or a Google calendar now',
        description:
          'Applies its events to the appointments now (Google: what changed since the last read). A failed read ' +
          'answers 200 with `sync: null` and the connection’s `last_error`; a Cal.com connection cannot be read ' +
          '(409: Cal.com sends its bookings).',
        params: idParams,
        response: {
          200: calendarConnectionSyncSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
        examples: CALENDAR_CONNECTIONS_EXAMPLES.syncCalendarConnection,
      },
    },
    async (request) => {
      const row = await getCalendarConnection(db(), request.auth.accountId, request.params.id);
      if (!row) throw notFound('Calendar connection');
      if (row.kind === 'calcom') {
        throw new AppError(
          'conflict',
          'A Cal.com connection is not read: Cal.com sends each booking as it happens.',
        );
      }
      const { row: synced, summary } = await connections().read(row);
      return { connection: response(synced), sync: summary };
    },
  );

  fastify.post(
    '/appointments/import-ics',
    {
      bodyLimit: ICS_UPLOAD_LIMIT,
      schema: {
        tags: ['appointments'],
        summary: 'Import appointments from an .ics file',
        description:
          'The file’s timed events from a day ago to a year ahead become appointments (source `ics`, matched again ' +
          'by UID on the next upload: moved, corrected or cancelled; one overlapping another appointment is skipped ' +
          'and listed). Send the text as `text/calendar` or as JSON `{ "ics": "…" }`. Signed-in session only.',
        body: importIcsInputSchema,
        response: { 200: calendarSyncSummarySchema, 400: apiErrorSchema },
        examples: CALENDAR_CONNECTIONS_EXAMPLES.importAppointmentsFromIcsFile,
      },
    },
    async (request) => {
      try {
        return await connections().importIcs(request.auth.accountId, request.body.ics);
      } catch (error) {
        if (error instanceof IcsParseError)
          throw fieldError('ics', `is not a readable calendar: ${error.message}`);
        throw error;
      }
    },
  );
};

export default calendarConnectionsRoutes;
