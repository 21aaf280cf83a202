import { MAX_APPOINTMENT_MINUTES, SLOT_HOLDING_STATUSES } from '@callwise/shared/schemas/appointments';
import type { BookingSettings } from '@callwise/shared/schemas/booking';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
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
 * The appointments holding a slot of these staff members that overlap [from, to). An appointment lasts at most a
 * day, so the start is bounded on both sides and the (account, starts_at) index reads only the window.
 */
export async function holdingAppointments(
  db: Database,
  accountId: string,
  staff: string[],
  from: Date,
  to: Date,
) {
  return db
    .select({
      staff: appointments.staff,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      service: appointments.service,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.accountId, accountId),
        inArray(appointments.staff, staff),
        inArray(appointments.status, [...SLOT_HOLDING_STATUSES]),
        gt(appointments.startsAt, new Date(from.getTime() - MAX_APPOINTMENT_MINUTES * 60_000)),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
      ),
    );
}
