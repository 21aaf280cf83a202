import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useBilling } from '@/features/billing/api/get-billing';
import {
  CHECKOUT_POLL_MS,
  CHECKOUT_WAIT_MS,
  checkoutOutcome,
  withoutCheckout,
} from '@/features/billing/utils/checkout-return';

/**
 * Where the page is with a return from Stripe's checkout: `waiting` for Stripe to confirm the payment (the plan
 * changes with its webhook, not with the redirect), `late` when it has not in a minute, `canceled` when the
 * customer left the checkout; null otherwise.
 */
export type CheckoutReturnState = 'waiting' | 'late' | 'canceled' | null;

/**
 * Back from the checkout on /settings/billing?checkout=…: with `success`, asks for the plan every 2 seconds (for
 * up to a minute) until it is no longer the trial, then says so in a toast; with `canceled`, says nothing was
 * charged. Either way the parameter leaves the address (replaced, so Back does not bring it again).
 */
export function useCheckoutReturn(): { state: CheckoutReturnState; dismiss: () => void } {
  const [params, setParams] = useSearchParams();
  const outcome = checkoutOutcome(params);
  const [state, setState] = useState<CheckoutReturnState>(() =>
    outcome === 'success' ? 'waiting' : outcome,
  );
  const queryClient = useQueryClient();
  const billing = useBilling({ refetchInterval: state === 'waiting' ? CHECKOUT_POLL_MS : false });
  const plan = billing.data?.plan;
  const planName = billing.data?.plan_name;
  const provider = billing.data?.provider;

  const removeParam = useCallback(
    () => setParams((current) => withoutCheckout(current), { replace: true, preventScrollReset: true }),
    [setParams],
  );

  // Also when the address changes while the page is open.
  useEffect(() => {
    if (outcome === 'canceled') {
      setState('canceled');
      removeParam();
    } else if (outcome === 'success') {
      setState('waiting');
    }
  }, [outcome, removeParam]);

  useEffect(() => {
    if (state !== 'waiting') return;
    const timer = window.setTimeout(() => {
      setState('late');
      removeParam();
    }, CHECKOUT_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [state, removeParam]);

  // Without Stripe (the local provider) there is no checkout to come back from: nothing to wait for.
  useEffect(() => {
    if (state !== 'waiting' || provider !== 'local') return;
    setState(null);
    removeParam();
  }, [state, provider, removeParam]);

  useEffect(() => {
    if (state !== 'waiting' || !plan || plan === 'trial') return;
    setState(null);
    removeParam();
    toast.success(`You are on the ${planName} plan.`);
    // The plan shows almost everywhere (the sidebar's usage, the voices allowed, API keys): refresh it all.
    void queryClient.invalidateQueries();
  }, [state, plan, planName, removeParam, queryClient]);

  return { state, dismiss: useCallback(() => setState(null), []) };
}
