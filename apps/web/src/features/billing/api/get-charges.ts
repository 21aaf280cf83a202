import { chargeListSchema } from '@callwise/shared/schemas/billing';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { billingQueryKey } from '@/features/billing/api/get-billing';
import { api } from '@/lib/api-client';

export const CHARGES_PAGE_SIZE = 10;

/** One page of the billing history, newest first. */
export function getCharges(cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(CHARGES_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get(`/billing/charges?${params}`, chargeListSchema, signal);
}

export const chargesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...billingQueryKey, 'charges'],
    queryFn: ({ pageParam, signal }) => getCharges(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    meta: { errorTitle: 'Error loading billing history' },
  });

export function useCharges() {
  return useInfiniteQuery(chargesQueryOptions());
}
