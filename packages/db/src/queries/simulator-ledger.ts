import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { simulatorCalls } from '../schema.ts';

/** The simulated carrier's own ledger of the calls it places (its calls, leases and rings). */

export type SimulatorCall = typeof simulatorCalls.$inferSelect;

/**
 * Accepts a call into the simulator's ledger, once per idempotency key: a repeated request gets the row made
 * the first time (and `created: false`).
 */
export async function acceptSimulatorCall(
  db: Database,
  values: {
    /** The ledger row's id, when the caller needs it before the row exists (an incoming call's carrier id). */
    id?: string;
    idempotencyKey: string;
    callId: string;
    toNumber: string;
    behaviour: string;
    leaseSeconds: number;
    /** A simulated incoming call: who calls and what they do (decision 026). */
    inbound?: SimulatorCall['inbound'];
  },
): Promise<{ row: SimulatorCall; created: boolean }> {
  const [created] = await db
    .insert(simulatorCalls)
    .values({
      ...(values.id ? { id: values.id } : {}),
      idempotencyKey: values.idempotencyKey,
      callId: values.callId,
      toNumber: values.toNumber,
      behaviour: values.behaviour,
      inbound: values.inbound ?? null,
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
