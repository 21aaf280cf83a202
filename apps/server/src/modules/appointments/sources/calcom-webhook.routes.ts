import { findCalendarConnection, recordCalendarSync } from '@callwise/db/queries/calendar-connections';
import type { FastifyPluginAsync } from 'fastify';
import { AppError, notFound } from '../../../http/app-error.ts';
import { enforceRateLimit } from '../../../http/rate-limit.ts';
import { CAL_SIGNATURE_HEADER, CalPayloadError, parseCalWebhook, verifyCalSignature } from './calcom.ts';

/** Webhooks one connection may send a minute (a busy clinic books a few an hour; a flood is refused with 429). */
export const CALCOM_WEBHOOK_RATE_LIMIT = { limit: 300, windowSeconds: 60 } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The body as Cal.com sent it (the signature covers these bytes) and as JSON, when it is JSON. */
type SignedBody = { raw: string; json: unknown; invalid: boolean };

/**
 * Cal.com's webhooks (decision 016), outside /v1 like Twilio's: one address per connection,
 * `POST /hooks/calcom/{connectionId}`, each request verified with X-Cal-Signature-256 (the HMAC-SHA256 of the
 * raw body with the connection's secret). Bookings created, moved and cancelled are applied to the appointments;
 * other triggers are acknowledged and ignored; a replay changes nothing. At most CALCOM_WEBHOOK_RATE_LIMIT a minute
 * per connection (429 with Retry-After beyond).
 */
const calcomWebhookRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_r, body, done) => {
      const raw = body as string;
      try {
        done(null, { raw, json: JSON.parse(raw), invalid: false } satisfies SignedBody);
      } catch {
        done(null, { raw, json: undefined, invalid: true } satisfies SignedBody);
      }
    },
  );

  fastify.post<{ Params: { connectionId: string } }>(
    '/hooks/calcom/:connectionId',
    { schema: { hide: true } },
    async (request) => {
      const { connectionId } = request.params;
      const connection = UUID.test(connectionId)
        ? await findCalendarConnection(fastify.database.db, connectionId)
        : undefined;
      if (connection?.kind !== 'calcom' || !connection.secret) throw notFound('Calendar connection');
      await enforceRateLimit(
        fastify.database.db,
        `calcom-webhook:${connection.id}`,
        CALCOM_WEBHOOK_RATE_LIMIT,
        'Too many Cal.com webhooks for this connection. Try again in {seconds} seconds.',
      );
      const body = request.body as SignedBody | undefined;
      const header = request.headers[CAL_SIGNATURE_HEADER];
      const signature = Array.isArray(header) ? header[0] : header;
      if (
        !body ||
        typeof body.raw !== 'string' ||
        !verifyCalSignature(body.raw, signature, connection.secret)
      ) {
        throw new AppError('unauthorized', 'This request does not carry a valid X-Cal-Signature-256.');
      }
      if (body.invalid) {
        throw new AppError('validation_failed', 'body: is not JSON', [
          { field: 'body', message: 'is not JSON' },
        ]);
      }
      let event: ReturnType<typeof parseCalWebhook>;
      try {
        event = parseCalWebhook(body.json);
      } catch (error) {
        if (!(error instanceof CalPayloadError)) throw error;
        throw new AppError('validation_failed', error.message, [
          { field: error.field, message: error.message },
        ]);
      }
      if (!event) return { ok: true, ignored: true };
      const summary = await fastify.services.calendars.sync.applyCalBooking(
        connection.accountId,
        event,
        connection,
      );
      await recordCalendarSync(fastify.database.db, connection.id, { at: new Date(), error: null });
      return { ok: true, ignored: false, ...summary };
    },
  );
};

export default calcomWebhookRoutes;
