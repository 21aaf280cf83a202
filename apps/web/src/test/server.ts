import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';
import { authSession, authUser } from '@/test/session';

/** The page's origin in jsdom: every request of the app goes to its own origin (`/v1`, `/auth/v1`). */
export const ORIGIN = 'http://localhost:3000';

/** An address on the app's origin, for handlers: `url('/v1/calls')`. */
export const url = (path: string) => `${ORIGIN}${path}`;

/**
 * A JSON answer checked against the shared response schema first: a fixture that the app would refuse (a field
 * missing, a wrong type) fails the test here, with zod's reason, instead of somewhere in a component.
 */
export function reply<S extends z.ZodType>(schema: S, body: z.input<S>, init?: ResponseInit) {
  const checked = schema.safeParse(body);
  if (!checked.success) {
    throw new Error(`The fixture does not match the response schema:\n${checked.error.message}`);
  }
  return HttpResponse.json(body as JsonBodyType, init);
}

/** An error answer in the API's shape (`{ error: { code, message, details? } }`). */
export function apiError(status: number, code: string, message: string, details?: unknown) {
  return HttpResponse.json(
    { error: { code, message, ...(details === undefined ? {} : { details }) } },
    { status },
  );
}

/** The auth server's endpoints the auth client may call for a stored session. */
const authHandlers = [
  http.get(url('/auth/v1/user'), () => HttpResponse.json(authUser())),
  http.post(url('/auth/v1/token'), () => HttpResponse.json(authSession())),
  http.post(url('/auth/v1/logout'), () => new HttpResponse(null, { status: 204 })),
];

/** The one mock API of the component tests; each test adds its handlers with `server.use(...)`. */
export const server = setupServer(...authHandlers);

/** A request the app sent to `/v1`, as the test reads it back. */
export interface SentRequest {
  method: string;
  /** Without `/v1`: `/calls`. */
  path: string;
  search: URLSearchParams;
  /** The JSON body; read as the request goes out (set shortly after, so assert it inside `waitFor`). */
  body?: unknown;
}

/**
 * Records the requests the app sends to the API (method, path, query and JSON body), to assert what was sent.
 * Listens to MSW's own events: it answers nothing and changes no answer.
 */
export function recordRequests(): SentRequest[] {
  const sent: SentRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const address = new URL(request.url);
    if (!address.pathname.startsWith('/v1/')) return;
    const entry: SentRequest = {
      method: request.method,
      path: address.pathname.slice(3),
      search: address.searchParams,
    };
    sent.push(entry);
    if (request.method === 'GET' || request.method === 'HEAD') return;
    void request
      .clone()
      .text()
      .then((text) => {
        entry.body = text ? (JSON.parse(text) as unknown) : undefined;
      });
  });
  return sent;
}
