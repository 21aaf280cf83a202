import {
  type Appointment,
  appointmentSchema,
  type CreateAppointmentInput,
} from '@callwise/shared/schemas/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentsQueryKey } from '@/features/appointments/api/get-appointments';
import { api } from '@/lib/api-client';

export function createAppointment(input: CreateAppointmentInput): Promise<Appointment> {
  return api.post('/appointments', input, appointmentSchema);
}

export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointment,
    meta: { errorTitle: 'Error booking appointment' },
    // A taken slot (409) also means the open times shown are out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentsQueryKey }),
  });
}
