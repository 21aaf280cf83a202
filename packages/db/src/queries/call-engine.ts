import type { CallDialogue } from '@callwise/shared/call-dialogue';
import { CALL_UPDATED_EVENT } from '@callwise/shared/schemas/webhooks';
import {
  and,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  accounts,
  appointments,
  type Call,
  calls,
  simulatorCalls,
  users,
  webhookDeliveries,
} from '../schema.ts';

/** The channel every change of a call is announced on (NOTIFY), for the live event stream. */
export const CALL_EVENTS_CHANNEL = 'callwise_call_events';
/** The channel that tells dispatchers in other processes that a call became due sooner than they thought. */
export const CALLS_DUE_CHANNEL = 'callwise_calls_due';

const { search: _search, ...callColumns } = getTableColumns(calls);
export type CallRow = Omit<Call, 'search'>;

/** Where a status stands on the way of a call; a status never moves to a lower rank. */
export const STATUS_RANK: Record<string, number> = {
  scheduled: 0,
  queued: 1,
  ringing: 2,
  'in-progress': 3,
  completed: 4,
  busy: 4,
  'no-answer': 4,
  failed: 4,
  canceled: 4,
};
const TERMINAL = ['completed', 'busy', 'no-answer', 'failed', 'canceled'];

/**
 * `pg_notify` of a changed call for the live event stream, as an expression of the statement that changes it
 * (delivered when its transaction commits). Given the columns, or the names of a statement's output columns.
 */
function announceCall(columns: {
  accountId: SQLWrapper;
  id: SQLWrapper;
  status: SQLWrapper;
  outcome: SQLWrapper;
  version: SQLWrapper;
}) {
  return sql<string>`pg_notify(${sql.raw(`'${CALL_EVENTS_CHANNEL}'`)}, json_build_object('a', ${columns.accountId}, 'id', ${columns.id}, 's', ${columns.status}, 'o', ${columns.outcome}, 'v', ${columns.version})::text)`;
}
/** The same, in a statement whose output columns carry the table's names (account_id, id, status, …). */
const announceOutputRow = () =>
  announceCall({
    accountId: sql.raw('account_id'),
    id: sql.raw('id'),
    status: sql.raw('status'),
    outcome: sql.raw('outcome'),
    version: sql.raw('version'),
  });
/** The same, for a statement on `calls` itself: add it to `returning` of an update or insert of calls. */
export const announce = () => announceCall(calls);
const announcedCallColumns = { ...callColumns, announced: announce() };
const withoutAnnounced = <T extends { announced: unknown }>({ announced: _a, ...row }: T) => row;

