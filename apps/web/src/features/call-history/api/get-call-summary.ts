import { type CallSummary, callSummarySchema } from '@callwise/shared/schemas/calls';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CallFilters, callFilterKey, callFilterParams } from '@/features/call-history/api/call-filters';
import { api } from '@/lib/api-client';
import { callsQueryKey } from '@/lib/query-keys';

/** Counts, success rate, average duration and total cost of the calls the filters select. */
export function getCallSummary(filters: CallFilters, signal?: AbortSignal): Promise<CallSummary> {
  return api.get(`/calls/summary?${callFilterParams(filters)}`, callSummarySchema, signal);
}

export const callSummaryQueryOptions = (filters: CallFilters) =>
  queryOptions({
    queryKey: [...callsQueryKey, 'summary', callFilterKey(filters)],
    queryFn: ({ signal }) => getCallSummary(filters, signal),
    meta: { errorTitle: 'Error fetching call history' },
  });

export function useCallSummary(filters: CallFilters) {
  return useQuery({ ...callSummaryQueryOptions(filters), placeholderData: keepPreviousData });
}
