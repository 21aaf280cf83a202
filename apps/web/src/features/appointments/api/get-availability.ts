import { availabilitySchema } from '@callwise/shared/schemas/booking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentsQueryKey } from '@/features/appointments/api/get-appointments';
import { api } from '@/lib/api-client';

export interface AvailabilityRequest {
  /** The first and the last start wanted (ISO): one day of the business. */
  from: string;
  to: string;
  service?: string;
  staff?: string;
  duration_minutes?: number;
}

/** The open slots of a day: the booking settings' hours less the appointments already holding a time. */
export function getAvailability(request: AvailabilityRequest, signal?: AbortSignal) {
  const params = new URLSearchParams({ from: request.from, to: request.to });
  if (request.service) params.set('service', request.service);
  if (request.staff) params.set('staff', request.staff);
  if (request.duration_minutes) params.set('duration_minutes', String(request.duration_minutes));
  return api.get(`/availability?${params}`, availabilitySchema, signal);
}

// Under the appointments key: booking, moving or cancelling one frees or takes slots.
export const availabilityQueryOptions = (request: AvailabilityRequest) =>
  queryOptions({
    queryKey: [...appointmentsQueryKey, 'availability', request],
    queryFn: ({ signal }) => getAvailability(request, signal),
    meta: { errorTitle: 'Error loading open times' },
  });

export function useAvailability(request: AvailabilityRequest, enabled: boolean) {
  return useQuery({ ...availabilityQueryOptions(request), enabled });
}
