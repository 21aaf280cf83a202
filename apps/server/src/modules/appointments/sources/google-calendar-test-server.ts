import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  baseJson,
  deletedJson,
  expand,
  type FakeGoogleCalendar,
  type FakeGoogleEvent,
  findOccurrence,
  googleDateTime,
  merge,
  readTime,
} from './google-calendar-test-events.ts';
import { fakeGoogleOAuth, json, token } from './google-calendar-test-oauth.ts';

export type {
  FakeGoogleAttendee,
  FakeGoogleCalendar,
  FakeGoogleEvent,
} from './google-calendar-test-events.ts';

import { listenLocally } from '../../../../test/local-server.ts';

export { googleDateTime } from './google-calendar-test-events.ts';

/**
 * For tests: a local HTTP server standing in for Google, for exactly the documented endpoints the Google Calendar
 * boundary uses:
 * - OAuth 2.0 (accounts.google.com / oauth2.googleapis.com): `GET /o/oauth2/v2/auth` (the consent screen,
 *   consented at once: a 302 to the redirect URI with `code` and `state`), `POST /token` with
 *   `grant_type=authorization_code` (PKCE verifier checked against the challenge) and `grant_type=refresh_token`;
 *   errors in Google's `{ error, error_description }` shape (invalid_grant, invalid_client, redirect_uri_mismatch).
 * - Calendar API v3 under `/calendar/v3`: `GET users/me/calendarList`, `GET calendars/{id}/events` (singleEvents
 *   expansion, timeMin/timeMax, pages with nextPageToken, nextSyncToken on the last page, sync tokens with real
 *   semantics: what changed since the token, deleted events as `status: cancelled`, 410 fullSyncRequired for a
 *   token invalidated with `invalidateSyncTokens()`), `GET calendars/{id}/events/{eventId}`,
 *   `GET calendars/{id}/events/{eventId}/instances` (originalStart), `PATCH calendars/{id}/events/{eventId}`
 *   (patch semantics: objects merged, arrays and values replaced; If-Match checked: 412). Bearer access tokens
 *   are checked (401 for unknown or expired ones). Queued answers (a 429 with Retry-After, a 500, a 403
 *   rateLimitExceeded…) are given to the next Calendar API requests before anything else, like the Cal.com fake.
 * Limits: recurrence is `RRULE:FREQ=DAILY|WEEKLY[;INTERVAL=n];COUNT=n` only, stepped in UTC (no DST), and an
 * expanded listing is bounded by 500 occurrences per series.
 */

export interface FakeGoogleRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Request headers, names lowercased. */
  headers: Record<string, string | undefined>;
  /** The JSON body, or the form fields of a form-encoded one (null when there was none). */
  body: unknown;
  at: number;
}

export interface FakeGoogleAnswer {
  status: number;
  body?: object;
  headers?: Record<string, string>;
  /** Milliseconds before answering. */
  delayMs?: number;
  /** Only for a request of this method (the first one that comes); any request when absent. */
  method?: string;
}

