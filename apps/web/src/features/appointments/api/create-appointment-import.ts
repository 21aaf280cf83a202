import {
  type AppointmentImportResult,
  appointmentImportResultSchema,
  type CreateAppointmentImportInput,
} from '@callwise/shared/schemas/appointment-imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentsQueryKey } from '@/features/appointments/api/get-appointments';
import { api } from '@/lib/api-client';

/** Sends a CSV file and its column mapping; the server books the rows at once and says what it did. */
export function createAppointmentImport(
  input: CreateAppointmentImportInput,
): Promise<AppointmentImportResult> {
  return api.post('/appointments/imports', input, appointmentImportResultSchema);
}

export function useCreateAppointmentImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointmentImport,
    meta: { errorTitle: 'Error importing appointments' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentsQueryKey }),
  });
}
