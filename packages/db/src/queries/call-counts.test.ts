import {
  CALL_OUTCOMES,
  CALL_STATUSES,
  NEEDS_ATTENTION_OUTCOMES,
  NEEDS_ATTENTION_STATUSES,
  PLACED_STATUSES,
  POSITIVE_OUTCOMES,
  STATUS_GROUP_MEMBERS,
  STATUS_GROUPS,
} from '@callwise/shared/calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client.ts';
import { accounts, campaigns } from '../schema.ts';
import { createTestDatabase, seededRandom } from '../testing.ts';
import {
  type CallFilter,
  countedCreated,
  countedDays,
  countedTotals,
  foldCallCounts,
} from './call-counts.ts';

/**
 * The rollups must equal a full count of the calls after anything that writes calls (decision 032): random
 * inserts, status changes, cancellations, handled marks, cost and duration changes and deletions, in two accounts,
 * folded at random moments. Each full count below is the statement the history ran before the rollups.
 */
let handle: DatabaseHandle;
const accountIds: string[] = [];
const campaignIds: string[] = [];

const next = seededRandom(20261127);
const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
const sqlArray = (values: readonly string[]) => `ARRAY[${quoted(values)}]`;

async function rows<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
  return (await handle.executeSql(text, values)).rows as Row[];
}

beforeAll(async () => {
  handle = await createTestDatabase();
  for (const name of ['Counted', 'Other']) {
    const [account] = await handle.db.insert(accounts).values({ name }).returning();
    const id = account?.id as string;
    accountIds.push(id);
    const made = await handle.db
      .insert(campaigns)
      .values(
        [1, 2].map((n) => ({ accountId: id, name: `Campaign ${n}`, voice: 'aria', startsAt: new Date() })),
      )
      .returning();
    campaignIds.push(...made.map((row) => row.id));
  }
});
afterAll(async () => {
  await handle?.close();
});

/** Inserts `count` random calls in one statement: made over the last 40 days, placed ones over the last 35. */
async function insertCalls(accountId: string, count: number) {
  const seed = Math.floor(next() * 1_000_000);
  const mine = campaignIds.slice(accountIds.indexOf(accountId) * 2, accountIds.indexOf(accountId) * 2 + 2);
  await handle.executeSql(
    `INSERT INTO calls (account_id, recipient_name, phone, message, voice, status, outcome, attempts, direction,
       campaign_id, placed_at, ended_at, duration, cost, overage_usd, handled_at, created_at, updated_at)
     SELECT $1, 'Caller ' || g, '+1202555' || lpad((g % 10000)::text, 4, '0'), 'Hello', 'aria',
       (${sqlArray(CALL_STATUSES)})[1 + (g * 7 + $2) % ${CALL_STATUSES.length}],
       CASE WHEN (g + $2) % 4 = 0 THEN NULL ELSE (${sqlArray(CALL_OUTCOMES)})[1 + (g * 5 + $2) % ${CALL_OUTCOMES.length}] END,
       (g + $2) % 3,
       CASE WHEN (g + $2) % 5 = 0 THEN 'inbound' ELSE 'outbound' END,
       CASE (g + $2) % 3 WHEN 0 THEN NULL WHEN 1 THEN $3::uuid ELSE $4::uuid END,
       CASE WHEN (g + $2) % 2 = 0 THEN now() - make_interval(mins => (g * 97 + $2) % 50400) END,
       CASE WHEN (g + $2) % 3 = 0 THEN now() - make_interval(mins => (g * 89 + $2) % 50400) END,
       CASE WHEN (g + $2) % 4 <> 1 THEN (g * 13 + $2) % 300 END,
       CASE WHEN (g + $2) % 6 <> 2 THEN ((g * 31 + $2) % 1000) / 100.0 END,
       CASE WHEN (g + $2) % 7 = 0 THEN 0.15 ELSE 0 END,
       CASE WHEN (g + $2) % 8 = 0 THEN now() END,
       now() - make_interval(mins => (g * 61 + $2) % 57600),
       now() - make_interval(mins => (g * 43 + $2) % 2000)
     FROM generate_series(1, $5::int) AS g`,
    [accountId, seed, mine[0], mine[1], count],
  );
}

