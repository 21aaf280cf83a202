import { getAccessToken, loadAuthClient } from '@/lib/auth-client';
import { createSseParser, type ServerSentEvent } from '@/lib/sse-parser';

export interface EventStreamHandlers {
  onEvent: (event: ServerSentEvent) => void;
  /**
   * The stream is open. `resumed` is true after a reconnect: events may have been missed in between, so whatever
   * they keep fresh should be fetched again.
   */
  onOpen?: (info: { resumed: boolean }) => void;
}

/** Waits before reconnecting, by failed attempt: 1, 2, 5, then 10 s (product spec section 9), plus jitter. */
const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000];
/** Longer for answers that will not change soon (404: the server has no stream; 403). */
const UNAVAILABLE_DELAY_MS = 60_000;
/** The server pings every ~15 s; a stream silent for this long is dead even if the socket looks open. */
const SILENCE_TIMEOUT_MS = 45_000;

/**
 * Follows a server-sent event stream of the API (`/v1/...`) for the signed-in user, with the session's bearer
 * token (EventSource cannot send headers, so this reads the stream through fetch). It reconnects with backoff
 * when the connection drops, reading the current access token again each time (it may have been refreshed), and
 * stops for good when the user signs out or `stop()` is called.
 */
function openEventStream(
  path: string,
  { onEvent, onOpen }: EventStreamHandlers,
): { stop: () => void; readonly stopped: boolean } {
  let stopped = false;
  let failures = 0;
  let opened = false;
  let lastEventId: string | undefined;
  let retryMs: number | undefined;
  let connection: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  let unsubscribe = () => {};
  void loadAuthClient().then((client) => {
    if (stopped) return;
    const { data } = client.onAuthStateChange((event) => {
      if (event === 'SIGNED_OUT') stop();
    });
    unsubscribe = () => data.subscription.unsubscribe();
  });

  function stop() {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    connection?.abort();
    unsubscribe();
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void connect(), delayMs + Math.round(Math.random() * 500));
  }

  /** The backoff for this failure, never shorter than the server's `retry:`. */
  const nextDelay = () => {
    const backoff = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)] ?? 10_000;
    failures++;
    return Math.max(backoff, retryMs ?? 0);
  };

  async function connect() {
    if (stopped) return;
    const token = await getAccessToken();
    if (stopped) return;
    if (!token) {
      // Signed out (or the session could not be refreshed): nothing to follow.
      stop();
      return;
    }

    const controller = new AbortController();
    connection = controller;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controller.abort(), SILENCE_TIMEOUT_MS);
    };

    try {
      const headers: Record<string, string> = {
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
      };
      if (lastEventId) headers['last-event-id'] = lastEventId;
      // Low priority: a stream that stays open for the whole visit never competes with the page's own requests
      // (and tools that wait for the page's important requests to finish, such as Lighthouse, do not wait for it).
      const response = await fetch(`/v1${path}`, {
        headers,
        cache: 'no-store',
        priority: 'low',
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        const unavailable = response.status === 404 || response.status === 403;
        schedule(unavailable ? UNAVAILABLE_DELAY_MS : nextDelay());
        return;
      }

      failures = 0;
      onOpen?.({ resumed: opened });
      opened = true;
      heard();

      const parser = createSseParser({
        onEvent: (event) => {
          lastEventId = event.id ?? lastEventId;
          onEvent(event);
        },
        onRetry: (ms) => {
          retryMs = ms;
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        heard();
        parser.push(value);
      }
      // The server ended the stream (a restart, a deploy): come back soon.
      schedule(nextDelay());
    } catch {
      // Network failure, or aborted: by stop() (nothing more to do) or by the silence watchdog (reconnect).
      schedule(nextDelay());
    } finally {
      clearTimeout(silence);
      if (connection === controller) connection = null;
    }
  }

  void connect();
  return {
    stop,
    get stopped() {
      return stopped;
    },
  };
}

/** The streams followed now, by path, each with the handlers that follow it. */
const followed = new Map<
  string,
  { stream: ReturnType<typeof openEventStream>; followers: Set<EventStreamHandlers> }
>();

/**
 * Follows an event stream of the API as `openEventStream` does, but shares one connection per path among everyone
 * following it (the workspace's call updates and the Messages page's text updates both read `/v1/events`): the
 * connection opens with the first follower and closes when the last one stops. A follower that joins an open
 * stream is not told it opened; it has just loaded what it shows.
 */
export function followEventStream(path: string, handlers: EventStreamHandlers): { stop: () => void } {
  let shared = followed.get(path);
  if (!shared || shared.stream.stopped) {
    const followers = new Set<EventStreamHandlers>();
    const stream = openEventStream(path, {
      onEvent: (event) => {
        for (const follower of [...followers]) follower.onEvent(event);
      },
      onOpen: (info) => {
        for (const follower of [...followers]) follower.onOpen?.(info);
      },
    });
    shared = { stream, followers };
    followed.set(path, shared);
  }
  const current = shared;
  current.followers.add(handlers);
  return {
    stop() {
      if (!current.followers.delete(handlers) || current.followers.size > 0) return;
      current.stream.stop();
      if (followed.get(path) === current) followed.delete(path);
    },
  };
}
