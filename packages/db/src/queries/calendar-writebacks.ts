import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { appointments, calendarConnections, calendarWritebacks } from '../schema.ts';

/**
 * The outbox of changes written back to calendars (decision 022). Rows are written by the database's
 * `plan_calendar_writeback` trigger; the calendar-writebacks job claims, sends and finishes them.
 */

/**
 * Claims the next due write-back: pending → sending, committed before the calendar is asked. Concurrent senders
 * skip each other's rows; oldest first, so an appointment's move is written before what happened to it next.
 */
export async function claimDueCalendarWriteback(db: Database, now: Date) {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: calendarWritebacks.id })
      .from(calendarWritebacks)
      .where(and(eq(calendarWritebacks.status, 'pending'), lte(calendarWritebacks.sendAt, now)))
      .orderBy(asc(calendarWritebacks.createdAt), asc(calendarWritebacks.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [claimed] = await tx
      .update(calendarWritebacks)
      .set({
        status: 'sending',
        claimedAt: new Date(),
        attempts: sql`${calendarWritebacks.attempts} + 1`,
      })
      .where(and(eq(calendarWritebacks.id, due.id), eq(calendarWritebacks.status, 'pending')))
      .returning();
    return claimed;
  });
}

/** What a claimed write-back is about: the appointment, where it moved to (if it did), and the connection. */
export async function calendarWritebackSubject(
  db: Database,
  row: { accountId: string; appointmentId: string; connectionId: string },
) {
  const [appointment] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.accountId, row.accountId), eq(appointments.id, row.appointmentId)));
  const [connection] = await db
    .select()
    .from(calendarConnections)
    .where(
      and(eq(calendarConnections.accountId, row.accountId), eq(calendarConnections.id, row.connectionId)),
    );
  const [movedTo] = appointment?.rescheduledToId
    ? await db
        .select()
        .from(appointments)
        .where(
          and(eq(appointments.accountId, row.accountId), eq(appointments.id, appointment.rescheduledToId)),
        )
    : [];
  return { appointment, connection, movedTo };
}

/**
 * The write-back of the move that made this appointment, when there is one: the calendar's id of a moved
 * appointment comes from it.
 */
export async function writebackOfMoveTo(db: Database, accountId: string, appointmentId: string) {
  const [row] = await db
    .select({ status: calendarWritebacks.status })
    .from(calendarWritebacks)
    .innerJoin(appointments, eq(appointments.id, calendarWritebacks.appointmentId))
    .where(
      and(
        eq(calendarWritebacks.accountId, accountId),
        eq(calendarWritebacks.action, 'reschedule'),
        eq(appointments.rescheduledToId, appointmentId),
      ),
    )
    .limit(1);
  return row;
}

/** Ends a claimed row: done, skipped or failed (with why), or back to pending for another try. */
export async function finishCalendarWriteback(
  db: Database,
  id: string,
  outcome:
    | { status: 'done' }
    | { status: 'skipped' | 'failed' | 'unknown'; error: string }
    | {
        status: 'pending';
        error: string | null;
        sendAt: Date;
        /** Waiting is not a try: the claim's count is given back. */
        uncount?: boolean;
      },
): Promise<void> {
  await db
    .update(calendarWritebacks)
    .set({
      status: outcome.status,
      error: outcome.status === 'done' ? null : outcome.error,
      ...(outcome.status === 'done' ? { doneAt: new Date() } : {}),
      ...(outcome.status === 'pending' ? { sendAt: outcome.sendAt, claimedAt: null } : {}),
      ...(outcome.status === 'pending' && outcome.uncount
        ? { attempts: sql`greatest(${calendarWritebacks.attempts} - 1, 0)` }
        : {}),
    })
    .where(and(eq(calendarWritebacks.id, id), eq(calendarWritebacks.status, 'sending')));
}

/**
 * Rows a sender claimed before `claimedBefore` and never finished: its process died while the calendar was asked.
 * They become `unknown` and are never sent again (a move asked twice would book twice); answered for the log.
 */
export async function abandonStaleCalendarWritebacks(db: Database, claimedBefore: Date) {
  return db
    .update(calendarWritebacks)
    .set({
      status: 'unknown',
      error: 'The sender stopped while the calendar was asked: perhaps written, never sent again',
    })
    .where(and(eq(calendarWritebacks.status, 'sending'), lte(calendarWritebacks.claimedAt, claimedBefore)))
    .returning({ id: calendarWritebacks.id, appointmentId: calendarWritebacks.appointmentId });
}

/** The write-backs of some appointments, oldest first (an appointment's timeline). */
export async function listCalendarWritebacks(db: Database, accountId: string, appointmentIds: string[]) {
  if (appointmentIds.length === 0) return [];
  return db
    .select()
    .from(calendarWritebacks)
    .where(
      and(
        eq(calendarWritebacks.accountId, accountId),
        inArray(calendarWritebacks.appointmentId, appointmentIds),
      ),
    )
    .orderBy(asc(calendarWritebacks.createdAt), asc(calendarWritebacks.id));
}
