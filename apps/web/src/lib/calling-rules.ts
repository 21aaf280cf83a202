import { type CallingRules, callingRulesSchema } from '@callwise/shared/schemas/calling-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The account's calling window, daily cap per contact and disclosure, with the business's name: edited in Settings,
 * read by the schedule form to say when a call will go out.
 */
export function getCallingRules(signal?: AbortSignal): Promise<CallingRules> {
  return api.get('/account/calling-rules', callingRulesSchema, signal);
}

export const callingRulesQueryKey = ['calling-rules'] as const;

export const callingRulesQueryOptions = () =>
  queryOptions({
    queryKey: callingRulesQueryKey,
    queryFn: ({ signal }) => getCallingRules(signal),
    meta: { errorTitle: 'Error loading calling rules' },
  });

export function useCallingRules() {
  return useQuery(callingRulesQueryOptions());
}
