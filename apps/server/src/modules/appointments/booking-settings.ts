import type { Database } from '@callwise/db/client';
import { findBookingSettings } from '@callwise/db/queries/booking-settings';
import {
  type BookingSettings,
  DEFAULT_BOOKING_SETTINGS,
  type Service,
} from '@callwise/shared/schemas/booking';

/** The account's booking settings, or the defaults when it never saved any; with when they last changed. */
export async function bookingSettingsOf(
  db: Database,
  accountId: string,
): Promise<{ settings: BookingSettings; updatedAt: Date | null }> {
  const row = await findBookingSettings(db, accountId);
  return row
    ? { settings: row.settings, updatedAt: row.updatedAt }
    : { settings: DEFAULT_BOOKING_SETTINGS, updatedAt: null };
}

/** The service of this name (any case), if the settings have it. */
export function findService(settings: BookingSettings, name: string | null | undefined): Service | undefined {
  if (!name) return undefined;
  const lower = name.toLowerCase();
  return settings.services.find((service) => service.name.toLowerCase() === lower);
}
