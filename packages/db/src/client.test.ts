import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, parseTimestamptz, queryPrepared } from './client.ts';
import { expectedMigrationCount, migrationsApplied } from './migrate.ts';
import { loadPgliteFiles, type PgliteFiles } from './pglite-files.ts';
import { accounts, contacts } from './schema.ts';
import { createTestDatabase } from './testing.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('the test database', () => {
  it('starts migrated', async () => {
    expect(expectedMigrationCount()).toBeGreaterThan(0);
    expect(await migrationsApplied(handle)).toBe(true);
  });

  it('stores and reads rows through Drizzle, with defaults from the schema', async () => {
    const [account] = await handle.db.insert(accounts).values({ name: 'Bright Smile Dental' }).returning();
    expect(account?.plan).toBe('trial');
    expect(account?.callingWindowStart).toBe('08:00');
    const [contact] = await handle.db
      .insert(contacts)
      .values({
        accountId: account?.id as string,
        name: 'Maria Lopez',
        phone: '+12025550100',
        email: 'maria@example.com',
        company: 'Lopez Bakery',
        tags: ['vip', 'monday'],
      })
      .returning();
    expect(contact?.tags).toEqual(['vip', 'monday']);
    expect(contact?.consent).toBe('none');
    const found = await handle.db
      .select()
      .from(contacts)
      .where(eq(contacts.accountId, account?.id as string));
    expect(found.map((row) => row.name)).toEqual(['Maria Lopez']);
  });

  it('deletes an account with everything it owns', async () => {
    const [account] = await handle.db.insert(accounts).values({ name: 'Gone Salon' }).returning();
    await handle.db.insert(contacts).values({
      accountId: account?.id as string,
      name: 'Ann',
      phone: '+12025550101',
      email: 'ann@example.com',
      company: 'Ann Co',
    });
    await handle.db.delete(accounts).where(eq(accounts.id, account?.id as string));
    const left = await handle.db
      .select()
      .from(contacts)
      .where(eq(contacts.accountId, account?.id as string));
    expect(left).toEqual([]);
  });

  it('runs several statements in one raw call when there are no values', async () => {
    const result = await handle.executeSql('SELECT 1 AS a; SELECT 2 AS b');
    expect(result.rows).toEqual([{ b: 2 }]);
    const withValues = await handle.executeSql('SELECT $1::int + 1 AS n', [41]);
    expect(withValues.rows).toEqual([{ n: 42 }]);
  });
});

describe('PostgreSQL connections', () => {
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'compile no plan (JIT is off on every pooled connection, the first statement on it included)',
    async () => {
      // A pool of its own, so every connection below is new.
      const fresh = await openDatabase({ url: process.env.DATABASE_URL as string, poolSize: 4 });
      try {
        const pool = fresh.pool as pg.Pool;
        const answers = await Promise.all(
          Array.from({ length: 4 }, async () => {
            const client = await pool.connect();
            try {
              return (await client.query<{ jit: string }>('SHOW jit')).rows[0]?.jit;
            } finally {
              client.release();
            }
          }),
        );
        expect(answers).toEqual(['off', 'off', 'off', 'off']);
        expect(pool.totalCount).toBe(4);
      } finally {
        await fresh.close();
      }
    },
  );
});

describe('queryPrepared', () => {
  it('answers as a plain query, inside a transaction too, and is a named statement on PostgreSQL', async () => {
    const [account] = await handle.db.insert(accounts).values({ name: 'Prepared Clinic' }).returning();
    const byName = (name: string) =>
      sql`SELECT id, name FROM accounts WHERE name = ${name} AND id = ${account?.id as string}`;
    expect(await queryPrepared(handle.db, byName('Prepared Clinic'))).toEqual([
      { id: account?.id, name: 'Prepared Clinic' },
    ]);
    // The same text with other values: the statement prepared on that connection is used again.
    expect(await queryPrepared(handle.db, byName('Someone Else'))).toEqual([]);
    const inside = await handle.db.transaction(async (tx) => {
      await tx
        .update(accounts)
        .set({ name: 'Renamed Clinic' })
        .where(eq(accounts.id, account?.id as string));
      return queryPrepared(tx, byName('Renamed Clinic'));
    });
    expect(inside).toEqual([{ id: account?.id, name: 'Renamed Clinic' }]);
    if (handle.kind === 'postgres') {
      // Prepared statements belong to a connection: a pool of one asks on the connection that ran it.
      const url = (handle.pool as unknown as { options: { connectionString: string } }).options
        .connectionString;
      const single = await openDatabase({ url, poolSize: 1 });
      try {
        await queryPrepared(single.db, byName('Renamed Clinic'));
        const { rows } = await single.executeSql('SELECT name, statement FROM pg_prepared_statements');
        expect(rows).toEqual([
          {
            name: expect.stringMatching(/^cw_/),
            statement: expect.stringContaining('FROM accounts WHERE name'),
          },
        ]);
      } finally {
        await single.close();
      }
    }
  });
});

