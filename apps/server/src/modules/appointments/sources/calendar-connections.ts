import { randomBytes } from 'node:crypto';
import type { Database } from '@callwise/db/client';
import {
  createCalendarConnection,
  deleteCalendarConnection,
  getCalendarConnection,
  listReadConnections,
  recordCalendarSync,
  updateCalendarConnection,
} from '@callwise/db/queries/calendar-connections';
import type { CalendarConnectionRow } from '@callwise/db/schema';
import {
  type CalendarConnection,
  type ConnectGoogleInput,
  type CreateCalendarConnectionInput,
  ICS_HORIZON_FUTURE_DAYS,
  ICS_HORIZON_PAST_DAYS,
  type UpdateCalendarConnectionInput,
} from '@callwise/shared/schemas/calendar-connections';
import type { Config } from '../../../config.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Logger } from '../../../infra/logger.ts';
import type { SecretBox } from '../../../infra/secret-box.ts';
import type { Resolver } from '../../../infra/ssrf.ts';
import type { AppointmentService } from '../appointments.service.ts';
import { bookingSettingsOf } from '../booking-settings.ts';
import { CalendarSync, fromIcsEvent, type SyncSummary } from './calendar-sync.ts';
import { type GoogleConfig, GoogleConnections } from './google-connections.ts';
import { IcsParseError, parseIcsEvents } from './ics.ts';
import { fetchIcs, IcsFetchError, icsUrlOf } from './ics-fetch.ts';

const DAY = 86_400_000;
/** An uploaded file is read further ahead than a subscription (it is not read again). */
const UPLOAD_FUTURE_DAYS = 365;

export const CALCOM_WEBHOOK_PATH = '/hooks/calcom';

export const fieldError = (field: string, message: string) =>
  new AppError('validation_failed', `${field}: ${message}`, [{ field, message }]);

/** The subscription's window: a day ago to 90 days ahead. */
export function icsHorizon(now = new Date()) {
  return {
    from: new Date(now.getTime() - ICS_HORIZON_PAST_DAYS * DAY),
    to: new Date(now.getTime() + ICS_HORIZON_FUTURE_DAYS * DAY),
  };
}

