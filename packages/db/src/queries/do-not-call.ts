import { randomUUID } from 'node:crypto';
import { and, type Column, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { calls, type DoNotCallEntry, doNotCall } from '../schema.ts';
import { cancelWaitingCalls } from './call-edits.ts';
import { type ConsentContext, setConsentContext } from './consent.ts';
import { type Cursor, type ListParam, newestFirstPage } from './cursor.ts';
import { inAccount } from './in-account.ts';

export type DoNotCallSource = 'added' | 'imported' | 'opted_out' | 'texted_stop' | 'unsubscribed';

/** The failure_reason of a call cancelled because its number went on the do-not-call list. */
export const DO_NOT_CALL_REASON = 'The number is on the do-not-call list.';

const columns = getTableColumns(doNotCall);

/** A search matches the number's digits (a text that looks like a number) or the note. */
function matching(source: Record<string, Column>, q: string | undefined, param: ListParam): SQL[] {
  if (!q) return [];
  return [
    sql`(${source.phone} LIKE ${param('term')} OR lower(coalesce(${source.note}, '')) LIKE ${param('term')})`,
  ];
}

/** One page of an account's do-not-call list, newest first, filtered by a search of numbers and notes. */
export async function listDoNotCall(
  db: Database,
  accountId: string,
  options: { q?: string; limit: number; cursor?: Cursor | null },
) {
  return newestFirstPage<DoNotCallEntry>(
    db,
    {
      table: doNotCall,
      columns,
      matching: (source, param) => matching(source, options.q, param),
      shape: '',
      values: {},
    },
    { accountId, q: options.q, limit: options.limit, cursor: options.cursor },
  );
}

export async function findDoNotCallByPhone(db: Database, accountId: string, phone: string) {
  const [row] = await db
    .select()
    .from(doNotCall)
    .where(and(eq(doNotCall.accountId, accountId), eq(doNotCall.phone, phone)))
    .limit(1);
  return row;
}

export interface AddToDoNotCallResult {
  /** The entries made now. */
  added: DoNotCallEntry[];
  /** The numbers that were listed already (each once). */
  alreadyListed: string[];
  /** The calls to these numbers that were cancelled (scheduled or queued, not yet with a carrier). */
  canceledCalls: Array<{ id: string; phone: string }>;
}

/**
 * Lists numbers (E.164) in one transaction: each new number gets an entry (one already listed keeps its own),
 * and the account's calls to any of them that nobody is placing yet — scheduled, or queued without a carrier
 * and without a live claim, as in cancelCall — are cancelled with the reason and announced. A number given
 * twice counts once.
 */
export async function addToDoNotCall(
  db: Database,
  accountId: string,
  entries: Array<{ phone: string; note?: string | null }>,
  options: { source: DoNotCallSource; callId?: string | null; consent?: ConsentContext },
): Promise<AddToDoNotCallResult> {
  const unique = new Map<string, string | null>();
  for (const entry of entries) if (!unique.has(entry.phone)) unique.set(entry.phone, entry.note || null);
  if (unique.size === 0) return { added: [], alreadyListed: [], canceledCalls: [] };
  // One JSON parameter, with the new ids: cheaper to bind than thousands of parameters on both engines.
  const payload = JSON.stringify([...unique].map(([phone, note]) => ({ id: randomUUID(), phone, note })));
  const numbers = sql`(SELECT r.phone FROM jsonb_to_recordset(${payload}::jsonb) AS r(phone text))`;

  return db.transaction(async (tx) => {
    // How the revocation came (its consent record is written by a trigger in the same statement).
    if (options.consent) await setConsentContext(tx, options.consent);
    const inserted = await tx.execute(sql`
      INSERT INTO ${doNotCall} (id, account_id, phone, source, note, call_id)
      SELECT r.id, ${accountId}::uuid, r.phone, ${options.source}, r.note, ${options.callId ?? null}::uuid
      FROM jsonb_to_recordset(${payload}::jsonb) AS r(id uuid, phone text, note text)
      ON CONFLICT (account_id, phone) DO NOTHING
      RETURNING id, account_id, phone, source, note, call_id, created_at`);
    const added = (inserted as unknown as { rows: Array<Record<string, unknown>> }).rows.map(
      (row): DoNotCallEntry => ({
        id: row.id as string,
        accountId: row.account_id as string,
        phone: row.phone as string,
        source: row.source as string,
        note: (row.note as string | null) ?? null,
        callId: (row.call_id as string | null) ?? null,
        createdAt: new Date(row.created_at as string),
      }),
    );
    const canceledCalls = await cancelWaitingCalls(tx, accountId, sql`${calls.phone} IN ${numbers}`, {
      reason: DO_NOT_CALL_REASON,
    });
    const addedPhones = new Set(added.map((row) => row.phone));
    return {
      added,
      alreadyListed: [...unique.keys()].filter((phone) => !addedPhones.has(phone)),
      canceledCalls: canceledCalls.map(({ id, phone }) => ({ id, phone })),
    };
  });
}

/** Takes a number off the list. False when the entry is not the account's. */
export async function removeFromDoNotCall(
  db: Database,
  accountId: string,
  id: string,
  consent?: ConsentContext,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (consent) await setConsentContext(tx, consent);
    const rows = await tx
      .delete(doNotCall)
      .where(inAccount(doNotCall, accountId, id))
      .returning({ id: doNotCall.id });
    return rows.length > 0;
  });
}

/** Which of these numbers (E.164) are on the account's list. */
export async function isListed(db: Database, accountId: string, phones: string[]): Promise<Set<string>> {
  const unique = [...new Set(phones)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .select({ phone: doNotCall.phone })
    .from(doNotCall)
    .where(
      and(
        eq(doNotCall.accountId, accountId),
        sql`${doNotCall.phone} IN (SELECT jsonb_array_elements_text(${JSON.stringify(unique)}::jsonb))`,
      ),
    );
  return new Set(rows.map((row) => row.phone));
}
