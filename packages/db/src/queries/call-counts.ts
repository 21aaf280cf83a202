import {
  type CallDirection,
  type CallOutcome,
  type CallView,
  NEEDS_ATTENTION_OUTCOMES,
  NEEDS_ATTENTION_STATUSES,
  PLACED_STATUSES,
  POSITIVE_OUTCOMES,
  STATUS_GROUP_MEMBERS,
  type StatusGroup,
} from '@callwise/shared/calls';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { searchTerm } from './cursor.ts';

/**
 * The call history's counts at any size (decision 032), read from the rollups the `calls_counted_*` triggers keep
 * (migration 0037): each count is a folded table plus the changes not folded yet, in one statement, so it equals a
 * full count of the calls in every snapshot — while a page of 1,000,000 calls is never scanned.
 */

const list = (values: readonly string[]) => sql.raw(`(${values.map((value) => `'${value}'`).join(', ')})`);
const group = (name: StatusGroup) => list(STATUS_GROUP_MEMBERS[name]);

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** What the call history (its list, totals and export) can be filtered by, every one optional. */
export interface CallFilter {
  /** A search text: the calls it matches are counted one by one (through the trigram index), not the rollups. */
  q?: string;
  status?: StatusGroup | 'all';
  outcome?: CallOutcome;
  campaignId?: string;
  direction?: CallDirection;
  view?: CallView;
  /** Only placed calls (internal: the dashboard's recent activity). */
  placedOnly?: boolean;
}

/** The call history's totals; see summarizeCalls in calls.ts for what each one is. */
export interface CallTotals {
  total: number;
  completed: number;
  failed: number;
  pending: number;
  inProgress: number;
  placed: number;
  notPlaced: number;
  answered: number;
  positive: number;
  needsAttention: number;
  averageDuration: number;
  totalCost: number;
}

/** The filter on the counted keys (`k`: campaign_id, direction, status, outcome, tried, handled). */
function keyMatching(filter: CallFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.status && filter.status !== 'all') where.push(sql`k.status IN ${group(filter.status)}`);
  if (filter.outcome) where.push(sql`k.outcome = ${filter.outcome}`);
  if (filter.campaignId) where.push(sql`k.campaign_id = ${filter.campaignId}`);
  if (filter.direction) where.push(sql`k.direction = ${filter.direction}`);
  if (filter.view === 'needs_attention') where.push(sql`${needsAttention}`);
  if (filter.placedOnly) where.push(sql`${placed}`);
  return where;
}

const KEY_COLUMNS = sql.raw(
  'campaign_id, direction, status, outcome, tried, handled, calls, duration_sum, duration_count, cost_sum',
);
/** The account's counted keys: folded, and the changes not folded yet. */
const countedKeys = (accountId: string) => sql`(
  SELECT ${KEY_COLUMNS} FROM call_counts WHERE account_id = ${accountId}
  UNION ALL
  SELECT ${KEY_COLUMNS} FROM call_count_changes WHERE account_id = ${accountId})`;
/** The account's calls a search text matches, as keys of one call each (the trigger's key of a call). */
const searchedKeys = (accountId: string, q: string) => sql`(
  SELECT campaign_id, direction, status, outcome, attempts > 0 AS tried, handled_at IS NOT NULL AS handled,
    1::bigint AS calls, coalesce(duration, 0)::bigint AS duration_sum, (duration IS NOT NULL)::int::bigint AS duration_count,
    coalesce(cost, 0) AS cost_sum
  FROM calls WHERE account_id = ${accountId} AND search LIKE ${searchTerm(q)})`;

const needsAttention = sql`(NOT k.handled AND (k.outcome IN ${list(NEEDS_ATTENTION_OUTCOMES)} OR k.status IN ${list(NEEDS_ATTENTION_STATUSES)}))`;
const placed = sql`(k.status IN ${list(PLACED_STATUSES)} OR k.tried)`;
const answered = sql`(k.status = 'completed' AND k.outcome IS DISTINCT FROM 'voicemail')`;

/**
 * The account's totals over its calls matching `filter`: from call_counts and the changes not folded yet, or, for a
 * search text, from the calls it matches, each one a key of one call.
 */
