import { randomBytes } from 'node:crypto';
import { PLANS, type PlanId } from '@callwise/shared/plans';

/** What a billing provider did for a plan change. */
export interface PlanCharge {
  /** The provider's reference for the charge (an invoice or payment id). */
  providerRef: string;
  /** What it charged, in US dollars. */
  chargedUsd: number;
}

/** An invoice as the provider keeps it (for providers that have them). */
export interface ProviderInvoice {
  providerRef: string;
  amountUsd: number;
  createdAt: Date;
  url: string | null;
}

/**
 * Where money is taken: the product decides what to charge (decision 012), the provider takes it. Our own ledger
 * (`billing_charges`) is written by BillingService with the plan change, in one transaction, from what
 * `changePlan` answers. A vendor adapter (Stripe) implements the same interface.
 */
export interface BillingProvider {
  readonly name: string;
  /** Charges the account for a new billing month of `plan`, starting now. */
  changePlan(account: { id: string; name: string }, plan: PlanId): Promise<PlanCharge>;
  /** The vendor's invoices, when it keeps its own. */
  listInvoices?(account: { id: string }): Promise<ProviderInvoice[]>;
}

/**
 * The default provider, for a product that runs without any account elsewhere: it takes no real money, and
 * answers a full month of the new plan's price (no proration) with a `local_…` reference.
 */
export class LocalBillingProvider implements BillingProvider {
  readonly name = 'local';

  async changePlan(_account: { id: string; name: string }, plan: PlanId): Promise<PlanCharge> {
    return { providerRef: `local_${randomBytes(8).toString('hex')}`, chargedUsd: PLANS[plan].price };
  }
}

export function createBillingProvider(): BillingProvider {
  return new LocalBillingProvider();
}