export async function notifyCallsDue(db: Database): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${CALLS_DUE_CHANNEL}, '')`);
}

export type NewCall = typeof calls.$inferInsert;

/** Calls per INSERT statement: about 20 parameters each, far below the 65,535 a statement may bind. */
const INSERT_SLICE = 1000;

/**
 * Inserts several calls of one account together, all or none, announcing each and waking the dispatchers when one
 * is due soon. The caller decides whether the account may have them (billing: insertCallsWithBilling).
 */
export async function insertCalls(
  db: Database,
  accountId: string,
  values: Array<NewCall & { accountId: string }>,
): Promise<CallRow[]> {
  if (values.some((row) => row.accountId !== accountId)) throw new Error('calls of another account');
  return db.transaction(async (tx) => {
    // In slices: a statement binds at most 65,535 parameters (a campaign creates up to 5,000 calls at once).
    const inserted: CallRow[] = [];
    for (let start = 0; start < values.length; start += INSERT_SLICE) {
      const slice = values.slice(start, start + INSERT_SLICE);
      inserted.push(
        ...(await tx.insert(calls).values(slice).returning(announcedCallColumns)).map(withoutAnnounced),
      );
    }
    if (inserted.length !== values.length) throw new Error('insert returned fewer rows');
    if (inserted.some((call) => call.scheduledAt.getTime() <= Date.now() + 60_000)) await notifyCallsDue(tx);
    return inserted;
  });
}

export interface ClaimedCall {
  id: string;
  accountId: string;
  phone: string;
  attempts: number;
  scheduledAt: Date;
  /** The recipient's time zone (the account's when the call has none). */
  timezone: string;
  /** The account's calling window ('HH:MM'), in the recipient's time. */
  windowStart: string;
  windowEnd: string;
  /** The number was put on the account's do-not-call list after the call was scheduled. */
  doNotCall: boolean;
}

/** Calls a dispatcher may take: not handed to a carrier yet, and not held by a paused campaign. */
const dispatchable = sql`provider_call_id IS NULL AND status IN ('scheduled', 'queued')
  AND (campaign_id IS NULL OR NOT EXISTS (
    SELECT 1 FROM campaigns p WHERE p.id = campaign_id AND p.status <> 'active'))`;

/**
 * Takes up to `limit` due calls that no carrier has accepted yet (or whose dispatcher's claim ran out), marks
 * them queued and claims them for `claimSeconds`. Several dispatchers never take the same call (SKIP LOCKED).
 */
export async function claimDueCalls(
  db: Database,
  options: { limit: number; claimSeconds: number },
): Promise<ClaimedCall[]> {
  const result = await db.execute(sql`
    WITH due AS (
      SELECT id FROM ${calls}
      WHERE ${dispatchable}
        AND scheduled_at <= now()
        AND (claimed_until IS NULL OR claimed_until < now())
      ORDER BY scheduled_at
      LIMIT ${options.limit}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE ${calls} c SET
        claimed_until = now() + make_interval(secs => ${options.claimSeconds}),
        status = 'queued',
        version = c.version + CASE WHEN c.status = 'queued' THEN 0 ELSE 1 END,
        updated_at = now()
      FROM due WHERE c.id = due.id
      RETURNING c.id, c.account_id, c.phone, c.attempts, c.scheduled_at, c.timezone, c.status, c.outcome,
        c.version
    )
    SELECT claimed.id, claimed.account_id, claimed.phone, claimed.attempts, claimed.scheduled_at,
      coalesce(claimed.timezone, a.timezone) AS timezone, a.calling_window_start, a.calling_window_end,
      EXISTS (SELECT 1 FROM do_not_call d WHERE d.account_id = claimed.account_id AND d.phone = claimed.phone)
        AS do_not_call,
      ${announceCall({
        accountId: sql.raw('claimed.account_id'),
        id: sql.raw('claimed.id'),
        status: sql.raw('claimed.status'),
        outcome: sql.raw('claimed.outcome'),
        version: sql.raw('claimed.version'),
      })}
    FROM claimed JOIN ${accounts} a ON a.id = claimed.account_id`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map((row) => ({
    id: row.id as string,
    accountId: row.account_id as string,
    phone: row.phone as string,
    attempts: Number(row.attempts),
    scheduledAt: new Date(row.scheduled_at as string),
    timezone: row.timezone as string,
    windowStart: row.calling_window_start as string,
    windowEnd: row.calling_window_end as string,
    doNotCall: row.do_not_call === true || row.do_not_call === 't',
  }));
}

/** When the next call falls due (or a claim runs out), so that a dispatcher can sleep until then. */
export async function nextDispatchAt(db: Database): Promise<Date | null> {
  const result = await db.execute<{ at: string | Date | null }>(sql`
    SELECT min(coalesce(greatest(scheduled_at, claimed_until), scheduled_at)) AS at FROM ${calls}
    WHERE ${dispatchable}`);
  const at = (result as unknown as { rows: Array<{ at: string | Date | null }> }).rows[0]?.at;
  return at ? new Date(at) : null;
}

/**
 * Records the carrier's acceptance of several calls in one statement: the attempt it was (`attempts`) and when.
 * Only a call still waiting for exactly that attempt takes it (or one a status report already linked to it).
 * Returns the ids that are still ours; the others were cancelled after an expired claim, or have moved past
 * that attempt, and their carrier call must be hung up.
 */
export async function markCallsPlaced(
  db: Database,
  placed: Array<{ id: string; providerCallId: string; attempt: number }>,
): Promise<Set<string>> {
  if (placed.length === 0) return new Set();
  const result = await db.execute(sql`
    UPDATE ${calls} c SET provider_call_id = x.provider_call_id, attempts = x.attempt, placed_at = now(),
      claimed_until = NULL, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(
      placed.map((p) => ({ id: p.id, provider_call_id: p.providerCallId, attempt: p.attempt })),
    )}::jsonb) AS x(id uuid, provider_call_id text, attempt int)
    WHERE c.id = x.id
      AND ((c.provider_call_id IS NULL AND c.status = 'queued' AND c.attempts = x.attempt - 1)
        OR c.provider_call_id = x.provider_call_id)
    RETURNING c.id`);
  return new Set((result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id));
}

/** The carrier refused the call for good (e.g. an unreachable number): it fails with the reason. */
export async function failUnplacedCall(db: Database, id: string, reason: string): Promise<void> {
  await db
    .update(calls)
    .set({
      status: 'failed',
      failureReason: reason,
      endedAt: sql`now()`,
      claimedUntil: null,
      version: sql`${calls.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(calls.id, id), isNull(calls.providerCallId), inArray(calls.status, ['queued'])))
    .returning({ id: calls.id, announced: announce() });
}

