import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  type AppointmentRow,
  appointments,
  type CalendarConnectionRow,
  calendarConnections,
  contacts,
  oauthStates,
} from '../schema.ts';
import { inAccount } from './in-account.ts';

export type NewCalendarConnection = Pick<
  typeof calendarConnections.$inferInsert,
  'kind' | 'name' | 'url' | 'secret' | 'apiKey' | 'staff' | 'refreshToken' | 'calendarId' | 'calendarName'
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
    .where(inAccount(calendarConnections, accountId, id))
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

/** Every connection read on a schedule — ICS subscriptions and Google calendars — of every account. */
export async function listReadConnections(db: Database) {
  return db
    .select()
    .from(calendarConnections)
    .where(inArray(calendarConnections.kind, ['ics', 'google']))
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

/** Changes its name, staff member or API key; undefined when the account has no such connection. */
export async function updateCalendarConnection(
  db: Database,
  accountId: string,
  id: string,
  patch: Partial<
    Pick<
      typeof calendarConnections.$inferInsert,
      | 'name'
      | 'staff'
      | 'apiKey'
      | 'refreshToken'
      | 'calendarId'
      | 'calendarName'
      | 'syncToken'
      | 'seenExternalIds'
      | 'lastError'
    >
  >,
): Promise<CalendarConnectionRow | undefined> {
  const [row] = await db
    .update(calendarConnections)
    .set({ ...patch, updatedAt: new Date() })
    .where(inAccount(calendarConnections, accountId, id))
    .returning();
  return row;
}

export async function deleteCalendarConnection(
  db: Database,
  accountId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(calendarConnections)
    .where(inAccount(calendarConnections, accountId, id))
    .returning({ id: calendarConnections.id });
  return rows.length > 0;
}

/** Records a sync: when, its error (null when it worked) and, after a successful one, the event ids it read. */
export async function recordCalendarSync(
  db: Database,
  id: string,
  result: { at: Date; error: string | null; seenExternalIds?: string[]; syncToken?: string | null },
) {
  const [row] = await db
    .update(calendarConnections)
    .set({
      lastSyncedAt: result.at,
      lastError: result.error,
      ...(result.seenExternalIds ? { seenExternalIds: result.seenExternalIds } : {}),
      ...(result.syncToken !== undefined ? { syncToken: result.syncToken } : {}),
      updatedAt: new Date(),
    })
    .where(eq(calendarConnections.id, id))
    .returning();
  return row;
}

/** Writes why the connection does not work (a refused API key), keeping when it was last synced. */
export async function noteCalendarConnectionError(db: Database, id: string, error: string): Promise<void> {
  await db
    .update(calendarConnections)
    .set({ lastError: error, updatedAt: new Date() })
    .where(eq(calendarConnections.id, id));
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

/**
 * Gives the appointment a calendar's id for it (Cal.com's new booking after a move written back), unless it has
 * one already or another appointment holds it; answers whether it took it.
 */
export async function adoptExternalId(
  db: Database,
  accountId: string,
  appointmentId: string,
  externalId: string,
): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE appointments a SET external_id = ${externalId}, updated_at = now()
    WHERE a.account_id = ${accountId} AND a.id = ${appointmentId}
      AND (a.external_id IS NULL OR a.external_id <> ${externalId})
      AND NOT EXISTS (
        SELECT 1 FROM appointments o
        WHERE o.account_id = a.account_id AND o.source = a.source AND o.external_id = ${externalId}
      )
    RETURNING a.id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * Hands a calendar's id for an event from a moved appointment to where it moved (Google keeps an event's id when
 * it moves: decision 023), unless that one has an id already.
 */
export async function passExternalId(
  db: Database,
  accountId: string,
  fromId: string,
  toId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [from] = await tx
      .select({ externalId: appointments.externalId })
      .from(appointments)
      .where(and(eq(appointments.accountId, accountId), eq(appointments.id, fromId)))
      .for('update');
    const [to] = await tx
      .select({ externalId: appointments.externalId })
      .from(appointments)
      .where(and(eq(appointments.accountId, accountId), eq(appointments.id, toId)))
      .for('update');
    if (!from?.externalId || !to || to.externalId) return false;
    await tx
      .update(appointments)
      .set({ externalId: null, updatedAt: new Date() })
      .where(eq(appointments.id, fromId));
    await tx
      .update(appointments)
      .set({ externalId: from.externalId, updatedAt: new Date() })
      .where(eq(appointments.id, toId));
    return true;
  });
}

/** Marks the transaction's changes as the calendar's own: they are not written back to it (decision 022). */
export async function markCalendarOrigin(tx: Database): Promise<void> {
  await tx.execute(sql`SELECT set_config('callwise.calendar_origin', 'on', true)`);
}

/** A Google connection on its way: its OAuth state, kept until Google sends the user back. */
export async function createOauthState(db: Database, values: typeof oauthStates.$inferInsert) {
  await db.delete(oauthStates).where(lte(oauthStates.expiresAt, new Date()));
  await db.insert(oauthStates).values(values);
}

/** Takes an OAuth state once (deleted as it is read); undefined when unknown, used or expired. */
export async function takeOauthState(db: Database, id: string, now = new Date()) {
  const [row] = await db.delete(oauthStates).where(eq(oauthStates.id, id)).returning();
  return row && row.expiresAt > now ? row : undefined;
}
