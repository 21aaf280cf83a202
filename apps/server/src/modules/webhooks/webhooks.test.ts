import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_VERIFY_SNIPPET, type WebhookDelivery } from '@callwise/shared/schemas/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';
import { verifyWebhook } from '../../engine/index.ts';

/**
 * End to end: calls placed by the real engine (simulated carrier, fast) post every status change to a local
 * receiver (WEBHOOK_ALLOW_PRIVATE on, as in local development), signed, in order, retried.
 */

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  answered: number;
}

let t: TestApp;
let receiver: Server;
let base: string;
const received: Received[] = [];
/** How the receiver answers each path: the status for the n-th request (0-based) to it. */
const answers = new Map<string, (n: number) => number>();

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const n = received.filter((r) => r.path === path).length;
      const status = answers.get(path)?.(n) ?? 200;
      received.push({
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        answered: status,
      });
      response
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status >= 300 ? 'Try again later' : 'ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await buildTestApp({
    engine: true,
    env: {
      SIMULATOR_SPEED: '200',
      CALL_RETRY_DELAY_SECONDS: '1',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

type User = Awaited<ReturnType<typeof signedInUser>>;

async function createCall(owner: User, number: string, callbackPath: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/calls',
    headers: owner.headers,
    payload: {
      phone: `+1 202 555 ${number}`,
      recipient_name: 'Dana Reyes',
      message: 'Hi {{name}}, this is a reminder of your appointment tomorrow.',
      callback_url: `${base}${callbackPath}`,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string };
}

async function secretOf(owner: User): Promise<string> {
  const res = await t.app.inject({ url: '/v1/webhooks/secret', headers: owner.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().secret;
}

/**
 * The call's delivery log once every delivery in it has ended (delivered or failed): the receiver has a request
 * before the sender has written down its answer, so a log read at once may still say pending.
 */
async function deliveriesOf(owner: User, callId: string, timeoutMs = 5_000): Promise<WebhookDelivery[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.app.inject({ url: `/v1/calls/${callId}/webhook-deliveries`, headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    const log: WebhookDelivery[] = res.json().data;
    if (log.every((delivery) => delivery.state !== 'pending') || Date.now() > deadline) return log;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The requests to a path, once one announces `status` and was answered with a 2xx. */
async function waitFor(path: string, status: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mine = received.filter((r) => r.path === path);
    if (mine.some((r) => JSON.parse(r.body).data.status === status && r.answered < 300)) return mine;
    if (Date.now() > deadline) {
      throw new Error(`no ${status} delivery to ${path}: ${mine.map((r) => r.body).join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const statusesOf = (requests: Received[]) => requests.map((r) => JSON.parse(r.body).data.status as string);

/** The verification snippet shown in Settings and the API documentation, run as a receiver would run it. */
function snippetVerifier() {
  const code = WEBHOOK_VERIFY_SNIPPET.replace(/^import .*$/m, '');
  return new Function('createHmac', 'timingSafeEqual', 'Buffer', `${code}\nreturn verifyWebhook;`)(
    createHmac,
    timingSafeEqual,
    Buffer,
  ) as (secret: string, headers: IncomingHttpHeaders, body: string) => boolean;
}

const ANSWERED = ['queued', 'ringing', 'in-progress', 'completed'];

describe('deliveries to a callback_url', () => {
  it('posts every status change of an answered call, in order, signed with the account secret', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const secret = await secretOf(owner);
    const call = await createCall(owner, '0100', '/answered');
    const created = Date.now();
    const requests = await waitFor('/answered', 'completed');

    expect(statusesOf(requests)).toEqual(ANSWERED);
    // Woken by the change itself: the first status is out well within two seconds of the call's creation.
    expect((requests[0] as Received).at - created).toBeLessThan(2000);

    const verify = snippetVerifier();
    const log = await deliveriesOf(owner, call.id);
    for (const [index, request] of requests.entries()) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
      expect(verifyWebhook(secret, request.headers, request.body)).toBe(true);
      expect(verify(secret, request.headers, request.body)).toBe(true);
      // Not with another secret, nor a changed body.
      expect(verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, request.headers, request.body)).toBe(
        false,
      );
      expect(verify(secret, request.headers, request.body.replace('Dana', 'Dina'))).toBe(false);

      const body = JSON.parse(request.body);
      expect(Object.keys(body).sort()).toEqual(['data', 'timestamp', 'type']);
      expect(body.type).toBe('call.status_changed');
      expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
      expect(body.data).toMatchObject({
        id: call.id,
        status: ANSWERED[index],
        previous_status: index === 0 ? null : ANSWERED[index - 1],
        phone: '+12025550100',
        recipient_name: 'Dana Reyes',
      });
      // webhook-id is the delivery's id in the log.
      const logged = log.find((delivery) => delivery.id === request.headers['webhook-id']);
      expect(logged).toMatchObject({
        call_status: ANSWERED[index],
        state: 'delivered',
        attempts: 1,
        last_status_code: 200,
        last_error: null,
        next_attempt_at: null,
        url: `${base}/answered`,
        created_at: body.timestamp,
      });
    }
    expect(body(requests.at(-1)).data).toMatchObject({ outcome: 'confirmed', attempts: 1 });
    expect(log.map((delivery) => delivery.call_status)).toEqual([...ANSWERED].reverse());
  });

  it('follows a busy call through its retry', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await createCall(owner, '0109', '/retried-call');
    const requests = await waitFor('/retried-call', 'completed');
    expect(statusesOf(requests)).toEqual(['queued', 'ringing', 'busy', 'scheduled', ...ANSWERED]);
  });

  it('retries a failed delivery, and holds the call’s later changes back until it is through', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const secret = await secretOf(owner);
    answers.set('/flaky', (n) => (n === 0 ? 500 : 200));
    const call = await createCall(owner, '0100', '/flaky');
    const requests = await waitFor('/flaky', 'completed');

    expect(statusesOf(requests)).toEqual(['queued', ...ANSWERED]);
    const [first, again] = requests as [Received, Received];
    expect(first.answered).toBe(500);
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(again.body).toBe(first.body);
    // Waited for the retry (1 s here, 30 s by default), and signed afresh.
    expect(again.at - first.at).toBeGreaterThanOrEqual(850);
    expect(verifyWebhook(secret, again.headers, again.body)).toBe(true);

    const log = await deliveriesOf(owner, call.id);
    const queued = log.find((delivery) => delivery.call_status === 'queued');
    expect(queued).toMatchObject({
      state: 'delivered',
      attempts: 2,
      last_status_code: 200,
      last_error: null,
    });
    expect(log.filter((delivery) => delivery.call_status !== 'queued').every((d) => d.attempts === 1)).toBe(
      true,
    );
  });

  it('gives up at once on 410 Gone, and the call’s next changes still go out', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    answers.set('/gone', (n) => (n === 0 ? 410 : 200));
    const call = await createCall(owner, '0100', '/gone');
    const requests = await waitFor('/gone', 'completed');
    expect(statusesOf(requests)).toEqual(ANSWERED);

    const log = await deliveriesOf(owner, call.id);
    expect(log.find((delivery) => delivery.call_status === 'queued')).toMatchObject({
      state: 'failed',
      attempts: 1,
      last_status_code: 410,
      last_error: 'the receiver answered HTTP 410: Try again later',
      next_attempt_at: null,
      delivered_at: null,
    });
  });
});

function body(request: Received | undefined) {
  return JSON.parse(request?.body ?? '{}');
}
