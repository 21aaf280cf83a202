import type { Database } from '@callwise/db/client';
import {
  adoptExternalId,
  noteCalendarConnectionError,
  passExternalId,
} from '@callwise/db/queries/calendar-connections';
import {
  abandonStaleCalendarWritebacks,
  calendarWritebackSubject,
  claimDueCalendarWriteback,
  finishCalendarWriteback,
  writebackOfMoveTo,
} from '@callwise/db/queries/calendar-writebacks';
import type { AppointmentRow, CalendarConnectionRow, CalendarWritebackRow } from '@callwise/db/schema';
import { crashPoint } from '../../../infra/crash-points.ts';
import { everyMinuteJob } from '../../../infra/queue.ts';
import type { SecretBox } from '../../../infra/secret-box.ts';
import { CalApiError, type CalcomClient } from './calcom.ts';
import { GOOGLE_RECONNECT, type GoogleConnections } from './google-connections.ts';
import { GoogleApiError, GoogleInvalidGrantError } from './google-errors.ts';
import type { GoogleWriteBack } from './google-events.ts';

/**
 * Cancellations and moves made here to appointments that came from Cal.com, written back to Cal.com through its
 * API v2 (issue #17, decision 022), and confirmations, cancellations and moves of Google Calendar appointments
 * written into their events (decision 023). The database plans each in the statement that changes the appointment; this
 * sender claims them oldest first, asks Cal.com, and finishes them. At most once: a row a crash left `sending` is
 * marked `unknown` and never asked again (a move asked twice would book twice).
 */

const MINUTE = 60_000;
/** A row claimed longer ago than this and still `sending`: its sender died (a request takes seconds). */
export const STALE_SENDING_MS = 10 * MINUTE;
/** Tries of a write Cal.com could not take (busy, down), minutes apart, then `failed`. */
const MAX_ATTEMPTS = 5;
/** Rows one run writes at most (the next minute's run goes on). */
const RUN_LIMIT = 200;
/** How long a move waits for the write-back of the move before it (which gives it its Cal.com id). */
const WAIT_FOR_EARLIER_MS = MINUTE;

export const CANCEL_REASON = 'Cancelled in Callwise';
export const CONFIRM_NOTE = 'Confirmed in Callwise';
export const RESCHEDULE_REASON = 'Moved in Callwise';

export interface WritebackRun {
  done: number;
  skipped: number;
  failed: number;
  /** Tried again later: Cal.com busy, or an earlier move of the same appointment not written yet. */
  retried: number;
  /** Rows a dead sender left `sending`, now `unknown` (never asked again). */
  abandoned: number;
}

type Outcome = Parameters<typeof finishCalendarWriteback>[2];

export class CalendarWritebackSender {
  constructor(
    private readonly deps: {
      db: Database;
      /** A Cal.com client for a connection's API key. */
      calcom: (apiKey: string) => CalcomClient;
      /** Opens the stored (sealed) API key. */
      secrets: Pick<SecretBox, 'open'>;
      /** Google calendars (decision 023). */
      google?: Pick<GoogleConnections, 'writeBack'>;
      log?: { warn: (obj: object, msg: string) => void };
    },
  ) {}

  async sendDue(now = new Date()): Promise<WritebackRun> {
    const { db } = this.deps;
    const run: WritebackRun = { done: 0, skipped: 0, failed: 0, retried: 0, abandoned: 0 };
    const abandoned = await abandonStaleCalendarWritebacks(db, new Date(now.getTime() - STALE_SENDING_MS));
    for (const row of abandoned) {
      this.deps.log?.warn(
        row,
        'calendar write-back left sending by a crash: marked unknown, not asked again',
      );
    }
    run.abandoned = abandoned.length;
    for (let count = 0; count < RUN_LIMIT; count++) {
      const row = await claimDueCalendarWriteback(db, now);
      if (!row) break;
      const outcome = await this.write(row, now);
      await finishCalendarWriteback(db, row.id, outcome);
      if (outcome.status === 'done') run.done++;
      else if (outcome.status === 'pending') run.retried++;
      else if (outcome.status === 'skipped') run.skipped++;
      else run.failed++;
    }
    return run;
  }

