import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { idempotencyKeys } from '../schema.ts';

export type IdempotencyClaim =
  | { state: 'started' }
  | { state: 'in_progress' }
  | { state: 'mismatch' }
  | { state: 'completed'; status: number; body: string; contentType: string | null };

interface KeyRef {
  accountId: string;
  key: string;
  requestHash: string;
}

/**
 * Claims an Idempotency-Key for a request, in one statement: a new key (or one whose 24 hours are over, or
 * whose request died while holding it) is taken and the request runs (`started`); otherwise the stored state
 * tells the caller to replay the first answer, that the first request is still running, or that the key was
 * used for another request.
 */
export async function claimIdempotencyKey(
  db: Database,
  ref: KeyRef & { lockSeconds: number; ttlSeconds: number },
): Promise<IdempotencyClaim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimed = await db.execute(sql`
      INSERT INTO ${idempotencyKeys} (account_id, key, request_hash, locked_until, expires_at)
      VALUES (${ref.accountId}, ${ref.key}, ${ref.requestHash},
        now() + make_interval(secs => ${ref.lockSeconds}), now() + make_interval(secs => ${ref.ttlSeconds}))
      ON CONFLICT (account_id, key) DO UPDATE SET
        request_hash = EXCLUDED.request_hash, locked_until = EXCLUDED.locked_until,
        expires_at = EXCLUDED.expires_at, created_at = now(),
        response_status = NULL, response_body = NULL, response_content_type = NULL
      WHERE ${idempotencyKeys.expiresAt} <= now()
        OR (${idempotencyKeys.responseStatus} IS NULL AND ${idempotencyKeys.lockedUntil} <= now()
            AND ${idempotencyKeys.requestHash} = EXCLUDED.request_hash)
      RETURNING 1 AS claimed`);
    if ((claimed as unknown as { rows: unknown[] }).rows.length > 0) return { state: 'started' };

    const [row] = await db
      .select({
        requestHash: idempotencyKeys.requestHash,
        status: idempotencyKeys.responseStatus,
        body: idempotencyKeys.responseBody,
        contentType: idempotencyKeys.responseContentType,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.accountId, ref.accountId), eq(idempotencyKeys.key, ref.key)));
    // Purged or released between the two statements: try again.
    if (!row) continue;
    if (row.requestHash !== ref.requestHash) return { state: 'mismatch' };
    if (row.status === null) return { state: 'in_progress' };
    return { state: 'completed', status: row.status, body: row.body ?? '', contentType: row.contentType };
  }
  return { state: 'in_progress' };
}

/** Stores the answer of a claimed key, to be replayed until the key expires. */
export async function completeIdempotencyKey(
  db: Database,
  ref: KeyRef & { status: number; body: string; contentType: string | null },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      responseStatus: ref.status,
      responseBody: ref.body,
      responseContentType: ref.contentType,
      lockedUntil: null,
    })
    .where(
      and(
        eq(idempotencyKeys.accountId, ref.accountId),
        eq(idempotencyKeys.key, ref.key),
        eq(idempotencyKeys.requestHash, ref.requestHash),
        isNull(idempotencyKeys.responseStatus),
      ),
    );
}

/** Gives a claimed key up (the request failed on our side), so that a retry with it runs again. */
export async function releaseIdempotencyKey(db: Database, ref: KeyRef): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.accountId, ref.accountId),
        eq(idempotencyKeys.key, ref.key),
        eq(idempotencyKeys.requestHash, ref.requestHash),
        isNull(idempotencyKeys.responseStatus),
      ),
    );
}

/** Deletes keys whose 24 hours are over; returns how many. */
export async function purgeIdempotencyKeys(db: Database): Promise<number> {
  const result = await db.execute(sql`
    WITH purged AS (DELETE FROM ${idempotencyKeys} WHERE ${idempotencyKeys.expiresAt} <= now() RETURNING 1)
    SELECT count(*)::int AS n FROM purged`);
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
}
