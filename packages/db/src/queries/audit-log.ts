import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { type AuditEventRow, auditEvents } from '../schema.ts';
import { afterCursor, type Cursor, cursorAt, encodeCursor } from './cursor.ts';

export type NewAuditEvent = typeof auditEvents.$inferInsert;

export async function insertAuditEvents(db: Database, events: NewAuditEvent[]): Promise<void> {
  if (events.length > 0) await db.insert(auditEvents).values(events);
}

/** An account's audit events (or those of one kind), newest first; a page and the next cursor. */
export async function listAuditEvents(
  db: Database,
  accountId: string,
  filter: { action?: string | undefined },
  page: { limit: number; cursor: Cursor | null },
): Promise<{ rows: (AuditEventRow & { cursorAt: string })[]; nextCursor: string | null }> {
  const where: SQL[] = [eq(auditEvents.accountId, accountId)];
  if (filter.action) where.push(eq(auditEvents.action, filter.action));
  if (page.cursor) where.push(afterCursor(auditEvents.createdAt, auditEvents.id, page.cursor));
  const rows = await db
    .select({ event: auditEvents, cursorAt: cursorAt(auditEvents.createdAt) })
    .from(auditEvents)
    .where(and(...where))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(page.limit + 1);
  const flat = rows.map((row) => ({ ...row.event, cursorAt: row.cursorAt }));
  const kept = flat.slice(0, page.limit);
  const last = kept.at(-1);
  return {
    rows: kept,
    nextCursor: flat.length > page.limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}

/** Deletes the events older than `days` days; returns how many. */
export async function pruneAuditEvents(db: Database, days: number): Promise<number> {
  const removed = await db
    .delete(auditEvents)
    .where(lt(auditEvents.createdAt, sql`now() - make_interval(days => ${days})`))
    .returning({ id: auditEvents.id });
  return removed.length;
}
