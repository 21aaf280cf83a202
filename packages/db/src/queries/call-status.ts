import type { CallDialogue } from '@callwise/shared/call-dialogue';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { appointments, calls } from '../schema.ts';
import { cancelAppointmentReminders } from './call-edits.ts';
import {
  announcedCallColumns,
  announceOutputRow,
  CALLS_DUE_CHANNEL,
  type CallRow,
  STATUS_RANK,
  TERMINAL,
  withoutAnnounced,
} from './call-rows.ts';
import { addToDoNotCall } from './do-not-call.ts';
import { inAccount } from './in-account.ts';

/** What a carrier reports of a call (status, retries, outcome, the conversation's turns, the recording). */

export interface CarrierStatusChange {
  providerCallId: string;
  callId: string;
  /** Which attempt of the call the carrier's call is (the number in its idempotency key). */
  attempt: number;
  status: 'ringing' | 'in-progress' | 'completed' | 'busy' | 'no-answer' | 'failed';
  at: Date;
  answeredBy?: 'human' | 'machine' | null;
  durationSeconds?: number | null;
  costPerMinute?: number;
  failureReason?: string | null;
}

export interface AppliedStatus {
  id: string;
  accountId: string;
  /** The status the report set (a busy or unanswered call that is retried is `scheduled` again now). */
  status: string;
  attempts: number;
  endedAt: Date | null;
  /** When the next attempt goes out, when the report's busy / no-answer scheduled one. */
  retryAt: Date | null;
}

/** Retries of busy and unanswered calls: how many more attempts after the first, and how long after. */
export interface RetryPolicy {
  attempts: number;
  delaySeconds: number;
}

/**
 * Applies carrier status reports, many together, and schedules the retry of every busy or unanswered call that
 * has attempts left — in one transaction, so that a crash can never keep a final status without its retry.
 * Reports arrive late, twice or out of order: a call only moves forward (by rank), so a replay or a stale report
 * changes nothing. A report that overtook the dispatcher's own record of the placement links the call itself,
 * with the attempt it names and the time, exactly as markCallsPlaced would. Returns, in order, the changed call
 * or null. `between` runs between the two statements (the crash tests die there).
 */
