import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';
import { verifyWebhook } from '../../engine/index.ts';

/**
 * The account's own webhook (issue #17, decision 018): every change of an appointment a receiver acts on is posted
 * to the account's URL, signed like every delivery, in order per appointment; none without a URL.
 */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let receiver: Server;
let base: string;
const received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await buildTestApp({
    engine: true,
    env: { SIMULATOR_SPEED: '200', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAY_SECONDS: '1' },
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

type User = Awaited<ReturnType<typeof signedInUser>>;

async function contactOf(user: User) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/contacts',
    headers: user.headers,
    payload: {
      name: 'Maria Garcia',
      phone: '+12025551777',
      email: 'maria@example.com',
      company: 'Garcia Bakery',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const send = (user: User, method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

async function eventsAt(path: string, count: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mine = received.filter((item) => item.path === path);
    if (mine.length >= count) return mine;
    if (Date.now() > deadline) throw new Error(`${mine.length} of ${count} events arrived at ${path}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('appointment webhooks', () => {
  it('posts created, confirmed, rescheduled and cancelled to the account’s URL, signed, in order', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const set = await send(owner, 'PUT', '/v1/webhooks/endpoint', { url: `${base}/hooks/a` });
    expect(set.statusCode, set.body).toBe(200);
    expect((await send(owner, 'GET', '/v1/webhooks/endpoint')).json().url).toBe(`${base}/hooks/a`);
    const contactId = await contactOf(owner);
    const booked = await send(owner, 'POST', '/v1/appointments', {
      contact_id: contactId,
      starts_at: '2030-12-02T10:00:00-05:00',
      staff: 'Dr. Patel',
    });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().id as string;
    expect((await send(owner, 'POST', `/v1/appointments/${id}/confirm`)).statusCode).toBe(200);
    const moved = await send(owner, 'POST', `/v1/appointments/${id}/reschedule`, {
      starts_at: '2030-12-03T11:00:00-05:00',
    });
    expect(moved.statusCode).toBe(201);
    const newId = moved.json().id as string;
    expect((await send(owner, 'POST', `/v1/appointments/${newId}/cancel`)).statusCode).toBe(200);

    const events = await eventsAt('/hooks/a', 4);
    const secret = (await send(owner, 'GET', '/v1/webhooks/secret')).json().secret as string;
    for (const event of events) expect(verifyWebhook(secret, event.headers, event.body)).toBe(true);
    // In order per appointment (the new one's changes do not wait for the old one's).
    const bodies = events
      .map((event) => JSON.parse(event.body))
      .sort((a, b) => (a.data.id === b.data.id ? 0 : a.data.id === id ? -1 : 1));
    expect(bodies.map((body) => [body.type, body.data.id])).toEqual([
      ['appointment.created', id],
      ['appointment.confirmed', id],
      ['appointment.rescheduled', id],
      ['appointment.cancelled', newId],
    ]);
    expect(bodies[0].data).toMatchObject({
      status: 'scheduled',
      previous_status: null,
      contact_id: contactId,
      staff: 'Dr. Patel',
      source: 'manual',
    });
    expect(new Date(bodies[0].data.starts_at).toISOString()).toBe('2030-12-02T15:00:00.000Z');
    expect(bodies[2].data).toMatchObject({
      status: 'rescheduled',
      rescheduled_to: newId,
      new_status: 'scheduled',
    });
    expect(new Date(bodies[2].data.new_starts_at).toISOString()).toBe('2030-12-03T16:00:00.000Z');
    expect(bodies[3].data).toMatchObject({
      status: 'cancelled',
      previous_status: 'scheduled',
      rescheduled_from: id,
    });
  });

  it('posts nothing without a URL, stops when it is cleared, and refuses an address it may not reach', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const contactId = await contactOf(owner);
    await send(owner, 'POST', '/v1/appointments', {
      contact_id: contactId,
      starts_at: '2030-12-04T10:00:00Z',
    });
    await send(owner, 'PUT', '/v1/webhooks/endpoint', { url: `${base}/hooks/b` });
    await send(owner, 'PUT', '/v1/webhooks/endpoint', { url: '' });
    expect((await send(owner, 'GET', '/v1/webhooks/endpoint')).json().url).toBeNull();
    await send(owner, 'POST', '/v1/appointments', {
      contact_id: contactId,
      starts_at: '2030-12-05T10:00:00Z',
    });
    const rows = await t.database.executeSql(
      'SELECT count(*)::int AS n FROM webhook_deliveries WHERE account_id = $1',
      [owner.accountId],
    );
    expect((rows.rows[0] as { n: number }).n).toBe(0);
    const bad = await send(owner, 'PUT', '/v1/webhooks/endpoint', { url: 'ftp://example.com/hooks' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('url');
    // API keys cannot change where events go.
    const key = await t.app.inject({
      method: 'POST',
      url: '/v1/api-keys',
      headers: owner.headers,
      payload: { name: 'CI' },
    });
    const withKey = await t.app.inject({
      method: 'PUT',
      url: '/v1/webhooks/endpoint',
      headers: { authorization: `Bearer ${key.json().key}` },
      payload: { url: 'https://example.com/x' },
    });
    expect(withKey.statusCode).toBe(403);
  });
});
