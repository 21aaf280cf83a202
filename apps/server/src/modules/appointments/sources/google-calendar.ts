import { calendar, type calendar_v3 } from '@googleapis/calendar';
import type { OAuth2Client } from 'google-auth-library';
import { DEFAULT_TIMEOUT_MS, GoogleApiError, toGoogleError } from './google-errors.ts';
import { type GoogleWriteBack, writeBackPatch } from './google-events.ts';

// The scopes stay importable from here (the API document's test reads them).
export { GOOGLE_CALENDAR_SCOPES } from './google-oauth.ts';

/**
 * The Google Calendar boundary for appointments (issue #17), through Google's own libraries: `google-auth-library`
 * (OAuth2Client: consent URL with PKCE, code exchange, access tokens refreshed from the stored refresh token) and
 * `@googleapis/calendar` (Calendar API v3). What it does, in the documented REST terms:
 * - `GET  /calendar/v3/users/me/calendarList` — the calendars the user can pick from;
 * - `GET  /calendar/v3/calendars/{calendarId}/events` — a full listing of a horizon (timeMin/timeMax,
 *   singleEvents=true: recurring events expanded to their instances), then incremental listings with the
 *   `nextSyncToken` of the last one (deleted events come back with `status: cancelled`); a 410 (reason
 *   `fullSyncRequired`) means the token is no longer valid and a full listing is needed again;
 * - `GET  /calendar/v3/calendars/{calendarId}/events/{eventId}` (and `/instances?originalStart=` for an
 *   occurrence named by its series) then `PATCH` of the same event with `If-Match` — what a reminder call learnt,
 *   written back.
 * Both libraries can be pointed elsewhere (OAuth2Client `endpoints`, calendar `rootUrl`): the tests run them
 * against google-calendar-test-server.ts.
 */

export const GOOGLE_API_ROOT_URL = 'https://www.googleapis.com/';

export interface GoogleCalendarInfo {
  id: string;
  summary: string;
  primary: boolean;
  /** IANA time zone of the calendar (null when Google did not say). */
  timeZone: string | null;
  /** owner / writer can take our write-backs; reader / freeBusyReader cannot. */
  accessRole: string | null;
}

export interface GoogleSyncResult {
  /** Google's events as listed (timed, all-day and cancelled ones alike): map them with `fromGoogleEvent`. */
  events: calendar_v3.Schema$Event[];
  /** To store for the next call (replacing the previous one). */
  nextSyncToken: string;
  /**
   * The stored token was refused (410 fullSyncRequired) and dropped: `events` is a full listing of the horizon,
   * so an event known before and not in it is gone (cancel its appointment, as for an ICS subscription).
   */
  fullResync: boolean;
  /** `events` is a complete listing of the horizon (a first sync, or a full resync): absence means gone. */
  complete: boolean;
  /** The calendar's time zone as events.list answered it. */
  timeZone: string | null;
}

export interface GoogleCalendarClientOptions {
  /** From GoogleOAuth.authorizedClient. */
  auth: OAuth2Client;
  /** Google's API host (tests: the fake's). */
  rootUrl?: string;
  /** Retries after a 429, a 5xx or a 403 rate limit (default 3: four attempts in all). */
  maxRetries?: number;
  sleep?: (ms: number) => Promise<void>;
  /** How long one request may take (default 10 s). */
  timeoutMs?: number;
  /** Events per page (Google's maximum is 2500, its default 250). */
  pageSize?: number;
  now?: () => Date;
}

const BACKOFF_BASE_MS = 500;
/** A Retry-After longer than this is not waited for: the request fails. */
const MAX_RETRY_AFTER_MS = 60_000;
/** A listing longer than this many pages is cut off as an error rather than read forever. */
const MAX_PAGES = 200;
const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The Calendar API for one connected Google account. */
export class GoogleCalendarClient {
  private readonly api: calendar_v3.Calendar;
  private readonly auth: OAuth2Client;
  private readonly maxRetries: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly timeoutMs: number;
  private readonly pageSize: number;
  private readonly now: () => Date;

  constructor(options: GoogleCalendarClientOptions) {
    this.auth = options.auth;
    this.api = calendar({
      version: 'v3',
      auth: options.auth,
      rootUrl: options.rootUrl ?? GOOGLE_API_ROOT_URL,
    });
    this.maxRetries = Math.max(0, options.maxRetries ?? 3);
    this.sleep = options.sleep ?? sleepFor;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.pageSize = options.pageSize ?? 250;
    this.now = options.now ?? (() => new Date());
  }

  /** The calendars in the user's list (all pages), the primary one first. */
  async listCalendars(): Promise<GoogleCalendarInfo[]> {
    const calendars: GoogleCalendarInfo[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const data = await this.call('read', (options) =>
        this.api.calendarList.list({ maxResults: 250, ...(pageToken ? { pageToken } : {}) }, options),
      );
      for (const entry of data.items ?? []) {
        if (!entry.id) continue;
        calendars.push({
          id: entry.id,
          summary: entry.summaryOverride ?? entry.summary ?? entry.id,
          primary: entry.primary === true,
          timeZone: entry.timeZone ?? null,
          accessRole: entry.accessRole ?? null,
        });
      }
      if (!data.nextPageToken) {
        return calendars.sort((a, b) => Number(b.primary) - Number(a.primary));
      }
      pageToken = data.nextPageToken;
    }
    throw new GoogleApiError(`The calendar list ran over ${MAX_PAGES} pages`, 200, 'TOO_MANY_PAGES');
  }

