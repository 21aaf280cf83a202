import { SLOT_HOLDING_STATUSES } from '@callwise/shared/schemas/appointments';
import { and, asc, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { type AppointmentRow, appointments } from '../schema.ts';
import { type Cursor, encodeCursor, hasSqlState } from './cursor.ts';
import { inAccount } from './in-account.ts';

export type NewAppointment = Pick<
  typeof appointments.$inferInsert,
  | 'contactId'
  | 'startsAt'
  | 'endsAt'
  | 'service'
  | 'staff'
  | 'location'
  | 'notes'
  | 'source'
  | 'externalId'
  | 'calendarConnectionId'
>;
export type AppointmentPatch = Partial<
  Pick<
    typeof appointments.$inferInsert,
    'contactId' | 'startsAt' | 'endsAt' | 'service' | 'staff' | 'location' | 'notes'
  >
>;

/** The statuses that hold their slot (the exclusion constraint's WHERE). */
const HOLDING = [...SLOT_HOLDING_STATUSES];

/** PostgreSQL's error for a broken exclusion constraint: the slot is taken. */
export const isSlotTaken = (error: unknown): boolean => hasSqlState(error, '23P01');

/** Appointments in start order (then id), after the cursor; `from`/`to` keep those overlapping the window. */
export async function listAppointments(
  db: Database,
  accountId: string,
  options: {
    from?: Date;
    to?: Date;
    status?: string;
    contactId?: string;
    staff?: string;
    limit: number;
    cursor?: Cursor | null;
  },
) {
  const where: SQL[] = [eq(appointments.accountId, accountId)];
  if (options.from) where.push(gt(appointments.endsAt, options.from));
  if (options.to) where.push(lt(appointments.startsAt, options.to));
  if (options.status) where.push(eq(appointments.status, options.status));
  if (options.contactId) where.push(eq(appointments.contactId, options.contactId));
  if (options.staff !== undefined) where.push(eq(appointments.staff, options.staff));
  if (options.cursor) {
    where.push(
      sql`(${appointments.startsAt}, ${appointments.id}) > (${options.cursor.at}::timestamptz, ${options.cursor.id}::uuid)`,
    );
  }
  const rows = await db
    .select({ row: appointments, cursorAt: sql<string>`${appointments.startsAt}::text` })
    .from(appointments)
    .where(and(...where))
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    rows: page.map((item) => item.row),
    nextCursor:
      rows.length > options.limit && last ? encodeCursor({ at: last.cursorAt, id: last.row.id }) : null,
  };
}

export async function getAppointment(db: Database, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(appointments)
    .where(inAccount(appointments, accountId, id))
    .limit(1);
  return row;
}

/** A contact's next appointment still on (scheduled, confirmed or asking to reschedule) from `after` on. */
export async function nextAppointmentOf(db: Database, accountId: string, contactId: string, after: Date) {
  const [row] = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.accountId, accountId),
        eq(appointments.contactId, contactId),
        inArray(appointments.status, [...SLOT_HOLDING_STATUSES]),
        gt(appointments.startsAt, after),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(1);
  return row;
}

/** Inserts an appointment; a taken slot throws (see isSlotTaken). */
export async function createAppointment(
  db: Database,
  accountId: string,
  values: NewAppointment & { id?: string; status?: 'scheduled' | 'confirmed' },
) {
  const [row] = await db
    .insert(appointments)
    .values({ ...values, accountId })
    .returning();
  if (!row) throw new Error('appointment not created');
  return row;
}

export async function updateAppointment(
  db: Database,
  accountId: string,
  id: string,
  patch: AppointmentPatch,
): Promise<AppointmentRow | undefined> {
  const [row] = await db
    .update(appointments)
    .set({ ...patch, updatedAt: new Date() })
    .where(inAccount(appointments, accountId, id))
    .returning();
  return row;
}

/**
 * Moves an appointment to `from` status `to`, only when it is in one of `from` now (one statement: a concurrent
 * change cannot be overwritten). Undefined when it is not (the caller reads it again to say why).
 */
export async function changeAppointmentStatus(
  db: Database,
  accountId: string,
  id: string,
  from: readonly string[],
  to: string,
): Promise<AppointmentRow | undefined> {
  const [row] = await db
    .update(appointments)
    .set({ status: to, updatedAt: new Date() })
    .where(
      and(
        eq(appointments.accountId, accountId),
        eq(appointments.id, id),
        inArray(appointments.status, [...from]),
      ),
    )
    .returning();
  return row;
}

/**
 * Moves an appointment to a new time: in one transaction the old one becomes `rescheduled` (freeing its slot)
 * and a new one, a copy at the new time linked both ways, takes the new slot. A taken slot throws (isSlotTaken)
 * and changes nothing; undefined when the old one no longer holds a slot. With `externalId` (a calendar source's
 * move, decision 016) the new one takes that id in the source and the old one gives its own up.
 */
