import type { Database } from '@callwise/db/client';
import { findBookingSettings, holdingTimes } from '@callwise/db/queries/booking-settings';
import type { AppointmentRow } from '@callwise/db/schema';
import { bufferOf, type OpenSlot, openSlots } from '@callwise/shared/availability';
import {
  type BookingSettings,
  DEFAULT_BOOKING_SETTINGS,
  DEFAULT_WAITLIST_NOTICE_HOURS,
  type Service,
} from '@callwise/shared/schemas/booking';

/** The account's booking settings, or the defaults when it never saved any; with when they last changed. */
export async function bookingSettingsOf(
  db: Database,
  accountId: string,
): Promise<{ settings: BookingSettings; updatedAt: Date | null }> {
  const row = await findBookingSettings(db, accountId);
  return row
    ? // Settings saved before a field existed take its default.
      {
        settings: {
          ...row.settings,
          waitlist_notice_hours: row.settings.waitlist_notice_hours ?? DEFAULT_WAITLIST_NOTICE_HOURS,
        },
        updatedAt: row.updatedAt,
      }
    : { settings: DEFAULT_BOOKING_SETTINGS, updatedAt: null };
}

/** The service of this name (any case), if the settings have it. */
export function findService(settings: BookingSettings, name: string | null | undefined): Service | undefined {
  if (!name) return undefined;
  const lower = name.toLowerCase();
  return settings.services.find((service) => service.name.toLowerCase() === lower);
}

const MINUTE = 60_000;
/** The longest buffer a service may keep (bookingSettingsInputSchema): busy times are read this far back. */
const MAX_BUFFER = 240 * MINUTE;

/**
 * Open slots of these staff members in [from, to) for an appointment of this length and buffer: the busy times
 * (appointments holding a slot, each with its own service's buffer) read in one query, then `openSlots`.
 */
export async function findOpenSlots(
  db: Database,
  accountId: string,
  request: {
    settings: BookingSettings;
    timezone: string;
    staff: string[];
    from: Date;
    to: Date;
    now: Date;
    durationMinutes: number;
    bufferMinutes: number;
  },
  /** Where the busy times come from (default: the database; the availability route's kept copy). */
  readHeld: typeof holdingTimes = holdingTimes,
): Promise<OpenSlot[]> {
  const { settings, from, to } = request;
  const held = await readHeld(
    db,
    accountId,
    request.staff,
    new Date(from.getTime() - MAX_BUFFER),
    new Date(to.getTime() + (request.durationMinutes + request.bufferMinutes) * MINUTE),
  );
  const buffers = new Map<string | null, number>();
  const buffer = (service: string | null) => {
    let minutes = buffers.get(service);
    if (minutes === undefined) {
      minutes = bufferOf(settings, service);
      buffers.set(service, minutes);
    }
    return minutes * MINUTE;
  };
  return openSlots({
    ...request,
    busy: held.map((item) => ({
      staff: item.staff,
      start: item.start,
      end: item.end + buffer(item.service),
    })),
  });
}

/**
 * The open times an appointment may move to, in [from, to): its staff member's, for its length, with its
 * service's buffer free after it (the call's offer and the customer's page alike).
 */
export async function openSlotsToMove(
  db: Database,
  appointment: Pick<AppointmentRow, 'accountId' | 'staff' | 'service' | 'startsAt' | 'endsAt'>,
  window: { timezone: string; from: Date; to: Date; now: Date },
): Promise<OpenSlot[]> {
  const { settings } = await bookingSettingsOf(db, appointment.accountId);
  return findOpenSlots(db, appointment.accountId, {
    ...window,
    settings,
    staff: [appointment.staff],
    durationMinutes: Math.round((appointment.endsAt.getTime() - appointment.startsAt.getTime()) / MINUTE),
    bufferMinutes: findService(settings, appointment.service)?.buffer_minutes ?? 0,
  });
}
