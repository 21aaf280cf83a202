import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accounts, calls } from '../schema.ts';

import { announce, announceCall } from './call-rows.ts';

/** Calls on their way to a carrier: claimed when due, held by the calling rules, marked placed; the sweep. */

export interface ClaimedCall {
  id: string;
  accountId: string;
  phone: string;
  /** The kind of call: the state rules on solicitations cover promotional ones (decision 028). */
  callType: string;
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

/**
 * Calls a dispatcher may take: not handed to a carrier yet, not held by a paused campaign, and not of an account
 * whose last payment failed (held until it is paid, decision 036).
 */
const dispatchable = sql`provider_call_id IS NULL AND status IN ('scheduled', 'queued')
  AND (campaign_id IS NULL OR NOT EXISTS (
    SELECT 1 FROM campaigns p WHERE p.id = campaign_id AND p.status <> 'active'))
  AND NOT EXISTS (SELECT 1 FROM accounts h WHERE h.id = account_id AND h.payment_status = 'past_due')`;

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
      RETURNING c.id, c.account_id, c.phone, c.call_type, c.attempts, c.scheduled_at, c.timezone, c.status,
        c.outcome, c.version
    )
    SELECT claimed.id, claimed.account_id, claimed.phone, claimed.call_type, claimed.attempts, claimed.scheduled_at,
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
    callType: row.call_type as string,
    attempts: Number(row.attempts),
    scheduledAt: new Date(row.scheduled_at as string),
    timezone: row.timezone as string,
    windowStart: row.calling_window_start as string,
    windowEnd: row.calling_window_end as string,
    doNotCall: row.do_not_call === true || row.do_not_call === 't',
  }));
}

/**
 * When the next call falls due (or a claim runs out), so that a dispatcher can sleep until then: the earlier of
 * the first unclaimed call in `calls_dispatch_idx`'s order and the first claim to run out in `calls_claimed_idx`'s.
 * Neither visits the calls scheduled later: the minimum over every waiting call took 100-200 ms on PostgreSQL
 * with 20,000 calls scheduled ahead, and held the embedded engine that long each time a dispatcher went idle
 * (decision 032).
 */
export async function nextDispatchAt(db: Database): Promise<Date | null> {
  const result = await db.execute<{ at: string | Date | null }>(sql`
    SELECT least(
      (SELECT scheduled_at FROM ${calls}
        WHERE ${dispatchable} AND (claimed_until IS NULL OR claimed_until <= scheduled_at)
        ORDER BY scheduled_at LIMIT 1),
      (SELECT claimed_until FROM ${calls}
        WHERE ${dispatchable} AND claimed_until IS NOT NULL AND claimed_until > scheduled_at
        ORDER BY claimed_until LIMIT 1)
    ) AS at`);
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
