import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX, WEBHOOK_TOLERANCE_SECONDS } from '@callwise/shared/schemas/webhooks';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com, symmetric scheme): the HMAC-SHA256 of
 * "<webhook-id>.<webhook-timestamp>.<body>", keyed with the base64-decoded part of the `whsec_` secret, sent as
 * `webhook-signature: v1,<base64>`.
 */

/** A new signing secret: `whsec_` and the base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX)
    ? secret.slice(WEBHOOK_SECRET_PREFIX.length)
    : secret;
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new Error('empty webhook secret');
  return key;
}

/** The `webhook-signature` value of a message: `v1,<base64 HMAC-SHA256>`. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const digest = createHmac('sha256', secretKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest();
  return `v1,${digest.toString('base64')}`;
}

/**
 * The three headers of a delivery. With several secrets (the current one, and after a rotation the one it
 * replaced) the message is signed with each, and the signatures are sent separated by spaces, as Standard
 * Webhooks allows: a receiver accepts the delivery when one of them matches its secret.
 */
export function webhookHeaders(
  secrets: string | readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const keys = [...new Set(typeof secrets === 'string' ? [secrets] : secrets)];
  if (keys.length === 0) throw new Error('no webhook secret to sign with');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': keys.map((secret) => signWebhook(secret, id, timestampSeconds, body)).join(' '),
  };
}

/**
 * A receiver's check (for tests and for anyone verifying by hand): one of the space-separated `v1` signatures
 * matches, in constant time, and the timestamp is within the tolerance of `nowSeconds`.
 */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = one('webhook-id');
  const timestamp = Number(one('webhook-timestamp'));
  const signatures = one('webhook-signature');
  if (!id || !signatures || !Number.isInteger(timestamp)) return false;
  if (Math.abs(nowSeconds - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, id, timestamp, body).slice(3), 'base64');
  return signatures.split(' ').some((entry) => {
    const [version, signature = ''] = entry.split(',');
    const given = Buffer.from(signature, 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