/**
 * A claimed call that must not go out now: outside the recipient's calling window it waits for `at` (scheduled
 * again, the time first asked for kept in requested_at); on the do-not-call list it is cancelled with the reason.
 */
export async function holdClaimedCall(
  db: Database,
  id: string,
  hold: { until: Date } | { cancel: string },
): Promise<void> {
  const changes =
    'until' in hold
      ? {
          status: 'scheduled',
          scheduledAt: hold.until,
          requestedAt: sql`coalesce(${calls.requestedAt}, ${calls.scheduledAt})`,
        }
      : { status: 'canceled', failureReason: hold.cancel, endedAt: sql`now()` };
  await db
    .update(calls)
    .set({ ...changes, claimedUntil: null, version: sql`${calls.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(calls.id, id), isNull(calls.providerCallId), eq(calls.status, 'queued')))
    .returning({ id: calls.id, announced: announce() });
}

/**
 * Calls open at a carrier — accepted (queued with the carrier's id), ringing or in progress — that no dispatcher
 * holds and that have not changed for `quietSeconds`, oldest first: the sweep asks the carrier about them.
 * (Written as the partial index calls_live_carrier_idx says, so that the planner uses it.)
 */
export async function quietOpenCalls(
  db: Database,
  options: { quietSeconds: number; limit: number },
): Promise<
  Array<{ id: string; accountId: string; providerCallId: string; attempts: number; status: string }>
> {
  const rows = await db
    .select({
      id: calls.id,
      accountId: calls.accountId,
      providerCallId: calls.providerCallId,
      attempts: calls.attempts,
      status: calls.status,
    })
    .from(calls)
    .where(
      and(
        sql`${calls.providerCallId} IS NOT NULL AND ${calls.status} IN ('queued', 'ringing', 'in-progress')`,
        sql`${calls.updatedAt} < now() - make_interval(secs => ${options.quietSeconds})`,
        or(isNull(calls.claimedUntil), lt(calls.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(calls.updatedAt)
    .limit(options.limit);
  return rows.map((row) => ({ ...row, providerCallId: row.providerCallId as string }));
}

/**
 * Ends a call the carrier has finished with but whose final status we cannot learn or take: failed, with the
 * reason. Only while it is still open with that carrier call. Returns the call's account, or null.
 */
export async function failStuckCall(
  db: Database,
  call: { id: string; providerCallId: string; reason: string },
): Promise<{ accountId: string } | null> {
  const [row] = await db
    .update(calls)
    .set({
      status: 'failed',
      failureReason: call.reason,
      endedAt: sql`now()`,
      attempts: sql`greatest(${calls.attempts}, 1)`,
      placedAt: sql`coalesce(${calls.placedAt}, now())`,
      claimedUntil: null,
      version: sql`${calls.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(calls.id, call.id),
        eq(calls.providerCallId, call.providerCallId),
        inArray(calls.status, ['queued', 'ringing', 'in-progress']),
      ),
    )
    .returning({ accountId: calls.accountId, announced: announce() });
  return row ? { accountId: row.accountId } : null;
}

/** A passing carrier problem: try again after `seconds`. */
export async function retryClaimLater(db: Database, id: string, seconds: number): Promise<void> {
  await db
    .update(calls)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(and(eq(calls.id, id), isNull(calls.providerCallId)));
}

export async function findCallByProviderId(db: Database, providerCallId: string) {
  const [row] = await db
    .select(callColumns)
    .from(calls)
    .where(eq(calls.providerCallId, providerCallId))
    .limit(1);
  return row;
}

export async function findCallById(db: Database, id: string) {
  const [row] = await db.select(callColumns).from(calls).where(eq(calls.id, id)).limit(1);
  return row;
}

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
    /** A conversation that goes on after this answer (decision 017). */
    dialogue?: CallDialogue;
  },
): Promise<CallRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(calls)
      .set({
        outcome: update.outcome,
        ...(update.transcript ? { transcript: update.transcript } : {}),
        ...(update.dialogue ? { dialogue: update.dialogue } : {}),
        version: sql`${calls.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(update.onlyFirst ? and(eq(calls.id, id), isNull(calls.outcome)) : eq(calls.id, id))
      .returning(announcedCallColumns);
    if (!row) return null;
    // The answer written back to the appointment the call is about, in the same transaction (decision 014).
    const change = row.appointmentId ? APPOINTMENT_ANSWERS[update.outcome] : undefined;
    if (row.appointmentId && change) {
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
    return withoutAnnounced(row);
  });
}

/**
 * What a callee's answer does to the appointment the call is about: from which statuses, to which. An answer never
 * reopens a cancelled or moved appointment, and a confirmed one asked to move is moved only by a new booking.
 */
/**
 * The next turn of a call's conversation (decision 017): its new state, the lines it adds to the transcript and,
 * when the turn settles it, the call's outcome — only when the conversation is still where the caller read it
 * (`turns` turns in): of two reports of one turn, one wins; null for the other.
 */
export async function advanceCallDialogue(
  db: Database,
  id: string,
  turns: number,
  update: { dialogue: CallDialogue; lines: NonNullable<CallRow['transcript']>; outcome?: string },
): Promise<CallRow | null> {
  const [row] = await db
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
        sql`${calls.dialogue}->>'stage' = 'offering'`,
        sql`(${calls.dialogue}->>'turns')::int = ${turns}`,
      ),
    )
    .returning(announcedCallColumns);
  return row ? withoutAnnounced(row) : null;
}

/** The appointment statuses after which no reminder goes out. */
const STOPS_REMINDERS = new Set(['confirmed', 'cancelled', 'rescheduled', 'completed', 'no_show']);

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
    .where(and(eq(calls.accountId, accountId), eq(calls.id, id)))
    .limit(1);
  if (!before?.key) return null;
  await db
    .update(calls)
    .set({ recordingKey: null, recordingUrl: null, recordingCreatedAt: null, updatedAt: sql`now()` })
    .where(and(eq(calls.accountId, accountId), eq(calls.id, id)));
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

export type CancelResult = { ok: true; call: CallRow } | { ok: false; reason: 'not_found' | 'too_late' };

/** A call that can still be cancelled: waiting, not handed to a carrier, and not being handed to one right now. */
export const cancellableCall = () =>
  and(
    inArray(calls.status, ['scheduled', 'queued']),
    isNull(calls.providerCallId),
    or(isNull(calls.claimedUntil), lt(calls.claimedUntil, sql`now()`)),
  );

/**
 * Cancels a call nobody is placing: scheduled, or queued without a carrier and without a live claim. A call a
 * dispatcher holds right now is on its way to the carrier and can no longer be cancelled.
 */
export async function cancelCall(db: Database, accountId: string, id: string): Promise<CancelResult> {
  const [row] = await db
    .update(calls)
    .set({
      status: 'canceled',
      claimedUntil: null,
      version: sql`${calls.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(calls.accountId, accountId), eq(calls.id, id), cancellableCall()))
    .returning(announcedCallColumns);
  if (row) return { ok: true, call: withoutAnnounced(row) };
  const [exists] = await db
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.accountId, accountId), eq(calls.id, id)))
    .limit(1);
  return { ok: false, reason: exists ? 'too_late' : 'not_found' };
}

