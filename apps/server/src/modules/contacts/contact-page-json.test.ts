import { listContacts } from '@callwise/db/queries/contacts';
import { contactSchema } from '@callwise/shared/schemas/contacts';
import { pageSchema } from '@callwise/shared/schemas/pagination';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';
import { expectEveryPageAsWritten } from '../../../test/page-bytes.ts';
import { contactResponse } from './contacts.service.ts';

/**
 * The contacts page is written straight from the database's values (contact-page-json.ts). Its bytes must be
 * what the route's serializer wrote from `contactResponse` before (JSON.stringify of zod's output, as
 * serializer.test.ts shows): compared byte for byte, page after page and with filters.
 */
let t: TestApp;
let user: Awaited<ReturnType<typeof signedInUser>>;

async function insertContact(contact: Record<string, string | boolean | string[] | null>) {
  const columns = Object.keys(contact);
  await t.database.executeSql(
    `INSERT INTO contacts (account_id, ${columns.join(', ')})
     VALUES ($1, ${columns.map((column, i) => `$${i + 2}${column === 'tags' ? '::text[]' : column.endsWith('_at') ? '::timestamptz' : ''}`).join(', ')})`,
    [user.accountId, ...columns.map((column) => contact[column] ?? null)],
  );
}

beforeAll(async () => {
  t = await buildTestApp({ env: { NODE_ENV: 'production' } });
  user = await signedInUser(t);
  await insertContact({
    name: 'Ana “Pérez” \\ <b>',
    first_name: 'Ana',
    last_name: 'Pérez',
    phone: '+12025550101',
    email: 'ana@example.com',
    company: 'Harbor, "Dental"',
    tags: ['vip', 'a b', 'comma,tag', 'quote"tag', 'back\\slash', 'NULL', '{brace}'],
    timezone: 'America/New_York',
    consent: 'marketing',
    consent_at: '2026-01-02 03:04:05.999999+00',
    consent_source: 'Signed form',
    consent_recorded_by: 'owner@example.com',
    existing_customer: true,
    created_at: '2026-11-20 10:00:00.123456+00',
  });
  await insertContact({
    name: 'Émilie 李 😀',
    phone: '+33155550105',
    email: 'émilie@example.com',
    company: '',
    tags: [],
    consent: 'none',
    existing_customer: false,
    created_at: '2026-11-20 09:00:00+00',
  });
  await t.database.executeSql(
    `INSERT INTO contacts (account_id, name, phone, email, company, tags, consent, created_at)
     SELECT $1, 'Patient ' || g, '+1202' || lpad((3000000 + g)::text, 7, '0'), 'patient' || g || '@example.com', '',
       CASE WHEN g % 2 = 0 THEN ARRAY['vip'] ELSE ARRAY[]::text[] END, 'informational',
       '2026-11-01'::timestamptz - make_interval(hours => g)
     FROM generate_series(1, 12) AS g`,
    [user.accountId],
  );
});
afterAll(async () => {
  await t.close();
});

async function expected(query: Parameters<typeof listContacts>[2]) {
  const page = await listContacts(t.database.db, user.accountId, query);
  return JSON.stringify(
    pageSchema(contactSchema).parse({ data: page.rows.map(contactResponse), next_cursor: page.nextCursor }),
  );
}

describe('a page of contacts written from the database values', () => {
  it('is byte for byte what the serializer wrote, page after page', async () => {
    const pages = await expectEveryPageAsWritten(t, user.headers, '/v1/contacts?limit=5', (cursor) =>
      expected({ limit: 5, cursor }),
    );
    expect(pages).toBe(3);
  });

  it('writes tags, booleans and instants as the serializer did', async () => {
    const [ana, emilie] = (await t.app.inject({ url: '/v1/contacts?limit=2', headers: user.headers })).json()
      .data;
    expect(ana).toMatchObject({
      tags: ['vip', 'a b', 'comma,tag', 'quote"tag', 'back\\slash', 'NULL', '{brace}'],
      existing_customer: true,
      consent_at: '2026-01-02T03:04:05.999Z',
      created_at: '2026-11-20T10:00:00.123Z',
      company: 'Harbor, "Dental"',
    });
    expect(emilie).toMatchObject({ tags: [], existing_customer: false, consent_at: null });
  });

  it('is the same with a tag and a search', async () => {
    for (const [query, filter] of [
      ['tag=vip', { tag: 'vip' }],
      ['q=patient', { q: 'patient' }],
      ['tag=comma%2Ctag', { tag: 'comma,tag' }],
    ] as const) {
      const res = await t.app.inject({ url: `/v1/contacts?limit=4&${query}`, headers: user.headers });
      expect(res.body, query).toBe(await expected({ limit: 4, ...filter }));
    }
  });
});
