import { type Appointment, appointmentSchema } from '@callwise/shared/schemas/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentsQueryKey } from '@/features/appointments/api/get-appointments';
import { api } from '@/lib/api-client';
import { waitlistQueryKey } from '@/lib/query-keys';

/** Cancels an appointment: its slot is free again, and it stays in the history. */
export function cancelAppointment(id: string): Promise<Appointment> {
  return api.post(`/appointments/${encodeURIComponent(id)}/cancel`, {}, appointmentSchema);
}

export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    meta: { errorTitle: 'Error cancelling appointment' },
    // Freeing a slot may offer it to the waitlist.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appointmentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: waitlistQueryKey }),
      ]),
  });
}
