import { and, eq, exists, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accounts, calls, scripts, users } from '../schema.ts';

export async function findAccount(db: Database, id: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

export async function renameAccount(db: Database, id: string, name: string): Promise<void> {
  await db.update(accounts).set({ name, updatedAt: new Date() }).where(eq(accounts.id, id));
}

/**
 * Saves the business profile's account side (its time zone, when given) and records the first save, which
 * completes the first-run checklist's first step.
 */
export async function saveAccountProfile(
  db: Database,
  id: string,
  changes: { timezone?: string },
): Promise<void> {
  const now = new Date();
  await db
    .update(accounts)
    .set({
      ...(changes.timezone ? { timezone: changes.timezone } : {}),
      profileSavedAt: sql`coalesce(${accounts.profileSavedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(accounts.id, id));
}

/** Hides (or shows again) the dashboard's first-run checklist, for everyone in the account. */
export async function setChecklistHidden(db: Database, id: string, hidden: boolean): Promise<void> {
  await db
    .update(accounts)
    .set({ checklistHiddenAt: hidden ? new Date() : null, updatedAt: new Date() })
    .where(eq(accounts.id, id));
}

/** What the first-run checklist needs beyond the account row and the contact count. */
export async function onboardingFacts(
  db: Database,
  accountId: string,
): Promise<{ hasScript: boolean; hasTestCall: boolean }> {
  // A test call: one that completed to the own phone number of one of the account's people (Settings → Profile),
  // looked up from those few numbers (the account's calls by phone), never by scanning its completed calls.
  const [row] = await db
    .select({
      hasScript: exists(db.select({ one: sql`1` }).from(scripts).where(eq(scripts.accountId, accountId))),
      hasTestCall: exists(
        db
          .select({ one: sql`1` })
          .from(users)
          .innerJoin(
            calls,
            and(
              eq(calls.accountId, users.accountId),
              eq(calls.phone, users.phoneNumber),
              eq(calls.status, 'completed'),
            ),
          )
          .where(and(eq(users.accountId, accountId), isNotNull(users.phoneNumber))),
      ),
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return { hasScript: Boolean(row?.hasScript), hasTestCall: Boolean(row?.hasTestCall) };
}
