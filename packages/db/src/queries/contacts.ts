import { randomUUID } from 'node:crypto';
import { and, arrayContains, type Column, count, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { type Contact, contacts } from '../schema.ts';
import { type Cursor, newestFirstPage, searchTerm } from './cursor.ts';

export type NewContact = Omit<
  typeof contacts.$inferInsert,
  'id' | 'accountId' | 'createdAt' | 'updatedAt' | 'search'
>;
export type ContactPatch = Partial<NewContact>;

const { search: _search, ...contactColumns } = getTableColumns(contacts);

/** The search-text and tag conditions, on the table or on a subquery of it. */
function matching(source: Record<string, Column>, options: { q?: string; tag?: string }): SQL[] {
  const where: SQL[] = [];
  if (options.q) where.push(sql`${source.search} LIKE ${searchTerm(options.q)}`);
  if (options.tag) where.push(arrayContains(source.tags as Column, [options.tag]));
  return where;
}

/** One page of an account's contacts, newest first, filtered by search text and tag (see newestFirstPage). */
export async function listContacts(
  db: Database,
  accountId: string,
  options: { q?: string; tag?: string; limit: number; cursor?: Cursor | null },
) {
  return newestFirstPage<Omit<Contact, 'search'>>(
    db,
    { table: contacts, columns: contactColumns, matching: (source) => matching(source, options) },
    { scope: eq(contacts.accountId, accountId), q: options.q, limit: options.limit, cursor: options.cursor },
  );
}

export async function getContact(db: Database, accountId: string, id: string) {
  const [row] = await db
    .select(contactColumns)
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, id)))
    .limit(1);
  return row;
}

export async function findContactByPhone(db: Database, accountId: string, phone: string) {
  const [row] = await db
    .select(contactColumns)
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.phone, phone)))
    .limit(1);
  return row;
}

export async function createContact(db: Database, accountId: string, values: NewContact) {
  const [row] = await db
    .insert(contacts)
    .values({ ...values, accountId })
    .returning(contactColumns);
  if (!row) throw new Error('contact not created');
  return row;
}

export async function updateContact(db: Database, accountId: string, id: string, patch: ContactPatch) {
  const [row] = await db
    .update(contacts)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, id)))
    .returning(contactColumns);
  return row;
}

export async function deleteContact(db: Database, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, id)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

/** How many contacts the account has, or how many match the search text and tag when given (as the list). */
export async function countContacts(
  db: Database,
  accountId: string,
  filters: { q?: string; tag?: string } = {},
): Promise<number> {
  const where = [
    eq(contacts.accountId, accountId),
    ...matching(contacts as unknown as Record<string, Column>, filters),
  ];
  const [row] = await db
    .select({ n: count() })
    .from(contacts)
    .where(and(...where));
  return row?.n ?? 0;
}

/** Every tag the account uses, with how many contacts carry it, most used first. */
export async function listContactTags(db: Database, accountId: string) {
  const result = await db.execute<{ tag: string; count: number }>(sql`
    SELECT tag, count(*)::int AS count FROM ${contacts}, unnest(${contacts.tags}) AS tag
    WHERE ${contacts.accountId} = ${accountId}
    GROUP BY tag ORDER BY count(*) DESC, tag ASC LIMIT 200`);
  return (result as unknown as { rows: Array<{ tag: string; count: number }> }).rows;
}

/**
 * Inserts many contacts at once. A number the account already has is skipped, or merged (fields replaced,
 * tags joined). Returns how many were created and merged; the rest were skipped. The batch travels as one
 * JSON parameter (far cheaper to bind than thousands of parameters, on both engines), with its new ids: the
 * embedded engine reads the operating system's random device anew for each gen_random_uuid().
 */
export async function upsertContacts(
  db: Database,
  accountId: string,
  rows: NewContact[],
  mode: 'skip' | 'merge',
): Promise<{ created: number; merged: number }> {
  if (rows.length === 0) return { created: 0, merged: 0 };
  const payload = JSON.stringify(
    rows.map((row) => ({
      id: randomUUID(),
      name: row.name,
      first_name: row.firstName ?? null,
      last_name: row.lastName ?? null,
      phone: row.phone,
      email: row.email,
      company: row.company,
      tags: row.tags ?? [],
      timezone: row.timezone ?? null,
      consent: row.consent ?? 'none',
    })),
  );
  const onConflict =
    mode === 'skip'
      ? sql`DO NOTHING`
      : sql`DO UPDATE SET name = excluded.name, email = excluded.email, company = excluded.company,
          first_name = coalesce(excluded.first_name, contacts.first_name),
          last_name = coalesce(excluded.last_name, contacts.last_name),
          tags = ARRAY(SELECT DISTINCT t FROM unnest(contacts.tags || excluded.tags) AS t ORDER BY t),
          timezone = coalesce(excluded.timezone, contacts.timezone), updated_at = now()`;
  const result = await db.execute<{ written: number; created: number }>(sql`
    WITH written AS (
      INSERT INTO contacts
        (id, account_id, name, first_name, last_name, phone, email, company, tags, timezone, consent)
      SELECT r.id, ${accountId}::uuid, r.name, r.first_name, r.last_name, r.phone, r.email, r.company, r.tags,
        r.timezone, r.consent
      FROM jsonb_to_recordset(${payload}::jsonb)
        AS r(id uuid, name text, first_name text, last_name text, phone text, email text, company text,
          tags text[], timezone text, consent text)
      ON CONFLICT (account_id, phone) ${onConflict}
      RETURNING (xmax = 0) AS inserted
    )
    SELECT count(*)::int AS written, (count(*) FILTER (WHERE inserted))::int AS created FROM written`);
  const [counts] = (result as unknown as { rows: Array<{ written: number; created: number }> }).rows;
  const created = Number(counts?.created ?? 0);
  return { created, merged: mode === 'merge' ? Number(counts?.written ?? 0) - created : 0 };
}
