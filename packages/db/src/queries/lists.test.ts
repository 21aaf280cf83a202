import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client.ts';
import { accounts } from '../schema.ts';
import { createTestDatabase } from '../testing.ts';
import { listCalls } from './calls.ts';
import { listContacts } from './contacts.ts';
import { type Cursor, decodeCursor, recentWindow, searchTerm } from './cursor.ts';

/**
 * Filtered lists take one of two paths (the newest rows first, else the search index); whichever it is, the
 * pages must be exactly the plain newest-first filter, cut by the cursor.
 */
let handle: DatabaseHandle;
let accountId: string;
const ROWS = 3000;

beforeAll(async () => {
  handle = await createTestDatabase();
  const [account] = await handle.db.insert(accounts).values({ name: 'Lists' }).returning();
  accountId = account?.id as string;
  const [other] = await handle.db.insert(accounts).values({ name: 'Other' }).returning();
  // Several rows share each created_at (an import writes a batch in one transaction), so the id breaks ties.
  const contactsSql = (account: string) => `
    INSERT INTO contacts (account_id, name, phone, email, company, tags, created_at)
    SELECT '${account}', (ARRAY['Ana','Ben','Chloe','Dev'])[1 + g % 4] || ' Person' || g,
      '+1415' || (2000000 + g * 7), 'p' || g || '@example.com', 'Company ' || (g % 50),
      ARRAY[CASE WHEN g % 3 = 0 THEN 'vip' ELSE 'regular' END], now() - make_interval(secs => (g / 7)::int)
    FROM generate_series(1, ${ROWS}) AS g`;
  await handle.executeSql(contactsSql(accountId));
  await handle.executeSql(contactsSql(other?.id as string));
  await handle.executeSql(
    `INSERT INTO calls (account_id, recipient_name, phone, message, voice, status, created_at)
     SELECT $1, 'Recipient ' || g, '+1202' || lpad(g::text, 7, '0'), 'Hello', 'aria',
       (ARRAY['completed','failed','busy','scheduled','in-progress'])[1 + g % 5], now() - make_interval(secs => (g / 3)::int)
     FROM generate_series(1, ${ROWS}) AS g`,
    [accountId],
  );
  await handle.executeSql('ANALYZE contacts; ANALYZE calls');
});
afterAll(async () => {
  await handle.close();
});

async function expectedIds(table: 'contacts' | 'calls', conditions: string[], values: unknown[]) {
  const { rows } = await handle.executeSql(
    `SELECT id FROM ${table} WHERE account_id = $1 ${conditions.map((c) => `AND ${c}`).join(' ')}
     ORDER BY created_at DESC, id DESC`,
    [accountId, ...values],
  );
  return rows.map((row) => String(row.id));
}

async function allPages(
  page: (cursor: Cursor | null) => Promise<{ rows: Array<{ id: string }>; nextCursor: string | null }>,
) {
  const ids: string[] = [];
  let cursor: Cursor | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const result = await page(cursor);
    ids.push(...result.rows.map((row) => row.id));
    if (!result.nextCursor) return ids;
    cursor = decodeCursor(result.nextCursor);
  }
  throw new Error('too many pages');
}

describe('listContacts', () => {
  it.each([
    ['a common term (found among the newest rows)', 'chloe'],
    ['a rare term (found through the index)', 'person12'],
    ['a phone number (straight to the index)', '(415) 200-0'],
    ['a few phone digits', '4152'],
    ['a term only old rows match', 'person2999'],
    ['a term nothing matches', 'nobody'],
  ])('pages %s exactly as the plain filter', async (_name, q) => {
    const expected = await expectedIds('contacts', ['search LIKE $2'], [searchTerm(q)]);
    for (const limit of [7, 25, 100]) {
      expect(await allPages((cursor) => listContacts(handle.db, accountId, { q, limit, cursor }))).toEqual(
        expected,
      );
    }
  });

  it('pages a term with a tag, and a tag alone', async () => {
    expect(
      await allPages((cursor) =>
        listContacts(handle.db, accountId, { q: 'person1', tag: 'vip', limit: 40, cursor }),
      ),
    ).toEqual(await expectedIds('contacts', ['search LIKE $2', `tags @> '{vip}'`], [searchTerm('person1')]));
    expect(
      await allPages((cursor) => listContacts(handle.db, accountId, { tag: 'regular', limit: 100, cursor })),
    ).toEqual(await expectedIds('contacts', [`tags @> '{regular}'`], []));
  });

  it('returns the rows a list shows with an exact cursor on both paths', async () => {
    for (const q of ['chloe', 'person2999']) {
      const page = await listContacts(handle.db, accountId, { q, limit: 1 });
      expect(page.rows[0]?.createdAt).toBeInstanceOf(Date);
      expect(page.rows[0]).toMatchObject({
        tags: expect.any(Array),
        consent: 'none',
        existingCustomer: false,
      });
      // Neither the search text nor the account (the list is of one account) comes back.
      expect(page.rows[0]).not.toHaveProperty('search');
      expect(page.rows[0]).not.toHaveProperty('accountId');
      expect(page.rows[0]?.cursorAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+/);
    }
  });

  it('looks further than the window for a page that needs it', () => {
    expect(recentWindow(25)).toBeLessThan(ROWS);
    expect(recentWindow(1000)).toBeGreaterThan(1000);
  });
});

describe('listCalls', () => {
  it.each([
    ['a common term', 'recipient 1', 'all'],
    ['a rare term', 'recipient 2999', 'all'],
    ['a term with a status group', 'recipient 2', 'failed'],
    ['phone digits with a status group', '2020001', 'pending'],
    ['a status group alone', undefined, 'in-progress'],
  ] as const)('pages %s exactly as the plain filter', async (_name, q, status) => {
    const members = { all: null, failed: ['failed', 'busy', 'no-answer'], pending: ['scheduled', 'queued'] };
    const group = status === 'in-progress' ? ['ringing', 'in-progress'] : members[status];
    const conditions: string[] = [];
    const values: unknown[] = [];
    if (q) {
      values.push(searchTerm(q));
      conditions.push(`search LIKE $${values.length + 1}`);
    }
    if (group) {
      values.push(group);
      conditions.push(`status = ANY($${values.length + 1}::text[])`);
    }
    const expected = await expectedIds('calls', conditions, values);
    for (const limit of [7, 50]) {
      expect(
        await allPages((cursor) => listCalls(handle.db, accountId, { q, status, limit, cursor })),
      ).toEqual(expected);
    }
  });
});
