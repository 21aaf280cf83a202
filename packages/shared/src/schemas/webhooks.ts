import { z } from 'zod';
import { CALL_STATUSES } from '../calls.ts';

/** A webhook signing secret is this prefix and the base64 of its 32 random bytes (Standard Webhooks). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** A call's status changed (or the call was created). */
export const CALL_STATUS_CHANGED_EVENT = 'call.status_changed';
/** A call that had not gone out was edited (PATCH /v1/calls/{id}): its time, text, voice or recipient. */
export const CALL_UPDATED_EVENT = 'call.updated';
/** How long a receiver has to answer a delivery before it counts as failed. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/**
 * The wait before each retry of a failed delivery, as multiples of the first wait (30 seconds by default):
 * 30 s, 2 min, 10 min, 1 h, 6 h, 12 h, 24 h. After the last one the delivery is given up (failed).
 */
export const WEBHOOK_RETRY_STEPS = [1, 4, 20, 120, 720, 1440, 2880] as const;
/** Attempts of one delivery: the first and one per retry step. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_STEPS.length + 1;
/** Receivers should refuse deliveries whose webhook-timestamp is further than this from their clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const webhookSecretSchema = z.object({
  secret: z
    .string()
    .describe(
      'The account’s signing secret (whsec_ and base64). The HMAC-SHA256 key is the base64-decoded part after whsec_.',
    ),
});
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

/** The events posted to the account's webhook URL (decision 018). */
export const ACCOUNT_WEBHOOK_EVENTS = [
  'appointment.created',
  'appointment.confirmed',
  'appointment.cancelled',
  'appointment.reschedule_requested',
  'appointment.rescheduled',
  'appointment.completed',
  'appointment.no_show',
] as const;

export const webhookEndpointSchema = z.object({
  url: z
    .string()
    .nullable()
    .describe('Where the account’s events are posted (HTTPS, signed like every delivery); null: nowhere'),
  events: z
    .array(z.enum(ACCOUNT_WEBHOOK_EVENTS))
    .describe('The events posted to it: every appointment.* change'),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const updateWebhookEndpointInputSchema = z
  .object({
    url: z
      .string()
      .trim()
      .max(2000, 'At most 2,000 characters')
      .nullable()
      .describe('An https:// address on the public internet; null or "" stops the deliveries'),
  })
  .strict();

export const webhookDeliverySchema = z.object({
  id: z.uuid().describe('The delivery’s id, sent as the webhook-id header (the same on every retry)'),
  event_type: z
    .string()
    .describe(
      `The event: ${CALL_STATUS_CHANGED_EVENT}, or ${CALL_UPDATED_EVENT} for an edit of a call not gone out`,
    ),
  call_status: z
    .enum(CALL_STATUSES)
    .describe('The status the call changed to, which this delivery announces'),
  url: z.string().describe('Where the delivery is posted: the call’s callback_url'),
  state: z
    .enum(WEBHOOK_DELIVERY_STATES)
    .describe(
      'pending (not delivered yet, or waiting for a retry), delivered (a 2xx answer) or failed (given up)',
    ),
  attempts: z.number().int().describe('How many times it was sent'),
  last_status_code: z
    .number()
    .int()
    .nullable()
    .describe(
      'The HTTP status of the last answer; null when there was none (refused, timed out, unreachable)',
    ),
  last_error: z
    .string()
    .nullable()
    .describe('What went wrong with the last attempt, in words; null once delivered'),
  next_attempt_at: z.iso
    .datetime()
    .nullable()
    .describe('When it is sent (again), while pending; null once delivered or failed'),
  delivered_at: z.iso.datetime().nullable().describe('When the receiver accepted it with a 2xx answer'),
  created_at: z.iso.datetime().describe('When the status changed and the delivery was queued'),
  data: z
    .record(z.string(), z.unknown())
    .describe('The `data` of the delivery: the call as it was at the change'),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({
  data: z.array(webhookDeliverySchema).describe('The call’s deliveries, newest first'),
});

/**
 * A receiver's check of a delivery in Node.js with no library: the Settings page and the API documentation
 * show it, and the server's tests run it against real deliveries.
 */
export const WEBHOOK_VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

// secret: your whsec_… secret; headers: the request's headers; body: the raw request body, as received.
function verifyWebhook(secret, headers, body) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  if (!id || Math.abs(Date.now() / 1000 - Number(timestamp)) > ${WEBHOOK_TOLERANCE_SECONDS}) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest();
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((entry) => {
      const [version, signature = ''] = entry.split(',');
      const given = Buffer.from(signature, 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}`;
