import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { type DatabaseHandle, openDatabase } from '@callwise/db/client';
import { createTestDatabase } from '@callwise/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/helper.ts';
import { RedisClient } from '../infra/redis.ts';
import {
  type CounterStore,
  PostgresCounterStore,
  RateLimiter,
  RedisCounterStore,
} from './api-rate-limits.ts';

/** Counts the visits to a store. */
function counting(store: CounterStore) {
  const counted = {
    name: store.name,
    takes: 0,
    take: (key: string, options: { windowSeconds: number; want: number; limit: number }) => {
      counted.takes++;
      return store.take(key, options);
    },
  };
  return counted;
}

let sequence = 0;
const uniqueKey = () => `k${Date.now()}-${++sequence}`;

/** The same contract for every store: two limiters stand for two server processes sharing it. */
function limiterContract(stores: () => [CounterStore, CounterStore]) {
  it('grants exactly the limit in a window, counting down, then refuses until the window ends', async () => {
    const [store] = stores();
    const limiter = new RateLimiter(store, { name: 't', limit: 100, windowSeconds: 60 });
    const key = uniqueKey();
    const remaining: number[] = [];
    for (let i = 0; i < 100; i++) {
      const decision = await limiter.hit(key);
      expect(decision.allowed).toBe(true);
      remaining.push(decision.remaining);
    }
    expect(remaining).toEqual(Array.from({ length: 100 }, (_, i) => 99 - i));
    const refused = await limiter.hit(key);
    expect(refused).toMatchObject({ allowed: false, limit: 100, remaining: 0 });
    expect(refused.resetSeconds).toBeGreaterThan(0);
    expect(refused.resetSeconds).toBeLessThanOrEqual(60);
    // Another key has its own window.
    expect((await limiter.hit(uniqueKey())).allowed).toBe(true);
  });

  it('never grants more than the limit across processes, even in a concurrent burst', async () => {
    const [a, b] = stores();
    const limiters = [
      new RateLimiter(a, { name: 't', limit: 100, windowSeconds: 60 }),
      new RateLimiter(b, { name: 't', limit: 100, windowSeconds: 60 }),
    ];
    const key = uniqueKey();
    const decisions = await Promise.all(
      Array.from({ length: 240 }, (_, i) => limiters[i % 2]?.hit(key) ?? Promise.reject()),
    );
    const allowed = decisions.filter((d) => d.allowed).length;
    expect(allowed).toBeLessThanOrEqual(100);
    // A process may lose what it took in a lease and did not use (at most a twentieth of the limit, less one).
    expect(allowed).toBeGreaterThanOrEqual(100 - 2 * 4);
    for (const limiter of limiters) expect((await limiter.hit(key)).allowed).toBe(false);
  });

  it('starts a new window when the old one ends', async () => {
    const [a, b] = stores();
    const first = new RateLimiter(a, { name: 't', limit: 2, windowSeconds: 1 });
    const second = new RateLimiter(b, { name: 't', limit: 2, windowSeconds: 1 });
    const key = uniqueKey();
    expect((await first.hit(key)).allowed).toBe(true);
    expect((await second.hit(key)).allowed).toBe(true);
    expect((await first.hit(key)).allowed).toBe(false);
    expect((await second.hit(key)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await second.hit(key)).allowed).toBe(true);
    expect((await first.hit(key)).allowed).toBe(true);
    expect((await first.hit(key)).allowed).toBe(false);
  });
}

describe('rate limits on the database', () => {
  let database: DatabaseHandle;
  let second: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    // On PostgreSQL, the second "process" has its own connections to the same database.
    const url = database.pool?.options.connectionString;
    second = url ? await openDatabase({ url, poolSize: 2 }) : database;
  });
  afterAll(async () => {
    if (second !== database) await second.close();
    await database.close();
  });

  limiterContract(() => [new PostgresCounterStore(database.db), new PostgresCounterStore(second.db)]);

  it('keeps the counters in an unlogged table: a take never waits for the WAL to reach the disk', async () => {
    const { rows } = await database.executeSql(
      `SELECT relpersistence FROM pg_class WHERE oid = 'rate_limits'::regclass`,
    );
    expect(rows[0]?.relpersistence).toBe('u');
  });

  it('takes a busy key’s requests in leases, not one write each', async () => {
    const store = counting(new PostgresCounterStore(database.db));
    const limiter = new RateLimiter(store, { name: 't', limit: 1_000_000, windowSeconds: 60 });
    const key = uniqueKey();
    let hits = 0;
    const until = Date.now() + 1600;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (Date.now() < until) {
          expect((await limiter.hit(key)).allowed).toBe(true);
          hits++;
        }
      }),
    );
    expect(hits).toBeGreaterThan(200);
    expect(store.takes).toBeLessThan(hits / 4);
  });

  it('lets requests through when the store fails, and says so in the log', async () => {
    const warnings: string[] = [];
    const broken: CounterStore = {
      name: 'postgres',
      take: () => Promise.reject(new Error('database unreachable')),
    };
    const limiter = new RateLimiter(broken, {
      name: 't',
      limit: 1,
      windowSeconds: 60,
      log: { warn: (_obj, msg) => warnings.push(msg) },
    });
    expect((await limiter.hit('x')).allowed).toBe(true);
    expect((await limiter.hit('x')).allowed).toBe(true);
    expect(warnings[0]).toMatch(/rate limit store failed/);
  });
});

const redisServer = spawnSync('redis-server', ['--version']).status === 0;

describe.skipIf(!redisServer)('rate limits on Redis (REDIS_URL)', () => {
  let server: ChildProcess;
  let url: string;
  const clients: RedisClient[] = [];

  beforeAll(async () => {
    const port = await freePort();
    url = `redis://127.0.0.1:${port}/2`;
    server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const probe = new RedisClient(url);
    for (let i = 0; i < 100; i++) {
      if ((await probe.command(['PING']).catch(() => 'down')) === 'PONG') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await probe.close();
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    server.kill();
  });

  const client = () => {
    const created = new RedisClient(url);
    clients.push(created);
    return created;
  };

  limiterContract(() => [new RedisCounterStore(client()), new RedisCounterStore(client())]);

  it('speaks RESP: strings, integers, nulls, arrays and errors, pipelined', async () => {
    const redis = client();
    const key = uniqueKey();
    const replies = await Promise.all([
      redis.command(['SET', key, 'héllo wörld']),
      redis.command(['GET', key]),
      redis.command(['INCR', `${key}:n`]),
      redis.command(['GET', `${key}:missing`]),
      redis.command(['EVAL', 'return {1, "two", {3}}', 0]),
    ]);
    expect(replies).toEqual(['OK', 'héllo wörld', 1, null, [1, 'two', [3]]]);
    await expect(redis.command(['INCR', key])).rejects.toThrow(/not an integer/);
    // The connection is still good after an error reply.
    expect(await redis.command(['PING'])).toBe('PONG');
  });

  it('reconnects after the connection drops', async () => {
    const redis = client();
    expect(await redis.command(['PING'])).toBe('PONG');
    const admin = client();
    await admin.command(['CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes']);
    await expect
      .poll(async () => redis.command(['PING']).catch(() => 'lost'), { timeout: 5000 })
      .toBe('PONG');
  });
});
