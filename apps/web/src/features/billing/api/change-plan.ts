import { PLANS } from '@callwise/shared/plans';
import { type Billing, billingSchema, type ChangePlanInput } from '@callwise/shared/schemas/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';

/**
 * Moves the account to a paid plan at once, with a full month of it: simulated with the local provider (no payment
 * is taken), charged to the card on file with Stripe. Answers the new billing summary. With Stripe, a first plan
 * is bought through the checkout instead (409 checkout_required).
 */
export function changePlan(input: ChangePlanInput): Promise<Billing> {
  return api.post('/billing/plan', input, billingSchema);
}

export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    meta: { errorTitle: 'Error changing plan' },
    onSuccess: (billing) => {
      toast.success('Plan changed', {
        description: `You are now on the ${PLANS[billing.plan].name} plan with ${billing.calls_included.toLocaleString()} calls a month.`,
      });
    },
    // The plan shows almost everywhere (the sidebar's usage, the voices allowed, API keys): refresh it all.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
