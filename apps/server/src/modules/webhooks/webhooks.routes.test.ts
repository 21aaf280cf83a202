import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookDelivery } from '@callwise/shared/schemas/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createApiKey, signedInUser, type TestApp } from '../../../test/helper.ts';
import { verifyWebhook } from '../../engine/index.ts';
import { WebhookDeliverer } from '../../engine/webhooks/webhook-deliverer.ts';
import type { Resolver } from '../../infra/ssrf.ts';

/**
 * The webhook API (secret, rotation, a call's delivery log, isolation between accounts) and what a delivery
 * does at send time (addresses refused after DNS, timeouts), with a deliverer driven by hand: this app runs no
 * call engine, so a call stays queued and its one delivery waits for us.
 */

let t: TestApp;
let receiver: Server;
let port: number;
const received: Array<{ path: string; headers: IncomingHttpHeaders; body: string }> = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      // /slow never answers (until the deliverer gives up on it).
      if (path.startsWith('/slow')) return;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
  // Private addresses are allowed when calls are created; each test's deliverer sets its own rule.
  t = await buildTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
});
afterAll(async () => {
  await t?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

type User = Awaited<ReturnType<typeof signedInUser>>;

const quietLog = { warn: () => undefined, error: (obj: object, msg: string) => console.warn(msg, obj) };

/** A deliverer of this app's database; DNS answers 127.0.0.1 for hooks.example.com. */
function deliverer(options: { allowPrivate: boolean; timeoutMs?: number }) {
  const resolve: Resolver = (host, callback) =>
    host === 'hooks.example.com'
      ? callback(null, [{ address: '127.0.0.1', family: 4 }])
      : callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
  return new WebhookDeliverer({
    db: t.database.db,
    log: quietLog,
    retryDelaySeconds: 30,
    resolve,
    ...options,
  });
}

async function createCall(owner: { headers: Record<string, string> }, callbackUrl?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/calls',
    headers: owner.headers,
    payload: {
      phone: '+1 202 555 0100',
      recipient_name: 'Sam Ortiz',
      message: 'Hi {{name}}, your order is ready.',
      ...(callbackUrl ? { callback_url: callbackUrl } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

async function deliveriesOf(owner: { headers: Record<string, string> }, callId: string) {
  const res = await t.app.inject({ url: `/v1/calls/${callId}/webhook-deliveries`, headers: owner.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as WebhookDelivery[];
}

/** Takes every other pending delivery out of the way, so that a hand-driven round sends only this call's. */
async function onlyPending(callId: string) {
  await t.database.executeSql(
    "UPDATE webhook_deliveries SET state = 'failed' WHERE state = 'pending' AND call_id <> $1",
    [callId],
  );
}

describe('the signing secret', () => {
  let owner: User;
  beforeAll(async () => {
    owner = await signedInUser(t, { plan: 'professional' });
  });

  it('is made on first use, then stays the same; each account has its own', async () => {
    const first = await t.app.inject({ url: '/v1/webhooks/secret', headers: owner.headers });
    expect(first.statusCode).toBe(200);
    const { secret } = first.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect((await t.app.inject({ url: '/v1/webhooks/secret', headers: owner.headers })).json().secret).toBe(
      secret,
    );
    const other = await signedInUser(t, { plan: 'professional' });
    const theirs = (await t.app.inject({ url: '/v1/webhooks/secret', headers: other.headers })).json().secret;
    expect(theirs).toMatch(/^whsec_/);
    expect(theirs).not.toBe(secret);
  });

  it('rotates: a new secret at once; the previous one still signs too for 24 hours, then only the new', async () => {
    // Several calls to the same number today.
    await t.database.executeSql('UPDATE accounts SET daily_call_cap = 10 WHERE id = $1', [owner.accountId]);
    const before = (await t.app.inject({ url: '/v1/webhooks/secret', headers: owner.headers })).json().secret;
    const rotate = async () => {
      const rotated = await t.app.inject({
        method: 'POST',
        url: '/v1/webhooks/secret/rotate',
        headers: owner.headers,
      });
      expect(rotated.statusCode, rotated.body).toBe(200);
      return rotated.json().secret as string;
    };
    const after = await rotate();
    expect(after).toMatch(/^whsec_/);
    expect(after).not.toBe(before);
    expect((await t.app.inject({ url: '/v1/webhooks/secret', headers: owner.headers })).json().secret).toBe(
      after,
    );

    /** A delivery sent now to `path`, as its receiver got it. */
    const deliver = async (path: string) => {
      const call = await createCall(owner, `http://127.0.0.1:${port}${path}`);
      await onlyPending(call.id);
      expect(await deliverer({ allowPrivate: true }).deliverDue()).toBe(1);
      const request = received.find((r) => r.path === path);
      expect(request).toBeDefined();
      return { headers: request?.headers ?? {}, body: request?.body ?? '' };
    };
    const signatures = (request: { headers: IncomingHttpHeaders }) =>
      String(request.headers['webhook-signature']).split(' ');

    // Within the day after the rotation: signed with both, so receivers with either secret accept it.
    const during = await deliver('/rotated');
    expect(signatures(during)).toHaveLength(2);
    expect(verifyWebhook(after, during.headers, during.body)).toBe(true);
    expect(verifyWebhook(before, during.headers, during.body)).toBe(true);
    expect(
      verifyWebhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, during.headers, during.body),
    ).toBe(false);

    // 24 hours later the previous secret no longer signs.
    await t.database.executeSql(
      "UPDATE accounts SET webhook_secret_rotated_at = now() - interval '24 hours 1 second' WHERE id = $1",
      [owner.accountId],
    );
    const later = await deliver('/rotated-later');
    expect(signatures(later)).toHaveLength(1);
    expect(verifyWebhook(after, later.headers, later.body)).toBe(true);
    expect(verifyWebhook(before, later.headers, later.body)).toBe(false);

    // Two rotations in a day: the secret two rotations back stops at once; the one just replaced still signs.
    const third = await rotate();
    const fourth = await rotate();
    const twice = await deliver('/rotated-twice');
    expect(verifyWebhook(fourth, twice.headers, twice.body)).toBe(true);
    expect(verifyWebhook(third, twice.headers, twice.body)).toBe(true);
    expect(verifyWebhook(after, twice.headers, twice.body)).toBe(false);
  });

  it('is for signed-in sessions only: an API key gets 403', async () => {
    const key = await createApiKey(t, owner);
    for (const [method, url] of [
      ['GET', '/v1/webhooks/secret'],
      ['POST', '/v1/webhooks/secret/rotate'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: key.headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('session_required');
    }
    expect((await t.app.inject({ url: '/v1/webhooks/secret' })).statusCode).toBe(401);
  });
});

describe('a call’s delivery log', () => {
  it('lists the call’s deliveries to the account, by session or API key; none without a callback_url', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const call = await createCall(owner, 'https://hooks.example.com/in');
    const log = await deliveriesOf(owner, call.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      event_type: 'call.status_changed',
      call_status: 'queued',
      url: 'https://hooks.example.com/in',
      state: 'pending',
      attempts: 0,
      last_status_code: null,
      last_error: null,
      delivered_at: null,
      data: { id: call.id, status: 'queued', previous_status: null, recipient_name: 'Sam Ortiz' },
    });
    expect(log[0]?.next_attempt_at).not.toBeNull();
    const key = await createApiKey(t, owner);
    expect((await deliveriesOf(key, call.id)).map((d) => d.id)).toEqual(log.map((d) => d.id));

    const plain = await createCall(owner);
    expect(await deliveriesOf(owner, plain.id)).toEqual([]);
  });

  it('answers 404 for another account’s call (session or API key), and 400 for a bad id', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const stranger = await signedInUser(t, { plan: 'professional' });
    const call = await createCall(owner, 'https://hooks.example.com/private');
    const strangerKey = await createApiKey(t, stranger);
    for (const headers of [stranger.headers, strangerKey.headers]) {
      const res = await t.app.inject({ url: `/v1/calls/${call.id}/webhook-deliveries`, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Call not found' } });
    }
    const bad = await t.app.inject({ url: '/v1/calls/42/webhook-deliveries', headers: owner.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
  });
});

describe('sending', () => {
  it('refuses a public-looking name that resolves to a private address (checked when connecting)', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const call = await createCall(owner, `http://hooks.example.com:${port}/rebound`);
    await onlyPending(call.id);
    expect(await deliverer({ allowPrivate: false }).deliverDue()).toBe(1);
    expect(received.some((r) => r.path === '/rebound')).toBe(false);
    const [delivery] = await deliveriesOf(owner, call.id);
    expect(delivery).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_status_code: null,
      last_error: 'hooks.example.com resolves to 127.0.0.1, a loopback address: refused',
    });
    // Retried later (30 s here, ±10%), in case the name's answer changes.
    const wait = new Date(delivery?.next_attempt_at ?? 0).getTime() - Date.now();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThan(40_000);

    // The same delivery with private addresses allowed (local development) goes through.
    await t.database.executeSql('UPDATE webhook_deliveries SET next_attempt_at = now() WHERE call_id = $1', [
      call.id,
    ]);
    expect(await deliverer({ allowPrivate: true }).deliverDue()).toBe(1);
    expect(received.some((r) => r.path === '/rebound')).toBe(true);
    expect((await deliveriesOf(owner, call.id))[0]).toMatchObject({
      state: 'delivered',
      attempts: 2,
      last_status_code: 204,
      last_error: null,
    });
  });

  it('gives up at once on an address that is refused as written', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const call = await createCall(owner, `http://127.0.0.1:${port}/literal`);
    await onlyPending(call.id);
    expect(await deliverer({ allowPrivate: false }).deliverDue()).toBe(1);
    expect(received.some((r) => r.path === '/literal')).toBe(false);
    expect((await deliveriesOf(owner, call.id))[0]).toMatchObject({
      state: 'failed',
      attempts: 1,
      last_status_code: null,
      last_error: 'refused: the URL must be a public address: 127.0.0.1 is a loopback address',
      next_attempt_at: null,
    });
  });

  it('counts a receiver that does not answer in time as a failed attempt', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const call = await createCall(owner, `http://127.0.0.1:${port}/slow`);
    await onlyPending(call.id);
    const started = Date.now();
    expect(await deliverer({ allowPrivate: true, timeoutMs: 300 }).deliverDue()).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(received.some((r) => r.path === '/slow')).toBe(true);
    expect((await deliveriesOf(owner, call.id))[0]).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_status_code: null,
      last_error: 'no answer within 0.3 seconds',
    });
  });

  it('does not send a call’s later change while an earlier one is pending', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const call = await createCall(owner, `http://127.0.0.1:${port}/ordered`);
    await onlyPending(call.id);
    // A later change of the same call, queued while the first still waits for a retry.
    await t.database.executeSql(
      "UPDATE webhook_deliveries SET attempts = 1, next_attempt_at = now() + interval '1 hour' WHERE call_id = $1",
      [call.id],
    );
    await t.database.executeSql("UPDATE calls SET status = 'canceled' WHERE id = $1", [call.id]);
    const round = deliverer({ allowPrivate: true });
    expect(await round.deliverDue()).toBe(0);
    expect(received.some((r) => r.path === '/ordered')).toBe(false);

    // Once the first is due and delivered, the second follows.
    await t.database.executeSql('UPDATE webhook_deliveries SET next_attempt_at = now() WHERE call_id = $1', [
      call.id,
    ]);
    expect(await round.deliverDue()).toBe(1);
    expect(await round.deliverDue()).toBe(1);
    const statuses = received
      .filter((r) => r.path === '/ordered')
      .map((r) => JSON.parse(r.body).data.status as string);
    expect(statuses).toEqual(['queued', 'canceled']);
  });
});
