import { campaignDetailSchema } from '@callwise/shared/schemas/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignsQueryKey } from '@/features/campaigns/api/get-campaigns';
import { api } from '@/lib/api-client';

/** While calls are going out, the campaign is asked for again this often (call events refresh it sooner). */
const RUNNING_REFRESH_MS = 5_000;

/** One campaign with its progress, outcomes and skipped contacts. */
export function getCampaign(id: string, signal?: AbortSignal) {
  return api.get(`/campaigns/${encodeURIComponent(id)}`, campaignDetailSchema, signal);
}

export const campaignQueryKey = (id: string) => [...campaignsQueryKey, 'detail', id] as const;

export const campaignQueryOptions = (id: string) =>
  queryOptions({
    queryKey: campaignQueryKey(id),
    queryFn: ({ signal }) => getCampaign(id, signal),
    // The page shows its own error state (404 included).
    meta: { silentErrors: true },
    refetchInterval: (query) => (query.state.data?.state === 'running' ? RUNNING_REFRESH_MS : false),
  });

export function useCampaign(id: string) {
  return useQuery(campaignQueryOptions(id));
}
