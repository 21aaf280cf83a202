import {
  type CallingRules,
  callingRulesSchema,
  type UpdateCallingRulesInput,
} from '@callwise/shared/schemas/calling-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { callingRulesQueryKey } from '@/lib/calling-rules';

/** Changes the rules given; answers all of them. */
export function updateCallingRules(input: UpdateCallingRulesInput): Promise<CallingRules> {
  return api.patch('/account/calling-rules', input, callingRulesSchema);
}

/** Saves the rules; the form shows a refusal under its fields (no toast for those). */
export function useUpdateCallingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCallingRules,
    meta: { silentErrors: true },
    onSuccess: (rules) => queryClient.setQueryData(callingRulesQueryKey, rules),
  });
}
