import type { Database } from '@callwise/db/client';
import { hitRateLimit } from '@callwise/db/queries/rate-limits';
import { AppError } from './app-error.ts';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one request against `key` (a fixed window shared by every process, the same counters as the auth
 * limits) and refuses it with 429, `Retry-After` and `message` once the window's allowance is spent.
 */
export async function enforceRateLimit(
  db: Database,
  key: string,
  { limit, windowSeconds }: RateLimit,
  message: string,
): Promise<void> {
  const { count, resetAt } = await hitRateLimit(db, key, windowSeconds);
  if (count <= limit) return;
  const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  throw new AppError('rate_limited', message.replace('{seconds}', String(retryAfter)), undefined, {
    'retry-after': String(retryAfter),
  });
}
