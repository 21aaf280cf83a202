import { findAccount } from '@callwise/db/queries/accounts';
import {
  ensureWebhookSecret,
  listCallWebhookDeliveries,
  replaceWebhookSecret,
  setAccountWebhookUrl,
} from '@callwise/db/queries/webhooks';
import type { WebhookDelivery as DeliveryRow } from '@callwise/db/schema';
import { CALL_STATUSES } from '@callwise/shared/calls';
import { apiErrorSchema } from '@callwise/shared/errors';
import {
  ACCOUNT_WEBHOOK_EVENTS,
  updateWebhookEndpointInputSchema,
  WEBHOOK_DELIVERY_STATES,
  type WebhookDelivery,
  webhookDeliveryListSchema,
  webhookEndpointSchema,
  webhookSecretSchema,
} from '@callwise/shared/schemas/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { generateWebhookSecret } from '../../engine/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { callbackUrlProblem } from '../../infra/ssrf.ts';
import { WEBHOOKS_EXAMPLES } from './webhooks.examples.ts';

const tags = ['webhooks'];
const idParams = z.object({ id: z.uuid({ error: 'is not a call id' }).describe('The call’s id') });

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function deliveryResponse(row: DeliveryRow): WebhookDelivery {
  const data = (row.payload ?? {}) as Record<string, unknown>;
  const status = String(data.status);
  const state = String(row.state);
  return {
    id: row.id,
    event_type: row.eventType,
    call_status: (CALL_STATUSES as readonly string[]).includes(status)
      ? (status as WebhookDelivery['call_status'])
      : 'queued',
    url: row.url,
    state: (WEBHOOK_DELIVERY_STATES as readonly string[]).includes(state)
      ? (state as WebhookDelivery['state'])
      : 'pending',
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    next_attempt_at: row.state === 'pending' ? iso(row.nextAttemptAt) : null,
    delivered_at: iso(row.deliveredAt),
    created_at: row.createdAt.toISOString(),
    data,
  };
}

/**
 * The account's webhook signing secret: read (made on first use) and rotate. Signed-in sessions only: a leaked
 * API key must not reveal or change it.
 */
export const webhookSecretRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = () => fastify.database.db;

  fastify.get(
    '/webhooks/secret',
    {
      schema: {
        tags,
        summary: 'Get the webhook signing secret',
        description:
          'The secret that signs every delivery to a callback_url (Standard Webhooks: webhook-id, webhook-timestamp ' +
          'and webhook-signature headers). Made on first use. Signed-in session only.',
        response: { 200: webhookSecretSchema },
        examples: WEBHOOKS_EXAMPLES.getWebhookSigningSecret,
      },
    },
    async (request) => {
      const secret = await ensureWebhookSecret(db(), request.auth.accountId, generateWebhookSecret);
      if (!secret) throw notFound('Account');
      return { secret };
    },
  );

  fastify.post(
    '/webhooks/secret/rotate',
    {
      schema: {
        tags,
        summary: 'Rotate the webhook signing secret',
        description:
          'Replaces the secret: every delivery from now on (retries too) is signed with the new one. For 24 hours ' +
          'after the rotation it is signed with the previous secret as well (two space-separated v1 signatures ' +
          'in webhook-signature), so receivers keep accepting deliveries until they are given the new secret; ' +
          'a secret two rotations back stops at once. Answers the new secret. Signed-in session only.',
        response: { 200: webhookSecretSchema },
        examples: WEBHOOKS_EXAMPLES.rotateWebhookSigningSecret,
      },
    },
    async (request) => {
      const secret = await replaceWebhookSecret(db(), request.auth.accountId, generateWebhookSecret());
      if (!secret) throw notFound('Account');
      return { secret };
    },
  );
};

/**
 * The account's own webhook endpoint (decision 018): every appointment.* event is posted there, signed with the
 * same secret. Signed-in sessions only, like the secret.
 */
export const webhookEndpointRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = () => fastify.database.db;
  const answer = (url: string | null) => ({ url, events: [...ACCOUNT_WEBHOOK_EVENTS] });

  fastify.get(
    '/webhooks/endpoint',
    {
      schema: {
        tags,
        summary: 'Get the account’s webhook URL',
        description:
          'Where appointment events are posted (appointment.created, .confirmed, .cancelled, ' +
          '.reschedule_requested, .rescheduled, .completed, .no_show). Signed-in session only.',
        response: { 200: webhookEndpointSchema },
        examples: WEBHOOKS_EXAMPLES.getAccountWebhookUrl,
      },
    },
    async (request) => {
      const account = await findAccount(db(), request.auth.accountId);
      if (!account) throw notFound('Account');
      return answer(account.webhookUrl);
    },
  );

  fastify.put(
    '/webhooks/endpoint',
    {
      schema: {
        tags,
        summary: 'Set the account’s webhook URL',
        description:
          'An https:// address on the public internet (the same rules as a callback_url); null or an empty ' +
          'string stops the deliveries. Events from now on go to the new address. Signed-in session only.',
        body: updateWebhookEndpointInputSchema,
        response: { 200: webhookEndpointSchema, 400: apiErrorSchema },
        examples: WEBHOOKS_EXAMPLES.setAccountWebhookUrl,
      },
    },
    async (request) => {
      const url = request.body.url || null;
      if (url) {
        const problem = callbackUrlProblem(url, fastify.config.WEBHOOK_ALLOW_PRIVATE);
        if (problem) {
          throw new AppError('validation_failed', `url: The URL ${problem}.`, [
            { field: 'url', message: `The URL ${problem}.` },
          ]);
        }
      }
      const saved = await setAccountWebhookUrl(db(), request.auth.accountId, url);
      if (!saved) throw notFound('Account');
      return answer(url);
    },
  );
};

/** A call's delivery log (the integrator API: an API key or a session). */
export const webhookDeliveriesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/calls/:id/webhook-deliveries',
    {
      schema: {
        tags: ['calls', ...tags],
        summary: "List a call's webhook deliveries",
        description:
          'Every status change of a call with a callback_url is posted there; this is the log, newest first: the ' +
          'status announced, attempts, the last answer or error, and the state (pending, delivered, failed). A ' +
          'call without a callback_url has none.',
        params: idParams,
        response: { 200: webhookDeliveryListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        examples: WEBHOOKS_EXAMPLES.listCallWebhookDeliveries,
      },
    },
    async (request) => {
      const rows = await listCallWebhookDeliveries(
        fastify.database.db,
        request.auth.accountId,
        request.params.id,
      );
      if (!rows) throw notFound('Call');
      return { data: rows.map(deliveryResponse) };
    },
  );
};
