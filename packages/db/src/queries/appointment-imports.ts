import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { contacts } from '../schema.ts';

/** The ids of the account's contacts with these numbers (E.164), by number. */
export async function contactIdsByPhone(
  db: Database,
  accountId: string,
  phones: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (phones.length === 0) return found;
  const rows = await db
    .select({ id: contacts.id, phone: contacts.phone })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), inArray(contacts.phone, [...new Set(phones)])));
  for (const row of rows) found.set(row.phone, row.id);
  return found;
}
