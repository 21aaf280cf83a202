import { STATUS_GROUP_MEMBERS, type StatusGroup } from '@callwise/shared/calls';
import { and, asc, type Column, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { type Call, callAttempts, calls } from '../schema.ts';
import { type Cursor, newestFirstPage, searchTerm } from './cursor.ts';

const { search: _search, ...callColumns } = getTableColumns(calls);

/** The search-text and status conditions, on the table or on a subquery of it. */
function callMatching(
  source: Record<string, Column>,
  options: { q?: string; status?: StatusGroup | 'all' },
): SQL[] {
  const where: SQL[] = [];
  if (options.q) where.push(sql`${source.search} LIKE ${searchTerm(options.q)}`);
  if (options.status && options.status !== 'all') {
    where.push(inArray(source.status as Column, [...STATUS_GROUP_MEMBERS[options.status]]));
  }
  return where;
}

function filters(accountId: string, options: { q?: string; status?: StatusGroup | 'all' }): SQL[] {
  return [eq(calls.accountId, accountId), ...callMatching(getTableColumns(calls), options)];
}

/** One page of the call history, newest first, filtered by search text and status group (see newestFirstPage). */
export async function listCalls(
  db: Database,
  accountId: string,
  options: { q?: string; status?: StatusGroup | 'all'; limit: number; cursor?: Cursor | null },
) {
  return newestFirstPage<Omit<Call, 'search'>>(
    db,
    { table: calls, columns: callColumns, matching: (source) => callMatching(source, options) },
    { scope: eq(calls.accountId, accountId), q: options.q, limit: options.limit, cursor: options.cursor },
  );
}

export async function getCall(db: Database, accountId: string, id: string) {
  const [row] = await db
    .select(callColumns)
    .from(calls)
    .where(and(eq(calls.accountId, accountId), eq(calls.id, id)))
    .limit(1);
  return row;
}

/** The ended attempts of one of the account's calls, oldest first; null when the call is not the account's. */
export async function listCallAttempts(db: Database, accountId: string, callId: string) {
  const call = await getCall(db, accountId, callId);
  if (!call) return null;
  return db
    .select()
    .from(callAttempts)
    .where(and(eq(callAttempts.accountId, accountId), eq(callAttempts.callId, callId)))
    .orderBy(asc(callAttempts.attempt));
}

const group = (name: StatusGroup) =>
  sql.raw(`(${STATUS_GROUP_MEMBERS[name].map((status) => `'${status}'`).join(', ')})`);

/** Counts by status group, success rate, average duration over completed calls, total cost. */
export async function summarizeCalls(
  db: Database,
  accountId: string,
  options: { q?: string; status?: StatusGroup | 'all' },
) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) FILTER (WHERE ${calls.status} IN ${group('completed')})::int`,
      failed: sql<number>`count(*) FILTER (WHERE ${calls.status} IN ${group('failed')})::int`,
      pending: sql<number>`count(*) FILTER (WHERE ${calls.status} IN ${group('pending')})::int`,
      inProgress: sql<number>`count(*) FILTER (WHERE ${calls.status} IN ${group('in-progress')})::int`,
      averageDuration: sql<number>`coalesce(round(avg(${calls.duration}) FILTER (WHERE ${calls.status} = 'completed')), 0)::int`,
      totalCost: sql<number>`coalesce(sum(${calls.cost}), 0)::float8`,
    })
    .from(calls)
    .where(and(...filters(accountId, options)));
  return (
    row ?? { total: 0, completed: 0, failed: 0, pending: 0, inProgress: 0, averageDuration: 0, totalCost: 0 }
  );
}

/** Calls per UTC day over the last `days` days: completed, failed (failed, busy, no-answer), everything else. */
export async function dailyCallCounts(db: Database, accountId: string, days: number) {
  const result = await db.execute<{ date: string; completed: number; failed: number; other: number }>(sql`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
      coalesce(count(c.id) FILTER (WHERE c.status IN ${group('completed')}), 0)::int AS completed,
      coalesce(count(c.id) FILTER (WHERE c.status IN ${group('failed')}), 0)::int AS failed,
      coalesce(count(c.id) FILTER (WHERE c.status NOT IN ${group('completed')} AND c.status NOT IN ${group('failed')}), 0)::int AS other
    FROM generate_series(
      date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => ${days - 1}),
      date_trunc('day', now() AT TIME ZONE 'UTC'),
      interval '1 day') AS d(day)
    LEFT JOIN ${calls} c ON c.account_id = ${accountId}
      AND c.created_at >= (d.day AT TIME ZONE 'UTC') AND c.created_at < ((d.day + interval '1 day') AT TIME ZONE 'UTC')
    GROUP BY d.day ORDER BY d.day`);
  return (
    result as unknown as { rows: Array<{ date: string; completed: number; failed: number; other: number }> }
  ).rows;
}