describe('queryPrepared on either engine', () => {
  it('answers the same again, from a named statement prepared once on PGlite', async () => {
    const [account] = await handle.db.insert(accounts).values({ name: 'Named Clinic' }).returning();
    const byId = (id: string) => sql`SELECT name FROM accounts WHERE id = ${id} AND name <> 'named check'`;
    expect(await queryPrepared(handle.db, byId(account?.id as string))).toEqual([{ name: 'Named Clinic' }]);
    expect(await queryPrepared(handle.db, byId(account?.id as string))).toEqual([{ name: 'Named Clinic' }]);
    const { rows } = await handle.executeSql(
      `SELECT name FROM pg_prepared_statements WHERE statement LIKE '%named check%' AND name LIKE 'cw_%'`,
    );
    // PGlite's one session prepared it once; on PostgreSQL each pooled connection does (checked above on a pool
    // of one), and this reads on whichever connection the pool gives.
    if (handle.kind === 'pglite') expect(rows).toHaveLength(1);
  });

  it('never reads inside another caller’s open transaction', async () => {
    const [account] = await handle.db.insert(accounts).values({ name: 'Committed Clinic' }).returning();
    const id = account?.id as string;
    const byId = sql`SELECT name FROM accounts WHERE id = ${id}`;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let updated = () => {};
    const written = new Promise<void>((resolve) => {
      updated = resolve;
    });
    const transaction = handle.db
      .transaction(async (tx) => {
        await tx.update(accounts).set({ name: 'Uncommitted Clinic' }).where(eq(accounts.id, id));
        updated();
        await held;
        throw new Error('rolled back');
      })
      .catch((error: Error) => error.message);
    await written;
    // On PGlite the read waits for the transaction to end; on PostgreSQL it runs on another connection. Either
    // way it sees only what was committed.
    const read = queryPrepared<{ name: string }>(handle.db, byId);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await transaction).toBe('rolled back');
    expect(await read).toEqual([{ name: 'Committed Clinic' }]);
  });
});

describe('the embedded engine', () => {
  it("opens with PGlite's files loaded ahead, and uses those it is given", async () => {
    const embedded = await openDatabase({ pgliteFiles: loadPgliteFiles() });
    try {
      expect((await embedded.executeSql('SELECT 41 + 1 AS n')).rows).toEqual([{ n: 42 }]);
    } finally {
      await embedded.close();
    }
    // An empty WebAssembly module in place of the engine's: opening fails, so what is given is what opens.
    const empty = await (
      globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<unknown> } }
    ).WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
    const files = await loadPgliteFiles();
    await expect(
      openDatabase({
        pgliteFiles: Promise.resolve({ ...(files as PgliteFiles), pgliteWasmModule: empty as never }),
      }),
    ).rejects.toThrow();
  });

  it('lets the event loop turn between statements, so a burst of them never holds up a timer or a socket', async () => {
    const embedded = await openDatabase({});
    try {
      let finished = 0;
      const burst = Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? embedded.executeSql('SELECT $1::int AS n', [i]) : embedded.executeSql('SELECT 1')).then(
          () => finished++,
        ),
      );
      const atTimer = await new Promise<number>((resolve) => setTimeout(() => resolve(finished), 0));
      await Promise.all(burst);
      expect(finished).toBe(200);
      // Without the turn, all 200 had run before the timer's first chance.
      expect(atTimer).toBeLessThan(20);
    } finally {
      await embedded.close();
    }
  });
});

describe('parseTimestamptz', () => {
  it('reads every form PostgreSQL writes as node-postgres does, to the millisecond', () => {
    const reference = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (
      text: string,
    ) => Date | number;
    const samples = [
      '2026-11-26 23:01:34.784123+00',
      '2026-11-26 23:01:34+00',
      '2026-11-26 23:01:34.5+05:30',
      '1999-01-08 04:05:06-08',
      '2026-03-29 01:30:00.000001+01',
      '2026-12-31 23:59:59.999999-03',
      'infinity',
      '-infinity',
    ];
    for (const text of samples) {
      const ours = parseTimestamptz(text);
      const theirs = reference(text);
      expect(ours instanceof Date ? ours.getTime() : ours, text).toBe(
        theirs instanceof Date ? theirs.getTime() : theirs,
      );
    }
  });

  it('gives the page rows on PostgreSQL their times as Date', async () => {
    const [row] = await queryPrepared<{ at: unknown }>(handle.db, sql`SELECT now() AS at`);
    expect(row?.at).toBeInstanceOf(Date);
  });
});
