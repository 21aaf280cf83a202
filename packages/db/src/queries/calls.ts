import { STATUS_GROUP_MEMBERS, type StatusGroup } from '@callwise/shared/calls';
import { and, type Column, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { calls } from '../schema.ts';
import {
  afterCursor,
  type Cursor,
  cursorAt,
  fieldsOf,
  isPhoneNumberSearch,
  newestMatching,
  recentWindow,
  searchTerm,
  toPage,
} from './cursor.ts';

const { search: _search, ...callColumns } = getTableColumns(calls);

function filters(accountId: string, options: { q?: string; status?: StatusGroup | 'all' }): SQL[] {
  const where: SQL[] = [eq(calls.accountId, accountId)];
  if (options.q) where.push(sql`${calls.search} LIKE ${searchTerm(options.q)}`);
  if (options.status && options.status !== 'all') {
    where.push(inArray(calls.status, [...STATUS_GROUP_MEMBERS[options.status]]));
  }
  return where;
}

const callKeys = Object.keys(callColumns) as Array<keyof typeof callColumns>;

/** The search-text and status conditions of `filters`, on the table or on a subquery of it. */
function callMatching(
  source: { search: Column; status: Column },
  options: { q?: string; status?: StatusGroup | 'all' },
): SQL[] {
  const where: SQL[] = [];
  if (options.q) where.push(sql`${source.search} LIKE ${searchTerm(options.q)}`);
  if (options.status && options.status !== 'all') {
    where.push(inArray(source.status, [...STATUS_GROUP_MEMBERS[options.status]]));
  }
  return where;
}

/**
 * One page of the call history, newest first, filtered by search text and status group. A page of search
 * results is looked for among the newest calls first (a common term fills it there), else through the search
 * index, which a phone number goes to at once: the planner's guess for a text pattern can be far off either
 * way. A status group alone is left to the planner, which knows how common each status is.
 */
export async function listCalls(
  db: Database,
  accountId: string,
  options: { q?: string; status?: StatusGroup | 'all'; limit: number; cursor?: Cursor | null },
) {
  const where: SQL[] = [eq(calls.accountId, accountId)];
  if (options.cursor) where.push(afterCursor(calls.createdAt, calls.id, options.cursor));
  const filter = callMatching(calls, options);
  if (options.q) {
    if (!isPhoneNumberSearch(options.q)) {
      const recent = db
        .select()
        .from(calls)
        .where(and(...where))
        .orderBy(desc(calls.createdAt), desc(calls.id))
        .limit(recentWindow(options.limit))
        .as('recent');
      const rows = await db
        .select({ ...fieldsOf(recent, callKeys), cursorAt: cursorAt(recent.createdAt) })
        .from(recent)
        .where(and(...callMatching(recent, options)))
        .orderBy(desc(recent.createdAt), desc(recent.id))
        .limit(options.limit + 1);
      if (rows.length > options.limit) return toPage(rows, options.limit);
    }
    where.push(newestMatching(calls, calls, and(...where, ...filter), options.limit + 1));
  } else {
    where.push(...filter);
  }
  const rows = await db
    .select({ ...callColumns, cursorAt: cursorAt(calls.createdAt) })
    .from(calls)
    .where(and(...where))
    .orderBy(desc(calls.createdAt), desc(calls.id))
    .limit(options.limit + 1);
  return toPage(rows, options.limit);
}

export async function getCall(db: Database, accountId: string, id: string) {
  const [row] = await db
    .select(callColumns)
    .from(calls)
    .where(and(eq(calls.accountId, accountId), eq(calls.id, id)))
    .limit(1);
  return row;
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

/** Calls that count against the plan's allowance: every call not cancelled, since `since` (all time when null). */
export async function countBillableCalls(
  db: Database,
  accountId: string,
  since: Date | null,
): Promise<number> {
  const where: SQL[] = [eq(calls.accountId, accountId), sql`${calls.status} <> 'canceled'`];
  if (since) where.push(sql`${calls.createdAt} >= ${since}`);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(calls)
    .where(and(...where));
  return row?.n ?? 0;
}
