import { type Estimate, estimateSchema } from '@callwise/shared/schemas/billing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { billingQueryKey } from '@/features/billing/api/get-billing';
import { api } from '@/lib/api-client';

/** What scheduling `calls` calls now would cost, and whether they would be accepted. */
export function getEstimate(calls: number, signal?: AbortSignal): Promise<Estimate> {
  return api.get(`/billing/estimate?calls=${calls}`, estimateSchema, signal);
}

export const estimateQueryOptions = (calls: number) =>
  queryOptions({
    queryKey: [...billingQueryKey, 'estimate', calls],
    queryFn: ({ signal }) => getEstimate(calls, signal),
    // The estimate sits beside a form: when it cannot be had, the form still works and the server still checks.
    meta: { silentErrors: true },
  });

export function useEstimate(calls: number) {
  return useQuery({ ...estimateQueryOptions(calls), enabled: calls > 0, placeholderData: keepPreviousData });
}
