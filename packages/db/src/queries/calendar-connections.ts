import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  type AppointmentRow,
  appointments,
  type CalendarConnectionRow,
  calendarConnections,
  contacts,
} from '../schema.ts';

export type NewCalendarConnection = Pick<
  typeof calendarConnections.$inferInsert,
  'kind' | 'name' | 'url' | 'secret' | 'apiKey'
>;

export async function listCalendarConnections(db: Database, accountId: string) {
  return db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.accountId, accountId))
    .orderBy(asc(calendarConnections.createdAt), asc(calendarConnections.id));
}

export async function getCalendarConnection(
  db: Database,
  accountId: string,
  id: string,
): Promise<CalendarConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(calendarConnections)
    .where(and(eq(calendarConnections.accountId, accountId), eq(calendarConnections.id, id)))
    .limit(1);
  return row;
}

/** A connection by its id alone (the Cal.com webhook names it in its URL; its signature proves the rest). */
export async function findCalendarConnection(
  db: Database,
  id: string,
): Promise<CalendarConnectionRow | undefined> {
  const [row] = await db.select().from(calendarConnections).where(eq(calendarConnections.id, id)).limit(1);
  return row;
}

/** Every ICS subscription, of every account (the refresh job's work). */
export async function listIcsSubscriptions(db: Database) {
  return db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.kind, 'ics'))
    .orderBy(asc(calendarConnections.lastSyncedAt), asc(calendarConnections.id));
}

export async function createCalendarConnection(
  db: Database,
  accountId: string,
  values: NewCalendarConnection,
) {
  const [row] = await db
    .insert(calendarConnections)
    .values({ ...values, accountId })
    .returning();
  if (!row) throw new Error('calendar connection not created');
  return row;
}

export async function deleteCalendarConnection(
  db: Database,
  accountId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(calendarConnections)
    .where(and(eq(calendarConnections.accountId, accountId), eq(calendarConnections.id, id)))
    .returning({ id: calendarConnections.id });
  return rows.length > 0;
}

/** Records a sync: when, its error (null when it worked) and, after a successful one, the event ids it read. */
export async function recordCalendarSync(
  db: Database,
  id: string,
  result: { at: Date; error: string | null; seenExternalIds?: string[] },
) {
  const [row] = await db
    .update(calendarConnections)
    .set({
      lastSyncedAt: result.at,
      lastError: result.error,
      ...(result.seenExternalIds ? { seenExternalIds: result.seenExternalIds } : {}),
      updatedAt: new Date(),
    })
    .where(eq(calendarConnections.id, id))
    .returning();
  return row;
}

/** The appointment that holds an id of a calendar source (whatever its status). */
export async function findAppointmentByExternalId(
  db: Database,
  accountId: string,
  source: string,
  externalId: string,
): Promise<AppointmentRow | undefined> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.accountId, accountId),
        eq(appointments.source, source),
        eq(appointments.externalId, externalId),
      ),
    )
    .limit(1);
  return row;
}

/** An account's contact with this e-mail address (compared without case), the oldest first. */
export async function findContactByEmail(db: Database, accountId: string, email: string) {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), sql`lower(${contacts.email}) = ${email.toLowerCase()}`))
    .orderBy(asc(contacts.createdAt))
    .limit(1);
  return row;
}