export function calendarConnectionResponse(
  row: CalendarConnectionRow,
  publicUrl: string,
): CalendarConnection {
  return {
    id: row.id,
    kind: row.kind as CalendarConnection['kind'],
    name: row.name,
    url: row.kind === 'ics' ? row.url : null,
    webhook_url: row.kind === 'calcom' ? `${publicUrl}${CALCOM_WEBHOOK_PATH}/${row.id}` : null,
    has_api_key: Boolean(row.apiKey),
    staff: row.staff || null,
    calendar_id: row.kind === 'google' ? row.calendarId : null,
    calendar_name: row.kind === 'google' ? row.calendarName : null,
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface CalendarConnectionServiceDeps {
  db: Database;
  appointments: AppointmentService;
  config: Pick<Config, 'WEBHOOK_ALLOW_PRIVATE'> & GoogleConfig;
  log: Pick<Logger, 'info' | 'warn'>;
  /** Credentials are stored sealed (a Cal.com API key, a Google refresh token): the server's one box. */
  secrets: SecretBox;
  /** Tests: where host names resolve. */
  resolve?: Resolver;
}

/**
 * Calendar connections: adding them, reading ICS calendars (uploaded or subscribed) and Google calendars into
 * appointments.
 */
export class CalendarConnectionService {
  readonly sync: CalendarSync;
  readonly google: GoogleConnections;
  private readonly secrets: SecretBox;

  constructor(private readonly deps: CalendarConnectionServiceDeps) {
    this.secrets = deps.secrets;
    this.sync = new CalendarSync({ db: deps.db, appointments: deps.appointments, log: deps.log });
    this.google = new GoogleConnections({
      db: deps.db,
      config: deps.config,
      sync: this.sync,
      secrets: this.secrets,
    });
  }

  /** Where to send the user to connect a Google calendar. @throws AppError validation_failed for `staff`. */
  async connectGoogle(accountId: string, input: ConnectGoogleInput): Promise<string> {
    const staff = await this.staffOf(accountId, input.staff);
    return this.google.authorize(accountId, { name: input.name, staff });
  }

  /** Google sent the user back with a code: the connection, made and read. @throws GoogleConnectError. */
  async completeGoogle(state: string, code: string): Promise<CalendarConnectionRow> {
    return this.google.complete(state, code, icsHorizon());
  }

  /** Reads a connection read on a schedule (ICS, Google) now. */
  async read(connection: CalendarConnectionRow) {
    return connection.kind === 'google'
      ? this.google.read(connection, icsHorizon())
      : this.syncIcs(connection);
  }

  /** Removes it; a Google grant is given back to Google (a failure there is only logged). */
  async remove(accountId: string, id: string): Promise<boolean> {
    const connection = await getCalendarConnection(this.deps.db, accountId, id);
    if (!connection) return false;
    if (!(await deleteCalendarConnection(this.deps.db, accountId, id))) return false;
    if (connection.kind === 'google') {
      await this.google.revoke(connection).catch((error: unknown) => {
        this.deps.log.warn({ connectionId: id, err: error }, 'Google grant not revoked');
      });
    }
    return true;
  }

  /** @throws AppError validation_failed naming `staff` when the booking settings have no such staff member. */
  async create(accountId: string, input: CreateCalendarConnectionInput) {
    const staff = await this.staffOf(accountId, input.staff);
    if (input.kind === 'ics') {
      return createCalendarConnection(this.deps.db, accountId, {
        kind: 'ics',
        name: input.name,
        staff,
        url: icsUrlOf(input.url),
      });
    }
    return createCalendarConnection(this.deps.db, accountId, {
      kind: 'calcom',
      name: input.name,
      staff,
      secret: randomBytes(32).toString('hex'),
      apiKey: input.api_key ? this.secrets.seal(input.api_key) : null,
    });
  }

  /**
   * Renames it, gives it to a staff member (its appointments from now on; those already made keep theirs), or
   * sets or removes a Cal.com API key. Undefined when the account has no such connection.
   * @throws AppError validation_failed naming the field (an unknown staff member, an API key for an ICS address).
   */
  async update(accountId: string, id: string, input: UpdateCalendarConnectionInput) {
    const { db } = this.deps;
    const current = await getCalendarConnection(db, accountId, id);
    if (!current) return undefined;
    if (input.api_key !== undefined && current.kind !== 'calcom')
      throw fieldError('api_key', 'only a Cal.com connection takes an API key');
    if (input.calendar_id !== undefined && current.kind !== 'google')
      throw fieldError('calendar_id', 'only a Google connection reads a calendar of its choice');
    if (input.calendar_id !== undefined && input.calendar_id !== current.calendarId) {
      const chosen = await this.google.choose(current, input.calendar_id, icsHorizon());
      if (!chosen) throw fieldError('calendar_id', 'is not one of this Google account’s calendars');
    }
    return updateCalendarConnection(db, accountId, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.staff !== undefined ? { staff: await this.staffOf(accountId, input.staff) } : {}),
      ...(input.api_key !== undefined
        ? { apiKey: input.api_key === null ? null : this.secrets.seal(input.api_key) }
        : {}),
    });
  }

  /** The staff member as the booking settings spell it; '' for the business as a whole. */
  private async staffOf(accountId: string, name: string | null | undefined): Promise<string> {
    if (!name) return '';
    const { settings } = await bookingSettingsOf(this.deps.db, accountId);
    const found = settings.staff.find((member) => member.name.toLowerCase() === name.toLowerCase());
    if (!found) throw fieldError('staff', `${name} is not a staff member in the booking settings`);
    return found.name;
  }

  /**
   * An uploaded .ics file's events (a day ago to a year ahead) applied to the account's appointments; nothing is
   * cancelled for being absent from it. @throws IcsParseError for text that is not a calendar.
   */
  async importIcs(accountId: string, text: string): Promise<SyncSummary> {
    const now = Date.now();
    const events = parseIcsEvents(text, {
      from: new Date(now - ICS_HORIZON_PAST_DAYS * DAY),
      to: new Date(now + UPLOAD_FUTURE_DAYS * DAY),
    });
    return this.sync.apply(accountId, 'ics', events.map(fromIcsEvent));
  }

  /**
   * Reads an ICS subscription now: its events inside the horizon applied, those it listed last time and no longer
   * does cancelled. Records when, and the error (the summary is then null).
   */
  async syncIcs(
    connection: CalendarConnectionRow,
  ): Promise<{ row: CalendarConnectionRow; summary: SyncSummary | null }> {
    const at = new Date();
    const horizon = icsHorizon(at);
    try {
      if (!connection.url) throw new IcsFetchError('The connection has no calendar address.');
      const text = await fetchIcs(connection.url, {
        allowPrivate: this.deps.config.WEBHOOK_ALLOW_PRIVATE,
        ...(this.deps.resolve ? { resolve: this.deps.resolve } : {}),
      });
      const events = parseIcsEvents(text, horizon).map(fromIcsEvent);
      const summary = await this.sync.apply(connection.accountId, 'ics', events, {
        gone: { previous: connection.seenExternalIds, ...horizon },
        connection,
      });
      const row = await recordCalendarSync(this.deps.db, connection.id, {
        at,
        error: null,
        seenExternalIds: events.map((event) => event.externalId),
      });
      return { row: row ?? connection, summary };
    } catch (error) {
      if (!(error instanceof IcsFetchError || error instanceof IcsParseError)) throw error;
      const message =
        error instanceof IcsParseError
          ? `The address did not answer with a calendar: ${error.message}`
          : error.message;
      const row = await recordCalendarSync(this.deps.db, connection.id, { at, error: message });
      return { row: row ?? connection, summary: null };
    }
  }

  /**
   * Every ICS subscription and Google calendar read again (the refresh job); one that fails keeps its error and the rest go on. An
   * unexpected error (not the calendar's) is thrown once all were tried, so that the job counts as failed.
   */
  async refreshAll(): Promise<{ synced: number; failed: number }> {
    let synced = 0;
    let failed = 0;
    const unexpected: unknown[] = [];
    for (const connection of await listReadConnections(this.deps.db)) {
      try {
        const { summary } = await this.read(connection);
        if (summary) synced++;
        else failed++;
      } catch (error) {
        failed++;
        unexpected.push(error);
        this.deps.log.warn({ connectionId: connection.id, err: error }, 'calendar refresh failed');
      }
    }
    if (unexpected.length > 0)
      throw new AggregateError(unexpected, `${unexpected.length} calendar refreshes failed`);
    return { synced, failed };
  }
}