/**
 * Cancels the reminder calls of appointments that nobody is placing yet (cancellableCall), optionally all but one
 * call (the one answering right now). Part of the transaction that confirms, cancels, moves or deletes them
 * (decision 015). Returns the calls cancelled.
 */
export async function cancelAppointmentReminders(
  db: Database,
  accountId: string,
  appointmentIds: string[],
  exceptCallId?: string,
): Promise<CallRow[]> {
  if (appointmentIds.length === 0) return [];
  const rows = await db
    .update(calls)
    .set({
      status: 'canceled',
      claimedUntil: null,
      version: sql`${calls.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(calls.accountId, accountId),
        inArray(calls.appointmentId, appointmentIds),
        isNotNull(calls.reminderMinutesBefore),
        cancellableCall(),
        exceptCallId ? ne(calls.id, exceptCallId) : undefined,
      ),
    )
    .returning(announcedCallColumns);
  return rows.map(withoutAnnounced);
}

/**
 * A call that can still be edited: waiting, never handed to a carrier (no attempt yet), and never claimed by a
 * dispatcher — stricter than cancelling: a dispatcher whose claim ran out may still be handing the old number to
 * the carrier, and a new number or message must never ride on that placement (decision 008).
 */
export const editableCall = () =>
  and(
    inArray(calls.status, ['scheduled', 'queued']),
    isNull(calls.providerCallId),
    isNull(calls.claimedUntil),
    eq(calls.attempts, 0),
  );

/** Why a call can no longer be edited. */
export type NotEditableReason = 'being_placed' | 'already_placed' | 'canceled';

export function notEditableReason(call: {
  status: string;
  providerCallId: string | null;
  claimedUntil: Date | null;
  attempts: number;
}): NotEditableReason | null {
  if (call.status === 'canceled') return 'canceled';
  if (call.providerCallId || call.attempts > 0 || !['scheduled', 'queued'].includes(call.status)) {
    return 'already_placed';
  }
  if (call.claimedUntil) return 'being_placed';
  return null;
}

export type EditCallResult =
  | { ok: true; call: CallRow }
  | { ok: false; reason: 'not_found' | NotEditableReason };

/** The fields an edit may change (PATCH /v1/calls/{id}). */
export type CallEdit = Pick<
  NewCall,
  | 'contactId'
  | 'scriptId'
  | 'recipientName'
  | 'phone'
  | 'callType'
  | 'message'
  | 'voice'
  | 'scheduledAt'
  | 'requestedAt'
  | 'timezone'
  | 'status'
  | 'callbackUrl'
  | 'estimatedDuration'
>;

/**
 * Changes a call that has not gone out, in one statement that a dispatcher's claim cannot interleave with: the
 * row is locked by whichever comes first, and the other sees its result (a claim skips the locked row and takes
 * the edited one at its next pass; an edit that waited for a claim finds the call claimed and changes nothing).
 * The change is announced (call events, the API's page cache) and, when the call has a callback_url, a
 * `call.updated` webhook is queued in the same transaction.
 */
export async function editUnplacedCall(
  db: Database,
  accountId: string,
  id: string,
  edit: CallEdit,
): Promise<EditCallResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(calls)
      .set({ ...edit, version: sql`${calls.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(calls.accountId, accountId), eq(calls.id, id), editableCall()))
      .returning(announcedCallColumns);
    if (!row) {
      const [now] = await tx
        .select({
          status: calls.status,
          providerCallId: calls.providerCallId,
          claimedUntil: calls.claimedUntil,
          attempts: calls.attempts,
        })
        .from(calls)
        .where(and(eq(calls.accountId, accountId), eq(calls.id, id)))
        .limit(1);
      if (!now) return { ok: false, reason: 'not_found' };
      return { ok: false, reason: notEditableReason(now) ?? 'being_placed' };
    }
    const call = withoutAnnounced(row);
    if (call.callbackUrl) {
      await tx.insert(webhookDeliveries).values({
        accountId,
        callId: call.id,
        url: call.callbackUrl,
        eventType: CALL_UPDATED_EVENT,
        payload: {
          id: call.id,
          status: call.status,
          previous_status: call.status,
          outcome: call.outcome,
          phone: call.phone,
          recipient_name: call.recipientName,
          call_type: call.callType,
          contact_id: call.contactId,
          campaign_id: call.campaignId,
          attempts: call.attempts,
          scheduled_at: call.scheduledAt.toISOString(),
          voice: call.voice,
          message: call.message,
          changed_at: new Date().toISOString(),
        },
      });
    }
    if (call.scheduledAt.getTime() <= Date.now() + 60_000) await notifyCallsDue(tx);
    return { ok: true, call };
  });
}

