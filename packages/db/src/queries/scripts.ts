import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { scripts } from '../schema.ts';
import { afterCursor, type Cursor, cursorAt, toPage } from './cursor.ts';
import { inAccount } from './in-account.ts';

export type NewScript = Pick<typeof scripts.$inferInsert, 'title' | 'content' | 'category'>;

export async function listScripts(
  db: Database,
  accountId: string,
  options: { q?: string; category?: string; limit: number; cursor?: Cursor | null },
) {
  const where: SQL[] = [eq(scripts.accountId, accountId)];
  if (options.q) {
    const term = `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(scripts.title, term), ilike(scripts.content, term)) as SQL);
  }
  if (options.category) where.push(eq(scripts.category, options.category));
  if (options.cursor) where.push(afterCursor(scripts.createdAt, scripts.id, options.cursor));
  const rows = await db
    .select({
      id: scripts.id,
      title: scripts.title,
      content: scripts.content,
      category: scripts.category,
      createdAt: scripts.createdAt,
      updatedAt: scripts.updatedAt,
      cursorAt: cursorAt(scripts.createdAt),
    })
    .from(scripts)
    .where(and(...where))
    .orderBy(desc(scripts.createdAt), desc(scripts.id))
    .limit(options.limit + 1);
  return toPage(rows, options.limit);
}

export async function getScript(db: Database, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(scripts)
    .where(inAccount(scripts, accountId, id))
    .limit(1);
  return row;
}

export async function createScript(db: Database, accountId: string, values: NewScript) {
  const [row] = await db
    .insert(scripts)
    .values({ ...values, accountId })
    .returning();
  if (!row) throw new Error('script not created');
  return row;
}

export async function updateScript(db: Database, accountId: string, id: string, patch: Partial<NewScript>) {
  const [row] = await db
    .update(scripts)
    .set({ ...patch, updatedAt: new Date() })
    .where(inAccount(scripts, accountId, id))
    .returning();
  return row;
}

export async function deleteScript(db: Database, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(scripts)
    .where(inAccount(scripts, accountId, id))
    .returning({ id: scripts.id });
  return rows.length > 0;
}
