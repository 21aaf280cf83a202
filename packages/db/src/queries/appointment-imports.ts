import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { appointments, contacts } from '../schema.ts';

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

/** Which of these external ids the account's appointments of this source already hold (whatever their status). */
export async function takenExternalIds(
  db: Database,
  accountId: string,
  source: string,
  externalIds: readonly string[],
): Promise<Set<string>> {
  if (externalIds.length === 0) return new Set();
  const rows = await db
    .select({ externalId: appointments.externalId })
    .from(appointments)
    .where(
      and(
        eq(appointments.accountId, accountId),
        eq(appointments.source, source),
        inArray(appointments.externalId, [...new Set(externalIds)]),
      ),
    );
  return new Set(rows.map((row) => row.externalId as string));
}
