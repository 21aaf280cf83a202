import { type Appointment, appointmentSchema } from '@callwise/shared/schemas/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentsQueryKey } from '@/features/appointments/api/get-appointments';
import { api } from '@/lib/api-client';

/** The customer said yes (through you): the appointment is confirmed. */
export function confirmAppointment(id: string): Promise<Appointment> {
  return api.post(`/appointments/${encodeURIComponent(id)}/confirm`, {}, appointmentSchema);
}

export function useConfirmAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmAppointment,
    meta: { errorTitle: 'Error confirming appointment' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentsQueryKey }),
  });
}