export async function applyCarrierStatuses(
  db: Database,
  changes: CarrierStatusChange[],
  options: { retry: RetryPolicy; between?: () => void },
): Promise<Array<AppliedStatus | null>> {
  if (changes.length === 0) return [];
  const reports = changes.map((change, index) => {
    const rank = STATUS_RANK[change.status] ?? 0;
    const terminal = TERMINAL.includes(change.status);
    const seconds =
      terminal && change.durationSeconds !== undefined && change.durationSeconds !== null
        ? Math.max(0, Math.round(change.durationSeconds))
        : null;
    return {
      n: index,
      provider_call_id: change.providerCallId,
      call_id: change.callId,
      attempt: change.attempt,
      status: change.status,
      lower: Object.entries(STATUS_RANK)
        .filter(([, value]) => value < rank)
        .map(([status]) => status),
      terminal,
      at: change.at.toISOString(),
      answered_by: change.status === 'in-progress' ? (change.answeredBy ?? null) : null,
      duration: seconds ?? (terminal && change.status !== 'completed' ? 0 : null),
      // Charged per started minute of a connected call.
      cost:
        seconds !== null
          ? change.costPerMinute !== undefined
            ? Math.ceil(seconds / 60) * change.costPerMinute
            : null
          : terminal && change.status !== 'completed'
            ? 0
            : null,
      failure_reason: terminal ? (change.failureReason ?? null) : null,
    };
  });
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      WITH x AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(reports)}::jsonb) AS x(
          n int, provider_call_id text, call_id uuid, attempt int, status text, lower text[], terminal boolean,
          at timestamptz, answered_by text, duration int, cost numeric, failure_reason text)
      ), changed AS (
        UPDATE ${calls} c SET
          status = x.status,
          provider_call_id = x.provider_call_id,
          attempts = greatest(c.attempts, x.attempt),
          placed_at = coalesce(c.placed_at, least(x.at, now())),
          claimed_until = NULL,
          version = c.version + 1,
          updated_at = now(),
          started_at = CASE WHEN x.status = 'in-progress' THEN x.at ELSE c.started_at END,
          answered_by = coalesce(x.answered_by, c.answered_by),
          ended_at = CASE WHEN x.terminal THEN x.at ELSE c.ended_at END,
          failure_reason = coalesce(x.failure_reason, c.failure_reason),
          duration = CASE WHEN x.duration IS NOT NULL THEN x.duration ELSE c.duration END,
          cost = CASE WHEN x.duration IS NOT NULL THEN x.cost ELSE c.cost END
        FROM x
        WHERE c.status = ANY (x.lower)
          AND (c.provider_call_id = x.provider_call_id
            OR (c.id = x.call_id AND c.provider_call_id IS NULL AND c.status = 'queued'
              AND c.attempts = x.attempt - 1))
        RETURNING x.n, c.id, c.account_id, c.status, c.outcome, c.version, c.attempts, c.ended_at
      )
      SELECT n, id, account_id, status, attempts, ended_at,
        ${announceOutputRow()}
      FROM changed`);
    const applied: Array<AppliedStatus | null> = changes.map(() => null);
    const retry: string[] = [];
    for (const row of (result as unknown as { rows: Array<Record<string, unknown>> }).rows) {
      const status = row.status as string;
      const attempts = Number(row.attempts);
      applied[Number(row.n)] = {
        id: row.id as string,
        accountId: row.account_id as string,
        status,
        attempts,
        endedAt: row.ended_at ? new Date(row.ended_at as string) : null,
        retryAt: null,
      };
      if ((status === 'busy' || status === 'no-answer') && attempts <= options.retry.attempts) {
        retry.push(row.id as string);
      }
    }
    if (retry.length === 0) return applied;
    options.between?.();
    // The attempt just ended is kept in call_attempts (trigger on its final status, in the statement above).
    const retried = await tx.execute(sql`
      UPDATE ${calls} c SET
        status = 'scheduled',
        scheduled_at = now() + make_interval(secs => ${options.retry.delaySeconds}),
        provider_call_id = NULL,
        placed_at = NULL,
        ended_at = NULL,
        started_at = NULL,
        answered_by = NULL,
        version = c.version + 1,
        updated_at = now()
      WHERE c.id IN (SELECT (jsonb_array_elements_text(${JSON.stringify(retry)}::jsonb))::uuid)
        AND c.status IN ('busy', 'no-answer')
      RETURNING c.id, c.scheduled_at, ${announceOutputRow()}`);
    const at = new Map(
      (retried as unknown as { rows: Array<{ id: string; scheduled_at: string | Date }> }).rows.map((row) => [
        row.id,
        new Date(row.scheduled_at),
      ]),
    );
    for (const row of applied) {
      const retryAt = row ? at.get(row.id) : undefined;
      if (row && retryAt) {
        row.status = 'scheduled';
        row.retryAt = retryAt;
      }
    }
    await tx.execute(sql`SELECT pg_notify(${CALLS_DUE_CHANNEL}, '')`);
    return applied;
  });
}

/**
 * Sets what the callee said, once the call is answered. With `onlyFirst`, only when no outcome is recorded yet
 * (the first answer wins: a replayed report changes nothing); returns null then.
 */
export async function setCallOutcome(
  db: Database,
  id: string,
  update: {
    outcome: string;
    transcript?: NonNullable<CallRow['transcript']>;
    onlyFirst?: boolean;
  },
): Promise<CallRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(calls)
      .set({
        outcome: update.outcome,
        ...(update.transcript ? { transcript: update.transcript } : {}),
        version: sql`${calls.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(update.onlyFirst ? and(eq(calls.id, id), isNull(calls.outcome)) : eq(calls.id, id))
      .returning(announcedCallColumns);
    if (!row) return null;
    await writeBackAnswer(tx, row, update.outcome);
    return withoutAnnounced(row);
  });
}

/**
 * The answer written back to the appointment the call is about, in the transaction that records it (decision
 * 014): confirmed, cancelled or asking to reschedule; no reminder waits once it is confirmed or cancelled.
 */
async function writeBackAnswer(
  tx: Database,
  row: { id: string; accountId: string; appointmentId: string | null },
  outcome: string,
): Promise<void> {
  const change = row.appointmentId ? APPOINTMENT_ANSWERS[outcome] : undefined;
  if (!row.appointmentId || !change) return;
  const changed = await tx
    .update(appointments)
    .set({ status: change.to, updatedAt: sql`now()` })
    .where(
      and(
        eq(appointments.id, row.appointmentId),
        eq(appointments.accountId, row.accountId),
        inArray(appointments.status, [...change.from]),
      ),
    )
    .returning({ id: appointments.id });
  // No reminder once it is confirmed or cancelled (decision 015): the others still waiting are cancelled.
  if (changed.length > 0 && STOPS_REMINDERS.has(change.to)) {
    await cancelAppointmentReminders(tx, row.accountId, [row.appointmentId], row.id);
  }
}

/** The stages of a conversation that take another answer (decision 026). */
const OPEN_STAGES = ['talking', 'message', 'transferring'];

/**
 * Records one turn of a call's conversation (decisions 017, 026): the lines said, the conversation's new state and,
 * when the turn reaches one, the outcome with its answer written back to the appointment — all or nothing, and
 * only if the conversation still stands where the turn found it (`turns` answers taken, still open — or in
 * `options.stage` — and no outcome yet): a repeated report of the same answer, or two processes taking it at once,
 * change nothing the second time. The times offered to move an appointment (`stage: 'offering'`) follow the
 * call's outcome (reschedule_requested), so that stage takes a turn whatever the outcome. Null when the turn was
 * taken already.
 */