/** One random change to a random fifth of the account's calls (or fewer), in one statement. */
async function changeCalls(accountId: string) {
  const share = `(abs(hashtext(id::text || '${Math.floor(next() * 1e9)}')) % 5 = 0)`;
  const change = pick([
    `status = '${pick(CALL_STATUSES)}', updated_at = now()`,
    `status = 'canceled'`,
    `outcome = ${next() < 0.2 ? 'NULL' : `'${pick(CALL_OUTCOMES)}'`}`,
    'attempts = attempts + 1',
    'handled_at = CASE WHEN handled_at IS NULL THEN now() END',
    'duration = coalesce(duration, 0) + 7, cost = coalesce(cost, 0) + 0.0125',
    `placed_at = now() - interval '3 days', status = 'completed'`,
    'overage_usd = 0.15',
    `campaign_id = NULL, direction = 'inbound'`,
    'DELETE',
  ]);
  if (change === 'DELETE') {
    await handle.executeSql(`DELETE FROM calls WHERE account_id = $1 AND ${share}`, [accountId]);
  } else {
    await handle.executeSql(`UPDATE calls SET ${change} WHERE account_id = $1 AND ${share}`, [accountId]);
  }
}

const group = (name: keyof typeof STATUS_GROUP_MEMBERS) => `(${quoted(STATUS_GROUP_MEMBERS[name])})`;

/** The history's totals by counting every call, as summarizeCalls did before decision 032. */
async function fullTotals(accountId: string, filter: CallFilter) {
  const where = ['account_id = $1'];
  if (filter.status && filter.status !== 'all') where.push(`status IN ${group(filter.status)}`);
  if (filter.q) where.push(`search LIKE '%${filter.q.toLowerCase()}%'`);
  if (filter.outcome) where.push(`outcome = '${filter.outcome}'`);
  if (filter.campaignId) where.push(`campaign_id = '${filter.campaignId}'`);
  if (filter.direction) where.push(`direction = '${filter.direction}'`);
  const attention = `(handled_at IS NULL AND (outcome IN (${quoted(NEEDS_ATTENTION_OUTCOMES)}) OR status IN (${quoted(NEEDS_ATTENTION_STATUSES)})))`;
  const placed = `(status IN (${quoted(PLACED_STATUSES)}) OR attempts > 0)`;
  const answered = `(status = 'completed' AND outcome IS DISTINCT FROM 'voicemail')`;
  if (filter.view === 'needs_attention') where.push(attention);
  if (filter.placedOnly) where.push(placed);
  const [row] = await rows(
    `SELECT count(*)::int AS total,
       count(*) FILTER (WHERE status IN ${group('completed')})::int AS completed,
       count(*) FILTER (WHERE status IN ${group('failed')})::int AS failed,
       count(*) FILTER (WHERE status IN ${group('pending')})::int AS pending,
       count(*) FILTER (WHERE status IN ${group('in-progress')})::int AS "inProgress",
       count(*) FILTER (WHERE ${placed})::int AS placed,
       count(*) FILTER (WHERE status IN ${group('pending')} AND attempts = 0)::int AS "notPlaced",
       count(*) FILTER (WHERE ${answered})::int AS answered,
       count(*) FILTER (WHERE ${answered} AND outcome IN (${quoted(POSITIVE_OUTCOMES)}))::int AS positive,
       count(*) FILTER (WHERE ${attention})::int AS "needsAttention",
       coalesce(round(avg(duration) FILTER (WHERE status = 'completed')), 0)::int AS "averageDuration",
       coalesce(sum(cost), 0)::float8 AS "totalCost"
     FROM calls WHERE ${where.join(' AND ')}`,
    [accountId],
  );
  return row;
}

