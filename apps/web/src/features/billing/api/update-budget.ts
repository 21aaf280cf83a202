import { type Billing, billingSchema, type UpdateBudgetInput } from '@callwise/shared/schemas/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { billingQueryKey } from '@/features/billing/api/get-billing';
import { api } from '@/lib/api-client';

/** Sets the monthly budget for extra calls (null removes it); answers the billing summary. */
export function updateBudget(input: UpdateBudgetInput): Promise<Billing> {
  return api.patch('/billing/budget', input, billingSchema);
}

export function useUpdateBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBudget,
    // The form shows the server's field message itself.
    meta: { silentErrors: true },
    onSuccess: (billing) => {
      toast.success('Budget saved', {
        description:
          billing.monthly_budget_usd === null
            ? 'Extra calls are no longer capped.'
            : 'Calls that would pass it will not be scheduled.',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingQueryKey }),
  });
}
