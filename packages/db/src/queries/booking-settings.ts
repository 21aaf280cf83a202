import { MAX_APPOINTMENT_MINUTES, SLOT_HOLDING_STATUSES } from '@callwise/shared/schemas/appointments';
import type { BookingSettings } from '@callwise/shared/schemas/booking';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { appointments, bookingSettings } from '../schema.ts';

/** The account's booking settings as saved; undefined when it never saved any (the defaults apply). */
export async function findBookingSettings(db: Database, accountId: string) {
  const [row] = await db
    .select({ settings: bookingSettings.settings, updatedAt: bookingSettings.updatedAt })
    .from(bookingSettings)
    .where(eq(bookingSettings.accountId, accountId))
    .limit(1);
  return row;
}

/** Replaces the account's booking settings (one statement: two saves at once leave one of them whole). */
export async function saveBookingSettings(db: Database, accountId: string, settings: BookingSettings) {
  const [row] = await db
    .insert(bookingSettings)
    .values({ accountId, settings })
    .onConflictDoUpdate({ target: bookingSettings.accountId, set: { settings, updatedAt: new Date() } })
    .returning({ settings: bookingSettings.settings, updatedAt: bookingSettings.updatedAt });
  if (!row) throw new Error('booking settings not saved');
  return row;
}

/**
 * The times of the appointments holding a slot of these staff members that overlap [from, to), as epoch
 * milliseconds. An appointment lasts at most a day, so the start is bounded on both sides and the
 * (account, starts_at) index reads only the window. Read as one row of arrays: a month of a busy calendar is
 * thousands of rows, and making an object and two dates of each was most of an availability request's time.
 */
export async function holdingTimes(
  db: Database,
  accountId: string,
  staff: string[],
  from: Date,
  to: Date,
): Promise<Array<{ staff: string; start: number; end: number; service: string | null }>> {
  const result = await db.execute(sql`
    SELECT coalesce(array_agg(staff), '{}') AS staff,
      coalesce(array_agg((extract(epoch FROM starts_at) * 1000)::float8), '{}') AS starts,
      coalesce(array_agg((extract(epoch FROM ends_at) * 1000)::float8), '{}') AS ends,
      coalesce(array_agg(service), '{}') AS services
    FROM ${appointments}
    WHERE ${and(
      eq(appointments.accountId, accountId),
      inArray(appointments.staff, staff),
      inArray(appointments.status, [...SLOT_HOLDING_STATUSES]),
      gt(appointments.startsAt, new Date(from.getTime() - MAX_APPOINTMENT_MINUTES * 60_000)),
      lt(appointments.startsAt, to),
      gt(appointments.endsAt, from),
    )}`);
  const [row] = (
    result as unknown as {
      rows: Array<{
        staff: string[];
        starts: Array<number | string>;
        ends: Array<number | string>;
        services: Array<string | null>;
      }>;
    }
  ).rows;
  if (!row) return [];
  return row.staff.map((name, index) => ({
    staff: name,
    start: Number(row.starts[index]),
    end: Number(row.ends[index]),
    service: row.services[index] ?? null,
  }));
}