export async function countedTotals(
  db: Database,
  accountId: string,
  filter: CallFilter,
): Promise<CallTotals> {
  const where = [sql`true`, ...keyMatching(filter)];
  const result = await db.execute(sql`
    SELECT
      coalesce(sum(k.calls), 0)::int AS total,
      coalesce(sum(k.calls) FILTER (WHERE k.status IN ${group('completed')}), 0)::int AS completed,
      coalesce(sum(k.calls) FILTER (WHERE k.status IN ${group('failed')}), 0)::int AS failed,
      coalesce(sum(k.calls) FILTER (WHERE k.status IN ${group('pending')}), 0)::int AS pending,
      coalesce(sum(k.calls) FILTER (WHERE k.status IN ${group('in-progress')}), 0)::int AS "inProgress",
      coalesce(sum(k.calls) FILTER (WHERE ${placed}), 0)::int AS placed,
      coalesce(sum(k.calls) FILTER (WHERE k.status IN ${group('pending')} AND NOT k.tried), 0)::int AS "notPlaced",
      coalesce(sum(k.calls) FILTER (WHERE ${answered}), 0)::int AS answered,
      coalesce(sum(k.calls) FILTER (WHERE ${answered} AND k.outcome IN ${list(POSITIVE_OUTCOMES)}), 0)::int AS positive,
      coalesce(sum(k.calls) FILTER (WHERE ${needsAttention}), 0)::int AS "needsAttention",
      coalesce(round(sum(k.duration_sum) FILTER (WHERE k.status = 'completed')
        / nullif(sum(k.duration_count) FILTER (WHERE k.status = 'completed'), 0)), 0)::int AS "averageDuration",
      coalesce(sum(k.cost_sum), 0)::float8 AS "totalCost"
    FROM ${filter.q ? searchedKeys(accountId, filter.q) : countedKeys(accountId)} AS k
    WHERE ${sql.join(where, sql` AND `)}`);
  const [row] = rowsOf<CallTotals>(result);
  if (!row) throw new Error('no totals');
  return row;
}

/**
 * Placed calls per day over the last `days` days in `timeZone`, by result (see dailyCallCounts in calls.ts), from
 * call_placed_quarters and the changes not folded yet: a quarter hour falls inside one day in every time zone.
 */
export async function countedDays(db: Database, accountId: string, days: number, timeZone: string) {
  // Each quarter's day is its local date (one pass over the quarters), not a range join of days and quarters:
  // the join compared 30 days with each of ~2,900 quarters, 10 ms of a dashboard at 1M calls (decision 032).
  const result = await db.execute(sql`
    WITH d AS (
      SELECT day FROM generate_series(
        date_trunc('day', now() AT TIME ZONE ${timeZone}) - make_interval(days => ${days - 1}),
        date_trunc('day', now() AT TIME ZONE ${timeZone}),
        interval '1 day') AS g(day)
    ), since AS (
      SELECT min(day) AT TIME ZONE ${timeZone} AS starts FROM d
    ), q AS (
      SELECT quarter, completed, failed, other FROM call_placed_quarters
      WHERE account_id = ${accountId} AND quarter >= (SELECT starts FROM since)
      UNION ALL
      SELECT placed_quarter,
        CASE WHEN status IN ${group('completed')} THEN calls ELSE 0 END,
        CASE WHEN status IN ${group('failed')} THEN calls ELSE 0 END,
        CASE WHEN status NOT IN ${group('completed')} AND status NOT IN ${group('failed')} THEN calls ELSE 0 END
      FROM call_count_changes
      WHERE account_id = ${accountId} AND placed_quarter >= (SELECT starts FROM since)
    ), per AS (
      SELECT date_trunc('day', quarter AT TIME ZONE ${timeZone}) AS day,
        sum(completed) AS completed, sum(failed) AS failed, sum(other) AS other
      FROM q GROUP BY 1
    )
    SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
      coalesce(per.completed, 0)::int AS completed,
      coalesce(per.failed, 0)::int AS failed,
      coalesce(per.other, 0)::int AS other
    FROM d LEFT JOIN per ON per.day = d.day
    ORDER BY d.day`);
  return rowsOf<{ date: string; completed: number; failed: number; other: number }>(result);
}

/** A quarter hour, in ms: the rollups' unit (`callwise_quarter`, bins of 15 minutes from 2000-01-01 UTC). */
const QUARTER_MS = 15 * 60 * 1000;

/**
 * The account's calls not cancelled created since `since` (all of them for null), and their extra-call charges:
 * whole quarter hours from call_created_quarters and the changes not folded yet. The quarter hour `since` falls
 * in is split there, and its shorter side is counted one by one: the calls created after `since` (added), or,
 * when `since` lies in the quarter's first half, the calls created before it (taken from the whole quarter's
 * count). A period that began minutes before a campaign of thousands of calls otherwise counted each of them on
 * every read for a month.
 */
