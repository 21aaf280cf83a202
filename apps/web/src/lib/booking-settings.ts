import { type BookingSettingsResponse, bookingSettingsSchema } from '@callwise/shared/schemas/booking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookingSettingsQueryKey } from '@/lib/query-keys';

/**
 * The account's booking settings (the defaults until first saved), with its time zone: Settings → Booking edits
 * them, the Appointments page reads their staff members and services.
 */
export function getBookingSettings(signal?: AbortSignal): Promise<BookingSettingsResponse> {
  return api.get('/booking-settings', bookingSettingsSchema, signal);
}

export const bookingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: bookingSettingsQueryKey,
    queryFn: ({ signal }) => getBookingSettings(signal),
    meta: { errorTitle: 'Error loading booking settings' },
  });

export function useBookingSettings() {
  return useQuery(bookingSettingsQueryOptions());
}
