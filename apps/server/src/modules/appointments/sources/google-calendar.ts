import { zonedTime } from '@callwise/shared/calling-window';
import { calendar, type calendar_v3 } from '@googleapis/calendar';
import { CodeChallengeMethod, type Credentials, OAuth2Client } from 'google-auth-library';
import type { ExternalEvent } from './calendar-sync.ts';
import { findPhone } from './ics.ts';

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

/**
 * The scopes asked for, the narrowest that do the job: `calendar.events` reads and edits events (list, get,
 * patch) on the calendars the user can access, and `calendar.calendarlist.readonly` only lets us see which
 * calendars those are (their ids, names, time zones) for the user to pick from. `calendar.readonly` would read
 * every calendar's data besides, and `calendar` would also let us share and delete whole calendars;
 * `calendar.events.owned` would miss the calendars shared with the user (a front desk working in the owner's).
 */
export const GOOGLE_CALENDAR_SCOPES = [
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.calendarlist.readonly',
] as const;

export const GOOGLE_API_ROOT_URL = 'https://www.googleapis.com/';

/** Where OAuth2Client talks to Google; tests point all three at the fake. */
export interface GoogleOAuthEndpoints {
  /** Default https://accounts.google.com/o/oauth2/v2/auth */
  authUrl?: string;
  /** Default https://oauth2.googleapis.com/token */
  tokenUrl?: string;
  /** Default https://oauth2.googleapis.com/revoke */
  revokeUrl?: string;
}

export interface GoogleOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** The callback registered with the OAuth client in Google Cloud (exactly, scheme and path included). */
  redirectUri: string;
  endpoints?: GoogleOAuthEndpoints;
  /** How long one token request may take (default 10 s). */
  timeoutMs?: number;
}

export interface GoogleTokens {
  refreshToken: string;
  accessToken: string;
  /** When the access token stops working (null when Google did not say). */
  expiresAt: Date | null;
  /** The scopes the user granted (Google lets a user untick some on the consent screen). */
  scopes: string[];
}

/**
 * Google no longer accepts the stored refresh token (`invalid_grant`: the user revoked our access, changed their
 * password with Gmail scopes, the token went unused for six months, or the OAuth client is in "testing" and the
 * token is over seven days old). Nothing but a new consent fixes it: mark the connection as needing reconnection.
 */
export class GoogleInvalidGrantError extends Error {
  /** Google's `error_description` (e.g. "Token has been expired or revoked."). */
  readonly description: string | null;
  constructor(description: string | null, options?: { cause?: unknown }) {
    super(
      `Google refused the authorization (invalid_grant)${description ? `: ${description}` : ''}`,
      options,
    );
    this.name = 'GoogleInvalidGrantError';
    this.description = description;
  }
}

/**
 * A code exchange answered without a refresh token. Google gives one only when the user consents, and with
 * `prompt=consent` it does so every time; without it, a user who had already granted access to this OAuth client
 * gets an access token alone. The authorization URL here always asks for consent, so this means the URL was made
 * elsewhere or the grant was an odd one: start the connection again (and, if it persists, remove Callwise from
 * the Google account's third-party access and connect again).
 */
export class GoogleMissingRefreshTokenError extends Error {
  constructor() {
    super(
      'Google answered without a refresh token: connect again (the consent screen must be shown, prompt=consent)',
    );
    this.name = 'GoogleMissingRefreshTokenError';
  }
}

/** The user unticked scopes we need on Google's consent screen (granular consent). `missing` lists them. */
export class GoogleScopeError extends Error {
  readonly missing: string[];
  constructor(missing: string[]) {
    super(`Google access was granted without ${missing.join(', ')}: connect again and allow all of it`);
    this.name = 'GoogleScopeError';
    this.missing = missing;
  }
}

/**
 * Google refused or failed a request: `status` the HTTP status (0 when no answer came), `reason` Google's
 * `errors[0].reason` (e.g. `rateLimitExceeded`, `fullSyncRequired`, `notFound`), or TIMEOUT / NETWORK_ERROR.
 */
