import type { Database } from '@callwise/db/client';
import { adoptExternalId, noteCalendarConnectionError } from '@callwise/db/queries/calendar-connections';
import {
  abandonStaleCalendarWritebacks,
  calendarWritebackSubject,
  claimDueCalendarWriteback,
  finishCalendarWriteback,
  writebackOfMoveTo,
} from '@callwise/db/queries/calendar-writebacks';
import type { CalendarWritebackRow } from '@callwise/db/schema';
import { z } from 'zod';
import { crashPoint } from '../../../lib/crash-points.ts';
import { defineJob } from '../../../lib/queue.ts';
import { CalApiError, type CalcomClient } from './calcom.ts';

/**
 * Cancellations and moves made here to appointments that came from Cal.com, written back to Cal.com through its
 * API v2 (issue #17, decision 022). The database plans each in the statement that changes the appointment; this
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
    if (connection?.kind !== 'calcom')
      return { status: 'skipped', error: 'the Cal.com connection was removed' };
    if (!connection.apiKey) return { status: 'skipped', error: 'the Cal.com connection has no API key' };
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

    const client = this.deps.calcom(connection.apiKey);
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
      return this.failure(row, connection.id, error, now);
    }
  }

  private async failure(row: CalendarWritebackRow, connectionId: string, error: unknown, now: Date) {
    const message = error instanceof Error ? error.message : String(error);
    this.deps.log?.warn({ id: row.id, error: message }, 'calendar write-back not taken by Cal.com');
    if (!(error instanceof CalApiError)) return { status: 'failed', error: message } as const;
    if (error.status === 0 && row.action === 'reschedule') {
      // No answer: Cal.com may have moved it. Asking again could book twice.
      return { status: 'unknown', error: `${message}: perhaps written, not asked again` } as const;
    }
    const busy = error.status === 0 || error.status === 429 || error.status >= 500;
    if (busy && row.attempts < MAX_ATTEMPTS) {
      return {
        status: 'pending',
        error: message,
        sendAt: new Date(now.getTime() + 2 ** row.attempts * MINUTE),
      } as const;
    }
    if (error.status === 401 || error.status === 403) {
      await noteCalendarConnectionError(
        this.deps.db,
        connectionId,
        `Cal.com refused the API key (${error.status}): ${message}`,
      );
    }
    if (error.status === 404) {
      return { status: 'skipped', error: `Cal.com has no such booking: ${message}` } as const;
    }
    return { status: 'failed', error: message } as const;
  }
}

export const CALENDAR_WRITEBACKS = 'calendar-writebacks';

/** Every minute: writes the cancellations and moves made here back to their calendars. */
export function calendarWritebacksJob(sender: CalendarWritebackSender) {
  return defineJob({
    name: CALENDAR_WRITEBACKS,
    schema: z.object({}).passthrough(),
    cron: '* * * * *',
    // A run that fails is the next minute's to repeat; a retry would only race it.
    queue: { retryLimit: 0 },
    handler: async () => {
      await sender.sendDue();
    },
  });
}
