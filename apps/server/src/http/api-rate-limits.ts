import type { Database } from '@callwise/db/client';
import { takeRateLimitTokens } from '@callwise/db/queries/rate-limits';
import type { RedisClient } from '../infra/redis.ts';

/** A counter shared by every process: takes up to `want` requests from a key's current window. */
export interface CounterStore {
  readonly name: 'postgres' | 'redis';
  take(
    key: string,
    options: { windowSeconds: number; want: number; limit: number },
  ): Promise<{ granted: number; count: number; resetAt: number }>;
}

/** The `rate_limits` table (PostgreSQL or the embedded database): one upsert per take. */
export class PostgresCounterStore implements CounterStore {
  readonly name = 'postgres';
  constructor(private readonly db: Database) {}

  async take(key: string, options: { windowSeconds: number; want: number; limit: number }) {
    const result = await takeRateLimitTokens(this.db, key, options);
    return { granted: result.granted, count: result.count, resetAt: result.resetAt.getTime() };
  }
}

/** Adds to the window's count and starts its expiry with the first request, atomically. */
const TAKE_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {count, ttl}`;

/** Redis (`REDIS_URL`): one script call per take; the key expires with its window. */
export class RedisCounterStore implements CounterStore {
  readonly name = 'redis';
  constructor(private readonly redis: RedisClient) {}

  async take(key: string, options: { windowSeconds: number; want: number; limit: number }) {
    const reply = await this.redis.command([
      'EVAL',
      TAKE_SCRIPT,
      1,
      `callwise:rl:${key}`,
      options.want,
      options.windowSeconds * 1000,
    ]);
    if (!Array.isArray(reply) || reply.length !== 2) throw new Error('unexpected reply from Redis');
    const count = Number(reply[0]);
    const ttl = Number(reply[1]);
    const granted = Math.max(0, Math.min(options.want, options.limit - (count - options.want)));
    return { granted, count, resetAt: Date.now() + ttl };
  }
}

export interface LimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends (at least 1). */
  resetSeconds: number;
}

interface Bucket {
  /** Requests taken from the shared window and not used yet. */
  tokens: number;
  /** The shared window's count as of our last take. */
  count: number;
  resetAt: number;
  /** The shared window is spent: refuse without asking until it ends. */
  exhausted: boolean;
  taking: Promise<void> | null;
  waiting: number;
  /** The size of the last take. */
  lease: number;
  /** Requests seen in the current second, and this key's recent rate (requests per second). */
  hits: number;
  hitsSince: number;
  rate: number;
}

export interface RateLimiterOptions {
  /** Prefix of the shared keys, e.g. "api" or "session". */
  name: string;
  limit: number;
  windowSeconds: number;
  /** Requests taken at least per visit to the store (1: exact; more: fewer writes for generous limits). */
  minLease?: number;
  log?: { warn: (obj: object, msg: string) => void };
}

/** How much of a key's traffic one take covers: the next 100 ms at its recent rate. */
const LEASE_HORIZON_SECONDS = 0.1;

/**
 * Fixed-window request limits shared by every process through a CounterStore. A process takes requests from a
 * key's window in leases — one at a time for a quiet key, the next 100 ms of traffic for a busy one (at most a
 * twentieth of the limit) — and hands them out in memory, so a busy key costs the store a few writes a second
 * rather than one per request (and takes the next lease before this one runs out). No more than `limit` requests are ever granted in a window across all
 * processes; a lease a process does not use up is lost with the window. If the store fails, requests are let
 * through (and the failure logged): the limits protect the service, they must not take it down.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly maxLease: number;
  private readonly minLease: number;
  private lastSweep = Date.now();

  constructor(
    private readonly store: CounterStore,
    private readonly options: RateLimiterOptions,
  ) {
    this.maxLease = Math.max(1, Math.floor(options.limit / 20));
    this.minLease = Math.min(this.maxLease, Math.max(1, options.minLease ?? 1));
  }

  get limit(): number {
    return this.options.limit;
  }

  /** Counts one request of `id` and says whether it may go ahead. */
  async hit(id: string): Promise<LimitDecision> {
    const now = Date.now();
    this.sweep(now);
    let bucket = this.buckets.get(id);
    if (!bucket) {
      bucket = {
        tokens: 0,
        count: 0,
        resetAt: 0,
        exhausted: false,
        taking: null,
        waiting: 0,
        lease: 0,
        hits: 0,
        hitsSince: now,
        rate: 0,
      };
      this.buckets.set(id, bucket);
    }
    bucket.hits++;
    if (now - bucket.hitsSince >= 1000) {
      bucket.rate = (bucket.hits * 1000) / (now - bucket.hitsSince);
      bucket.hits = 0;
      bucket.hitsSince = now;
    }

    // Each visit to the store grants at least one request or finds the window spent, so this ends.
    for (;;) {
      if (Date.now() >= bucket.resetAt) {
        // The window is over: whatever we held belonged to it.
        bucket.tokens = 0;
        bucket.count = 0;
        bucket.exhausted = false;
      }
      if (bucket.tokens > 0) {
        bucket.tokens--;
        // A busy key takes its next lease while half of this one is left, so that nobody waits for it.
        if (bucket.lease >= 10 && bucket.tokens < bucket.lease / 2 && !bucket.taking && !bucket.exhausted) {
          this.startTake(id, bucket).catch((error: unknown) => {
            this.options.log?.warn({ err: error, store: this.store.name }, 'rate limit store failed');
          });
        }
        return this.decision(bucket, true);
      }
      if (bucket.exhausted) return this.decision(bucket, false);
      bucket.waiting++;
      try {
        await this.startTake(id, bucket);
      } catch (error) {
        this.options.log?.warn({ err: error, store: this.store.name }, 'rate limit store failed; allowing');
        return { allowed: true, limit: this.options.limit, remaining: this.options.limit, resetSeconds: 60 };
      } finally {
        bucket.waiting--;
      }
    }
  }

  /** The take in flight for the key, or a new one. */
  private startTake(id: string, bucket: Bucket): Promise<void> {
    bucket.taking ??= this.take(id, bucket).finally(() => {
      bucket.taking = null;
    });
    return bucket.taking;
  }

  private async take(id: string, bucket: Bucket): Promise<void> {
    const want = Math.min(
      this.maxLease,
      Math.max(this.minLease, bucket.waiting, Math.ceil(bucket.rate * LEASE_HORIZON_SECONDS)),
    );
    const result = await this.store.take(`${this.options.name}:${id}`, {
      windowSeconds: this.options.windowSeconds,
      want,
      limit: this.options.limit,
    });
    if (result.resetAt !== bucket.resetAt) bucket.tokens = 0;
    bucket.resetAt = result.resetAt;
    bucket.count = result.count;
    bucket.tokens += result.granted;
    bucket.lease = want;
    bucket.exhausted = result.granted < want;
  }

  private decision(bucket: Bucket, allowed: boolean): LimitDecision {
    const remaining = bucket.exhausted
      ? bucket.tokens
      : Math.max(0, this.options.limit - bucket.count + bucket.tokens);
    return {
      allowed,
      limit: this.options.limit,
      remaining: Math.min(this.options.limit, remaining),
      resetSeconds: Math.max(1, Math.ceil((bucket.resetAt - Date.now()) / 1000)),
    };
  }

  /** Forgets keys whose window ended a while ago. */
  private sweep(now: number) {
    if (now - this.lastSweep < 60_000 && this.buckets.size < 50_000) return;
    this.lastSweep = now;
    for (const [id, bucket] of this.buckets) {
      if (bucket.resetAt < now - 60_000 && !bucket.taking) this.buckets.delete(id);
    }
  }
}
