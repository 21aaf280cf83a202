import { campaignSchema } from '@callwise/shared/schemas/campaigns';
import { pageSchema } from '@callwise/shared/schemas/pagination';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { callsQueryKey } from '@/lib/query-keys';

const campaignsPageSchema = pageSchema(campaignSchema);

export const CAMPAIGNS_PAGE_SIZE = 20;

/**
 * Every campaign query starts with this key. It sits under the calls key, so that every live call event (and
 * scheduling or cancelling a call) refreshes the campaigns' progress too.
 */
export const campaignsQueryKey = [...callsQueryKey, 'campaigns'] as const;

/** One page of the account's campaigns, newest first, each with its progress. */
export function getCampaigns(cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(CAMPAIGNS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get(`/campaigns?${params}`, campaignsPageSchema, signal);
}

export const campaignsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...campaignsQueryKey, 'list'],
    queryFn: ({ pageParam, signal }) => getCampaigns(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    meta: { errorTitle: 'Error loading campaigns' },
  });

export function useCampaigns() {
  return useInfiniteQuery(campaignsQueryOptions());
}