export class GoogleApiError extends Error {
  readonly status: number;
  readonly reason: string | null;
  /** Retry-After of the answer, in ms (null when absent). */
  readonly retryAfterMs: number | null;
  constructor(
    message: string,
    status: number,
    reason: string | null,
    retryAfterMs: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GoogleApiError';
    this.status = status;
    this.reason = reason;
    this.retryAfterMs = retryAfterMs;
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** What a failure looks like when it comes out of gaxios (either copy of it: instanceof is not reliable). */
interface GaxiosLikeError {
  message?: string;
  name?: string;
  code?: unknown;
  response?: { status?: number; data?: unknown; headers?: unknown };
}

/** Google's OAuth error body `{ error, error_description }`, when the failure is one. */
function oauthError(error: unknown): { error: string; description: string | null } | null {
  const data = (error as GaxiosLikeError | null)?.response?.data;
  if (typeof data !== 'object' || data === null) return null;
  const { error: code, error_description: description } = data as Record<string, unknown>;
  if (typeof code !== 'string') return null;
  return { error: code, description: typeof description === 'string' ? description : null };
}

/** invalid_grant, from the token endpoint, as GoogleInvalidGrantError; anything else unchanged. */
function translateAuthError(error: unknown): unknown {
  const oauth = oauthError(error);
  if (oauth?.error === 'invalid_grant')
    return new GoogleInvalidGrantError(oauth.description, { cause: error });
  return error;
}

/** Connecting a Google account: the consent URL, the code exchange, and clients from a stored refresh token. */
export class GoogleOAuth {
  private readonly options: GoogleOAuthOptions;

  constructor(options: GoogleOAuthOptions) {
    this.options = options;
  }

  private client(): OAuth2Client {
    const { clientId, clientSecret, redirectUri, endpoints } = this.options;
    return new OAuth2Client({
      clientId,
      clientSecret,
      redirectUri,
      endpoints: {
        ...(endpoints?.authUrl ? { oauth2AuthBaseUrl: endpoints.authUrl } : {}),
        ...(endpoints?.tokenUrl ? { oauth2TokenUrl: endpoints.tokenUrl } : {}),
        ...(endpoints?.revokeUrl ? { oauth2RevokeUrl: endpoints.revokeUrl } : {}),
      },
      transporterOptions: { timeout: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS },
    });
  }

  /**
   * The URL to send the user to. `state` is the caller's (signed, or an opaque id of a server-side record): Google
   * hands it back unchanged on the callback, where the caller checks it before anything else. The answer's
   * `codeVerifier` (PKCE, S256) must be kept server-side with the state and given to `exchangeCode`.
   * access_type=offline (a refresh token), prompt=consent (Google gives the refresh token only on a consent
   * screen), include_granted_scopes=false (only what is listed here).
   */
  async authorizationUrl(state: string): Promise<{ url: string; codeVerifier: string }> {
    if (!state) throw new Error('A state is required (CSRF protection of the callback)');
    const client = this.client();
    const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
    if (!codeChallenge) throw new Error('google-auth-library gave no PKCE code challenge');
    const url = client.generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      scope: [...GOOGLE_CALENDAR_SCOPES],
      state,
      code_challenge: codeChallenge,
      code_challenge_method: CodeChallengeMethod.S256,
      include_granted_scopes: false,
    });
    return { url, codeVerifier };
  }

  /**
   * The callback's `code` for tokens (with the PKCE verifier of `authorizationUrl`).
   * @throws GoogleInvalidGrantError for a code that is wrong, used or expired, or a verifier that does not match;
   *   GoogleMissingRefreshTokenError when Google gave no refresh token; GoogleScopeError when the user did not
   *   grant every scope we need.
   */
  async exchangeCode(code: string, codeVerifier: string): Promise<GoogleTokens> {
    let tokens: Credentials;
    try {
      ({ tokens } = await this.client().getToken({ code, codeVerifier }));
    } catch (error) {
      throw translateAuthError(error);
    }
    const scopes = (tokens.scope ?? '').split(/\s+/).filter(Boolean);
    // Google answers the scopes granted; an answer without the field is taken as all of them.
    const missing = tokens.scope ? GOOGLE_CALENDAR_SCOPES.filter((scope) => !scopes.includes(scope)) : [];
    if (missing.length > 0) throw new GoogleScopeError(missing);
    if (!tokens.refresh_token) throw new GoogleMissingRefreshTokenError();
    if (!tokens.access_token) throw new Error('Google answered the code exchange without an access token');
    return {
      refreshToken: tokens.refresh_token,
      accessToken: tokens.access_token,
      expiresAt: typeof tokens.expiry_date === 'number' ? new Date(tokens.expiry_date) : null,
      scopes: scopes.length > 0 ? scopes : [...GOOGLE_CALENDAR_SCOPES],
    };
  }

