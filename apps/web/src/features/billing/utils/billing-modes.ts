import type { PlanId } from '@callwise/shared/plans';
import type { BillingProviderName } from '@callwise/shared/schemas/billing';

/** Said wherever a plan is shown or changed while no payment provider is connected (the local provider). */
export const SIMULATED_BILLING_TEXT = 'Billing is simulated on this installation: no payment is taken.';

/**
 * How a plan change is paid: `simulated` (the local provider: recorded, no payment is taken), `checkout` (Stripe,
 * from the trial: the first plan is bought on Stripe's checkout page) or `card` (Stripe, on a paid plan: the card
 * on file is charged a month of the new plan at once).
 */
export type PlanChangeMode = 'simulated' | 'checkout' | 'card';

export function planChangeMode(provider: BillingProviderName, currentPlan: PlanId): PlanChangeMode {
  if (provider === 'local') return 'simulated';
  return currentPlan === 'trial' ? 'checkout' : 'card';
}
