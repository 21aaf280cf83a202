import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followEventStream } from '@/lib/event-stream';
import type { ServerSentEvent } from '@/lib/sse-parser';
import { recordRequests, server, url } from '@/test/server';
import { storeSession } from '@/test/session';

/** The server's side of `/v1/events`: each connection stays open, and `send` writes an event to every one. */
function eventsServer() {
  const open = new Set<ReadableStreamDefaultController<Uint8Array>>();
  server.use(
    http.get(url('/v1/events'), ({ request }) => {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
          open.add(c);
        },
        cancel() {
          open.delete(controller);
        },
      });
      request.signal.addEventListener('abort', () => open.delete(controller));
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return {
    open,
    send(name: string, data: string) {
      for (const c of open) c.enqueue(new TextEncoder().encode(`event: ${name}\ndata: ${data}\n\n`));
    },
  };
}

const streams = (sent: ReturnType<typeof recordRequests>) => sent.filter((r) => r.path === '/events').length;
const follower = () => {
  const events: ServerSentEvent[] = [];
  return { events, handlers: { onEvent: (event: ServerSentEvent) => events.push(event), onOpen: vi.fn() } };
};

let stops: Array<() => void> = [];
beforeEach(() => storeSession());
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

describe('followEventStream', () => {
  it('shares one connection among the followers of a path, and closes it when the last one stops', async () => {
    const sent = recordRequests();
    const events = eventsServer();
    const calls = follower();
    const texts = follower();
    const first = followEventStream('/events', calls.handlers);
    const second = followEventStream('/events', texts.handlers);
    stops.push(first.stop, second.stop);
    await vi.waitFor(() => expect(events.open.size).toBe(1));
    expect(calls.handlers.onOpen).toHaveBeenCalledWith({ resumed: false });

    events.send('message', '{"id":"m1"}');
    await vi.waitFor(() => expect(texts.events).toHaveLength(1));
    expect(calls.events.map((event) => event.event)).toEqual(['message']);
    expect(streams(sent)).toBe(1);

    // One follower leaves: the other still hears the stream, on the same connection.
    first.stop();
    events.send('call', '{}');
    await vi.waitFor(() => expect(texts.events).toHaveLength(2));
    expect(calls.events).toHaveLength(1);
    expect(streams(sent)).toBe(1);

    // The last one leaves: the connection closes, and a new follower opens a new one.
    second.stop();
    await vi.waitFor(() => expect(events.open.size).toBe(0));
    const later = follower();
    stops.push(followEventStream('/events', later.handlers).stop);
    await vi.waitFor(() => expect(events.open.size).toBe(1));
    expect(streams(sent)).toBe(2);
  });
});
