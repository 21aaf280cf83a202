import { randomUUID } from 'node:crypto';
import {
  and,
  arrayContains,
  type Column,
  count,
  eq,
  getTableColumns,
  inArray,
  ne,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../client.ts';
import { type Contact, contacts } from '../schema.ts';
import { type Cursor, type ListParam, newestFirstPage, type SearchableList, withValues } from './cursor.ts';
import { inAccount } from './in-account.ts';

export type NewContact = Omit<
  typeof contacts.$inferInsert,
  'id' | 'accountId' | 'createdAt' | 'updatedAt' | 'search'
>;
export type ContactPatch = Partial<NewContact>;

const { search: _search, accountId: _accountId, ...contactColumns } = getTableColumns(contacts);

/** The search-text and tag conditions, on the table or on a subquery of it (values as `param`s). */
function matching(
  source: Record<string, Column>,
  options: { q?: string; tag?: string },
  param: ListParam,
): SQL[] {
  const where: SQL[] = [];
  if (options.q) where.push(sql`${source.search} LIKE ${param('term')}`);
  if (options.tag) where.push(sql`${source.tags} @> ARRAY[${param('tag')}::text]`);
  return where;
}

/** One page of an account's contacts, newest first, filtered by search text and tag (see newestFirstPage). */
export async function listContacts(
  db: Database,
  accountId: string,
  options: { q?: string; tag?: string; limit: number; cursor?: Cursor | null },
) {
  return newestFirstPage<Omit<Contact, 'search' | 'accountId'>>(db, contactList(options), {
    ...options,
    accountId,
  });
}

/** A contact of a page with its values as the database sent them (see RawCallRow). */
export type RawContactRow = { [K in keyof Omit<Contact, 'search' | 'accountId'>]: unknown } & {
  id: string;
  cursorAt: string;
};

/** listContacts, with the values as the database sent them (RawContactRow). */
export async function listContactsRaw(
  db: Database,
  accountId: string,
  options: { q?: string; tag?: string; limit: number; cursor?: Cursor | null },
) {
  return newestFirstPage<RawContactRow>(db, contactList(options), { ...options, accountId, raw: true });
}

function contactList(options: { q?: string; tag?: string }): SearchableList {
  return {
    table: contacts,
    columns: contactColumns,
    matching: (source, param) => matching(source, options, param),
    shape: options.tag ? 'tag' : '',
    values: { tag: options.tag },
  };
}

export async function getContact(db: Database, accountId: string, id: string) {
  const [row] = await db
    .select(contactColumns)
    .from(contacts)
    .where(inAccount(contacts, accountId, id))
    .limit(1);
  return row;
}

/** A contact as the queries answer it. */
export type ContactRow = NonNullable<Awaited<ReturnType<typeof getContact>>>;

/** The account's contacts among these ids (others' ids and unknown ones are left out), by id. */
export async function getContactsByIds(db: Database, accountId: string, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, ContactRow>();
  const rows = await db
    .select(contactColumns)
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), inArray(contacts.id, unique)));
  return new Map(rows.map((row) => [row.id, row]));
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
    .where(inAccount(contacts, accountId, id))
    .returning(contactColumns);
  return row;
}

