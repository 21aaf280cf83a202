import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLocally } from '../../../../test/local-server.ts';

/**
 * For tests: a local HTTP server standing in for Cal.com's API v2 (api.cal.com), for the two bookings endpoints
 * we use: `POST /v2/bookings/{bookingUid}/cancel` and `POST /v2/bookings/{bookingUid}/reschedule`. It keeps every
 * request it got, checks the bearer API key like Cal.com, answers in Cal.com's envelopes
 * (`{ status: 'success', data }`, `{ status: 'error', timestamp, path, error: { code, message } }`), and answers
 * with queued responses (a 429 with Retry-After, a 500…) when told to.
 */
export interface FakeCalRequest {
  method: string;
  path: string;
  /** Request headers, names lowercased. */
  headers: Record<string, string | undefined>;
  /** The JSON body (null when there was none or it was not JSON). */
  body: unknown;
  at: number;
}

export interface FakeCalBooking {
  id: number;
  uid: string;
  title: string;
  status: 'accepted' | 'cancelled';
  start: Date;
  end: Date;
  cancellationReason: string | null;
  reschedulingReason: string | null;
  rescheduledFromUid: string | null;
  /** The uid of the booking this one was moved to. */
  rescheduledToUid: string | null;
}

export interface FakeCalAnswer {
  status: number;
  body?: object;
  headers?: Record<string, string>;
}

export interface FakeCalcom {
  url: string;
  apiKey: string;
  requests: FakeCalRequest[];
  bookings: Map<string, FakeCalBooking>;
  /** Answers for the next requests, in order, before anything else is done with them (e.g. a 429). */
  answers: FakeCalAnswer[];
  /** Milliseconds the next requests take (to outlast a client's timeout). */
  delayMs: number;
  /** Adds an accepted booking and answers it. */
  addBooking(fields?: Partial<FakeCalBooking>): FakeCalBooking;
  close(): Promise<void>;
}

export const fakeCalUid = () => randomBytes(11).toString('base64url');

/** Cal.com's error envelope. */
export function calError(path: string, code: string, message: string) {
  return { status: 'error', timestamp: new Date().toISOString(), path, error: { code, message } };
}

/** A booking as API v2 (2024-08-13) answers it, trimmed to what matters here. */
function bookingJson(booking: FakeCalBooking) {
  return {
    id: booking.id,
    uid: booking.uid,
    title: booking.title,
    status: booking.status,
    cancellationReason: booking.cancellationReason,
    reschedulingReason: booking.reschedulingReason,
    rescheduledFromUid: booking.rescheduledFromUid,
    rescheduledToUid: booking.rescheduledToUid,
    start: booking.start.toISOString(),
    end: booking.end.toISOString(),
    duration: Math.round((booking.end.getTime() - booking.start.getTime()) / 60_000),
    attendees: [],
    hosts: [],
  };
}

export async function startFakeCalcom(options: { apiKey: string }): Promise<FakeCalcom> {
  let ids = 1000;
  const state: FakeCalcom = {
    url: '',
    close: async () => undefined,
    apiKey: options.apiKey,
    requests: [],
    bookings: new Map(),
    answers: [],
    delayMs: 0,
    addBooking: (fields = {}) => {
      ids += 1;
      const start = fields.start ?? new Date('2026-12-01T15:00:00Z');
      const booking: FakeCalBooking = {
        id: ids,
        uid: fakeCalUid(),
        title: '30 Min Meeting between Pro Example and John Doe',
        status: 'accepted',
        start,
        end: new Date(start.getTime() + 30 * 60_000),
        cancellationReason: null,
        reschedulingReason: null,
        rescheduledFromUid: null,
        rescheduledToUid: null,
        ...fields,
      };
      state.bookings.set(booking.uid, booking);
      return booking;
    },
  };

  const json = (res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = null;
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const request: FakeCalRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      headers,
      body,
      at: Date.now(),
    };
    state.requests.push(request);
    const path = request.path;

    if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    const answer = state.answers.shift();
    if (answer) {
      return json(
        res,
        answer.status,
        answer.body ?? calError(path, 'Error', 'queued answer'),
        answer.headers,
      );
    }
    if (headers.authorization !== `Bearer ${state.apiKey}`) {
      return json(res, 401, calError(path, 'UnauthorizedException', 'Invalid API Key'));
    }

    const route = /^\/v2\/bookings\/([^/]+)\/(cancel|reschedule)$/.exec(path);
    if (!route || request.method !== 'POST') {
      return json(res, 404, calError(path, 'NotFoundException', `Cannot ${request.method} ${path}`));
    }
    const uid = decodeURIComponent(route[1] as string);
    const booking = state.bookings.get(uid);
    if (!booking) {
      return json(res, 404, calError(path, 'NotFoundException', `Booking with uid=${uid} was not found`));
    }
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;

    if (route[2] === 'cancel') {
      if (booking.status === 'cancelled') {
        return json(
          res,
          400,
          calError(path, 'BadRequestException', 'This booking has already been cancelled.'),
        );
      }
      booking.status = 'cancelled';
      booking.cancellationReason =
        typeof input.cancellationReason === 'string' ? input.cancellationReason : null;
      return json(res, 200, { status: 'success', data: bookingJson(booking) });
    }

    const start = typeof input.start === 'string' ? new Date(input.start) : null;
    if (!start || Number.isNaN(start.getTime())) {
      return json(
        res,
        400,
        calError(path, 'BadRequestException', 'start must be a valid ISO 8601 date string'),
      );
    }
    if (booking.status === 'cancelled') {
      return json(
        res,
        400,
        calError(
          path,
          'BadRequestException',
          `Can't reschedule booking with uid=${uid} because it is cancelled`,
        ),
      );
    }
    const length = booking.end.getTime() - booking.start.getTime();
    const moved = state.addBooking({
      title: booking.title,
      start,
      end: new Date(start.getTime() + length),
      rescheduledFromUid: booking.uid,
      reschedulingReason: typeof input.reschedulingReason === 'string' ? input.reschedulingReason : null,
    });
    booking.status = 'cancelled';
    booking.rescheduledToUid = moved.uid;
    return json(res, 201, { status: 'success', data: bookingJson(moved) });
  };

  const local = await listenLocally(handle);
  state.url = local.url;
  state.close = local.close;
  return state;
}
