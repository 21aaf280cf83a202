import { localDay } from '@callwise/shared/calling-window';
import { appointmentSchema } from '@callwise/shared/schemas/appointments';
import { MAX_PAGE_SIZE, pageSchema } from '@callwise/shared/schemas/pagination';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { activeTimeZone } from '@/lib/dates';
import { appointmentsQueryKey } from '@/lib/query-keys';

/** Today's and tomorrow's bounds in the business's time zone. */
export function todayAndTomorrow(now: Date, zone: string) {
  const today = localDay(now, zone);
  const tomorrow = localDay(today.end, zone);
  return { today, tomorrow };
}

/** The appointments of today and tomorrow in the business's time zone (the first 100: a busy clinic's two days). */
export function useUpcomingAppointments(now: Date = new Date()) {
  const zone = activeTimeZone();
  const { today, tomorrow } = todayAndTomorrow(now, zone);
  const query = new URLSearchParams({
    from: today.start.toISOString(),
    to: tomorrow.end.toISOString(),
    limit: String(MAX_PAGE_SIZE),
  });
  return {
    today,
    tomorrow,
    ...useQuery({
      queryKey: [...appointmentsQueryKey, 'upcoming', today.key, zone],
      queryFn: ({ signal }) => api.get(`/appointments?${query}`, pageSchema(appointmentSchema), signal),
      meta: { errorTitle: 'Error loading upcoming appointments' },
    }),
  };
}
