import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The Cal.com boundary for appointments: the webhook Cal.com sends about an account's bookings (verified, then
 * read into a CalBookingEvent), and the two writes back through Cal.com's API v2 (cancel, reschedule).
 *
 * Shapes, as Cal.com documents and sends them:
 * - A webhook is a POST of `{ triggerEvent, createdAt, payload }` with `X-Cal-Signature-256`: the hex HMAC-SHA256
 *   of the raw body keyed with the webhook's secret, or the literal `no-secret-provided` when it has none
 *   (packages/features/webhooks/lib/sendPayload.ts, docs/developing/guides/automation/webhooks.mdx).
 * - API v2 (https://api.cal.com): `POST /v2/bookings/{bookingUid}/cancel` `{ cancellationReason }` and
 *   `POST /v2/bookings/{bookingUid}/reschedule` `{ start, reschedulingReason }`, with `Authorization: Bearer <key>`
 *   and `cal-api-version: 2024-08-13`; answers `{ status: 'success', data }`, or
 *   `{ status: 'error', timestamp, path, error: { code, message } }`.
 */

/** The header Cal.com signs its webhooks in (Node lowercases request header names). */
export const CAL_SIGNATURE_HEADER = 'x-cal-signature-256';
export const CALCOM_API_BASE_URL = 'https://api.cal.com';
/** The bookings endpoints' version: without it Cal.com answers with an older version of the endpoint. */
export const CALCOM_BOOKINGS_API_VERSION = '2024-08-13';

/** Cal.com's signature of a webhook body: hex HMAC-SHA256 keyed with the webhook's secret. */
export function calSignature(rawBody: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * Whether `header` is Cal.com's signature of this raw body with the account's secret (compared in constant
 * time). False without a secret, without the header, or for anything that is not 64 hex digits (among them the
 * `no-secret-provided` Cal.com sends for a webhook that has no secret).
 */
export function verifyCalSignature(
  rawBody: string | Buffer,
  header: string | undefined,
  secret: string,
): boolean {
  if (!secret || typeof header !== 'string') return false;
  const given = header.trim();
  if (!HEX_SHA256.test(given)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

export type CalBookingEvent = {
  trigger: 'created' | 'rescheduled' | 'cancelled';
  /** The booking's uid (for a reschedule, the new booking's). */
  uid: string;
  /** For a reschedule: the uid of the booking it replaced; otherwise null. */
  previousUid: string | null;
  startsAt: Date;
  endsAt: Date;
  title: string | null;
  location: string | null;
  /** What the booker wrote (additionalNotes), else the booking's description. */
  notes: string | null;
  /** The booker: Cal.com's first attendee. */
  attendee: {
    name: string | null;
    email: string | null;
    phone: string | null;
    timeZone: string | null;
  } | null;
  organizerName: string | null;
  cancellationReason: string | null;
};

/** A booking webhook without something we need; `field` names it (e.g. `payload.startTime`), for a 400. */
export class CalPayloadError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'CalPayloadError';
    this.field = field;
  }
}

const TRIGGERS = {
  BOOKING_CREATED: 'created',
  BOOKING_RESCHEDULED: 'rescheduled',
  BOOKING_CANCELLED: 'cancelled',
} as const satisfies Record<string, CalBookingEvent['trigger']>;

/** A text Cal.com may leave out, send as null, or send empty: all three are null to us. */
const text = z
  .string()
  .nullish()
  .transform((value) => {
    const trimmed = value?.trim();
    return trimmed ? trimmed : null;
  });

/** A moment with its offset ("2023-05-25T09:30:00Z", "2023-02-21T11:00:00+00:00"). */
const moment = z.iso.datetime({ offset: true }).transform((value) => new Date(value));

const person = z.object({
  name: text,
  email: text,
  timeZone: text,
  phoneNumber: text,
});

/** What we read of a booking event's payload; Cal.com sends much more, which is ignored. */
const bookingPayload = z.object({
  uid: z.string().trim().min(1),
  bookingId: z.number().int().nullish(),
  title: text,
  startTime: moment,
  endTime: moment,
  organizer: person.partial().nullish(),
  attendees: z.array(person).nullish(),
  location: text,
  additionalNotes: text,
  description: text,
  rescheduleUid: text,
  rescheduleId: z.number().int().nullish(),
  fromReschedule: text,
  /** The booking form's answers, each `{ label, value }`. */
  responses: z.record(z.string(), z.unknown()).nullish(),
  smsReminderNumber: text,
  status: text,
  cancellationReason: text,
});
type BookingPayload = z.infer<typeof bookingPayload>;

const envelope = z.object({ triggerEvent: z.string().min(1) });

/** A booking form answer as text (`responses.<name>.value`), when it is one. */
function responseText(responses: BookingPayload['responses'], name: string): string | null {
  const entry = responses?.[name];
  if (typeof entry !== 'object' || entry === null || !('value' in entry)) return null;
  const { value } = entry;
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/**
 * A Cal.com webhook body as a booking event, or null for a trigger that is not about a booking being made,
 * moved or cancelled (PING, MEETING_ENDED…): the caller acknowledges it and moves on.
 * @throws CalPayloadError for a booking event without what we need (its uid, a valid start and end, for a
 *   reschedule the uid of the booking it replaced).
 */
export function parseCalWebhook(body: unknown): CalBookingEvent | null {
  const head = envelope.safeParse(body);
  if (!head.success) throw new CalPayloadError('triggerEvent', 'not a Cal.com webhook (no triggerEvent)');
  const trigger = TRIGGERS[head.data.triggerEvent as keyof typeof TRIGGERS];
  if (!trigger) return null;

  const raw = (body as { payload?: unknown }).payload;
  if (typeof raw !== 'object' || raw === null) throw new CalPayloadError('payload', 'missing');
  const parsed = bookingPayload.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.length ? `payload.${issue.path.join('.')}` : 'payload';
    throw new CalPayloadError(path, issue?.message ?? 'invalid');
  }
  const payload = parsed.data;
  if (payload.endTime.getTime() < payload.startTime.getTime()) {
    throw new CalPayloadError('payload.endTime', 'ends before it starts');
  }

  let previousUid: string | null = null;
  if (trigger === 'rescheduled') {
    previousUid = payload.rescheduleUid ?? payload.fromReschedule;
    if (!previousUid)
      throw new CalPayloadError('payload.rescheduleUid', 'a reschedule without the booking it replaced');
  }

  const booker = payload.attendees?.[0];
  const attendee = booker
    ? {
        name: booker.name ?? responseText(payload.responses, 'name'),
        email: booker.email ?? responseText(payload.responses, 'email'),
        phone:
          booker.phoneNumber ??
          responseText(payload.responses, 'attendeePhoneNumber') ??
          payload.smsReminderNumber,
        timeZone: booker.timeZone,
      }
    : null;

  return {
    trigger,
    uid: payload.uid,
    previousUid,
    startsAt: payload.startTime,
    endsAt: payload.endTime,
    title: payload.title,
    location: payload.location,
    notes: payload.additionalNotes ?? responseText(payload.responses, 'notes') ?? payload.description,
    attendee,
    organizerName: payload.organizer?.name ?? null,
    cancellationReason: trigger === 'cancelled' ? payload.cancellationReason : null,
  };
}

export interface CalClientOptions {
  apiKey: string;
  /** Cal.com's API host (tests: the fake's). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Retries after a 429 or a 5xx (default 3: four attempts in all). */
  maxRetries?: number;
  sleep?: (ms: number) => Promise<void>;
  /** How long one request may take (default 10 s). */
  timeoutMs?: number;
}

/**
 * Cal.com refused or failed a request: `status` is the HTTP status (0 when no answer came: a timeout or a
 * network failure), `code` Cal.com's error code (e.g. `NotFoundException`), the message Cal.com's own.
 */
export class CalApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  constructor(message: string, status: number, code: string | null) {
    super(message);
    this.name = 'CalApiError';
    this.status = status;
    this.code = code;
  }
}

const errorBody = z.object({
  error: z.object({ code: z.string().nullish(), message: z.string().nullish() }).nullish(),
  message: z.string().nullish(),
});
const successBody = z.object({ status: z.literal('success'), data: z.unknown() });
const rescheduled = z.object({ uid: z.string().min(1) });

const DEFAULT_TIMEOUT_MS = 10_000;
const BACKOFF_BASE_MS = 500;
/** A Retry-After longer than this is not waited for: the request fails with the 429. */
const MAX_RETRY_AFTER_MS = 60_000;

/** Retry-After (seconds, or an HTTP date) in milliseconds; null when absent or unreadable. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Cal.com API v2 for one account's API key: what we write back about its bookings. */
export class CalcomClient {
  private readonly apiKey: string;
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly maxRetries: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly timeoutMs: number;

  constructor(options: CalClientOptions) {
    this.apiKey = options.apiKey;
    this.baseUrl = (options.baseUrl ?? CALCOM_API_BASE_URL).replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch;
    this.maxRetries = Math.max(0, options.maxRetries ?? 3);
    this.sleep = options.sleep ?? sleepFor;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** Cancels the booking; Cal.com tells the attendee, with the reason. */
  async cancelBooking(uid: string, reason: string): Promise<void> {
    await this.post(`/v2/bookings/${encodeURIComponent(uid)}/cancel`, { cancellationReason: reason });
  }

  /**
   * Moves the booking to `start` (its length stays the event type's). Cal.com makes a new booking for it and
   * cancels the old one: the answer is the new booking's uid.
   */
  async rescheduleBooking(uid: string, start: Date, reason?: string): Promise<{ uid: string }> {
    const data = await this.post(`/v2/bookings/${encodeURIComponent(uid)}/reschedule`, {
      start: start.toISOString(),
      ...(reason ? { reschedulingReason: reason } : {}),
    });
    const booking = rescheduled.safeParse(data);
    if (!booking.success)
      throw new CalApiError('Cal.com answered a reschedule without a booking uid', 200, null);
    return { uid: booking.data.uid };
  }

  /** POSTs JSON and answers `data` of Cal.com's success envelope, retrying 429 and 5xx. */
  private async post(path: string, body: object): Promise<unknown> {
    for (let attempt = 0; ; attempt += 1) {
      const response = await this.send(path, body);
      const parsed: unknown = await response.json().catch(() => null);
      if (response.ok) {
        const success = successBody.safeParse(parsed);
        if (success.success) return success.data.data;
        throw this.failure(response.status, parsed, 'Cal.com answered without success');
      }
      const retryable = response.status === 429 || response.status >= 500;
      if (!retryable || attempt >= this.maxRetries) {
        throw this.failure(response.status, parsed, `Cal.com answered ${response.status}`);
      }
      const asked = response.status === 429 ? retryAfterMs(response.headers.get('retry-after')) : null;
      if (asked !== null && asked > MAX_RETRY_AFTER_MS) {
        throw this.failure(response.status, parsed, `Cal.com answered ${response.status}`);
      }
      await this.sleep(asked ?? BACKOFF_BASE_MS * 2 ** attempt);
    }
  }

  private async send(path: string, body: object): Promise<Response> {
    try {
      return await this.fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.apiKey}`,
          'cal-api-version': CALCOM_BOOKINGS_API_VERSION,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      // No answer: the request may or may not have been acted on, so it is not retried.
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw timedOut
        ? new CalApiError(`Cal.com did not answer within ${this.timeoutMs} ms`, 0, 'TIMEOUT')
        : new CalApiError(
            `Cal.com could not be reached: ${error instanceof Error ? error.message : String(error)}`,
            0,
            'NETWORK_ERROR',
          );
    }
  }

  private failure(status: number, body: unknown, fallback: string): CalApiError {
    const parsed = errorBody.safeParse(body);
    const error = parsed.success ? parsed.data : null;
    const message = error?.error?.message ?? error?.message ?? fallback;
    return new CalApiError(message, status, error?.error?.code ?? null);
  }
}
