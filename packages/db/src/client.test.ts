import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryPrepared } from './client.ts';
import { expectedMigrationCount, migrationsApplied } from './migrate.ts';
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
