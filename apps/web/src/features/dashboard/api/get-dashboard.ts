import { type Dashboard, dashboardSchema } from '@callwise/shared/schemas/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardQueryKey } from '@/lib/query-keys';

/** The dashboard's numbers: totals, plan usage, the five latest calls and 30 days of calls per day. */
export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return api.get('/dashboard', dashboardSchema, signal);
}

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }) => getDashboard(signal),
    meta: { errorTitle: 'Error loading dashboard' },
  });

/** The dashboard page asks afresh each time it opens; the sidebar badge reuses whatever is cached. */
export function useDashboard() {
  return useQuery({ ...dashboardQueryOptions(), refetchOnMount: 'always' });
}
