import {
  type SelfServiceAppointment,
  selfServiceAppointmentSchema,
  selfServiceSlotsSchema,
} from '@callwise/shared/schemas/self-service';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { publicRequest } from '@/lib/public-api';

// The customer's page (no account: the link's token is the key). Errors are shown on the page itself.

const base = (token: string) => `/self-service/${encodeURIComponent(token)}`;

export const selfServiceQueryKey = (token: string) => ['self-service', token] as const;

export const selfServiceAppointmentQuery = (token: string) =>
  queryOptions({
    queryKey: selfServiceQueryKey(token),
    queryFn: ({ signal }) =>
      publicRequest(base(token), selfServiceAppointmentSchema, { method: 'GET', signal }),
    meta: { silentErrors: true },
    staleTime: 0,
  });

export function useSelfServiceAppointment(token: string) {
  return useQuery(selfServiceAppointmentQuery(token));
}

/** The open times to move to (the next two weeks, same staff member and length). */
export function useSelfServiceSlots(token: string, enabled: boolean) {
  return useQuery({
    queryKey: [...selfServiceQueryKey(token), 'slots'],
    queryFn: ({ signal }) =>
      publicRequest(`${base(token)}/slots`, selfServiceSlotsSchema, { method: 'GET', signal }),
    meta: { silentErrors: true },
    staleTime: 0,
    enabled,
  });
}

export type SelfServiceChange =
  | { action: 'confirm' }
  | { action: 'cancel' }
  | { action: 'reschedule'; starts_at: string };

/** Confirm, cancel or move; the answer is the appointment as it is now (after a move: the new one). */
export function useSelfServiceChange(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SelfServiceChange): Promise<SelfServiceAppointment> =>
      publicRequest(`${base(token)}/${change.action}`, selfServiceAppointmentSchema, {
        method: 'POST',
        body: change.action === 'reschedule' ? { starts_at: change.starts_at } : {},
      }),
    meta: { silentErrors: true },
    onSuccess: (appointment) => {
      queryClient.setQueryData(selfServiceQueryKey(appointment.token), appointment);
      if (appointment.token !== token) queryClient.setQueryData(selfServiceQueryKey(token), appointment);
    },
  });
}
