import { type Appointment, appointmentSchema } from '@callwise/shared/schemas/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentsQueryKey } from '@/features/appointments/api/get-appointments';
import { api } from '@/lib/api-client';
import { waitlistQueryKey } from '@/lib/query-keys';

/** Moves an appointment: the old one becomes `rescheduled` and the answer is the new one, at the new time. */
export function rescheduleAppointment({
  id,
  starts_at,
}: {
  id: string;
  starts_at: string;
}): Promise<Appointment> {
  return api.post(`/appointments/${encodeURIComponent(id)}/reschedule`, { starts_at }, appointmentSchema);
}

export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleAppointment,
    meta: { errorTitle: 'Error moving appointment' },
    // Freeing a slot may offer it to the waitlist.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appointmentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: waitlistQueryKey }),
      ]),
  });
}
