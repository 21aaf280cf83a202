import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signWebhook, verifyWebhook, webhookHeaders } from './signing.ts';

// The test vector of the Standard Webhooks reference libraries (libraries/javascript/src/webhook.test.ts,
// "sign function works"): same secret, id, timestamp and payload, same signature.
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  payload: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('Standard Webhooks signatures', () => {
  it('signs the reference test vector exactly', () => {
    expect(signWebhook(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.payload)).toBe(VECTOR.signature);
    // The whsec_ prefix is only a label: the key is the base64 after it.
    expect(signWebhook(VECTOR.secret.slice(6), VECTOR.id, VECTOR.timestamp, VECTOR.payload)).toBe(
      VECTOR.signature,
    );
  });

  it('verifies the vector, and refuses any change to id, timestamp, body or secret', () => {
    const headers = {
      'webhook-id': VECTOR.id,
      'webhook-timestamp': String(VECTOR.timestamp),
      'webhook-signature': VECTOR.signature,
    };
    const now = VECTOR.timestamp + 10;
    expect(verifyWebhook(VECTOR.secret, headers, VECTOR.payload, now)).toBe(true);
    expect(verifyWebhook(VECTOR.secret, headers, '{"test": 2432232315}', now)).toBe(false);
    expect(verifyWebhook(VECTOR.secret, { ...headers, 'webhook-id': 'msg_other' }, VECTOR.payload, now)).toBe(
      false,
    );
    expect(
      verifyWebhook(
        VECTOR.secret,
        { ...headers, 'webhook-timestamp': String(VECTOR.timestamp + 1) },
        VECTOR.payload,
        now,
      ),
    ).toBe(false);
    expect(verifyWebhook(generateWebhookSecret(), headers, VECTOR.payload, now)).toBe(false);
    // Too old or too far ahead (more than five minutes): a replay.
    expect(verifyWebhook(VECTOR.secret, headers, VECTOR.payload, VECTOR.timestamp + 301)).toBe(false);
    expect(verifyWebhook(VECTOR.secret, headers, VECTOR.payload, VECTOR.timestamp - 301)).toBe(false);
    // Several signatures (a rotation): one matching is enough; a truncated one is not.
    const several = `v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= v2,abc ${VECTOR.signature}`;
    expect(
      verifyWebhook(VECTOR.secret, { ...headers, 'webhook-signature': several }, VECTOR.payload, now),
    ).toBe(true);
    expect(
      verifyWebhook(
        VECTOR.secret,
        { ...headers, 'webhook-signature': VECTOR.signature.slice(0, 10) },
        VECTOR.payload,
        now,
      ),
    ).toBe(false);
  });

  it('makes whsec_ secrets of 32 random bytes, and the three headers', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
    const headers = webhookHeaders(secret, 'd1', 1_700_000_000, '{}');
    expect(headers).toEqual({
      'webhook-id': 'd1',
      'webhook-timestamp': '1700000000',
      'webhook-signature': signWebhook(secret, 'd1', 1_700_000_000, '{}'),
    });
  });

  it('signs with each secret during a rotation, separated by spaces; either one verifies', () => {
    const current = generateWebhookSecret();
    const previous = generateWebhookSecret();
    const now = 1_700_000_000;
    const headers = webhookHeaders([current, previous], 'd2', now, '{"a":1}');
    expect(headers['webhook-signature']).toBe(
      `${signWebhook(current, 'd2', now, '{"a":1}')} ${signWebhook(previous, 'd2', now, '{"a":1}')}`,
    );
    expect(verifyWebhook(current, headers, '{"a":1}', now)).toBe(true);
    expect(verifyWebhook(previous, headers, '{"a":1}', now)).toBe(true);
    expect(verifyWebhook(generateWebhookSecret(), headers, '{"a":1}', now)).toBe(false);
    // The same secret twice is signed once.
    expect(webhookHeaders([current, current], 'd2', now, '{}')['webhook-signature'].split(' ')).toHaveLength(
      1,
    );
  });
});
