import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accounts, apiKeys } from '../schema.ts';

/** The channel a revoked key is announced on (NOTIFY with the key's hash), so every process forgets it. */
export const API_KEYS_CHANNEL = 'callwise_api_keys';

const listed = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
};

export type ListedApiKey = {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
};

/**
 * Stores a new key (its hash) unless the account already has `max` active keys. The account row is locked for
 * the count and the insert, so parallel requests cannot pass the limit together.
 */
export async function insertApiKey(
  db: Database,
  values: { accountId: string; createdBy: string; name: string; prefix: string; keyHash: string },
  max: number,
): Promise<ListedApiKey | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM ${accounts} WHERE id = ${values.accountId} FOR UPDATE`);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, values.accountId), isNull(apiKeys.revokedAt)));
    if ((count?.n ?? 0) >= max) return null;
    const [row] = await tx.insert(apiKeys).values(values).returning(listed);
    return row ?? null;
  });
}

/** The account's active keys, newest first. */
export async function listApiKeys(db: Database, accountId: string): Promise<ListedApiKey[]> {
  return db
    .select(listed)
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/**
 * Revokes an active key of the account and announces it (delivered on commit) so that every process drops it
 * from its cache. Returns the key's hash and name, or null when the account has no such active key.
 */
export async function revokeApiKey(
  db: Database,
  accountId: string,
  id: string,
): Promise<{ keyHash: string; name: string } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ keyHash: apiKeys.keyHash, name: apiKeys.name });
    if (!row) return null;
    await tx.execute(sql`SELECT pg_notify(${API_KEYS_CHANNEL}, ${row.keyHash})`);
    return row;
  });
}

/** An active key by its hash, with its account's plan: what authenticating a request needs. */
export async function findActiveApiKey(db: Database, keyHash: string) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      accountId: apiKeys.accountId,
      name: apiKeys.name,
      plan: accounts.plan,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** Records that a key was used (callers do this at most once a minute per key). */
export async function touchApiKey(db: Database, id: string): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(apiKeys.id, id));
}