export async function deleteContact(db: Database, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(contacts)
    .where(inAccount(contacts, accountId, id))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

/** How many contacts the account has, or how many match the search text and tag when given (as the list). */
export async function countContacts(
  db: Database,
  accountId: string,
  filters: {
    q?: string;
    tag?: string;
    /** Only those without this consent: marketing, or any (no consent and not an existing customer). */
    missingConsent?: 'marketing' | 'any';
  } = {},
): Promise<number> {
  const where = [
    eq(contacts.accountId, accountId),
    ...matching(contacts as unknown as Record<string, Column>, filters, withValues(filters, filters.q)),
  ];
  if (filters.missingConsent === 'marketing') where.push(ne(contacts.consent, 'marketing'));
  if (filters.missingConsent === 'any') {
    where.push(eq(contacts.consent, 'none'), eq(contacts.existingCustomer, false));
  }
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
      consent_at: row.consentAt ? row.consentAt.toISOString() : null,
      consent_source: row.consentSource ?? null,
      consent_recorded_by: row.consentRecordedBy ?? null,
      existing_customer: row.existingCustomer ?? false,
    })),
  );
  const onConflict =
    mode === 'skip'
      ? sql`DO NOTHING`
      : sql`DO UPDATE SET name = excluded.name, email = excluded.email, company = excluded.company,
          first_name = coalesce(excluded.first_name, contacts.first_name),
          last_name = coalesce(excluded.last_name, contacts.last_name),
          tags = ARRAY(SELECT DISTINCT t FROM unnest(contacts.tags || excluded.tags) AS t ORDER BY t),
          timezone = coalesce(excluded.timezone, contacts.timezone), updated_at = now(),
          consent = CASE WHEN excluded.consent_source IS NULL THEN contacts.consent ELSE excluded.consent END,
          consent_at = CASE WHEN excluded.consent_source IS NULL THEN contacts.consent_at
            ELSE excluded.consent_at END,
          existing_customer = CASE WHEN excluded.consent_source IS NULL THEN contacts.existing_customer
            ELSE excluded.existing_customer END,
          consent_recorded_by = CASE WHEN excluded.consent_source IS NULL THEN contacts.consent_recorded_by
            ELSE excluded.consent_recorded_by END,
          consent_source = coalesce(excluded.consent_source, contacts.consent_source)`;
  const result = await db.execute<{ written: number; created: number }>(sql`
    WITH written AS (
      INSERT INTO contacts
        (id, account_id, name, first_name, last_name, phone, email, company, tags, timezone, consent, consent_at,
          consent_source, consent_recorded_by, existing_customer)
      SELECT r.id, ${accountId}::uuid, r.name, r.first_name, r.last_name, r.phone, r.email, r.company, r.tags,
        r.timezone, r.consent, r.consent_at, r.consent_source, r.consent_recorded_by, r.existing_customer
      FROM jsonb_to_recordset(${payload}::jsonb)
        AS r(id uuid, name text, first_name text, last_name text, phone text, email text, company text,
          tags text[], timezone text, consent text, consent_at timestamptz, consent_source text,
          consent_recorded_by text, existing_customer boolean)
      ON CONFLICT (account_id, phone) ${onConflict}
      RETURNING (xmax = 0) AS inserted
    )
    SELECT count(*)::int AS written, (count(*) FILTER (WHERE inserted))::int AS created FROM written`);
  const [counts] = (result as unknown as { rows: Array<{ written: number; created: number }> }).rows;
  const created = Number(counts?.created ?? 0);
  return { created, merged: mode === 'merge' ? Number(counts?.written ?? 0) - created : 0 };
}

/** The contacts a bulk action names: some ids (those of other accounts are ignored), or the list's filters. */
export type BulkTarget = { ids: string[] } | { filter: { q?: string; tag?: string } };

export type BulkChange =
  | {
      action: 'set_consent';
      consent: string;
      existingCustomer?: boolean;
      at: Date;
      source: string;
      by: string;
    }
  | { action: 'add_tag' | 'remove_tag'; tag: string }
  | { action: 'delete' };

/**
 * Does one action to many of an account's contacts in one statement. Returns how many contacts the target
 * named and how many changed (a contact that already has the consent or the tag is not changed).
 */
export async function bulkChangeContacts(
  db: Database,
  accountId: string,
  target: BulkTarget,
  change: BulkChange,
): Promise<{ matched: number; changed: number }> {
  const table = contacts as unknown as Record<string, Column>;
  const scope = and(
    eq(contacts.accountId, accountId),
    ...('ids' in target
      ? [inArray(contacts.id, target.ids)]
      : matching(table, target.filter, withValues(target.filter, target.filter.q))),
  );
  const [counted] = await db.select({ n: count() }).from(contacts).where(scope);
  const matched = counted?.n ?? 0;
  if (matched === 0) return { matched, changed: 0 };
  let rows: Array<{ id: string }>;
  switch (change.action) {
    case 'set_consent': {
      const existing = change.existingCustomer;
      const differs = or(
        ne(contacts.consent, change.consent),
        ...(existing === undefined ? [] : [ne(contacts.existingCustomer, existing)]),
      );
      rows = await db
        .update(contacts)
        .set({
          consent: change.consent,
          ...(existing === undefined ? {} : { existingCustomer: existing }),
          consentAt: change.at,
          consentSource: change.source,
          consentRecordedBy: change.by,
          updatedAt: change.at,
        })
        .where(and(scope, differs))
        .returning({ id: contacts.id });
      break;
    }
    case 'add_tag':
      rows = await db
        .update(contacts)
        .set({
          tags: sql`ARRAY(SELECT DISTINCT t FROM unnest(${contacts.tags} || ARRAY[${change.tag}]::text[]) AS t ORDER BY t)`,
          updatedAt: new Date(),
        })
        .where(and(scope, not(arrayContains(contacts.tags, [change.tag]))))
        .returning({ id: contacts.id });
      break;
    case 'remove_tag':
      rows = await db
        .update(contacts)
        .set({ tags: sql`array_remove(${contacts.tags}, ${change.tag})`, updatedAt: new Date() })
        .where(and(scope, arrayContains(contacts.tags, [change.tag])))
        .returning({ id: contacts.id });
      break;
    case 'delete':
      rows = await db.delete(contacts).where(scope).returning({ id: contacts.id });
      break;
  }
  return { matched, changed: rows.length };
}
