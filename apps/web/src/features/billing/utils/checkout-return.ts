/** The query parameter Stripe's checkout comes back with to /settings/billing: `success` or `canceled`. */
export const CHECKOUT_PARAM = 'checkout';
/** How often the plan is asked for while Stripe's confirmation (its webhook) is awaited. */
export const CHECKOUT_POLL_MS = 2_000;
/** How long it is awaited before the page stops asking and says it is late. */
export const CHECKOUT_WAIT_MS = 60_000;

export type CheckoutOutcome = 'success' | 'canceled';

/** How the browser came back from the checkout, if it did; any other value is ignored. */
export function checkoutOutcome(params: URLSearchParams): CheckoutOutcome | null {
  const value = params.get(CHECKOUT_PARAM);
  return value === 'success' || value === 'canceled' ? value : null;
}

/** The same parameters without the checkout's. */
export function withoutCheckout(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(CHECKOUT_PARAM);
  return next;
}
