import { type Billing, billingSchema } from '@callwise/shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { callsQueryKey } from '@/lib/query-keys';

/**
 * Every billing query starts with this key. It sits under the calls' key: usage, charges and estimates all
 * change when a call is scheduled or cancelled, and every change of calls refreshes them.
 */
export const billingQueryKey = [...callsQueryKey, 'billing'] as const;

/** The plan, its price, the billing month, its usage and extra calls, and the monthly budget. */
export function getBilling(signal?: AbortSignal): Promise<Billing> {
  return api.get('/billing', billingSchema, signal);
}

export const billingQueryOptions = () =>
  queryOptions({
    queryKey: [...billingQueryKey, 'summary'],
    queryFn: ({ signal }) => getBilling(signal),
    meta: { errorTitle: 'Error loading billing' },
  });

/** `refetchInterval`: asks again every so many milliseconds (while a payment's confirmation is awaited). */
export function useBilling({ refetchInterval }: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...billingQueryOptions(), refetchInterval });
}
