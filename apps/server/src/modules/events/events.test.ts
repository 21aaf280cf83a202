import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';

let t: TestApp & { baseUrl: string };

beforeAll(async () => {
  t = await listenTestApp({ engine: true, env: { SIMULATOR_SPEED: '200' } });
});
afterAll(async () => {
  await t.close();
});

/** Reads server-sent events over real HTTP until `until` says stop. */
async function readEvents(token: string, until: (events: Array<{ event: string; data: string }>) => boolean) {
  const controller = new AbortController();
  const res = await fetch(`${t.baseUrl}/v1/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const events: Array<{ event: string; data: string }> = [];
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const done = (async () => {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data });
        if (until(events)) return;
        end = buffer.indexOf('\n\n');
      }
    }
  })().catch((error: unknown) => {
    // Stopping the stream aborts the read.
    if ((error as Error).name !== 'AbortError') throw error;
  });
  return {
    events,
    finished: done,
    stop: () => controller.abort(),
  };
}

describe('GET /v1/events', () => {
  it('streams the account’s call changes live, and nobody else’s', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const theirs = await readEvents(stranger.token, () => false);
    const ours = await readEvents(owner.token, (events) =>
      events.some((e) => JSON.parse(e.data).status === 'completed'),
    );
    const created = await fetch(`${t.baseUrl}/v1/calls`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '+12025550105', message: 'Live' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await ours.finished;
    const statuses = ours.events.map((e) => JSON.parse(e.data)).filter((e) => e.id === id);
    expect(statuses.map((e) => e.status)).toEqual(
      expect.arrayContaining(['queued', 'ringing', 'in-progress', 'completed']),
    );
    expect(statuses.at(-1)).toMatchObject({ status: 'completed', outcome: 'cancelled' });
    // Versions only grow.
    const versions = statuses.map((e) => e.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    ours.stop();
    theirs.stop();
    expect(theirs.events).toEqual([]);
  });

  it('streams the account’s text changes as `message` events, and nobody else’s', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const theirs = await readEvents(stranger.token, () => false);
    const ours = await readEvents(owner.token, (events) =>
      events.some((e) => e.event === 'message' && JSON.parse(e.data).status === 'delivered'),
    );
    const sent = await fetch(`${t.baseUrl}/v1/messages`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ to: '+12025550122', body: 'Live text' }),
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    await ours.finished;
    const statuses = ours.events
      .filter((e) => e.event === 'message')
      .map((e) => JSON.parse(e.data))
      .filter((e) => e.id === id)
      .map((e) => e.status);
    expect(statuses).toEqual(['queued', 'sending', 'sent', 'delivered']);
    ours.stop();
    theirs.stop();
    expect(theirs.events).toEqual([]);
  });

  it('needs a signed-in caller', async () => {
    const res = await fetch(`${t.baseUrl}/v1/events`);
    expect(res.status).toBe(401);
  });
});