// ——— The simulated carrier's ledger ———

export type SimulatorCall = typeof simulatorCalls.$inferSelect;

/**
 * Accepts a call into the simulator's ledger, once per idempotency key: a repeated request gets the row made
 * the first time (and `created: false`).
 */
export async function acceptSimulatorCall(
  db: Database,
  values: {
    idempotencyKey: string;
    callId: string;
    toNumber: string;
    behaviour: string;
    leaseSeconds: number;
  },
): Promise<{ row: SimulatorCall; created: boolean }> {
  const [created] = await db
    .insert(simulatorCalls)
    .values({
      idempotencyKey: values.idempotencyKey,
      callId: values.callId,
      toNumber: values.toNumber,
      behaviour: values.behaviour,
      leaseUntil: sql`now() + make_interval(secs => ${values.leaseSeconds})`,
    })
    .onConflictDoNothing({ target: simulatorCalls.idempotencyKey })
    .returning();
  if (created) return { row: created, created: true };
  const [existing] = await db
    .select()
    .from(simulatorCalls)
    .where(eq(simulatorCalls.idempotencyKey, values.idempotencyKey))
    .limit(1);
  if (!existing) throw new Error('simulator call vanished');
  return { row: existing, created: false };
}

/** acceptSimulatorCall for many calls in two statements. Results in the order of `values`. */
export async function acceptSimulatorCalls(
  db: Database,
  values: Array<{ idempotencyKey: string; callId: string; toNumber: string; behaviour: string }>,
  leaseSeconds: number,
): Promise<Array<{ row: SimulatorCall; created: boolean }>> {
  if (values.length === 0) return [];
  const created = await db
    .insert(simulatorCalls)
    .values(values.map((v) => ({ ...v, leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })))
    .onConflictDoNothing({ target: simulatorCalls.idempotencyKey })
    .returning();
  const byKey = new Map(created.map((row) => [row.idempotencyKey, { row, created: true }]));
  const missing = values.filter((v) => !byKey.has(v.idempotencyKey)).map((v) => v.idempotencyKey);
  if (missing.length > 0) {
    const existing = await db
      .select()
      .from(simulatorCalls)
      .where(inArray(simulatorCalls.idempotencyKey, missing));
    for (const row of existing) byKey.set(row.idempotencyKey, { row, created: false });
  }
  return values.map((v) => {
    const found = byKey.get(v.idempotencyKey);
    if (!found) throw new Error('simulator call vanished');
    return found;
  });
}

