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

/**
 * How recent an answer the dashboard page takes as it opens. The sidebar's badge (same query) asks as the workspace
 * opens, a moment before the page's own chunk has loaded: that answer is the page's, not a second request.
 */
export const JUST_FETCHED_MS = 2_000;

/** The dashboard page asks afresh each time it opens, unless it was asked just now; the sidebar badge reuses whatever is cached. */
export function useDashboard() {
  return useQuery({
    ...dashboardQueryOptions(),
    refetchOnMount: (query) => (Date.now() - query.state.dataUpdatedAt < JUST_FETCHED_MS ? false : 'always'),
  });
}