export async function takeCallTurn(
  db: Database,
  id: string,
  turns: number,
  update: {
    dialogue: CallDialogue;
    lines: NonNullable<CallRow['transcript']>;
    outcome?: string;
    /** The callee opted out at this turn: their number goes on the do-not-call list with the turn. */
    optOut?: { phone: string; note: string };
  },
  options: { stage?: string } = {},
): Promise<CallRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(calls)
      .set({
        dialogue: update.dialogue,
        transcript: sql`coalesce(${calls.transcript}, '[]'::jsonb) || ${JSON.stringify(update.lines)}::jsonb`,
        ...(update.outcome ? { outcome: update.outcome } : {}),
        version: sql`${calls.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(calls.id, id),
          options.stage === 'offering' ? undefined : isNull(calls.outcome),
          turns === 0
            ? isNull(calls.dialogue)
            : and(
                options.stage
                  ? sql`${calls.dialogue}->>'stage' = ${options.stage}`
                  : inArray(sql`${calls.dialogue}->>'stage'`, OPEN_STAGES),
                sql`(${calls.dialogue}->>'turns')::int = ${turns}`,
              ),
        ),
      )
      .returning(announcedCallColumns);
    if (!row) return null;
    if (update.outcome) await writeBackAnswer(tx, row, update.outcome);
    if (update.optOut) {
      // In the turn's transaction: a crash never leaves an opt-out heard but the number still called.
      await addToDoNotCall(tx as unknown as Database, row.accountId, [update.optOut], {
        source: 'opted_out',
        callId: id,
      });
    }
    return withoutAnnounced(row);
  });
}

/** The appointment statuses after which no reminder goes out. */
const STOPS_REMINDERS = new Set(['confirmed', 'cancelled', 'rescheduled', 'completed', 'no_show']);

/**
 * What a callee's answer does to the appointment the call is about: from which statuses, to which. An answer never
 * reopens a cancelled or moved appointment, and a confirmed one asked to move is moved only by a new booking.
 */
export const APPOINTMENT_ANSWERS: Record<string, { from: readonly string[]; to: string }> = {
  confirmed: { from: ['scheduled', 'reschedule_requested'], to: 'confirmed' },
  cancelled: { from: ['scheduled', 'confirmed', 'reschedule_requested'], to: 'cancelled' },
  reschedule_requested: { from: ['scheduled', 'confirmed'], to: 'reschedule_requested' },
};

export async function attachRecording(
  db: Database,
  id: string,
  recording: { key: string; url: string },
): Promise<void> {
  await db
    .update(calls)
    .set({
      recordingKey: recording.key,
      recordingUrl: recording.url,
      recordingCreatedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(calls.id, id));
}

/** Forgets a call's recording (the file is deleted by the caller). Returns the key it had. */
export async function detachRecording(db: Database, accountId: string, id: string): Promise<string | null> {
  const [before] = await db
    .select({ key: calls.recordingKey })
    .from(calls)
    .where(inAccount(calls, accountId, id))
    .limit(1);
  if (!before?.key) return null;
  await db
    .update(calls)
    .set({ recordingKey: null, recordingUrl: null, recordingCreatedAt: null, updatedAt: sql`now()` })
    .where(inAccount(calls, accountId, id));
  return before.key;
}

/** Recordings made before `before`, oldest first. */
export async function recordingsOlderThan(db: Database, before: Date, limit: number) {
  return db
    .select({ id: calls.id, accountId: calls.accountId, key: calls.recordingKey })
    .from(calls)
    .where(and(sql`${calls.recordingKey} IS NOT NULL`, lt(calls.recordingCreatedAt, before)))
    .orderBy(calls.recordingCreatedAt)
    .limit(limit);
}

/**
 * What the database itself does when a call's status changes, in the statement that changes it (so a crash never
 * separates a change from its reaction): each trigger on `calls`, its function and its migration (the counting
 * triggers fire on every write of calls). The call
 * host's status writes (`applyCarrierStatuses`, `setCallOutcome`) and every cancellation set them off;
 * `call-status.test.ts` holds this list to the database. (An answer written back to an appointment sets off the
 * appointments' own triggers: its webhooks, calendar write-back and booking notice, decisions 018, 022, 024.)
 */
export const CALL_STATUS_TRIGGERS = [
  {
    trigger: 'calls_record_attempt',
    function: 'record_call_attempt',
    migration: '0007_calling_rules',
    does: 'keeps each ended attempt (completed, busy, no-answer, failed) in call_attempts: a retry resets the call, the attempt stays',
  },
  {
    trigger: 'calls_queue_webhook',
    function: 'queue_call_webhook',
    migration: '0007_calling_rules',
    does: 'queues a signed delivery of every status change of a call with a callback_url (the webhook outbox)',
  },
  {
    trigger: 'calls_refund_canceled',
    function: 'refund_canceled_call',
    migration: '0009_carrier_and_billing',
    does: 'refunds a cancelled extra call with a negative billing charge naming it',
  },
  ...(['insert', 'update', 'delete'] as const).map((event) => ({
    trigger: `calls_counted_on_${event}` as const,
    function: 'callwise_count_calls' as const,
    migration: '0037_call_counts' as const,
    does: 'appends the net change of every statement that writes calls to call_count_changes: the call history’s counts (call-counts.ts, decision 032)',
  })),
] as const;
