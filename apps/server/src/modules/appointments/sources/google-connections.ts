import { randomBytes } from 'node:crypto';
import type { Database } from '@callwise/db/client';
import {
  createCalendarConnection,
  createOauthState,
  recordCalendarSync,
  takeOauthState,
  updateCalendarConnection,
} from '@callwise/db/queries/calendar-connections';
import type { CalendarConnectionRow } from '@callwise/db/schema';
import type { GoogleCalendar } from '@callwise/shared/schemas/calendar-connections';
import type { Config } from '../../../config.ts';
import type { SecretBox } from '../../../infra/secret-box.ts';
import type { CalendarSync, ExternalEvent, SyncSummary } from './calendar-sync.ts';
import { GoogleCalendarClient, type GoogleCalendarInfo } from './google-calendar.ts';
import {
  GoogleApiError,
  GoogleInvalidGrantError,
  GoogleMissingRefreshTokenError,
  GoogleScopeError,
} from './google-errors.ts';
import { fromGoogleEvent, type GoogleWriteBack } from './google-events.ts';
import { GoogleOAuth } from './google-oauth.ts';

/**
 * Google Calendar connections (issue #17, decision 023): the OAuth flow that makes one, reading its calendar into
 * appointments (incremental, with Google's sync tokens), and writing our answers back to its events.
 */

export const GOOGLE_CALLBACK_PATH = '/hooks/google/callback';
/** How long the user has on Google's consent screen. */
const STATE_TTL_MS = 10 * 60_000;
export const GOOGLE_RECONNECT = 'Google no longer lets us use this calendar: remove it and connect it again.';
const RECONNECT = GOOGLE_RECONNECT;

export type GoogleConfig = Pick<
  Config,
  | 'PUBLIC_URL'
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_CLIENT_SECRET'
  | 'GOOGLE_AUTH_URL'
  | 'GOOGLE_TOKEN_URL'
  | 'GOOGLE_REVOKE_URL'
  | 'GOOGLE_API_ROOT_URL'
>;

/** Why connecting failed, in words fit for the settings page. */
export class GoogleConnectError extends Error {}

export function googleAvailable(config: GoogleConfig): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}

function oauthOf(config: GoogleConfig): GoogleOAuth {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET)
    throw new GoogleConnectError('Google Calendar is not set up on this server.');
  return new GoogleOAuth({
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    redirectUri: `${config.PUBLIC_URL}${GOOGLE_CALLBACK_PATH}`,
    endpoints: {
      ...(config.GOOGLE_AUTH_URL ? { authUrl: config.GOOGLE_AUTH_URL } : {}),
      ...(config.GOOGLE_TOKEN_URL ? { tokenUrl: config.GOOGLE_TOKEN_URL } : {}),
      ...(config.GOOGLE_REVOKE_URL ? { revokeUrl: config.GOOGLE_REVOKE_URL } : {}),
    },
  });
}

const writable = (calendar: GoogleCalendarInfo) =>
  calendar.accessRole === 'owner' || calendar.accessRole === 'writer';

export function googleCalendarResponse(calendar: GoogleCalendarInfo): GoogleCalendar {
  return {
    id: calendar.id,
    summary: calendar.summary,
    primary: calendar.primary,
    time_zone: calendar.timeZone,
    writable: writable(calendar),
  };
}

export interface GoogleConnectionsDeps {
  db: Database;
  config: GoogleConfig;
  sync: CalendarSync;
  /** The refresh token is stored sealed. */
  secrets: Pick<SecretBox, 'seal' | 'open'>;
  /** Tests: retries without waiting. */
  clientOptions?: { maxRetries?: number; sleep?: (ms: number) => Promise<void>; timeoutMs?: number };
}

export class GoogleConnections {
  constructor(private readonly deps: GoogleConnectionsDeps) {}

  /**
   * Where to send the user to connect a calendar: Google's consent page, with a state kept here (ten minutes) with
   * the PKCE verifier and what the connection is to be.
   */
  async authorize(accountId: string, wanted: { name?: string | undefined; staff: string }): Promise<string> {
    const state = randomBytes(32).toString('base64url');
    const { url, codeVerifier } = await oauthOf(this.deps.config).authorizationUrl(state);
    await createOauthState(this.deps.db, {
      id: state,
      accountId,
      codeVerifier,
      name: wanted.name ?? null,
      staff: wanted.staff,
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    });
    return url;
  }

  /**
   * Google sent the user back: the state is taken (once), the code exchanged for a refresh token, and the
   * connection made on the account's primary calendar (the first one we may write to, else the first), then read.
   * @throws GoogleConnectError with why, in words.
   */
  async complete(
    state: string,
    code: string,
    horizon: { from: Date; to: Date },
  ): Promise<CalendarConnectionRow> {
    const pending = await takeOauthState(this.deps.db, state);
    if (!pending) throw new GoogleConnectError('The Google sign-in expired or was already used. Try again.');
    const oauth = oauthOf(this.deps.config);
    let refreshToken: string;
    try {
      ({ refreshToken } = await oauth.exchangeCode(code, pending.codeVerifier));
    } catch (error) {
      if (error instanceof GoogleScopeError)
        throw new GoogleConnectError(
          'Google did not give access to the calendars. Connect again and allow every access asked.',
        );
      if (error instanceof GoogleMissingRefreshTokenError || error instanceof GoogleInvalidGrantError)
        throw new GoogleConnectError(`Google refused the sign-in: ${error.message}`);
      if (error instanceof GoogleApiError)
        throw new GoogleConnectError(`Google could not be reached: ${error.message}`);
      throw error;
    }
    const calendars = await this.client(refreshToken).listCalendars();
    const chosen = calendars.find((one) => one.primary) ?? calendars.find(writable) ?? calendars[0];
    if (!chosen) throw new GoogleConnectError('This Google account has no calendar.');
    const row = await createCalendarConnection(this.deps.db, pending.accountId, {
      kind: 'google',
      name: pending.name ?? chosen.summary.slice(0, 100),
      staff: pending.staff,
      refreshToken: this.deps.secrets.seal(refreshToken),
      calendarId: chosen.id,
      calendarName: chosen.summary,
    });
    return (await this.read(row, horizon)).row;
  }

