import type { AssistantSettings } from '@callwise/shared/schemas/assistant';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accounts, assistantSettings } from '../schema.ts';

/** The account's assistant settings as saved; undefined when it never saved any (the defaults apply). */
export async function findAssistantSettings(db: Database, accountId: string) {
  const [row] = await db
    .select({ settings: assistantSettings.settings, updatedAt: assistantSettings.updatedAt })
    .from(assistantSettings)
    .where(eq(assistantSettings.accountId, accountId))
    .limit(1);
  return row;
}

/** Replaces the account's assistant settings (one statement: two saves at once leave one of them whole). */
export async function saveAssistantSettings(db: Database, accountId: string, settings: AssistantSettings) {
  const [row] = await db
    .insert(assistantSettings)
    .values({ accountId, settings })
    .onConflictDoUpdate({ target: assistantSettings.accountId, set: { settings, updatedAt: new Date() } })
    .returning({ settings: assistantSettings.settings, updatedAt: assistantSettings.updatedAt });
  if (!row) throw new Error('assistant settings not saved');
  return row;
}

/** The account a business number belongs to (an incoming call names its account by the number called). */
export async function findAccountByBusinessNumber(db: Database, number: string) {
  const [row] = await db
    .select({ id: accounts.id, name: accounts.name, timezone: accounts.timezone })
    .from(accounts)
    .where(eq(accounts.businessNumber, number))
    .limit(1);
  return row;
}

/**
 * Gives the account a business number unless it has one: the first of `candidates` no other account holds (a
 * race between two accounts for one number leaves it with one of them; the other takes the next). Returns the
 * account's number.
 */
export async function claimBusinessNumber(
  db: Database,
  accountId: string,
  candidates: readonly string[],
): Promise<string> {
  for (const number of candidates) {
    const result = await db
      .execute(sql`
      UPDATE ${accounts} SET business_number = ${number}, updated_at = now()
      WHERE id = ${accountId} AND business_number IS NULL
        AND NOT EXISTS (SELECT 1 FROM ${accounts} other WHERE other.business_number = ${number})
      RETURNING business_number`)
      .catch((error: unknown) => {
        // Taken by another account between the check and the write: the next candidate.
        if ((error as { code?: string }).code === '23505') return { rows: [] };
        throw error;
      });
    if ((result as unknown as { rows: unknown[] }).rows.length > 0) return number;
    const current = await businessNumberOf(db, accountId);
    if (current) return current;
  }
  throw new Error('no business number left to assign');
}

/** The account's business number, if it has one. */
export async function businessNumberOf(db: Database, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ number: accounts.businessNumber })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row?.number ?? null;
}

/**
 * Sets (or, with null, removes) the account's business number; false when another account has it. With Twilio
 * the number is one of the Twilio account's, and its SID is kept.
 */
export async function setBusinessNumber(
  db: Database,
  accountId: string,
  number: { e164: string; sid: string | null } | null,
): Promise<boolean> {
  try {
    await db
      .update(accounts)
      .set({
        businessNumber: number?.e164 ?? null,
        businessNumberSid: number?.sid ?? null,
        updatedAt: new Date(),
      })
      .where(eq(accounts.id, accountId));
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return false;
    throw error;
  }
}