/** Placed calls per day by counting every call, as dailyCallCounts did before decision 032. */
async function fullDays(accountId: string, days: number, timeZone: string) {
  return rows(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
       coalesce(count(c.id) FILTER (WHERE c.status IN ${group('completed')}), 0)::int AS completed,
       coalesce(count(c.id) FILTER (WHERE c.status IN ${group('failed')}), 0)::int AS failed,
       coalesce(count(c.id) FILTER (WHERE c.status NOT IN ${group('completed')} AND c.status NOT IN ${group('failed')}), 0)::int AS other
     FROM generate_series(
       date_trunc('day', now() AT TIME ZONE $2) - make_interval(days => ${days - 1}),
       date_trunc('day', now() AT TIME ZONE $2), interval '1 day') AS d(day)
     LEFT JOIN calls c ON c.account_id = $1 AND c.status IN (${quoted(PLACED_STATUSES)})
       AND coalesce(c.placed_at, c.ended_at, c.updated_at) >= (d.day AT TIME ZONE $2)
       AND coalesce(c.placed_at, c.ended_at, c.updated_at) < ((d.day + interval '1 day') AT TIME ZONE $2)
     GROUP BY d.day ORDER BY d.day`,
    [accountId, timeZone],
  );
}

/** Billing's count by counting every call, as billingState did before decision 032. */
async function fullCreated(accountId: string, since: Date | null) {
  const [row] = await rows(
    `SELECT count(*)::int AS used, count(*) FILTER (WHERE overage_usd > 0)::int AS "overageCalls",
       coalesce(round(sum(overage_usd) * 100), 0)::int AS "overageCents"
     FROM calls WHERE account_id = $1 AND status <> 'canceled' AND ($2::timestamptz IS NULL OR created_at >= $2)`,
    [accountId, since?.toISOString() ?? null],
  );
  return row;
}

const FILTERS: CallFilter[] = [
  {},
  ...STATUS_GROUPS.map((status) => ({ status })),
  { outcome: 'confirmed' },
  { outcome: 'voicemail' },
  { direction: 'inbound' },
  { direction: 'outbound', status: 'failed' },
  { view: 'needs_attention' },
  { view: 'needs_attention', outcome: 'message_taken' },
  { placedOnly: true },
  // A search counts the calls it matches instead of the rollups.
  { q: 'Caller 1' },
  { q: 'caller 2', status: 'failed', view: 'needs_attention' },
];

async function expectExact(round: number) {
  for (const [index, accountId] of accountIds.entries()) {
    const filters: CallFilter[] = [
      ...FILTERS,
      { campaignId: campaignIds[index * 2] },
      { campaignId: campaignIds[index * 2 + 1], view: 'needs_attention' },
    ];
    for (const filter of filters) {
      expect(
        await countedTotals(handle.db, accountId, filter),
        `round ${round}, ${JSON.stringify(filter)}`,
      ).toEqual(await fullTotals(accountId, filter));
    }
    for (const zone of ['UTC', 'America/New_York', 'Asia/Kathmandu', 'Australia/Adelaide']) {
      expect(await countedDays(handle.db, accountId, 30, zone), `round ${round}, days in ${zone}`).toEqual(
        await fullDays(accountId, 30, zone),
      );
    }
    const since = new Date(Date.now() - Math.floor(next() * 45 * 86_400_000));
    for (const from of [null, since]) {
      expect(
        await countedCreated(handle.db, accountId, from),
        `round ${round}, since ${from?.toISOString()}`,
      ).toEqual(await fullCreated(accountId, from));
    }
  }
}

describe('the call history’s rollups', () => {
  it('know the placed statuses as @callwise/shared does', async () => {
    for (const status of CALL_STATUSES) {
      const [row] = await rows<{ placed: boolean }>('SELECT callwise_placed_status($1) AS placed', [status]);
      expect(row?.placed, status).toBe(PLACED_STATUSES.includes(status));
    }
  });

  it('equal a full count after random inserts, changes, cancellations and deletions, folded or not', async () => {
    await expectExact(0);
    for (let round = 1; round <= 24; round++) {
      const accountId = pick(accountIds);
      if (round % 4 === 1) await insertCalls(accountId, 150 + Math.floor(next() * 250));
      else await changeCalls(accountId);
      if (next() < 0.5) await changeCalls(pick(accountIds));
      if (next() < 0.4) await foldCallCounts(handle.db);
      await expectExact(round);
    }
    // Folded to the end: every change moved, nothing left counting twice, keys with no calls dropped.
    await foldCallCounts(handle.db);
    const [left] = await rows<{ n: number }>('SELECT count(*)::int AS n FROM call_count_changes');
    expect(left?.n).toBe(0);
    const [empty] = await rows<{ n: number }>('SELECT count(*)::int AS n FROM call_counts WHERE calls = 0');
    expect(empty?.n).toBe(0);
    await expectExact(25);
  });

  it('split the quarter hour a billing period begins in, counting either side of it', async () => {
    const accountId = accountIds[0] as string;
    // A quarter hour ten days ago with calls through it: on its first instant, a cancelled one, one with an extra
    // call's charge, and one at its last millisecond.
    const quarter = Math.floor((Date.now() - 10 * 86_400_000) / 900_000) * 900_000;
    const offsets = [0, 60_000, 180_000, 180_000, 360_000, 450_000, 540_000, 780_000, 899_999];
    await handle.executeSql(
      `INSERT INTO calls (account_id, recipient_name, phone, message, voice, status, overage_usd, created_at)
       SELECT $1, 'Edge ' || o, '+12025550199', 'Hello', 'aria',
         CASE WHEN o = 360000 THEN 'canceled' ELSE 'completed' END,
         CASE WHEN o IN (180000, 540000) THEN 0.15 ELSE 0 END,
         to_timestamp($2::bigint / 1000.0) + make_interval(secs => o / 1000.0)
       FROM unnest($3::int[]) AS o`,
      [accountId, quarter, `{${offsets.join(',')}}`],
    );
    const sinces = [
      -1, 0, 1, 60_000, 179_999, 180_000, 180_001, 449_999, 450_000, 450_001, 540_000, 899_999, 900_000,
    ].map((offset) => new Date(quarter + offset));
    for (const folded of [false, true]) {
      if (folded) await foldCallCounts(handle.db);
      for (const since of sinces) {
        expect(
          await countedCreated(handle.db, accountId, since),
          `since ${since.toISOString()}${folded ? ', folded' : ''}`,
        ).toEqual(await fullCreated(accountId, since));
      }
    }
  });

  it('count a transaction’s own changes, and forget them when it rolls back', async () => {
    const accountId = accountIds[0] as string;
    const before = await countedTotals(handle.db, accountId, {});
    const rollback = new Error('rolled back');
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(
          `UPDATE calls SET status = 'canceled' WHERE account_id = '${accountId}' AND status <> 'canceled'`,
        );
        const inside = await countedTotals(tx, accountId, {});
        expect(inside.total).toBe(before.total);
        expect(inside.completed + inside.failed + inside.pending + inside.inProgress).toBe(0);
        expect(inside.totalCost).toBe(before.totalCost);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await countedTotals(handle.db, accountId, {})).toEqual(before);
    expect(before.completed).toBeGreaterThan(0);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'never make one writer of an account’s calls wait for another (PostgreSQL: several connections)',
    async () => {
      const accountId = accountIds[1] as string;
      await insertCalls(accountId, 20);
      const ids = await rows<{ id: string }>(
        `SELECT id FROM calls WHERE account_id = $1 AND status <> 'completed' ORDER BY id LIMIT 2`,
        [accountId],
      );
      const pool = handle.pool;
      if (!pool || ids.length < 2) throw new Error('two calls on PostgreSQL expected');
      const first = await pool.connect();
      const second = await pool.connect();
      try {
        // Both move a call of the same account from one key to the same other one: their counts add to the same
        // rows, yet the second commits while the first still holds its transaction open.
        await first.query('BEGIN');
        await first.query(`UPDATE calls SET status = 'completed', outcome = 'confirmed' WHERE id = $1`, [
          ids[0]?.id,
        ]);
        await second.query("SET statement_timeout = '3s'");
        await second.query(`UPDATE calls SET status = 'completed', outcome = 'confirmed' WHERE id = $1`, [
          ids[1]?.id,
        ]);
        await first.query('COMMIT');
      } finally {
        await second.query('RESET statement_timeout');
        first.release();
        second.release();
      }
      await foldCallCounts(handle.db);
      expect(await countedTotals(handle.db, accountId, {})).toEqual(await fullTotals(accountId, {}));
    },
  );
});