export interface FakeGoogle {
  url: string;
  /** The OAuth endpoints, for GoogleOAuthOptions.endpoints. */
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  clientId: string;
  clientSecret: string;
  requests: FakeGoogleRequest[];
  calendars: Map<string, FakeGoogleCalendar>;
  /** Answers for the next Calendar API requests, in order (the OAuth endpoints are not affected). */
  answers: FakeGoogleAnswer[];
  /** Lifetime of the access tokens it issues (default 3600 s). */
  accessTokenTtlSeconds: number;
  /** The scopes the "user" grants on the consent screen (default: all asked for). */
  grantScopes: string[] | null;
  /** Refresh tokens issued, and whether each is still valid. */
  refreshTokens: Map<string, { scope: string; revoked: boolean }>;
  addCalendar(fields: Partial<Omit<FakeGoogleCalendar, 'events'>> & { id: string }): FakeGoogleCalendar;
  /** Adds (or replaces) an event, as a change. */
  addEvent(
    calendarId: string,
    fields: Partial<FakeGoogleEvent> & Pick<FakeGoogleEvent, 'start' | 'end'>,
  ): FakeGoogleEvent;
  /** Changes an event as its owner would (a change: it bumps the event's etag and sequence of changes). */
  updateEvent(calendarId: string, eventId: string, fields: Partial<FakeGoogleEvent>): FakeGoogleEvent;
  /** Deletes an event (kept as cancelled, as Google does, for incremental syncs). */
  deleteEvent(calendarId: string, eventId: string): void;
  /** Deletes one occurrence of a series (an exception with status cancelled). */
  cancelOccurrence(calendarId: string, seriesId: string, originalStart: Date): void;
  /** Every sync token issued so far answers 410 fullSyncRequired from now on. */
  invalidateSyncTokens(): void;
  /** Every access token issued so far is refused (401) from now on, as if expired early. */
  expireAccessTokens(): void;
  /** The user removed our access: the refresh token answers invalid_grant. */
  revokeRefreshToken(token: string): void;
  /** The JSON of an event (or an occurrence id) as the API answers it. */
  eventJson(calendarId: string, eventId: string): Record<string, unknown> | null;
  close(): Promise<void>;
}

export const GOOGLE_FAKE_CLIENT_ID = '1234567890-fake.apps.googleusercontent.com';
export const GOOGLE_FAKE_CLIENT_SECRET = 'GOCSPX-fake-client-secret';

/** Google's event ids: base32hex, 5 to 1024 characters. */
export const fakeGoogleEventId = () =>
  Array.from(randomBytes(20), (byte) => '0123456789abcdefghijklmnopqrstuv'[byte % 32]).join('');