  /**
   * The events of a calendar since the last sync. Without a token: a full listing of the horizon (timeMin /
   * timeMax, singleEvents=true: each occurrence of a recurring event on its own), every page. With one: what
   * changed since (deleted events included, as `status: cancelled`; Google forbids timeMin/timeMax with a sync
   * token, so changes outside the horizon come too), every page. A token Google no longer accepts (410) is
   * dropped for a full listing, and the answer says so (`fullResync`).
   */
  async syncEvents(
    calendarId: string,
    syncToken: string | null,
    horizon: { from: Date; to: Date },
  ): Promise<GoogleSyncResult> {
    if (syncToken) {
      try {
        const listed = await this.listEvents(calendarId, { syncToken });
        return { ...listed, fullResync: false, complete: false };
      } catch (error) {
        if (!(error instanceof GoogleApiError && error.status === 410)) throw error;
      }
    }
    const listed = await this.listEvents(calendarId, {
      timeMin: horizon.from.toISOString(),
      timeMax: horizon.to.toISOString(),
    });
    return { ...listed, fullResync: syncToken !== null, complete: true };
  }

  private async listEvents(
    calendarId: string,
    restriction: { syncToken: string } | { timeMin: string; timeMax: string },
  ): Promise<{ events: calendar_v3.Schema$Event[]; nextSyncToken: string; timeZone: string | null }> {
    const events: calendar_v3.Schema$Event[] = [];
    let timeZone: string | null = null;
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const data = await this.call('read', (options) =>
        this.api.events.list(
          {
            calendarId,
            // The same on every call, incremental ones included (Google: other parameters must not change).
            singleEvents: true,
            maxResults: this.pageSize,
            ...restriction,
            ...(pageToken ? { pageToken } : {}),
          },
          options,
        ),
      );
      events.push(...(data.items ?? []));
      timeZone ??= data.timeZone ?? null;
      if (data.nextPageToken) {
        pageToken = data.nextPageToken;
        continue;
      }
      if (!data.nextSyncToken) {
        throw new GoogleApiError(
          'Google answered the last page without a nextSyncToken',
          200,
          'NO_SYNC_TOKEN',
        );
      }
      return { events, nextSyncToken: data.nextSyncToken, timeZone };
    }
    throw new GoogleApiError(`The event listing ran over ${MAX_PAGES} pages`, 200, 'TOO_MANY_PAGES');
  }

  /**
   * Writes what happened to an appointment onto its event: our private extended properties (`callwiseStatus`,
   * `callwiseUpdatedAt`) and one line of ours in the description (the previous one replaced, the owner's text
   * kept). A cancellation marks the event (title prefixed, shown as free) rather than deleting it; a move patches
   * start and end. `eventId` is Google's id, or an external id of `fromGoogleEvent` (`series/original start`),
   * resolved to the occurrence's id. The event is read first and patched with If-Match on its etag: an edit by
   * the owner in between (412) makes it read and patch once more. Attendees are not notified (sendUpdates=none).
   */
  async writeBack(calendarId: string, eventId: string, update: GoogleWriteBack): Promise<void> {
    const id = await this.resolveEventId(calendarId, eventId);
    for (let attempt = 0; ; attempt++) {
      const current = await this.call('read', (options) =>
        this.api.events.get({ calendarId, eventId: id }, options),
      );
      const requestBody = writeBackPatch(current, update, this.now());
      try {
        await this.call('write', (options) =>
          this.api.events.patch(
            { calendarId, eventId: id, sendUpdates: 'none', requestBody },
            { ...options, headers: current.etag ? { 'If-Match': current.etag } : {} },
          ),
        );
        return;
      } catch (error) {
        if (!(error instanceof GoogleApiError && error.status === 412) || attempt >= 1) throw error;
      }
    }
  }

  /** Google's id of an event: itself, or for `series/original start` the id of that occurrence. */
  private async resolveEventId(calendarId: string, eventId: string): Promise<string> {
    const slash = eventId.indexOf('/');
    if (slash < 0) return eventId;
    const seriesId = eventId.slice(0, slash);
    const originalStart = eventId.slice(slash + 1);
    const data = await this.call('read', (options) =>
      this.api.events.instances(
        { calendarId, eventId: seriesId, originalStart, showDeleted: true, maxResults: 1 },
        options,
      ),
    );
    const instance = data.items?.[0]?.id;
    if (!instance) {
      throw new GoogleApiError(`No occurrence of ${seriesId} starting ${originalStart}`, 404, 'notFound');
    }
    return instance;
  }

  /**
   * One API call with our retry rules: a 429, a 5xx or a 403 rate limit is tried again after a backoff (or the
   * Retry-After asked for, up to a minute); a 401 once after a forced token refresh; no answer (a timeout, a
   * network failure) is tried again for a read but never for a write, which may have been applied.
   */
  private async call<T>(
    kind: 'read' | 'write',
    request: (options: { retry: false; timeout: number }) => Promise<{ data: T }>,
  ): Promise<T> {
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await request({ retry: false, timeout: this.timeoutMs });
        return response.data;
      } catch (raw) {
        const error = toGoogleError(raw, this.timeoutMs);
        if (!(error instanceof GoogleApiError)) throw error;
        if (error.status === 401 && !refreshed) {
          refreshed = true;
          try {
            await this.auth.refreshAccessToken();
          } catch (refreshError) {
            throw toGoogleError(refreshError, this.timeoutMs);
          }
          attempt--;
          continue;
        }
        const retryable =
          error.status === 429 ||
          error.status >= 500 ||
          (error.status === 403 && error.reason !== null && RATE_LIMIT_REASONS.has(error.reason)) ||
          (error.status === 0 && kind === 'read');
        if (!retryable || attempt >= this.maxRetries) throw error;
        if (error.retryAfterMs !== null && error.retryAfterMs > MAX_RETRY_AFTER_MS) throw error;
        await this.sleep(error.retryAfterMs ?? BACKOFF_BASE_MS * 2 ** attempt);
      }
    }
  }
}
