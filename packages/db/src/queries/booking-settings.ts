import { MAX_APPOINTMENT_MINUTES, SLOT_HOLDING_STATUSES } from '@callwise/shared/schemas/appointments';
import type { BookingSettings } from '@callwise/shared/schemas/booking';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { appointments, bookingSettings } from '../schema.ts';

/** The account's booking settings as saved; undefined when it never saved any (the defaults apply). */
/**
 * Changes of what open slots are computed from (an account's appointments, its booking settings, its time zone),
 * announced by the database once per statement (migration 0031): the accounts' ids, comma-separated, or '*'.
 */
export const BOOKINGS_CHANNEL = 'callwise_bookings';

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
 * Makes one staff member (by name, any case) bookable or not, adding them when missing, and leaves the rest of the
 * settings as they are: read and written under the row's lock, so a save of the whole settings at the same moment
 * is not undone. `defaults` are the settings of an account that never saved any.
 */
export async function setStaffBookable(
  db: Database,
  accountId: string,
  name: string,
  bookable: boolean,
  defaults: BookingSettings,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(bookingSettings).values({ accountId, settings: defaults }).onConflictDoNothing();
    const [row] = await tx
      .select({ settings: bookingSettings.settings })
      .from(bookingSettings)
      .where(eq(bookingSettings.accountId, accountId))
      .for('update');
    if (!row) return;
    const lower = name.toLowerCase();
    const present = row.settings.staff.some((member) => member.name.toLowerCase() === lower);
    if (!present && !bookable) return;
    const staff = present
      ? row.settings.staff.map((member) =>
          member.name.toLowerCase() === lower ? { ...member, bookable } : member,
        )
      : [...row.settings.staff, { name, bookable, hours: null }];
    await tx
      .update(bookingSettings)
      .set({ settings: { ...row.settings, staff }, updatedAt: new Date() })
      .where(eq(bookingSettings.accountId, accountId));
  });
}

/**
 * The times of the appointments holding a slot of these staff members that overlap [from, to), as epoch
 * milliseconds. An appointment lasts at most a day, so the start is bounded on both sides and the
 * (account, starts_at) index reads only the window. Read as one line of numbers per staff member and service: a
 * month of a busy calendar is thousands of rows, and making an object and two dates of each was most of an
 * availability request's time (a row each: 19 ms for 2,000; this: 5 ms).
 */
export async function holdingTimes(
  db: Database,
  accountId: string,
  staff: string[],
  from: Date,
  to: Date,
): Promise<Array<{ staff: string; start: number; end: number; service: string | null }>> {
  const result = await db.execute(sql`
    SELECT staff, service,
      string_agg((extract(epoch FROM starts_at) * 1000)::bigint || ',' || (extract(epoch FROM ends_at) * 1000)::bigint, ',')
        AS times
    FROM ${appointments}
    WHERE ${and(
      eq(appointments.accountId, accountId),
      inArray(appointments.staff, staff),
      inArray(appointments.status, [...SLOT_HOLDING_STATUSES]),
      gt(appointments.startsAt, new Date(from.getTime() - MAX_APPOINTMENT_MINUTES * 60_000)),
      lt(appointments.startsAt, to),
      gt(appointments.endsAt, from),
    )}
    GROUP BY staff, service`);
  const groups = (
    result as unknown as { rows: Array<{ staff: string; service: string | null; times: string }> }
  ).rows;
  const held: Array<{ staff: string; start: number; end: number; service: string | null }> = [];
  for (const group of groups) {
    const numbers = group.times.split(',');
    for (let index = 0; index + 1 < numbers.length; index += 2) {
      held.push({
        staff: group.staff,
        start: Number(numbers[index]),
        end: Number(numbers[index + 1]),
        service: group.service,
      });
    }
  }
  return held;
}
