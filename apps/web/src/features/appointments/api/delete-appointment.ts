import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { appointmentsQueryKey } from '@/features/appointments/api/get-appointments';
import { api } from '@/lib/api-client';

/** Removes an appointment for good (cancelling keeps it in the history). */
export function deleteAppointment(id: string): Promise<null> {
  return api.delete(`/appointments/${encodeURIComponent(id)}`, z.null());
}

export function useDeleteAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppointment,
    meta: { errorTitle: 'Error deleting appointment' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentsQueryKey }),
  });
}
