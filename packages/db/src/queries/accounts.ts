import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accounts } from '../schema.ts';

export async function findAccount(db: Database, id: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

export async function renameAccount(db: Database, id: string, name: string): Promise<void> {
  await db.update(accounts).set({ name, updatedAt: new Date() }).where(eq(accounts.id, id));
}
