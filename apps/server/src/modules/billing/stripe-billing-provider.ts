import { randomUUID } from 'node:crypto';
import type { SubscriptionState } from '@callwise/db/queries/stripe-billing';
import { EXTRA_CALL_CENTS } from '@callwise/shared/billing';
import { PLANS } from '@callwise/shared/plans';
import {
  INVOICE_STATUSES,
  type Invoice,
  PAID_PLAN_IDS,
  type PaidPlanId,
} from '@callwise/shared/schemas/billing';
import Stripe from 'stripe';
import type {
  BillingCustomer,
  BillingEvent,
  BillingProvider,
  PlanCharge,
  UsageReport,
} from './billing-provider.ts';
import { PaymentProviderError } from './billing-provider.ts';

/** The meter (and its event name) extra calls are reported to. */
export const EXTRA_CALLS_METER = 'callwise_extra_calls';
/** The lookup key of a plan's monthly price; the extra calls' metered price is `callwise_extra_calls`. */
export const planLookupKey = (plan: PaidPlanId) => `callwise_${plan}_monthly`;
/** How the Idempotency-Key of our own plan change begins (its events carry it back as `request.idempotency_key`). */
const PLAN_CHANGE_KEY = 'callwise-plan-change-';
const PLAN_BY_LOOKUP_KEY = new Map<string, PaidPlanId>(
  PAID_PLAN_IDS.map((plan) => [planLookupKey(plan), plan]),
);

/**
 * What each of Stripe's subscription statuses means for the account: paid up, calls held until a payment goes
 * through (past due, unpaid, not yet paid, paused), or over (canceled, incomplete_expired).
 */
const SUBSCRIPTION_STATES: Record<string, SubscriptionState['status']> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  incomplete: 'past_due',
  paused: 'past_due',
};

export interface StripeBillingOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (a local stand-in in tests). */
  apiBaseUrl?: string;
}

type Prices = Record<PaidPlanId | 'extra', string>;

/** A Stripe error's words, for a person: a declined card says why; anything else says Stripe failed. */
function providerError(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new PaymentProviderError(`Your card was declined: ${error.message}`, error.raw);
  }
  if (error instanceof Stripe.errors.StripeError) {
    return new PaymentProviderError(
      `Stripe could not complete the request (${error.type}${error.code ? `, ${error.code}` : ''}). Try again in a minute.`,
      error.raw,
    );
  }
  return new PaymentProviderError('Stripe could not be reached. Try again in a minute.', error);
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

/**
 * The Stripe adapter (decision 036): a subscription per account, bought through Stripe Checkout, with one licensed
 * price per plan and a metered price for extra calls (prices found by lookup key, made when missing); plan changes
 * update the subscription (a full month at once, no proration, as decision 012 says); the customer portal; the
 * invoices; extra calls reported to a billing meter; webhooks verified with the library's `constructEvent`.
 */
