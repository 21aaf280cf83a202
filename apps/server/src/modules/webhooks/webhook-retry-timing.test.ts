import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';

/**
 * Retries go out when they fall due: with WEBHOOK_RETRY_DELAY_SECONDS=1 a failed delivery is tried again after
 * 1 s and then 4 s (±10%), on the embedded engine too (whose deliverer otherwise looks only every 5 s), and a
 * receiver that does not answer (held until the 10 s timeout) holds up only its own delivery.
 */

let t: TestApp;
let receiver: Server;
let base: string;
/** When each request to a path arrived. */
const arrivals = new Map<string, number[]>();

beforeAll(async () => {
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const path = request.url ?? '';
      const times = arrivals.get(path) ?? [];
      times.push(Date.now());
      arrivals.set(path, times);
      // /silent never answers; /flaky fails its first two attempts.
      if (path === '/silent') return;
      response.writeHead(path === '/flaky' && times.length <= 2 ? 500 : 200).end();
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
  // The silent receiver's held request fails at once instead of at its timeout.
  receiver?.closeAllConnections();
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function createCall(headers: Record<string, string>, number: string, path: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/calls',
    headers,
    payload: {
      phone: `+1 202 555 ${number}`,
      recipient_name: 'Dana Reyes',
      message: 'Hi {{name}}, this is a reminder of your appointment tomorrow.',
      callback_url: `${base}${path}`,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('webhook retries', () => {
  it('go out when they fall due (1 s, then 4 s), while another receiver keeps a delivery waiting', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await createCall(owner.headers, '0101', '/silent');
    await until(() => (arrivals.get('/silent')?.length ?? 0) > 0, 5000, 'the silent receiver');

    const created = Date.now();
    await createCall(owner.headers, '0100', '/flaky');
    await until(() => (arrivals.get('/flaky')?.length ?? 0) >= 3, 20_000, 'three attempts at /flaky');
    const [first, second, third] = arrivals.get('/flaky') as [number, number, number];

    // The first attempt is not held up by the silent receiver's delivery.
    expect(first - created).toBeLessThan(2000);
    // Each retry within 1.5 times its configured wait and half a second (and not before it, less the 10%).
    const gaps = [second - first, third - second];
    expect(gaps[0], `gaps ${gaps}`).toBeGreaterThanOrEqual(850);
    expect(gaps[0], `gaps ${gaps}`).toBeLessThan(1.5 * 1000 + 500);
    expect(gaps[1], `gaps ${gaps}`).toBeGreaterThanOrEqual(3500);
    expect(gaps[1], `gaps ${gaps}`).toBeLessThan(1.5 * 4000 + 500);
  }, 40_000);
});