  /**
   * An authorised client for a stored refresh token: it gets an access token when it needs one (none yet, or
   * within five minutes of expiry) and refreshes it itself. `onRefreshToken` is called if Google ever hands out a
   * new refresh token on refresh (store it in place of the old one). A revoked token shows up on the next request
   * as GoogleInvalidGrantError (from GoogleCalendarClient).
   */
  authorizedClient(refreshToken: string, onRefreshToken?: (token: string) => void): OAuth2Client {
    const client = this.client();
    client.setCredentials({ refresh_token: refreshToken });
    if (onRefreshToken) {
      client.on('tokens', (tokens: Credentials) => {
        if (tokens.refresh_token && tokens.refresh_token !== refreshToken)
          onRefreshToken(tokens.refresh_token);
      });
    }
    return client;
  }

  /**
   * Revokes the grant (a disconnected connection): Google forgets the refresh token and its access tokens. A
   * token Google no longer knows (400 invalid_token) counts as revoked already.
   */
  async revoke(refreshToken: string): Promise<void> {
    try {
      await this.client().revokeToken(refreshToken);
    } catch (error) {
      if (oauthError(error)?.error === 'invalid_token') return;
      throw toGoogleError(error, this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    }
  }

  /**
   * Checks a refresh token now (one refresh), e.g. right after connecting or from a "test connection" button.
   * @throws GoogleInvalidGrantError when Google no longer accepts it.
   */
  async verify(refreshToken: string): Promise<void> {
    try {
      await this.authorizedClient(refreshToken).getAccessToken();
    } catch (error) {
      throw translateAuthError(error);
    }
  }
}

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

export type GoogleWriteBack =
  | { status: 'confirmed'; note?: string | null }
  | { status: 'cancelled'; note?: string | null }
  | { status: 'rescheduled'; startsAt: Date; endsAt: Date; note?: string | null };

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
/** Our private extended properties on an event. */
export const CALLWISE_STATUS_PROPERTY = 'callwiseStatus';
export const CALLWISE_UPDATED_PROPERTY = 'callwiseUpdatedAt';
/** The marker of the line we keep in an event's description (one line, ours, replaced on every write). */
export const CALLWISE_DESCRIPTION_MARKER = '[Callwise]';
/** What a cancelled event's title starts with once we marked it. */
export const CANCELLED_TITLE_PREFIX = 'Cancelled: ';

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After (seconds, or an HTTP date) in milliseconds; null when absent or unreadable. */
function retryAfterMs(headers: unknown): number | null {
  let header: string | null = null;
  // gaxios answers a Headers (not necessarily this realm's: instanceof is not reliable), older versions a record.
  const get = (headers as { get?: unknown } | null)?.get;
  if (typeof get === 'function')
    header = (get as (name: string) => string | null).call(headers, 'retry-after');
  else if (typeof headers === 'object' && headers !== null) {
    const value = (headers as Record<string, unknown>)['retry-after'];
    header = typeof value === 'string' ? value : null;
  }
  if (!header) return null;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** Any failure of a library call as one of our errors (GoogleInvalidGrantError, GoogleApiError). */
function toGoogleError(error: unknown, timeoutMs: number): Error {
  if (error instanceof GoogleApiError || error instanceof GoogleInvalidGrantError) return error;
  const translated = translateAuthError(error);
  if (translated instanceof GoogleInvalidGrantError) return translated;
  const failure = (error ?? {}) as GaxiosLikeError;
  const response = failure.response;
  if (response && typeof response.status === 'number') {
    const oauth = oauthError(error);
    if (oauth) {
      return new GoogleApiError(
        `Google's token endpoint answered ${oauth.error}${oauth.description ? `: ${oauth.description}` : ''}`,
        response.status,
        oauth.error,
        null,
        { cause: error },
      );
    }
    const body = (response.data ?? {}) as {
      error?: { message?: unknown; errors?: Array<{ reason?: unknown }> };
    };
    const message = typeof body.error?.message === 'string' ? body.error.message : null;
    const reason = body.error?.errors?.[0]?.reason;
    return new GoogleApiError(
      message ?? `Google answered ${response.status}`,
      response.status,
      typeof reason === 'string' ? reason : null,
      retryAfterMs(response.headers),
      { cause: error },
    );
  }
  // Our `timeout` is an AbortSignal.timeout inside gaxios: the failure (or its cause) is a TimeoutError or an
  // AbortError, depending on the fetch underneath; no other signal is given, so an abort is the timeout.
  const cause = (error as { cause?: { name?: unknown } } | null)?.cause;
  const names = [failure.code, failure.name, cause?.name];
  const timedOut = names.some((name) => name === 'TimeoutError' || name === 'AbortError');
  return timedOut
    ? new GoogleApiError(`Google did not answer within ${timeoutMs} ms`, 0, 'TIMEOUT', null, { cause: error })
    : new GoogleApiError(
        `Google could not be reached: ${failure.message ?? String(error)}`,
        0,
        'NETWORK_ERROR',
        null,
        { cause: error },
      );
}

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

const DESCRIPTION_LINE_BREAK = /\r?\n|<br\s*\/?>/i;
const LOOKS_HTML = /<(br|p|div|a|b|i|u|ul|ol|li|span)\b[^>]*>/i;

/** A description without our line (and without the blank lines it leaves at the end); null when nothing is left. */
export function withoutCallwiseLine(description: string | null | undefined): string | null {
  if (!description) return null;
  const html = LOOKS_HTML.test(description);
  const lines = description.split(new RegExp(DESCRIPTION_LINE_BREAK.source, 'gi'));
  const kept = lines.filter((line) => !line.trim().startsWith(CALLWISE_DESCRIPTION_MARKER));
  while (kept.length > 0 && kept[kept.length - 1]?.trim() === '') kept.pop();
  const text = kept.join(html ? '<br>' : '\n');
  return text.trim() === '' ? null : text;
}

const STATUS_WORDS: Record<GoogleWriteBack['status'], string> = {
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  rescheduled: 'Moved',
};

/** Our description line: the status, when (UTC), and the note on one line. */
export function callwiseLine(update: GoogleWriteBack, at: Date): string {
  const when = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const note = update.note?.replace(/\s+/g, ' ').trim();
  const moved =
    update.status === 'rescheduled'
      ? ` to ${update.startsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
      : '';
  return `${CALLWISE_DESCRIPTION_MARKER} ${STATUS_WORDS[update.status]}${moved} by reminder call (${when})${
    note ? `: ${note}` : ''
  }`;
}

/** The PATCH body for a write-back onto `event` as it is now. */
export function writeBackPatch(
  event: calendar_v3.Schema$Event,
  update: GoogleWriteBack,
  at: Date,
): calendar_v3.Schema$Event {
  const owner = withoutCallwiseLine(event.description);
  const html = owner !== null && LOOKS_HTML.test(owner);
  const line = callwiseLine(update, at);
  const patch: calendar_v3.Schema$Event = {
    description: owner ? `${owner}${html ? '<br><br>' : '\n\n'}${line}` : line,
    extendedProperties: {
      // The whole private map, ours set and the rest as it was (patch would merge it anyway).
      private: {
        ...(event.extendedProperties?.private ?? {}),
        [CALLWISE_STATUS_PROPERTY]: update.status,
        [CALLWISE_UPDATED_PROPERTY]: at.toISOString(),
      },
    },
  };
  if (update.status === 'cancelled') {
    const summary = event.summary ?? '';
    patch.summary = summary.startsWith(CANCELLED_TITLE_PREFIX)
      ? summary
      : `${CANCELLED_TITLE_PREFIX}${summary}`;
    patch.transparency = 'transparent';
  }
  if (update.status === 'rescheduled') {
    if (update.endsAt.getTime() <= update.startsAt.getTime()) {
      throw new RangeError('A move must end after it starts');
    }
    const zone = (time: calendar_v3.Schema$EventDateTime | undefined) =>
      time?.timeZone ? { timeZone: time.timeZone } : {};
    patch.start = { dateTime: update.startsAt.toISOString(), ...zone(event.start) };
    patch.end = { dateTime: update.endsAt.toISOString(), ...zone(event.end) };
  }
  return patch;
}

/**
 * A Google event as the event CalendarSync applies (the shape `fromIcsEvent` makes), or null for one that is
 * not an appointment (an all-day event, or one without a usable time). External id: the event's id; for an
 * occurrence of a recurring event, `${recurringEventId}/${original start, ISO in UTC}` — how the ICS source names
 * occurrences (`UID/original start`), stable when the occurrence is moved. A cancelled event (deleted, or an
 * occurrence removed from its series) is a cancellation; Google sends those with no times, so the original
 * start (or the epoch) stands in: CalendarSync does not read the times of a cancellation. A deleted series
 * comes as its own id alone: its occurrences are the external ids starting with `${id}/`.
 * Times with no offset are read in the event's time zone, else the calendar's (`calendarTimeZone`).
 * The attendee is the first one that is not the organizer or a room; the phone the first phone-number-looking
 * text of the description, location or title (as the ICS mapping does). Our own description line is left out.
 */
export function fromGoogleEvent(
  event: calendar_v3.Schema$Event,
  calendarTimeZone: string | null,
): ExternalEvent | null {
  if (!event.id) return null;
  const originalStart = event.originalStartTime ? eventTime(event.originalStartTime, calendarTimeZone) : null;
  if (event.recurringEventId && event.originalStartTime?.date && !event.originalStartTime.dateTime)
    return null;
  const externalId =
    event.recurringEventId && originalStart
      ? `${event.recurringEventId}/${originalStart.toISOString()}`
      : event.id;
  const description = withoutCallwiseLine(event.description);
  const summary = text(event.summary);
  const location = text(event.location);

  if (event.status === 'cancelled') {
    const at =
      (event.start ? eventTime(event.start, calendarTimeZone) : null) ?? originalStart ?? new Date(0);
    const end = (event.end ? eventTime(event.end, calendarTimeZone) : null) ?? at;
    return {
      externalId,
      startsAt: at,
      endsAt: end,
      cancelled: true,
      title: summary,
      location,
      description,
      attendee: { name: null, email: null, phone: null },
    };
  }
  // All-day events (start.date) are not appointments.
  if (!event.start?.dateTime || !event.end?.dateTime) return null;
  const startsAt = eventTime(event.start, calendarTimeZone);
  const endsAt = eventTime(event.end, calendarTimeZone);
  if (!startsAt || !endsAt || endsAt.getTime() <= startsAt.getTime()) return null;

  const organizer = event.organizer?.email?.toLowerCase() ?? null;
  const attendee = (event.attendees ?? []).find(
    (a) => !a.organizer && !a.resource && (!organizer || a.email?.toLowerCase() !== organizer),
  );
  return {
    externalId,
    startsAt,
    endsAt,
    cancelled: false,
    title: summary,
    location,
    description,
    attendee: {
      name: text(attendee?.displayName),
      email: text(attendee?.email),
      phone: findPhone([description, location, summary]),
    },
  };
}

function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/** The instant of an EventDateTime with a time (null for a date alone or an unreadable one). */
function eventTime(time: calendar_v3.Schema$EventDateTime, calendarTimeZone: string | null): Date | null {
  const value = time.dateTime;
  if (!value) return null;
  if (HAS_OFFSET.test(value)) {
    const at = new Date(value);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  const zone = time.timeZone ?? calendarTimeZone ?? 'UTC';
  return wallTimeIn(value, zone);
}

/**
 * A wall-clock time ("2026-03-08T02:30:00") in an IANA zone as an instant (the shared `zonedTime`: a skipped time
 * moves forward, a repeated one is its first occurrence); null when unreadable or the zone is unknown.
 */
export function wallTimeIn(local: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(local);
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  try {
    const at = zonedTime({ year, month, day }, hour * 60 + minute, timeZone);
    return new Date(at.getTime() + second * 1000);
  } catch {
    return null;
  }
}