  /** The calendars of the connection's Google account. */
  async calendars(connection: CalendarConnectionRow): Promise<GoogleCalendarInfo[]> {
    if (!connection.refreshToken) throw new GoogleConnectError(RECONNECT);
    try {
      return await this.client(this.deps.secrets.open(connection.refreshToken)).listCalendars();
    } catch (error) {
      throw this.problem(error);
    }
  }

  /**
   * Reads another calendar of the same account from now on: from the start (no sync token, no events seen);
   * the previous calendar's appointments stay.
   */
  async choose(connection: CalendarConnectionRow, calendarId: string, horizon: { from: Date; to: Date }) {
    const found = (await this.calendars(connection)).find((calendar) => calendar.id === calendarId);
    if (!found) return undefined;
    const row = await updateCalendarConnection(this.deps.db, connection.accountId, connection.id, {
      calendarId: found.id,
      calendarName: found.summary,
      syncToken: null,
      seenExternalIds: [],
    });
    return row ? this.read(row, horizon) : undefined;
  }

  /**
   * Reads the calendar: what changed since the last sync (or, the first time or when Google asks for it, every
   * event of the horizon, and then an event known before and no longer listed is cancelled). Records when, the
   * next sync token, and the error (the summary is then null).
   */
  async read(
    connection: CalendarConnectionRow,
    horizon: { from: Date; to: Date },
  ): Promise<{ row: CalendarConnectionRow; summary: SyncSummary | null }> {
    const at = new Date();
    const { db, sync } = this.deps;
    try {
      if (!connection.refreshToken || !connection.calendarId) throw new GoogleConnectError(RECONNECT);
      const result = await this.client(this.deps.secrets.open(connection.refreshToken)).syncEvents(
        connection.calendarId,
        connection.syncToken,
        horizon,
      );
      const events: ExternalEvent[] = [];
      for (const item of result.events) {
        const event = fromGoogleEvent(item, result.timeZone);
        // An incremental sync also lists changes far away: only the horizon is read (a cancellation anywhere).
        if (event && (event.cancelled || (event.endsAt > horizon.from && event.startsAt < horizon.to)))
          events.push(event);
      }
      const summary = await sync.apply(connection.accountId, 'google', events, {
        connection,
        ...(result.complete ? { gone: { previous: connection.seenExternalIds, ...horizon } } : {}),
      });
      const seen = new Set(result.complete ? [] : connection.seenExternalIds);
      for (const event of events) {
        if (event.cancelled) seen.delete(event.externalId);
        else seen.add(event.externalId);
      }
      const row = await recordCalendarSync(db, connection.id, {
        at,
        error: null,
        seenExternalIds: [...seen],
        syncToken: result.nextSyncToken,
      });
      return { row: row ?? connection, summary };
    } catch (error) {
      const problem = this.problem(error);
      if (!(problem instanceof GoogleConnectError)) throw error;
      const row = await recordCalendarSync(db, connection.id, { at, error: problem.message });
      return { row: row ?? connection, summary: null };
    }
  }

  /** Writes our answer into the event (decision 023). @throws GoogleApiError, GoogleInvalidGrantError. */
  async writeBack(connection: CalendarConnectionRow, externalId: string, update: GoogleWriteBack) {
    if (!connection.refreshToken || !connection.calendarId) throw new GoogleInvalidGrantError(RECONNECT);
    await this.client(this.deps.secrets.open(connection.refreshToken)).writeBack(
      connection.calendarId,
      externalId,
      update,
    );
  }

  /** Forgets the grant at Google (the connection is being removed); a failure is only logged by the caller. */
  async revoke(connection: CalendarConnectionRow): Promise<void> {
    if (connection.refreshToken)
      await oauthOf(this.deps.config).revoke(this.deps.secrets.open(connection.refreshToken));
  }

  private client(refreshToken: string) {
    const { config, clientOptions } = this.deps;
    return new GoogleCalendarClient({
      auth: oauthOf(config).authorizedClient(refreshToken),
      ...(config.GOOGLE_API_ROOT_URL ? { rootUrl: ensureSlash(config.GOOGLE_API_ROOT_URL) } : {}),
      ...clientOptions,
    });
  }

  /** A failure as words for the settings page (GoogleConnectError), or the error itself when it is not Google's. */
  private problem(error: unknown): unknown {
    if (error instanceof GoogleConnectError) return error;
    if (error instanceof GoogleInvalidGrantError) return new GoogleConnectError(RECONNECT);
    if (error instanceof GoogleApiError) {
      if (error.status === 404) return new GoogleConnectError('Google no longer has this calendar.');
      return new GoogleConnectError(`Google Calendar could not be read: ${error.message}`);
    }
    return error;
  }
}

const ensureSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);
