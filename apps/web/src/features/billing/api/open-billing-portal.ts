import { type ProviderPage, providerPageSchema } from '@callwise/shared/schemas/billing';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The payment provider's customer portal (card, invoices, cancellation): answers the page to send the browser to. */
export function openBillingPortal(): Promise<ProviderPage> {
  return api.post('/billing/portal', undefined, providerPageSchema);
}

/**
 * Opens the portal and sends the browser to it; the button shows a refusal itself. `opening` stays true once the
 * portal's address is in: the browser is on its way there.
 */
export function useOpenBillingPortal() {
  const portal = useMutation({
    mutationFn: openBillingPortal,
    meta: { silentErrors: true },
    onSuccess: ({ url }) => window.location.assign(url),
  });
  return { ...portal, opening: portal.isPending || portal.isSuccess };
}