export class StripeBillingProvider implements BillingProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;
  private prices: Promise<Prices> | null = null;

  constructor(private readonly options: StripeBillingOptions) {
    const base = options.apiBaseUrl ? new URL(options.apiBaseUrl) : null;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Callwise' },
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  /** Every price we sell, by lookup key: found once per process, made when missing (the meter first). */
  private ensurePrices(): Promise<Prices> {
    this.prices ??= this.findOrCreatePrices().catch((error: unknown) => {
      this.prices = null;
      throw providerError(error);
    });
    return this.prices;
  }

  private async findOrCreatePrices(): Promise<Prices> {
    const keys = [...PAID_PLAN_IDS.map(planLookupKey), EXTRA_CALLS_METER];
    const found = await this.stripe.prices.list({ lookup_keys: keys, active: true, limit: 10 });
    const byKey = new Map(found.data.map((price) => [price.lookup_key, price.id]));
    const prices = {} as Prices;
    for (const plan of PAID_PLAN_IDS) {
      const key = planLookupKey(plan);
      prices[plan] =
        byKey.get(key) ??
        (
          await this.stripe.prices.create(
            {
              currency: 'usd',
              unit_amount: PLANS[plan].price * 100,
              recurring: { interval: 'month' },
              product_data: { name: `Callwise ${PLANS[plan].name}` },
              lookup_key: key,
            },
            { idempotencyKey: `callwise-price-${key}` },
          )
        ).id;
    }
    prices.extra = byKey.get(EXTRA_CALLS_METER) ?? (await this.createExtraCallsPrice());
    return prices;
  }

  private async createExtraCallsPrice(): Promise<string> {
    const meters = await this.stripe.billing.meters.list({ limit: 100 });
    const meter =
      meters.data.find((m) => m.event_name === EXTRA_CALLS_METER) ??
      (await this.stripe.billing.meters.create(
        {
          display_name: 'Extra calls',
          event_name: EXTRA_CALLS_METER,
          default_aggregation: { formula: 'sum' },
          customer_mapping: { event_payload_key: 'stripe_customer_id', type: 'by_id' },
          value_settings: { event_payload_key: 'value' },
        },
        { idempotencyKey: 'callwise-meter-extra-calls' },
      ));
    const price = await this.stripe.prices.create(
      {
        currency: 'usd',
        unit_amount: EXTRA_CALL_CENTS,
        recurring: { interval: 'month', usage_type: 'metered', meter: meter.id },
        product_data: { name: 'Callwise extra calls' },
        lookup_key: EXTRA_CALLS_METER,
      },
      { idempotencyKey: `callwise-price-${EXTRA_CALLS_METER}` },
    );
    return price.id;
  }

  private async customerOf(account: BillingCustomer): Promise<string> {
    if (account.stripeCustomerId) return account.stripeCustomerId;
    // Made with what never changes, under the account's key: a checkout that failed after this and is tried again
    // within Stripe's 24 hours gets the same customer back, even if the business's name or the owner's address has
    // changed meanwhile (with them in the request, Stripe would refuse the key). They are set on it next.
    const customer = await this.stripe.customers.create(
      { metadata: { account_id: account.id } },
      { idempotencyKey: `callwise-customer-${account.id}` },
    );
    await this.stripe.customers.update(customer.id, { email: account.email, name: account.name });
    return customer.id;
  }

  async checkout(
    account: BillingCustomer,
    plan: PaidPlanId,
    urls: { success: string; cancel: string },
  ): Promise<{ url: string; customerId: string }> {
    try {
      const prices = await this.ensurePrices();
      const customerId = await this.customerOf(account);
      const metadata = { account_id: account.id, plan };
      const session = await this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: account.id,
        line_items: [{ price: prices[plan], quantity: 1 }, { price: prices.extra }],
        success_url: urls.success,
        cancel_url: urls.cancel,
        metadata,
        subscription_data: { metadata },
      });
      if (!session.url) throw new PaymentProviderError('Stripe answered a checkout without its page.');
      return { url: session.url, customerId };
    } catch (error) {
      throw providerError(error);
    }
  }

  async changePlan(
    account: BillingCustomer,
    plan: PaidPlanId,
  ): Promise<PlanCharge & { subscription?: SubscriptionState }> {
    if (!account.stripeSubscriptionId) {
      throw new PaymentProviderError('The account has no subscription at Stripe: use checkout.');
    }
    try {
      const prices = await this.ensurePrices();
      const current = await this.stripe.subscriptions.retrieve(account.stripeSubscriptionId);
      const item = current.items.data.find((i) => PLAN_BY_LOOKUP_KEY.has(i.price.lookup_key ?? ''));
      const updated = await this.stripe.subscriptions.update(
        current.id,
        {
          items: [item ? { id: item.id, price: prices[plan] } : { price: prices[plan], quantity: 1 }],
          // A full month of the new plan at once, nothing credited (decision 012).
          proration_behavior: 'none',
          billing_cycle_anchor: { type: 'now' },
          payment_behavior: 'error_if_incomplete',
          metadata: { account_id: account.id, plan },
        },
        // Its events carry this key back (event.request.idempotency_key), which marks the change as ours.
        { idempotencyKey: `${PLAN_CHANGE_KEY}${account.id}-${randomUUID()}` },
      );
      return {
        providerRef: idOf(updated.latest_invoice) ?? updated.id,
        chargedUsd: PLANS[plan].price,
        subscription: this.stateOf(updated),
      };
    } catch (error) {
      throw providerError(error);
    }
  }

  async portal(customerId: string, returnUrl: string): Promise<{ url: string }> {
    try {
      const session = await this.stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { url: session.url };
    } catch (error) {
      throw providerError(error);
    }
  }

  async listInvoices(customerId: string): Promise<Invoice[]> {
    try {
      const list = await this.stripe.invoices.list({ customer: customerId, limit: 24 });
      return list.data.map((invoice) => ({
        id: invoice.id ?? '',
        number: invoice.number ?? null,
        status: (INVOICE_STATUSES as readonly string[]).includes(invoice.status ?? '')
          ? (invoice.status as Invoice['status'])
          : 'open',
        amount_usd: invoice.total / 100,
        amount_paid_usd: invoice.amount_paid / 100,
        description: invoiceDescription(invoice),
        created_at: new Date(invoice.created * 1000).toISOString(),
        invoice_url: invoice.hosted_invoice_url ?? null,
        pdf_url: invoice.invoice_pdf ?? null,
      }));
    } catch (error) {
      throw providerError(error);
    }
  }

  async reportUsage(usage: UsageReport[]): Promise<void> {
    for (const report of usage) {
      try {
        if (report.cancels) {
          await this.stripe.billing.meterEventAdjustments.create({
            event_name: EXTRA_CALLS_METER,
            type: 'cancel',
            cancel: { identifier: report.cancels },
          });
        } else {
          await this.stripe.billing.meterEvents.create({
            event_name: EXTRA_CALLS_METER,
            payload: { stripe_customer_id: report.customerId, value: '1' },
            identifier: report.id,
            timestamp: Math.floor(report.at.getTime() / 1000),
          });
        }
      } catch (error) {
        // Sent before (a report cut off after Stripe took it): the identifier makes it count once.
        if (isDuplicateMeterEvent(error)) continue;
        throw providerError(error);
      }
    }
  }

  readWebhook(rawBody: string, signature: string | undefined): BillingEvent {
    const event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.options.webhookSecret);
    const object = event.data.object as unknown as Record<string, unknown>;
    const base: BillingEvent = {
      id: event.id,
      type: event.type,
      accountId: null,
      customerId: idOf(object.customer as string | { id: string } | null),
      subscriptionId: null,
      paidInvoice: null,
      ourPlanChange: event.request?.idempotency_key?.startsWith(PLAN_CHANGE_KEY) ?? false,
    };
    if (event.type === 'checkout.session.completed') {
      const session = event.data.object;
      return {
        ...base,
        accountId: session.client_reference_id ?? null,
        subscriptionId: idOf(session.subscription),
      };
    }
    if (event.type.startsWith('customer.subscription.')) {
      const subscription = object as unknown as Stripe.Subscription;
      return {
        ...base,
        accountId: subscription.metadata?.account_id ?? null,
        subscriptionId: subscription.id,
      };
    }
    if (event.type.startsWith('invoice.')) {
      const invoice = object as unknown as Stripe.Invoice;
      const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? legacy ?? null);
      const paid = event.type === 'invoice.paid' && invoice.amount_paid > 0 && invoice.id;
      return {
        ...base,
        subscriptionId,
        paidInvoice: paid
          ? {
              id: invoice.id as string,
              amountUsd: invoice.amount_paid / 100,
              description: `Invoice ${invoice.number ?? invoice.id}: ${invoiceDescription(invoice)}`,
              createdAt: new Date(invoice.created * 1000),
            }
          : null,
      };
    }
    return base;
  }

  async subscription(subscriptionId: string): Promise<SubscriptionState | null> {
    try {
      return this.stateOf(await this.stripe.subscriptions.retrieve(subscriptionId)) ?? null;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw providerError(error);
    }
  }

  /** The subscription as the account's plan depends on it (null: not one of ours, no account named). */
  private stateOf(subscription: Stripe.Subscription): SubscriptionState | undefined {
    const accountId = subscription.metadata?.account_id;
    const customerId = idOf(subscription.customer);
    if (!accountId || !customerId) return undefined;
    const item = subscription.items.data.find((i) => PLAN_BY_LOOKUP_KEY.has(i.price.lookup_key ?? ''));
    return {
      accountId,
      customerId,
      subscriptionId: subscription.id,
      status: SUBSCRIPTION_STATES[subscription.status] ?? 'ended',
      plan: item ? (PLAN_BY_LOOKUP_KEY.get(item.price.lookup_key ?? '') ?? null) : null,
    };
  }
}

/** An invoice's lines in words ("Callwise Professional; Callwise extra calls"). */
function invoiceDescription(invoice: Stripe.Invoice): string {
  const lines = (invoice.lines?.data ?? []).map((line) => line.description).filter(Boolean);
  return lines.length > 0 ? lines.join('; ') : (invoice.description ?? 'Callwise subscription');
}

/** Stripe's answer to a meter event whose identifier it already has. */
function isDuplicateMeterEvent(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeError &&
    (error.code === 'duplicate_meter_event' || /identifier/i.test(error.message ?? '')) &&
    error.statusCode === 400
  );
}
