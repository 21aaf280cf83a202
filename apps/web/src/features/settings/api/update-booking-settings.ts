import {
  type BookingSettingsInput,
  type BookingSettingsResponse,
  bookingSettingsSchema,
} from '@callwise/shared/schemas/booking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookingSettingsQueryKey } from '@/lib/query-keys';

/** Replaces the whole document; answers it as saved. */
export function updateBookingSettings(input: BookingSettingsInput): Promise<BookingSettingsResponse> {
  return api.put('/booking-settings', input, bookingSettingsSchema);
}

/** Saves the booking settings; the form shows a refusal under its fields (no toast for those). */
export function useUpdateBookingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookingSettings,
    meta: { silentErrors: true },
    onSuccess: (settings) => queryClient.setQueryData(bookingSettingsQueryKey, settings),
  });
}
