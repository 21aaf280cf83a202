import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accounts, consentRecords, contacts, doNotCall } from '../schema.ts';
import { afterCursor, type Cursor, cursorAt, encodeCursor } from './cursor.ts';

/**
 * How the consent changes of this transaction were recorded, for the triggers that write `consent_records`
 * (decision 030): a method (`text`, `api`, …), the person's own words, and who recorded it. Transaction-local.
 */
export interface ConsentContext {
  method?: 'owner' | 'api' | 'import' | 'calendar' | 'keypad' | 'text' | 'email_link';
  words?: string | null;
  by?: string | null;
}

export async function setConsentContext(tx: Database, context: ConsentContext): Promise<void> {
  await tx.execute(sql`SELECT
    set_config('callwise.consent_method', ${context.method ?? ''}, true),
    set_config('callwise.consent_words', ${context.words ?? ''}, true),
    set_config('callwise.consent_by', ${context.by ?? ''}, true)`);
}

export type ConsentRecordWithContact = typeof consentRecords.$inferSelect & {
  contactName: string | null;
  cursorAt: string;
};

/** An account's consent records (or one contact's), newest first; a page and the next cursor. */
export async function listConsentRecords(
  db: Database,
  accountId: string,
  filter: { contactId?: string | undefined },
  page: { limit: number; cursor: Cursor | null },
): Promise<{ rows: ConsentRecordWithContact[]; nextCursor: string | null }> {
  const where: SQL[] = [eq(consentRecords.accountId, accountId)];
  if (filter.contactId) where.push(eq(consentRecords.contactId, filter.contactId));
  if (page.cursor) where.push(afterCursor(consentRecords.createdAt, consentRecords.id, page.cursor));
  const rows = await db
    .select({
      record: consentRecords,
      contactName: contacts.name,
      cursorAt: cursorAt(consentRecords.createdAt),
    })
    .from(consentRecords)
    .leftJoin(contacts, and(eq(contacts.id, consentRecords.contactId), eq(contacts.accountId, accountId)))
    .where(and(...where))
    .orderBy(desc(consentRecords.createdAt), desc(consentRecords.id))
    .limit(page.limit + 1);
  const flat = rows.map((row) => ({ ...row.record, contactName: row.contactName, cursorAt: row.cursorAt }));
  const more = flat.length > page.limit;
  const kept = flat.slice(0, page.limit);
  const last = kept.at(-1);
  return { rows: kept, nextCursor: more && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null };
}

/** The contact an unsubscribe link names, its business, and whether its number is listed already. */
export async function unsubscribeSubject(db: Database, contactId: string) {
  const [row] = await db
    .select({
      accountId: contacts.accountId,
      phone: contacts.phone,
      businessName: accounts.name,
      listed: sql<boolean>`EXISTS (SELECT 1 FROM ${doNotCall} d WHERE d.account_id = ${contacts.accountId} AND d.phone = ${contacts.phone})`,
    })
    .from(contacts)
    .innerJoin(accounts, eq(accounts.id, contacts.accountId))
    .where(eq(contacts.id, contactId));
  return row;
}