  /** Asks Cal.com for one claimed row; answers how the row ends. */
  private async write(row: CalendarWritebackRow, now: Date): Promise<Outcome> {
    const { db } = this.deps;
    const { appointment, connection, movedTo } = await calendarWritebackSubject(db, row);
    if (!appointment) return { status: 'skipped', error: 'the appointment is gone' };
    if (!connection) return { status: 'skipped', error: 'the calendar connection was removed' };
    if (connection.kind === 'calcom' && !connection.apiKey)
      return { status: 'skipped', error: 'the Cal.com connection has no API key' };
    if (connection.kind === 'google' && !connection.refreshToken)
      return { status: 'skipped', error: 'the Google connection must be connected again' };
    if (connection.kind !== 'calcom' && connection.kind !== 'google')
      return { status: 'skipped', error: `a ${connection.kind} calendar is not written to` };
    const uid = appointment.externalId;
    if (!uid) {
      const earlier = await writebackOfMoveTo(db, row.accountId, appointment.id);
      if (earlier && (earlier.status === 'pending' || earlier.status === 'sending')) {
        return {
          status: 'pending',
          error: 'waiting for the earlier move to be written to Cal.com',
          sendAt: new Date(now.getTime() + WAIT_FOR_EARLIER_MS),
          uncount: true,
        };
      }
      return { status: 'skipped', error: 'Cal.com has no booking for it (its earlier move was not written)' };
    }
    if (row.action === 'reschedule' && !movedTo) {
      return { status: 'skipped', error: 'the appointment it moved to is gone' };
    }

    if (connection.kind === 'google') return this.writeGoogle(row, connection, uid, movedTo, now);
    if (row.action === 'confirm') return { status: 'skipped', error: 'Cal.com takes no confirmation' };
    const client = this.deps.calcom(this.deps.secrets.open(connection.apiKey as string));
    crashPoint('calendar-writeback.after-claim');
    try {
      if (row.action === 'cancel') {
        await client.cancelBooking(uid, CANCEL_REASON);
      } else if (movedTo) {
        const booking = await client.rescheduleBooking(uid, movedTo.startsAt, RESCHEDULE_REASON);
        // The moved appointment is Cal.com's new booking (its webhook about it may have come first: then taken).
        await adoptExternalId(db, row.accountId, movedTo.id, booking.uid);
      }
      return { status: 'done' };
    } catch (error) {
      return this.failure(row, connection, error, now);
    }
  }

  /**
   * Writes our answer into the Google event: a confirmation or a cancellation marked on it, a move patched (the
   * event keeps its id, which moves on to the new appointment). Google's writes are patches: asking again after
   * no answer sets the same values, so they are tried again.
   */
  private async writeGoogle(
    row: CalendarWritebackRow,
    connection: CalendarConnectionRow,
    eventId: string,
    movedTo: AppointmentRow | undefined,
    now: Date,
  ): Promise<Outcome> {
    const { db, google } = this.deps;
    if (!google) return { status: 'skipped', error: 'Google Calendar is not set up on this server' };
    const update: GoogleWriteBack =
      row.action === 'confirm'
        ? { status: 'confirmed', note: CONFIRM_NOTE }
        : row.action === 'cancel'
          ? { status: 'cancelled', note: CANCEL_REASON }
          : {
              status: 'rescheduled',
              startsAt: (movedTo as AppointmentRow).startsAt,
              endsAt: (movedTo as AppointmentRow).endsAt,
              note: RESCHEDULE_REASON,
            };
    crashPoint('calendar-writeback.after-claim');
    try {
      await google.writeBack(connection, eventId, update);
      if (row.action === 'reschedule' && movedTo) {
        await passExternalId(db, row.accountId, row.appointmentId, movedTo.id);
      }
      return { status: 'done' };
    } catch (error) {
      return this.failure(row, connection, error, now);
    }
  }

  /**
   * How a row ends when the calendar did not take it: tried again minutes later when the calendar was busy or did
   * not answer (not a Cal.com move: it may have been made, and a second one would book twice), skipped when the
   * calendar no longer has it, failed otherwise — a refused key or grant also written on the connection.
   */
  private async failure(
    row: CalendarWritebackRow,
    connection: CalendarConnectionRow,
    error: unknown,
    now: Date,
  ): Promise<Outcome> {
    const vendor = connection.kind === 'google' ? 'Google' : 'Cal.com';
    const message = error instanceof Error ? error.message : String(error);
    this.deps.log?.warn({ id: row.id, error: message }, `calendar write-back not taken by ${vendor}`);
    if (error instanceof GoogleInvalidGrantError) {
      await noteCalendarConnectionError(this.deps.db, connection.id, GOOGLE_RECONNECT);
      return { status: 'failed', error: message };
    }
    if (!(error instanceof CalApiError || error instanceof GoogleApiError))
      return { status: 'failed', error: message };
    if (error.status === 0 && row.action === 'reschedule' && connection.kind === 'calcom') {
      // No answer: Cal.com may have moved it. Asking again could book twice.
      return { status: 'unknown', error: `${message}: perhaps written, not asked again` };
    }
    const busy = error.status === 0 || error.status === 429 || error.status >= 500;
    if (busy && row.attempts < MAX_ATTEMPTS) {
      return {
        status: 'pending',
        error: message,
        sendAt: new Date(now.getTime() + 2 ** row.attempts * MINUTE),
      };
    }
    if (error.status === 404 || error.status === 410) {
      return { status: 'skipped', error: `${vendor} no longer has it: ${message}` };
    }
    if (error.status === 401 || error.status === 403) {
      const refused = connection.kind === 'google' ? 'the write' : 'the API key';
      await noteCalendarConnectionError(
        this.deps.db,
        connection.id,
        `${vendor} refused ${refused} (${error.status}): ${message}`,
      );
    }
    return { status: 'failed', error: message };
  }
}

export const CALENDAR_WRITEBACKS = 'calendar-writebacks';

/** Every minute: writes the cancellations and moves made here back to their calendars. */
export function calendarWritebacksJob(sender: () => CalendarWritebackSender) {
  return everyMinuteJob(CALENDAR_WRITEBACKS, () => sender().sendDue());
}
