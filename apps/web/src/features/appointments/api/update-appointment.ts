import {
  type Appointment,
  appointmentSchema,
  type UpdateAppointmentInput,
} from '@callwise/shared/schemas/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentsQueryKey } from '@/features/appointments/api/get-appointments';
import { api } from '@/lib/api-client';

/** Corrects an appointment in place (its service, staff member, length, location, notes). */
export function updateAppointment({
  id,
  ...patch
}: UpdateAppointmentInput & { id: string }): Promise<Appointment> {
  return api.patch(`/appointments/${encodeURIComponent(id)}`, patch, appointmentSchema);
}

export function useUpdateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppointment,
    meta: { errorTitle: 'Error updating appointment' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentsQueryKey }),
  });
}