export async function countedCreated(db: Database, accountId: string, since: Date | null) {
  const from = since ?? new Date(0);
  const edgeMs = Math.floor(from.getTime() / QUARTER_MS) * QUARTER_MS;
  const back = from.getTime() - edgeMs < QUARTER_MS / 2;
  const edge = new Date(edgeMs).toISOString();
  const at = from.toISOString();
  const wholeFrom = back ? sql`>= ${edge}::timestamptz` : sql`> ${edge}::timestamptz`;
  const oneByOne = back
    ? sql`SELECT -count(*), -count(*) FILTER (WHERE overage_usd > 0), -coalesce(sum(overage_usd), 0) FROM calls
        WHERE account_id = ${accountId} AND status <> 'canceled'
          AND created_at >= ${edge}::timestamptz AND created_at < ${at}::timestamptz`
    : sql`SELECT count(*), count(*) FILTER (WHERE overage_usd > 0), coalesce(sum(overage_usd), 0) FROM calls
        WHERE account_id = ${accountId} AND status <> 'canceled'
          AND created_at >= ${at}::timestamptz AND created_at < ${edge}::timestamptz + interval '15 minutes'`;
  const result = await db.execute(sql`
    WITH parts AS (
      SELECT calls, overage_calls, overage_usd FROM call_created_quarters
      WHERE account_id = ${accountId} AND quarter ${wholeFrom}
      UNION ALL
      SELECT calls, overage_calls, overage_usd FROM call_count_changes
      WHERE account_id = ${accountId} AND status <> 'canceled' AND created_quarter ${wholeFrom}
      UNION ALL
      ${oneByOne}
    )
    SELECT coalesce(sum(calls), 0)::int AS used, coalesce(sum(overage_calls), 0)::int AS "overageCalls",
      coalesce(round(sum(overage_usd) * 100), 0)::int AS "overageCents"
    FROM parts`);
  const [row] = rowsOf<{ used: number; overageCalls: number; overageCents: number }>(result);
  if (!row) throw new Error('no count');
  return row;
}

/** The lock that keeps one fold at a time (two could otherwise add to the same rows in opposite orders). */
const FOLD_LOCK = 0x63_77_66_6c; // 'cwfl'

/**
 * Moves the changes every process has committed into the folded tables, in one statement (a reader sees them
 * either still as changes or already folded, never both or neither), and drops keys left with no calls. Answers
 * how many changes it moved; 0 when another fold was running.
 */
export async function foldCallCounts(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${FOLD_LOCK}) AS locked`),
    );
    if (!lock?.locked) return 0;
    const [moved] = rowsOf<{ changes: number; accounts: string[] | null }>(
      await tx.execute(sql`
        WITH moved AS (DELETE FROM call_count_changes RETURNING *),
        totals AS (
          INSERT INTO call_counts AS c
          SELECT account_id, campaign_id, direction, status, outcome, tried, handled,
            sum(calls), sum(duration_sum), sum(duration_count), sum(cost_sum)
          FROM moved GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
          ON CONFLICT ON CONSTRAINT call_counts_key DO UPDATE SET calls = c.calls + excluded.calls,
            duration_sum = c.duration_sum + excluded.duration_sum,
            duration_count = c.duration_count + excluded.duration_count,
            cost_sum = c.cost_sum + excluded.cost_sum
        ),
        placed AS (
          INSERT INTO call_placed_quarters AS p
          SELECT account_id, placed_quarter,
            coalesce(sum(calls) FILTER (WHERE status IN ${group('completed')}), 0),
            coalesce(sum(calls) FILTER (WHERE status IN ${group('failed')}), 0),
            coalesce(sum(calls) FILTER (WHERE status NOT IN ${group('completed')} AND status NOT IN ${group('failed')}), 0)
          FROM moved WHERE placed_quarter IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
          ON CONFLICT (account_id, quarter) DO UPDATE SET completed = p.completed + excluded.completed,
            failed = p.failed + excluded.failed, other = p.other + excluded.other
        ),
        created AS (
          INSERT INTO call_created_quarters AS q
          SELECT account_id, created_quarter, sum(calls), sum(overage_calls), sum(overage_usd)
          FROM moved WHERE status <> 'canceled' GROUP BY 1, 2 ORDER BY 1, 2
          ON CONFLICT (account_id, quarter) DO UPDATE SET calls = q.calls + excluded.calls,
            overage_calls = q.overage_calls + excluded.overage_calls, overage_usd = q.overage_usd + excluded.overage_usd
        )
        SELECT (SELECT count(*) FROM moved)::int AS changes,
          (SELECT array_agg(DISTINCT account_id::text) FROM moved) AS accounts`),
    );
    const accounts = moved?.accounts ?? [];
    if (accounts.length > 0) {
      const touched = sql`ANY(${`{${accounts.join(',')}}`}::uuid[])`;
      await tx.execute(sql`DELETE FROM call_counts WHERE account_id = ${touched} AND calls = 0`);
      await tx.execute(
        sql`DELETE FROM call_placed_quarters WHERE account_id = ${touched} AND completed = 0 AND failed = 0 AND other = 0`,
      );
      await tx.execute(
        sql`DELETE FROM call_created_quarters WHERE account_id = ${touched} AND calls = 0 AND overage_calls = 0 AND overage_usd = 0`,
      );
    }
    return moved?.changes ?? 0;
  });
}

/**
 * Frees the space of folded changes. A count reads every page of `call_count_changes` its account has, so a
 * million folded rows left as dead tuples cost a summary tens of milliseconds until (auto)vacuum comes; the fold
 * runs this itself after moving many. Never inside a transaction.
 */
export async function vacuumCallCountChanges(db: Database): Promise<void> {
  await db.execute(sql`VACUUM call_count_changes`);
}
