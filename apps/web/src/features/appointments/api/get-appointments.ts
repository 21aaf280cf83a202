import {
  type Appointment,
  type AppointmentStatus,
  appointmentSchema,
} from '@callwise/shared/schemas/appointments';
import { MAX_PAGE_SIZE, pageSchema } from '@callwise/shared/schemas/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { appointmentsQueryKey } from '@/lib/query-keys';

const appointmentsPageSchema = pageSchema(appointmentSchema);

/** Every appointment query (agenda ranges, single ones) starts with this key: any change refreshes them all. */
export { appointmentsQueryKey };

export interface AppointmentRange {
  /** The first instant shown (ISO). */
  from: string;
  /** The instant after the last one shown (ISO). */
  to: string;
  status?: AppointmentStatus;
  staff?: string;
}

/** Every appointment overlapping the range, in start order: the pages are read to the end (a week is small). */
export async function getAppointments(range: AppointmentRange, signal?: AbortSignal): Promise<Appointment[]> {
  const all: Appointment[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ from: range.from, to: range.to, limit: String(MAX_PAGE_SIZE) });
    if (range.status) params.set('status', range.status);
    if (range.staff) params.set('staff', range.staff);
    if (cursor) params.set('cursor', cursor);
    const page = await api.get(`/appointments?${params}`, appointmentsPageSchema, signal);
    all.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}

export const appointmentsQueryOptions = (range: AppointmentRange) =>
  queryOptions({
    queryKey: [...appointmentsQueryKey, 'range', range],
    queryFn: ({ signal }) => getAppointments(range, signal),
    meta: { errorTitle: 'Error loading appointments' },
  });

/** The agenda's appointments; the previous range stays on screen while the next one loads. */
export function useAppointments(range: AppointmentRange) {
  return useQuery({ ...appointmentsQueryOptions(range), placeholderData: keepPreviousData });
}