/** Google's API error body. */
export function googleError(code: number, message: string, reason: string, extra: object = {}) {
  return {
    error: { code, message, errors: [{ domain: 'global', reason, message, ...extra }] },
  };
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  let seq = 0;
  /** Sync tokens issued: token → the change counter it stands for; invalidated ones are gone. */
  const syncTokens = new Map<string, { calendarId: string; seq: number }>();
  /** Pages still to be read: page token → the rest of the listing. */
  const pages = new Map<string, { items: Record<string, unknown>[]; syncSeq: number; calendarId: string }>();

  const etag = () => `"${Date.now()}${String(seq).padStart(6, '0')}"`;
  const calendarOf = (id: string) => {
    const calendar = state.calendars.get(id);
    if (!calendar) throw new Error(`fake google: no calendar ${id}`);
    return calendar;
  };

  const bump = (event: { seq: number; etag: string }) => {
    seq += 1;
    event.seq = seq;
    event.etag = etag();
  };

  const state: FakeGoogle = {
    url: '',
    authUrl: '',
    tokenUrl: '',
    revokeUrl: '',
    clientId: GOOGLE_FAKE_CLIENT_ID,
    clientSecret: GOOGLE_FAKE_CLIENT_SECRET,
    requests: [],
    calendars: new Map(),
    answers: [],
    accessTokenTtlSeconds: 3600,
    grantScopes: null,
    refreshTokens: new Map(),
    close: async () => undefined,
    addCalendar: (fields) => {
      const calendar: FakeGoogleCalendar = {
        summary: fields.id,
        timeZone: 'UTC',
        primary: false,
        accessRole: 'owner',
        ...fields,
        events: new Map(),
      };
      state.calendars.set(calendar.id, calendar);
      return calendar;
    },
    addEvent: (calendarId, fields) => {
      const calendar = calendarOf(calendarId);
      seq += 1;
      const now = new Date();
      const event: FakeGoogleEvent = {
        id: fakeGoogleEventId(),
        status: 'confirmed',
        created: now,
        updated: now,
        ...fields,
        seq,
        etag: etag(),
      };
      calendar.events.set(event.id, event);
      return event;
    },
    updateEvent: (calendarId, eventId, fields) => {
      const event = calendarOf(calendarId).events.get(eventId);
      if (!event) throw new Error(`fake google: no event ${eventId}`);
      Object.assign(event, fields, { updated: new Date() });
      bump(event);
      return event;
    },
    deleteEvent: (calendarId, eventId) => {
      state.updateEvent(calendarId, eventId, { status: 'cancelled' });
    },
    cancelOccurrence: (calendarId, seriesId, originalStart) => {
      const event = calendarOf(calendarId).events.get(seriesId);
      if (!event) throw new Error(`fake google: no event ${seriesId}`);
      event.exceptions ??= new Map();
      const exception = { seq: 0, etag: '', fields: { status: 'cancelled' } };
      bump(exception);
      event.exceptions.set(originalStart.toISOString(), exception);
    },
    invalidateSyncTokens: () => syncTokens.clear(),
    expireAccessTokens: () => {
      for (const entry of oauth.accessTokens.values()) entry.expiresAt = 0;
    },
    revokeRefreshToken: (value) => {
      const entry = state.refreshTokens.get(value);
      if (entry) entry.revoked = true;
    },
    eventJson: (calendarId, eventId) => findOccurrence(calendarOf(calendarId), eventId)?.json ?? null,
  };
  const oauth = fakeGoogleOAuth(state);

  const listEvents = (res: ServerResponse, calendar: FakeGoogleCalendar, query: Record<string, string>) => {
    const maxResults = Math.min(Number(query.maxResults ?? 250) || 250, 2500);
    const answerPage = (items: Record<string, unknown>[], syncSeq: number) => {
      const page = items.slice(0, maxResults);
      const rest = items.slice(maxResults);
      const body: Record<string, unknown> = {
        kind: 'calendar#events',
        etag: etag(),
        summary: calendar.summary,
        updated: new Date().toISOString(),
        timeZone: calendar.timeZone,
        accessRole: calendar.accessRole,
        defaultReminders: [],
        items: page,
      };
      if (rest.length > 0) {
        const pageToken = token('page-');
        pages.set(pageToken, { items: rest, syncSeq, calendarId: calendar.id });
        body.nextPageToken = pageToken;
      } else {
        const syncToken = token('sync-');
        syncTokens.set(syncToken, { calendarId: calendar.id, seq: syncSeq });
        body.nextSyncToken = syncToken;
      }
      return json(res, 200, body);
    };

    if (query.pageToken) {
      const pending = pages.get(query.pageToken);
      if (!pending || pending.calendarId !== calendar.id) {
        return json(res, 400, googleError(400, 'Invalid page token value.', 'invalid'));
      }
      pages.delete(query.pageToken);
      return answerPage(pending.items, pending.syncSeq);
    }
    const single = query.singleEvents === 'true';
    const occurrences = [...calendar.events.values()].flatMap((event) => expand(calendar, event, single));
    if (query.syncToken) {
      const forbidden = [
        'timeMin',
        'timeMax',
        'updatedMin',
        'orderBy',
        'q',
        'iCalUID',
        'privateExtendedProperty',
      ];
      if (forbidden.some((name) => query[name] !== undefined)) {
        return json(
          res,
          400,
          googleError(400, 'Sync token cannot be used with other request restrictions.', 'invalid'),
        );
      }
      const since = syncTokens.get(query.syncToken);
      if (!since || since.calendarId !== calendar.id) {
        return json(
          res,
          410,
          googleError(410, 'Sync token is no longer valid, a full sync is required.', 'fullSyncRequired'),
        );
      }
      const changed = occurrences
        .filter((occurrence) => occurrence.seq > since.seq)
        .map((occurrence) => (occurrence.cancelled ? deletedJson(occurrence) : occurrence.json));
      return answerPage(changed, seq);
    }
    const timeMin = query.timeMin ? Date.parse(query.timeMin) : null;
    const timeMax = query.timeMax ? Date.parse(query.timeMax) : null;
    const listed = occurrences
      .filter((occurrence) => query.showDeleted === 'true' || !occurrence.cancelled)
      .filter((occurrence) => {
        if (!occurrence.start || !occurrence.end) return true; // all-day: kept (the client skips them)
        return (
          (timeMin === null || occurrence.end.getTime() > timeMin) &&
          (timeMax === null || occurrence.start.getTime() < timeMax)
        );
      })
      .sort((a, b) => (a.start?.getTime() ?? 0) - (b.start?.getTime() ?? 0))
      .map((occurrence) => (occurrence.cancelled ? deletedJson(occurrence) : occurrence.json));
    return answerPage(listed, seq);
  };

  const patchEvent = (
    res: ServerResponse,
    calendar: FakeGoogleCalendar,
    eventId: string,
    body: unknown,
    ifMatch: string | undefined,
  ) => {
    const occurrence = findOccurrence(calendar, eventId);
    if (!occurrence || typeof body !== 'object' || body === null) {
      return json(res, 404, googleError(404, 'Not Found', 'notFound'));
    }
    if (ifMatch && ifMatch !== occurrence.json.etag) {
      return json(
        res,
        412,
        googleError(412, 'Precondition Failed', 'conditionNotMet', {
          locationType: 'header',
          location: 'If-Match',
        }),
      );
    }
    const patch = body as Record<string, unknown>;
    const direct = calendar.events.get(eventId);
    if (direct) {
      const merged = merge({ ...occurrence.json }, patch);
      const start = readTime(merged.start, calendar.timeZone);
      const end = readTime(merged.end, calendar.timeZone);
      if (!start || !end) return json(res, 400, googleError(400, 'Missing time', 'required'));
      Object.assign(direct, {
        summary: merged.summary,
        description: merged.description,
        location: merged.location,
        start,
        end,
        attendees: merged.attendees,
        extendedProperties: merged.extendedProperties,
        transparency: merged.transparency,
        status: merged.status,
        updated: new Date(),
      });
      bump(direct);
      return json(res, 200, baseJson(calendar, direct));
    }
    // An occurrence of a series: its changes are kept as an exception.
    const series = calendar.events.get(eventId.split('_')[0] ?? '') as FakeGoogleEvent;
    const original = new Date(String((occurrence.json.originalStartTime as { dateTime: string }).dateTime));
    series.exceptions ??= new Map();
    const key = original.toISOString();
    const previous = series.exceptions.get(key)?.fields ?? {};
    const exception = { seq: 0, etag: '', fields: merge({ ...previous }, patch) };
    for (const side of ['start', 'end'] as const) {
      const time = readTime(exception.fields[side], calendar.timeZone);
      if (time && 'dateTime' in time) {
        exception.fields[side] = {
          dateTime: googleDateTime(time.dateTime, time.timeZone),
          timeZone: time.timeZone,
        };
      }
    }
    bump(exception);
    series.exceptions.set(key, exception);
    return json(res, 200, findOccurrence(calendar, eventId)?.json ?? {});
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const contentType = req.headers['content-type'] ?? '';
    let body: unknown = null;
    if (raw && contentType.includes('application/x-www-form-urlencoded')) {
      body = Object.fromEntries(new URLSearchParams(raw));
    } else if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = null;
      }
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const query = Object.fromEntries(url.searchParams);
    const method = req.method ?? 'GET';
    const path = url.pathname;
    state.requests.push({ method, path, query, headers, body, at: Date.now() });

    if (path === '/o/oauth2/v2/auth' && method === 'GET') return oauth.authorize(res, query);
    if (path === '/token' && method === 'POST') {
      return oauth.tokenEndpoint(res, (body ?? {}) as Record<string, string>);
    }
    if (path === '/revoke' && method === 'POST') {
      const value = (body as Record<string, string> | null)?.token ?? query.token;
      const entry = value ? state.refreshTokens.get(value) : undefined;
      if (!entry || entry.revoked)
        return oauth.oauthError(res, 400, 'invalid_token', 'Token expired or revoked');
      entry.revoked = true;
      return json(res, 200, {});
    }
    if (!path.startsWith('/calendar/v3/')) {
      return json(res, 404, googleError(404, 'Not Found', 'notFound'));
    }

    const queued = state.answers.findIndex((entry) => !entry.method || entry.method === method);
    const answer = queued >= 0 ? state.answers.splice(queued, 1)[0] : undefined;
    if (answer) {
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      return json(
        res,
        answer.status,
        answer.body ?? googleError(answer.status, 'queued answer', 'backendError'),
        answer.headers,
      );
    }
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    const access = bearer ? oauth.accessTokens.get(bearer) : undefined;
    if (!access || access.expiresAt <= Date.now()) {
      return json(res, 401, {
        error: {
          code: 401,
          message: 'Request had invalid authentication credentials. Expected OAuth 2 access token.',
          errors: [
            {
              message: 'Invalid Credentials',
              domain: 'global',
              reason: 'authError',
              location: 'Authorization',
              locationType: 'header',
            },
          ],
          status: 'UNAUTHENTICATED',
        },
      });
    }

    const rest = path.slice('/calendar/v3/'.length).split('/').map(decodeURIComponent);
    if (rest[0] === 'users' && rest[1] === 'me' && rest[2] === 'calendarList' && rest.length === 3) {
      if (method !== 'GET')
        return json(res, 405, googleError(405, 'Method Not Allowed', 'httpMethodNotAllowed'));
      return json(res, 200, {
        kind: 'calendar#calendarList',
        etag: etag(),
        nextSyncToken: token('list-'),
        items: [...state.calendars.values()].map((calendar) => ({
          kind: 'calendar#calendarListEntry',
          etag: etag(),
          id: calendar.id,
          summary: calendar.summary,
          timeZone: calendar.timeZone,
          colorId: '14',
          backgroundColor: '#9fe1e7',
          foregroundColor: '#000000',
          selected: true,
          accessRole: calendar.accessRole,
          defaultReminders: [],
          ...(calendar.primary ? { primary: true } : {}),
        })),
      });
    }
    if (rest[0] !== 'calendars' || rest[2] !== 'events') {
      return json(res, 404, googleError(404, 'Not Found', 'notFound'));
    }
    const calendar = state.calendars.get(rest[1] ?? '');
    if (!calendar) return json(res, 404, googleError(404, 'Not Found', 'notFound'));
    const eventId = rest[3];
    if (eventId === undefined) {
      if (method !== 'GET')
        return json(res, 405, googleError(405, 'Method Not Allowed', 'httpMethodNotAllowed'));
      return listEvents(res, calendar, query);
    }
    if (rest[4] === 'instances' && method === 'GET') {
      const series = calendar.events.get(eventId);
      if (!series) return json(res, 404, googleError(404, 'Not Found', 'notFound'));
      const wanted = query.originalStart ? Date.parse(query.originalStart) : null;
      const items = expand(calendar, series, true)
        .filter((occurrence) => query.showDeleted === 'true' || !occurrence.cancelled)
        .filter((occurrence) => {
          if (wanted === null) return true;
          const original = (occurrence.json.originalStartTime as { dateTime: string }).dateTime;
          return Date.parse(original) === wanted;
        })
        .map((occurrence) => occurrence.json);
      return json(res, 200, {
        kind: 'calendar#events',
        summary: calendar.summary,
        timeZone: calendar.timeZone,
        items,
      });
    }
    if (rest.length !== 4) return json(res, 404, googleError(404, 'Not Found', 'notFound'));
    if (method === 'GET') {
      const occurrence = findOccurrence(calendar, eventId);
      return occurrence
        ? json(res, 200, occurrence.json)
        : json(res, 404, googleError(404, 'Not Found', 'notFound'));
    }
    if (method === 'PATCH') return patchEvent(res, calendar, eventId, body, headers['if-match']);
    return json(res, 405, googleError(405, 'Method Not Allowed', 'httpMethodNotAllowed'));
  };

  const local = await listenLocally(handle);
  state.url = local.url;
  state.authUrl = `${state.url}/o/oauth2/v2/auth`;
  state.tokenUrl = `${state.url}/token`;
  state.revokeUrl = `${state.url}/revoke`;
  state.close = local.close;
  return state;
}
