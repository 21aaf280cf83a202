import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { type Call, calls } from '../schema.ts';

/**
 * The `calls` row itself: its columns, how a change of it is announced, its insert and lookups. The row is
 * written by purpose: `call-dispatch.ts` (claimed and handed to a carrier), `call-status.ts` (the carrier's
 * reports and the conversation), `call-edits.ts` (the API side: edits, cancellations, handled).
 */

/** The channel every change of a call is announced on (NOTIFY), for the live event stream. */
export const CALL_EVENTS_CHANNEL = 'callwise_call_events';
/** The channel that tells dispatchers in other processes that a call became due sooner than they thought. */
export const CALLS_DUE_CHANNEL = 'callwise_calls_due';

const { search: _search, ...columns } = getTableColumns(calls);
/** Every column of a call but its search text. */
export const callColumns = columns;
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
export const TERMINAL = ['completed', 'busy', 'no-answer', 'failed', 'canceled'];

/**
 * `pg_notify` of a changed call for the live event stream, as an expression of the statement that changes it
 * (delivered when its transaction commits). Given the columns, or the names of a statement's output columns.
 */
export function announceCall(columns: {
  accountId: SQLWrapper;
  id: SQLWrapper;
  status: SQLWrapper;
  outcome: SQLWrapper;
  version: SQLWrapper;
}) {
  return sql<string>`pg_notify(${sql.raw(`'${CALL_EVENTS_CHANNEL}'`)}, json_build_object('a', ${columns.accountId}, 'id', ${columns.id}, 's', ${columns.status}, 'o', ${columns.outcome}, 'v', ${columns.version})::text)`;
}
/** The same, in a statement whose output columns carry the table's names (account_id, id, status, …). */
export const announceOutputRow = () =>
  announceCall({
    accountId: sql.raw('account_id'),
    id: sql.raw('id'),
    status: sql.raw('status'),
    outcome: sql.raw('outcome'),
    version: sql.raw('version'),
  });
/** The same, for a statement on `calls` itself: add it to `returning` of an update or insert of calls. */
export const announce = () => announceCall(calls);
export const announcedCallColumns = { ...callColumns, announced: announce() };
export const withoutAnnounced = <T extends { announced: unknown }>({ announced: _a, ...row }: T) => row;

export async function notifyCallsDue(db: Database): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${CALLS_DUE_CHANNEL}, '')`);
}

export type NewCall = typeof calls.$inferInsert;

/** The columns of a call by their names in `NewCall`, to write rows as JSON (insertCalls). */
const insertableColumns = new Map(Object.entries(callColumns));

/** A value of a call as JSON for jsonb_populate_recordset: times as ISO strings, JSON columns as they are. */
const jsonValue = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * Inserts several calls of one account together, all or none, announcing each and waking the dispatchers when one
 * is due soon. The caller decides whether the account may have them (billing: insertCallsWithBilling). Answers
 * the calls as written, in the order given; with `read: false` they are not read back (a campaign's thousands of
 * calls are counted, not answered) and the answer is empty.
 *
 * The rows travel as one JSON document (jsonb_populate_recordset over the table's own row type), one statement per
 * set of given columns (a column left out keeps its default, as in a multi-row VALUES): binding some twenty
 * parameters per call cost several times the insert itself, and a campaign creates up to 20,000 calls at once.
 */
export async function insertCalls(
  db: Database,
  accountId: string,
  values: Array<NewCall & { accountId: string }>,
  options: { read?: boolean } = {},
): Promise<CallRow[]> {
  if (values.some((row) => row.accountId !== accountId)) throw new Error('calls of another account');
  if (values.length === 0) return [];
  // Every call gets its id here (the column's default would do the same), so the rows can be read back by it.
  const rows = values.map((row) => (row.id ? row : { ...row, id: randomUUID() }));
  const groups = new Map<string, { keys: string[]; rows: typeof rows }>();
  for (const row of rows) {
    const keys = Object.keys(row).filter(
      (key) => (row as Record<string, unknown>)[key] !== undefined && insertableColumns.has(key),
    );
    const signature = keys.join(',');
    const group = groups.get(signature) ?? { keys, rows: [] };
    group.rows.push(row);
    groups.set(signature, group);
  }
  // A call without a time is due now (the column's default).
  const soon = Date.now() + 60_000;
  const dueSoon = rows.some((row) => !row.scheduledAt || row.scheduledAt.getTime() <= soon);
  return db.transaction(async (tx) => {
    let count = 0;
    for (const { keys, rows: group } of groups.values()) {
      const names = keys.map((key) => (insertableColumns.get(key) as { name: string }).name);
      const json = JSON.stringify(
        group.map((row) =>
          Object.fromEntries(
            keys.map((key, k) => [names[k], jsonValue((row as Record<string, unknown>)[key])]),
          ),
        ),
      );
      const list = sql.raw(names.map((name) => `"${name}"`).join(', '));
      const result = await tx.execute(sql`
        INSERT INTO ${calls} (${list})
        SELECT ${list} FROM jsonb_populate_recordset(NULL::calls, ${json}::jsonb)
        RETURNING id, ${announceOutputRow()}`);
      count += (result as unknown as { rows: unknown[] }).rows.length;
    }
    if (count !== rows.length) throw new Error('insert returned fewer rows');
    if (dueSoon) await notifyCallsDue(tx);
    if (options.read === false) return [];
    const ids = JSON.stringify(rows.map((row) => row.id));
    const inserted = await tx
      .select(callColumns)
      .from(calls)
      .where(
        and(
          eq(calls.accountId, accountId),
          sql`${calls.id} IN (SELECT jsonb_array_elements_text(${ids}::jsonb)::uuid)`,
        ),
      );
    const byId = new Map(inserted.map((call) => [call.id, call]));
    const ordered = rows.map((row) => byId.get(row.id as string));
    if (ordered.some((call) => !call)) throw new Error('insert returned fewer rows');
    return ordered as CallRow[];
  });
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

/**
 * A call to the business number (decision 026), recorded as the carrier hands it over: ringing at the carrier
 * under its id, its first attempt, announced like every change of a call. Not billed against the plan's calls:
 * its minutes are costed when it ends, as every call's are.
 */
export async function insertInboundCall(
  db: Database,
  values: Pick<
    NewCall,
    | 'id'
    | 'accountId'
    | 'contactId'
    | 'appointmentId'
    | 'recipientName'
    | 'phone'
    | 'callType'
    | 'message'
    | 'voice'
  > & { providerCallId: string; timezone: string },
): Promise<CallRow> {
  const [row] = await db
    .insert(calls)
    .values({
      ...values,
      direction: 'inbound',
      status: 'ringing',
      attempts: 1,
      scheduledAt: sql`now()`,
      placedAt: sql`now()`,
    })
    .returning(announcedCallColumns);
  if (!row) throw new Error('inbound call not recorded');
  return withoutAnnounced(row);
}
