import { type CallingRules, callingRulesSchema } from '@callwise/shared/schemas/calling-rules';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The account's calling rules (the Settings page edits them; the same query key shares the cache). */
export function useCallingWindow() {
  return useQuery({
    queryKey: ['calling-rules'],
    queryFn: ({ signal }): Promise<CallingRules> =>
      api.get('/account/calling-rules', callingRulesSchema, signal),
    staleTime: 60_000,
    meta: { errorTitle: 'Error loading calling rules' },
  });
}
