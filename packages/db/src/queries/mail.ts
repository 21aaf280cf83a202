import { desc, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mailOutbox } from '../schema.ts';

export async function insertMail(
  db: Database,
  message: { to: string; subject: string; text: string; html: string },
) {
  const [row] = await db.insert(mailOutbox).values(message).returning();
  if (!row) throw new Error('mail not stored');
  return row;
}

export async function listMail(db: Database, limit = 50) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);
}

/** The local mailbox keeps 30 days of e-mail. */
export async function pruneMail(db: Database): Promise<void> {
  await db.delete(mailOutbox).where(sql`${mailOutbox.createdAt} < now() - interval '30 days'`);
}
