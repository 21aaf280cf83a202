import { type PaidPlanId, type ProviderPage, providerPageSchema } from '@callwise/shared/schemas/billing';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Opens the payment provider's checkout for a first paid plan (Stripe, from the trial): answers the page to send
 * the browser to. The plan changes when the provider confirms the payment, not here.
 */
export function startCheckout(input: { plan: PaidPlanId }): Promise<ProviderPage> {
  return api.post('/billing/checkout', input, providerPageSchema);
}

/** Starts the checkout and sends the browser to it; the dialog shows a refusal itself. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: startCheckout,
    meta: { silentErrors: true },
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
