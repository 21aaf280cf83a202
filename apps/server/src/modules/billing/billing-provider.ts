import { randomBytes } from 'node:crypto';
import type { SubscriptionState } from '@callwise/db/queries/stripe-billing';
import { PLANS } from '@callwise/shared/plans';
import type { BillingProviderName, Invoice, PaidPlanId } from '@callwise/shared/schemas/billing';

/** What a billing provider did for a plan change. */
export interface PlanCharge {
  /** The provider's reference for the charge (an invoice or payment id). */
  providerRef: string;
  /** What it charged, in US dollars. */
  chargedUsd: number;
}

/** The account as a payment provider needs it. */
export interface BillingCustomer {
  id: string;
  name: string;
  /** Where receipts go: the owner's address. */
  email: string;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
}

/** A webhook event, reduced to what it concerns; the subscription is read afresh from the provider. */
export interface BillingEvent {
  id: string;
  type: string;
  /** The account it names itself (checkout's client_reference_id), when it does. */
  accountId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  /** A paid invoice, to record in the billing history. */
  paidInvoice: { id: string; amountUsd: number; description: string; createdAt: Date } | null;
  /**
   * Caused by a plan change our own API asked for (POST /v1/billing/plan): the API writes that change to the audit
   * log as the signed-in user's, so the event does not write it again as the provider's.
   */
  ourPlanChange: boolean;
}

/** An extra call, or the refund of one, as metered usage. */
export interface UsageReport {
  /** Our charge's id: the meter event's identifier, so that a report sent twice counts once. */
  id: string;
  customerId: string;
  at: Date;
  /** For a refund: the id of the extra call's charge whose usage it cancels. */
  cancels: string | null;
}

/** The provider refused a request (a declined card, a bad request) or could not be reached. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /** The provider's answer, for the logs. */
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/**
 * Where money is taken: the product decides what to charge (decision 012), the provider takes it. Our own ledger
 * (`billing_charges`) is written by BillingService with the plan change, from what `changePlan` answers. The
 * Stripe adapter (decision 036) adds checkout, the customer portal, invoices, metered usage and webhooks.
 */
export interface BillingProvider {
  readonly name: BillingProviderName;
  /**
   * Charges the account for a new billing month of `plan`, starting now. A provider with subscriptions answers
   * the subscription's new state too (the plan is applied from it).
   */
  changePlan(
    account: BillingCustomer,
    plan: PaidPlanId,
  ): Promise<PlanCharge & { subscription?: SubscriptionState }>;
  /** A checkout page for a first paid plan (the account's customer is made first when it has none). */
  checkout?(
    account: BillingCustomer,
    plan: PaidPlanId,
    urls: { success: string; cancel: string },
  ): Promise<{ url: string; customerId: string }>;
  /** The customer portal (card, invoices, cancellation). */
  portal?(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** The vendor's invoices, newest first. */
  listInvoices?(customerId: string): Promise<Invoice[]>;
  /** Reports extra calls (and takes back refunded ones) as metered usage. */
  reportUsage?(usage: UsageReport[]): Promise<void>;
  /** Verifies a webhook's signature and reads the event (throws on a bad signature). */
  readWebhook?(rawBody: string, signature: string | undefined): BillingEvent;
  /** The subscription as the provider has it now. */
  subscription?(subscriptionId: string): Promise<SubscriptionState | null>;
}

/**
 * The default provider, for a product that runs without any account elsewhere: it takes no real money, and
 * answers a full month of the new plan's price (no proration) with a `local_…` reference.
 */
export class LocalBillingProvider implements BillingProvider {
  readonly name = 'local';

  async changePlan(_account: BillingCustomer, plan: PaidPlanId): Promise<PlanCharge> {
    return { providerRef: `local_${randomBytes(8).toString('hex')}`, chargedUsd: PLANS[plan].price };
  }
}