export async function rescheduleAppointment(
  db: Database,
  accountId: string,
  id: string,
  at: {
    startsAt: Date;
    endsAt: Date;
    id?: string;
    externalId?: string;
    /** The new one's status: `confirmed` when the customer chose the time themselves. */
    status?: 'scheduled' | 'confirmed';
  },
): Promise<{ old: AppointmentRow; created: AppointmentRow } | undefined> {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .update(appointments)
      .set({
        status: 'rescheduled',
        updatedAt: new Date(),
        ...(at.externalId !== undefined ? { externalId: null } : {}),
      })
      .where(
        and(
          eq(appointments.accountId, accountId),
          eq(appointments.id, id),
          inArray(appointments.status, HOLDING),
        ),
      )
      .returning();
    if (!old) return undefined;
    const [created] = await tx
      .insert(appointments)
      .values({
        ...(at.id ? { id: at.id } : {}),
        accountId,
        contactId: old.contactId,
        startsAt: at.startsAt,
        endsAt: at.endsAt,
        service: old.service,
        staff: old.staff,
        location: old.location,
        notes: old.notes,
        source: old.source,
        calendarConnectionId: old.calendarConnectionId,
        ...(at.externalId !== undefined ? { externalId: at.externalId } : {}),
        rescheduledFromId: old.id,
        status: at.status ?? 'scheduled',
      })
      .returning();
    if (!created) throw new Error('appointment not created');
    const [linked] = await tx
      .update(appointments)
      .set({ rescheduledToId: created.id })
      .where(eq(appointments.id, old.id))
      .returning();
    return { old: linked ?? old, created };
  });
}

export async function deleteAppointment(db: Database, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(appointments)
    .where(inAccount(appointments, accountId, id))
    .returning({ id: appointments.id });
  return rows.length > 0;
}

/**
 * Inserts many appointments in one statement; a taken slot or a used external id throws for them all. The rows
 * travel as one JSON document (jsonb_to_recordset): binding a dozen parameters per row cost more than the insert.
 */
export async function createAppointments(
  db: Database,
  accountId: string,
  values: Array<NewAppointment & { id: string }>,
): Promise<AppointmentRow[]> {
  if (values.length === 0) return [];
  const rows = JSON.stringify(
    values.map((value) => ({
      id: value.id,
      contact_id: value.contactId ?? null,
      starts_at: value.startsAt.toISOString(),
      ends_at: value.endsAt.toISOString(),
      service: value.service ?? null,
      staff: value.staff ?? '',
      location: value.location ?? null,
      notes: value.notes ?? null,
      source: value.source ?? 'manual',
      external_id: value.externalId ?? null,
    })),
  );
  const result = await db.execute(sql`
    INSERT INTO ${appointments}
      (id, account_id, contact_id, starts_at, ends_at, service, staff, location, notes, source, external_id)
    SELECT x.id, ${accountId}, x.contact_id, x.starts_at, x.ends_at, x.service, x.staff, x.location, x.notes,
      x.source, x.external_id
    FROM jsonb_to_recordset(${rows}::jsonb) AS x(id uuid, contact_id uuid, starts_at timestamptz,
      ends_at timestamptz, service text, staff text, location text, notes text, source text, external_id text)
    RETURNING id`);
  if ((result as unknown as { rows: unknown[] }).rows.length !== values.length) {
    throw new Error('appointments not created');
  }
  const ids = values.map((value) => value.id);
  const created = await db.select().from(appointments).where(inArray(appointments.id, ids));
  const byId = new Map(created.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Which of these would-be appointments a bulk insert would be refused for, read in two statements: `overlapping`
 * holds the indexes of those overlapping an appointment that holds its slot (same staff), `externalTaken` of
 * those whose external id is already used in their source. Clashes among the new ones are the caller's to find.
 */
export async function findBookingClashes(
  db: Database,
  accountId: string,
  items: ReadonlyArray<{
    staff: string;
    startsAt: Date;
    endsAt: Date;
    source: string;
    externalId: string | null;
  }>,
): Promise<{ overlapping: Set<number>; externalTaken: Set<number> }> {
  const rowsOf = (result: unknown) => (result as { rows: Array<{ i: number }> }).rows;
  if (items.length === 0) return { overlapping: new Set(), externalTaken: new Set() };
  const times = JSON.stringify(
    items.map((item, i) => ({
      i,
      staff: item.staff,
      s: item.startsAt.toISOString(),
      e: item.endsAt.toISOString(),
    })),
  );
  const overlapping = await db.execute(sql`
    SELECT DISTINCT n.i FROM jsonb_to_recordset(${times}::jsonb) AS n(i int, staff text, s timestamptz, e timestamptz)
    JOIN ${appointments} a ON a.account_id = ${accountId} AND a.staff = n.staff
      AND a.status IN (${sql.raw(HOLDING.map((status) => `'${status}'`).join(', '))})
      AND tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(n.s, n.e, '[)')`);
  const external = items.flatMap((item, i) =>
    item.externalId ? [{ i, source: item.source, external_id: item.externalId }] : [],
  );
  const taken =
    external.length === 0
      ? []
      : rowsOf(
          await db.execute(sql`
            SELECT DISTINCT n.i
            FROM jsonb_to_recordset(${JSON.stringify(external)}::jsonb) AS n(i int, source text, external_id text)
            JOIN ${appointments} a ON a.account_id = ${accountId} AND a.source = n.source
              AND a.external_id = n.external_id`),
        );
  return {
    overlapping: new Set(rowsOf(overlapping).map((row) => Number(row.i))),
    externalTaken: new Set(taken.map((row) => Number(row.i))),
  };
}
