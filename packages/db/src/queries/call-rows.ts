import { eq, getTableColumns, type SQLWrapper, sql } from 'drizzle-orm';
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

/** Calls per INSERT statement: about 20 parameters each, far below the 65,535 a statement may bind. */
export const INSERT_SLICE = 1000;

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
