import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { calls, carrierRequests } from '../schema.ts';

/**
 * The ledger of calls requested from a carrier that has no idempotency keys of its own (Twilio): one row per
 * idempotency key, written before the request and completed with the carrier's call id after it. A key seen
 * again with an id is answered from here; a row without one is a request cut off mid-way.
 */
export type CarrierRequest = typeof carrierRequests.$inferSelect;

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return (result as { rows: Array<Record<string, unknown>> }).rows;
}

function toCarrierRequest(row: Record<string, unknown>): CarrierRequest {
  return {
    idempotencyKey: row.idempotency_key as string,
    callId: row.call_id as string,
    toNumber: row.to_number as string,
    providerCallId: (row.provider_call_id as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
  };
}

export async function findCarrierRequest(
  db: Database,
  idempotencyKey: string,
): Promise<CarrierRequest | undefined> {
  const [row] = await db
    .select()
    .from(carrierRequests)
    .where(eq(carrierRequests.idempotencyKey, idempotencyKey))
    .limit(1);
  return row;
}

/**
 * Writes the ledger row of a request about to be made, but only while the call still waits for it (queued,
 * without a carrier call): a call cancelled meanwhile is never requested. Returns the new row (`created`), the
 * row another worker wrote first (`created: false`), or null when the call no longer waits.
 */
export async function openCarrierRequest(
  db: Database,
  values: { idempotencyKey: string; callId: string; toNumber: string },
): Promise<{ row: CarrierRequest; created: boolean } | null> {
  const inserted = await db.execute(sql`
    INSERT INTO ${carrierRequests} (idempotency_key, call_id, to_number)
    SELECT ${values.idempotencyKey}, ${values.callId}, ${values.toNumber}
    WHERE EXISTS (
      SELECT 1 FROM ${calls}
      WHERE id = ${values.callId} AND status = 'queued' AND provider_call_id IS NULL)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING idempotency_key, call_id, to_number, provider_call_id, created_at`);
  const [created] = rowsOf(inserted);
  if (created) return { row: toCarrierRequest(created), created: true };
  const existing = await findCarrierRequest(db, values.idempotencyKey);
  return existing ? { row: existing, created: false } : null;
}

/** The carrier accepted the request: its call id completes the row. */
export async function recordCarrierCall(
  db: Database,
  idempotencyKey: string,
  providerCallId: string,
): Promise<void> {
  await db
    .update(carrierRequests)
    .set({ providerCallId })
    .where(and(eq(carrierRequests.idempotencyKey, idempotencyKey), isNull(carrierRequests.providerCallId)));
}

/** The carrier answered that it placed nothing: the key is free to be requested again. */
export async function dropCarrierRequest(db: Database, idempotencyKey: string): Promise<void> {
  await db
    .delete(carrierRequests)
    .where(and(eq(carrierRequests.idempotencyKey, idempotencyKey), isNull(carrierRequests.providerCallId)));
}

/** Which of these carrier call ids some row already holds (they belong to other requests). */
export async function knownProviderCallIds(db: Database, providerCallIds: string[]): Promise<Set<string>> {
  if (providerCallIds.length === 0) return new Set();
  const rows = await db
    .select({ id: carrierRequests.providerCallId })
    .from(carrierRequests)
    .where(inArray(carrierRequests.providerCallId, providerCallIds));
  return new Set(rows.map((row) => row.id).filter((id): id is string => id !== null));
}

/**
 * A placed call holding a line at the carrier (accepted, ringing or connected), written as the partial index
 * calls_live_carrier_idx (migration 0009) says, so that the planner can use it.
 */
const liveAtCarrier = (prefix: string) =>
  sql`${calls.providerCallId} IS NOT NULL AND ${calls.status} IN ('queued', 'ringing', 'in-progress')
    AND ${calls.providerCallId} LIKE ${`${prefix}%`}`;

/** Our calls holding a line at the carrier whose call ids start with `prefix` (Twilio's: `CA`). */
export async function countLiveCarrierCalls(db: Database, prefix: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(calls).where(liveAtCarrier(prefix));
  return row?.n ?? 0;
}

/** Forgets requests older than `seconds` (a call's requests matter for minutes; its reports for hours). */
export async function pruneCarrierRequests(db: Database, seconds: number): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM ${carrierRequests} WHERE created_at < now() - make_interval(secs => ${seconds})
    RETURNING 1`);
  return rowsOf(result).length;
}