export async function findSimulatorCall(db: Database, id: string): Promise<SimulatorCall | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(simulatorCalls).where(eq(simulatorCalls.id, id)).limit(1);
  return row;
}

/** The phones of these calls rang: counted, and the drivers' leases renewed, in one statement. */
export async function recordSimulatorRings(db: Database, ids: string[], leaseSeconds: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(simulatorCalls)
    .set({
      rings: sql`${simulatorCalls.rings} + 1`,
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(simulatorCalls.id, ids));
}

export async function renewSimulatorLeases(db: Database, ids: string[], seconds: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(simulatorCalls)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(and(inArray(simulatorCalls.id, ids), isNull(simulatorCalls.finishedAt)));
}

export async function finishSimulatorCalls(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(simulatorCalls)
    .set({ finishedAt: sql`now()` })
    .where(and(inArray(simulatorCalls.id, ids), isNull(simulatorCalls.finishedAt)));
}

/** Unfinished simulated calls whose driver stopped renewing its lease (a crashed worker): taken over here. */
export async function takeOverSimulatorCalls(
  db: Database,
  options: { limit: number; leaseSeconds: number },
): Promise<SimulatorCall[]> {
  const result = await db.execute(sql`
    WITH stale AS (
      SELECT id FROM ${simulatorCalls}
      WHERE finished_at IS NULL AND lease_until < now()
      ORDER BY lease_until LIMIT ${options.limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE ${simulatorCalls} s SET lease_until = now() + make_interval(secs => ${options.leaseSeconds})
    FROM stale WHERE s.id = stale.id
    RETURNING s.id`);
  const ids = (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db.select().from(simulatorCalls).where(inArray(simulatorCalls.id, ids));
}

/** Ends every unfinished simulated call's lease, so that they are taken over at once (single-process start). */
export async function expireSimulatorLeases(db: Database): Promise<void> {
  await db
    .update(simulatorCalls)
    .set({ leaseUntil: sql`now() - interval '1 second'` })
    .where(isNull(simulatorCalls.finishedAt));
}

/** The addresses of an account's users who want this kind of e-mail (and e-mail at all). */
export async function notificationRecipients(
  db: Database,
  accountId: string,
  kind: 'failureAlerts' | 'callSummaries',
): Promise<Array<{ email: string; firstName: string }>> {
  const rows = await db
    .select({ email: users.email, settings: users.notificationSettings, metadata: users.userMetadata })
    .from(users)
    .where(and(eq(users.accountId, accountId), sql`${users.emailConfirmedAt} IS NOT NULL`));
  return rows
    .filter((row) => row.settings.emailNotifications && row.settings[kind])
    .map((row) => ({
      email: row.email,
      firstName: typeof row.metadata.first_name === 'string' ? row.metadata.first_name : '',
    }));
}

export interface AccountDaySummary {
  accountId: string;
  accountName: string;
  total: number;
  completed: number;
  failed: number;
  confirmed: number;
  cancelled: number;
  rescheduled: number;
  optedOut: number;
  cost: number;
}

/** Per account, the calls that ended in [from, to): for the daily summary e-mail. */
export async function summarizeCallsBetween(
  db: Database,
  from: Date,
  to: Date,
): Promise<AccountDaySummary[]> {
  const result = await db.execute(sql`
    SELECT c.account_id, a.name AS account_name, count(*)::int AS total,
      count(*) FILTER (WHERE c.status = 'completed')::int AS completed,
      count(*) FILTER (WHERE c.status IN ('failed', 'busy', 'no-answer'))::int AS failed,
      count(*) FILTER (WHERE c.outcome = 'confirmed')::int AS confirmed,
      count(*) FILTER (WHERE c.outcome = 'cancelled')::int AS cancelled,
      count(*) FILTER (WHERE c.outcome = 'reschedule_requested')::int AS rescheduled,
      count(*) FILTER (WHERE c.outcome = 'opted_out')::int AS opted_out,
      coalesce(sum(c.cost), 0)::float8 AS cost
    FROM ${calls} c JOIN ${accounts} a ON a.id = c.account_id
    WHERE c.ended_at >= ${from} AND c.ended_at < ${to}
    GROUP BY c.account_id, a.name`);
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((row) => ({
    accountId: row.account_id as string,
    accountName: row.account_name as string,
    total: Number(row.total),
    completed: Number(row.completed),
    failed: Number(row.failed),
    confirmed: Number(row.confirmed),
    cancelled: Number(row.cancelled),
    rescheduled: Number(row.rescheduled),
    optedOut: Number(row.opted_out),
    cost: Number(row.cost),
  }));
}

/** Calls of an account that ended without reaching anyone (failed, busy, no answer) in [from, to). */
export async function failedCallsBetween(db: Database, accountId: string, from: Date, to: Date) {
  return db
    .select({
      id: calls.id,
      recipientName: calls.recipientName,
      phone: calls.phone,
      status: calls.status,
      attempts: calls.attempts,
      failureReason: calls.failureReason,
    })
    .from(calls)
    .where(
      and(
        eq(calls.accountId, accountId),
        inArray(calls.status, ['failed', 'busy', 'no-answer']),
        sql`${calls.endedAt} >= ${from} AND ${calls.endedAt} < ${to}`,
      ),
    )
    .orderBy(calls.endedAt)
    .limit(1000);
}
