import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';

/**
 * Counts one hit on a fixed window shared by every process and returns the count in the current window and
 * when it resets. Atomic: a single upsert.
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; resetAt: Date }> {
  const result = await db.execute<{ count: number; window_start: string | Date }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN 1
                   ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN now()
                   ELSE rate_limits.window_start END
    RETURNING count, window_start`);
  const row = (result as unknown as { rows: Array<{ count: number; window_start: string | Date }> }).rows[0];
  if (!row) throw new Error('rate limit not counted');
  const start = new Date(row.window_start);
  return { count: Number(row.count), resetAt: new Date(start.getTime() + windowSeconds * 1000) };
}

/** Drops windows that ended long ago (run by a maintenance job). */
export async function pruneRateLimits(db: Database, olderThanSeconds: number): Promise<void> {
  await db.execute(
    sql`DELETE FROM rate_limits WHERE window_start < now() - make_interval(secs => ${olderThanSeconds})`,
  );
}

/**
 * Takes up to `want` requests from the fixed window of `key` (it starts with its first request and lasts
 * `windowSeconds`; shared by every process), in one statement. Returns how many were granted — never more than
 * what is left of `limit` — the window's count after this call (past the limit once it is spent) and when the
 * window ends. Callers take several at once for a busy key and hand them out in memory.
 */
export async function takeRateLimitTokens(
  db: Database,
  key: string,
  options: { windowSeconds: number; want: number; limit: number },
): Promise<{ granted: number; count: number; resetAt: Date }> {
  const { windowSeconds, want, limit } = options;
  const result = await db.execute<{ count: number; window_start: string | Date }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), ${want})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN ${want}
                   ELSE rate_limits.count + ${want} END,
      window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN now()
                   ELSE rate_limits.window_start END
    RETURNING count, window_start`);
  const row = (result as unknown as { rows: Array<{ count: number; window_start: string | Date }> }).rows[0];
  if (!row) throw new Error('rate limit not counted');
  const count = Number(row.count);
  const granted = Math.max(0, Math.min(want, limit - (count - want)));
  const resetAt = new Date(new Date(row.window_start).getTime() + windowSeconds * 1000);
  return { granted, count, resetAt };
}
