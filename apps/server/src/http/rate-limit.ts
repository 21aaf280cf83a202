import type { Database } from '@callwise/db/client';
import { hitRateLimit } from '@callwise/db/queries/rate-limits';
import { AppError } from './app-error.ts';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one request against `key` (a fixed window shared by every process). Returns null while the window's
 * allowance lasts, else the seconds until it renews.
 */
export async function rateLimitRetryAfter(
  db: Database,
  key: string,
  { limit, windowSeconds }: RateLimit,
): Promise<number | null> {
  const { count, resetAt } = await hitRateLimit(db, key, windowSeconds);
  if (count <= limit) return null;
  return Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
}

/**
 * Counts one request against `key` (the same counters as the auth limits) and refuses it with 429,
 * `Retry-After` and `message` once the window's allowance is spent.
 */
export async function enforceRateLimit(
  db: Database,
  key: string,
  limit: RateLimit,
  message: string,
): Promise<void> {
  const retryAfter = await rateLimitRetryAfter(db, key, limit);
  if (retryAfter === null) return;
  throw new AppError('rate_limited', message.replace('{seconds}', String(retryAfter)), undefined, {
    'retry-after': String(retryAfter),
  });
}
