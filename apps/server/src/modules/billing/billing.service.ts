import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import {
  type BillingState,
  billingState,
  changeAccountPlan,
  findBillingAccount,
  type InsertCallsWithBillingResult,
  listCharges,
  setMonthlyBudget,
} from '@callwise/db/queries/billing';
import type { Cursor } from '@callwise/db/queries/cursor';
import {
  applyStripeEventOnce,
  findAccountByStripeIds,
  markUsageReported,
  recordPaidInvoice,
  setStripeCustomer,
  syncSubscription,
  unreportedUsage,
} from '@callwise/db/queries/stripe-billing';
import {
  billingPeriod,
  type CallsPrice,
  EXTRA_CALL_CENTS,
  formatUsd,
  priceCalls,
  toUsd,
} from '@callwise/shared/billing';
import { PLANS, planIdOf } from '@callwise/shared/plans';
import { paths } from '@callwise/shared/routes';
import type {
  Billing,
  Charge,
  ChargeKind,
  ChargeList,
  Estimate,
  InvoiceList,
  PaidPlanId,
  ProviderPage,
} from '@callwise/shared/schemas/billing';
import { AppError, notFound } from '../../http/app-error.ts';
import { crashPoint } from '../../infra/crash-points.ts';
import {
  type BillingCustomer,
  type BillingEvent,
  type BillingProvider,
  PaymentProviderError,
} from './billing-provider.ts';

/** Where the web app shows billing (plan, budget, history). */
export const BILLING_SETTINGS_URL = '/settings/billing';

/**
 * Where to upgrade, as an absolute address (an API caller has no page to resolve it against): the pricing page,
 * which shows a signed-in user their plan and changes it, the way the app's own upgrade links go.
 */
export const upgradeUrl = (publicUrl: string) => `${publicUrl}${paths.pricing}`;

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
/** "Apr 5, 2026" (billing months are reckoned in UTC). */
const day = (date: Date) => dayFormat.format(date);
const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

type Refusal = Extract<CallsPrice, { allowed: false }>;

/** Why calls cannot be scheduled, in words: the trial is used up, or they would pass the monthly budget. */
/** Why no call is accepted while the last payment is unpaid. */
export const PAST_DUE_MESSAGE =
  'Your last payment did not go through, so calls are held. Update your card in Settings → Billing; held calls go out once it is paid.';

function refusalMessage(state: BillingState, price: Refusal, count: number): string {
  if (price.reason === 'past_due') return PAST_DUE_MESSAGE;
  if (price.reason === 'call_limit') {
    return count > 1 && price.includedLeft > 0
      ? `Your free trial has ${price.includedLeft} of its ${state.included} calls left, fewer than the ${count} in this batch. Upgrade to a paid plan to schedule more calls.`
      : `Your free trial includes ${state.included} calls and all of them are used. Upgrade to a paid plan to schedule more calls.`;
  }
  const budget = formatUsd(toUsd(state.budgetCents ?? 0));
  const cost = formatUsd(toUsd(price.overageCents));
  const what =
    price.overageCalls === 1 ? 'This extra call' : `These ${plural(price.overageCalls, 'extra call')}`;
  const left = price.budgetLeftCents ?? 0;
  const next = state.periodEnd ? ` on ${day(state.periodEnd)}` : '';
  const why =
    left === 0
      ? `Your ${budget} monthly budget for extra calls is used up: ${what.toLowerCase()} would cost ${cost}.`
      : `${what} would cost ${cost}, more than the ${formatUsd(toUsd(left))} left of your ${budget} monthly budget for extra calls.`;
  return `${why} Raise the budget in Settings → Billing, or wait for your next billing month${next}.`;
}

/** The 402 for calls refused by the trial's limit or the monthly budget (`publicUrl`: config.PUBLIC_URL). */
export function billingRefusal(
  result: Extract<InsertCallsWithBillingResult, { ok: false }>,
  count: number,
  publicUrl: string,
) {
  const { state, price } = result;
  const message = refusalMessage(state, price, count);
  if (price.reason === 'past_due') {
    return new AppError('payment_past_due', message, { settings_url: BILLING_SETTINGS_URL });
  }
  if (price.reason === 'call_limit') {
    return new AppError('call_limit_reached', message, {
      used: state.used,
      included: state.included,
      upgrade_url: upgradeUrl(publicUrl),
    });
  }
  return new AppError('budget_reached', message, {
    monthly_budget_usd: toUsd(state.budgetCents ?? 0),
    budget_left_usd: toUsd(price.budgetLeftCents ?? 0),
    overage_usd: toUsd(price.overageCents),
    period_end: state.periodEnd?.toISOString() ?? null,
    settings_url: BILLING_SETTINGS_URL,
  });
}

/** The estimate in words, for the Schedule button. */
function estimateMessage(state: BillingState, price: CallsPrice, count: number): string {
  if (!price.allowed) return refusalMessage(state, price, count);
  if (price.overageCalls === 0) {
    const left = price.includedLeft.toLocaleString('en-US');
    return state.plan === 'trial'
      ? `Included in your free trial (${left} left)`
      : `Included in your plan (${left} left this month)`;
  }
  const cost = `${plural(price.overageCalls, 'extra call')}: ${formatUsd(toUsd(price.overageCents))}`;
  const why =
    price.includedLeft === 0
      ? `your plan’s ${plural(state.included, 'call')} this month are used`
      : `${price.includedLeft.toLocaleString('en-US')} of the ${count.toLocaleString('en-US')} are included in your plan`;
  const budget =
    price.budgetLeftCents === null
      ? ''
      : ` ${formatUsd(toUsd(price.budgetLeftCents - price.overageCents))} of your ${formatUsd(toUsd(state.budgetCents ?? 0))} monthly budget will be left.`;
  return `${cost} (${why}).${budget}`;
}

export interface BillingServiceDeps {
  db: Database;
  provider: BillingProvider;
  /** After an account changed plan (e.g. to forget cached API keys, whose access depends on the plan). */
  onPlanChanged?: (accountId: string) => void;
  /** Where checkout and the portal return the browser (config.PUBLIC_URL). */
  publicUrl: string;
}

/** The account as the payment provider needs it; `email`: where receipts go (the signed-in owner's). */
const customerOf = (
  account: { id: string; name: string; stripeCustomerId: string | null; stripeSubscriptionId: string | null },
  email: string,
): BillingCustomer => ({
  id: account.id,
  name: account.name,
  email,
  stripeCustomerId: account.stripeCustomerId,
  stripeSubscriptionId: account.stripeSubscriptionId,
});

/** A payment provider's failure as the API answers it (502 payment_provider_error). */
const providerFailure = (error: unknown) =>
  error instanceof PaymentProviderError ? new AppError('payment_provider_error', error.message) : error;

/** The account's plan and money: what it includes and has used, plan changes, the budget, the charges. */
export class BillingService {
  constructor(private readonly deps: BillingServiceDeps) {}

  private async state(accountId: string): Promise<BillingState> {
    const account = await findBillingAccount(this.deps.db, accountId);
    if (!account) throw notFound('Account');
    return billingState(this.deps.db, account);
  }

  async summary(accountId: string): Promise<Billing> {
    const state = await this.state(accountId);
    const plan = PLANS[state.plan];
    return {
      plan: plan.id,
      plan_name: plan.name,
      price_usd: plan.price,
      period_start: state.periodStart.toISOString(),
      period_end: state.periodEnd?.toISOString() ?? null,
      calls_included: state.included,
      calls_used: state.used,
      calls_left: Math.max(0, state.included - state.used),
      extra_call_usd: toUsd(EXTRA_CALL_CENTS),
      overage_calls: state.overageCalls,
      overage_usd: toUsd(state.overageCents),
      monthly_budget_usd: state.budgetCents === null ? null : toUsd(state.budgetCents),
      budget_left_usd:
        state.budgetCents === null ? null : toUsd(Math.max(0, state.budgetCents - state.overageCents)),
      provider: this.deps.provider.name,
      payment_status: state.pastDue ? 'past_due' : 'ok',
      manage_billing: Boolean(this.deps.provider.portal && state.stripeCustomerId),
    };
  }

  private async customer(accountId: string, email: string): Promise<BillingCustomer> {
    const account = await findAccount(this.deps.db, accountId);
    if (!account) throw notFound('Account');
    return customerOf(account, email);
  }

  private simulated(): never {
    throw new AppError(
      'billing_simulated',
      'Billing is simulated on this installation: no payment is taken, and there is no checkout, portal or invoice. Change the plan with POST /v1/billing/plan.',
    );
  }

  /** Stripe Checkout for a first paid plan: answers its page; the plan changes when Stripe says it is paid. */
  async checkout(accountId: string, email: string, plan: PaidPlanId): Promise<ProviderPage> {
    const { provider, publicUrl } = this.deps;
    if (!provider.checkout) this.simulated();
    const account = await this.customer(accountId, email);
    if (account.stripeSubscriptionId) {
      throw new AppError(
        'conflict',
        'You already have a subscription: change the plan with POST /v1/billing/plan, or manage it in the billing portal.',
      );
    }
    const back = `${publicUrl}${BILLING_SETTINGS_URL}?checkout=`;
    try {
      const page = await provider.checkout(account, plan, {
        success: `${back}success`,
        cancel: `${back}canceled`,
      });
      await setStripeCustomer(this.deps.db, accountId, page.customerId);
      return { url: page.url };
    } catch (error) {
      throw providerFailure(error);
    }
  }

  /** The payment provider's portal (card, invoices, cancellation). */
  async portal(accountId: string, email: string): Promise<ProviderPage> {
    const { provider, publicUrl } = this.deps;
    if (!provider.portal) this.simulated();
    const account = await this.customer(accountId, email);
    if (!account.stripeCustomerId) {
      throw new AppError(
        'no_billing_account',
        'There is nothing to manage yet: your card is added when you first choose a paid plan.',
      );
    }
    try {
      return await provider.portal(account.stripeCustomerId, `${publicUrl}${BILLING_SETTINGS_URL}`);
    } catch (error) {
      throw providerFailure(error);
    }
  }

  /** The payment provider's invoices (none with simulated billing). */
  async invoices(accountId: string): Promise<InvoiceList> {
    const { provider } = this.deps;
    const account = await findAccount(this.deps.db, accountId);
    if (!account) throw notFound('Account');
    if (!provider.listInvoices || !account.stripeCustomerId) return { data: [] };
    try {
      return { data: await provider.listInvoices(account.stripeCustomerId) };
    } catch (error) {
      throw providerFailure(error);
    }
  }

  /** Verifies a payment provider's webhook (401 on a bad signature) and reads its event. */
  readWebhook(rawBody: string, signature: string | undefined): BillingEvent {
    const { provider } = this.deps;
    if (!provider.readWebhook) throw notFound('Webhook');
    try {
      return provider.readWebhook(rawBody, signature);
    } catch {
      throw new AppError('unauthorized', 'This request does not carry a valid Stripe-Signature.');
    }
  }

  /**
   * Applies a verified webhook event once: the subscription it concerns is read afresh from the provider (so events
   * arriving out of order cannot set an old state), the plan and payment status follow it, and a paid invoice goes
   * into the billing history. Answers whether the event was new.
   */
  async applyEvent(event: BillingEvent): Promise<{ applied: boolean; accountId: string | null }> {
    const { db, provider } = this.deps;
    const subscription =
      event.subscriptionId && provider.subscription
        ? await provider.subscription(event.subscriptionId)
        : null;
    const named =
      subscription?.accountId ??
      event.accountId ??
      (await findAccountByStripeIds(db, {
        customerId: event.customerId,
        subscriptionId: event.subscriptionId,
      }));
    // An account deleted since (or an id that is not ours) is given nothing; the event is still noted as seen.
    const accountId = named && (await findAccount(db, named)) ? named : null;
    let planChanged = false;
    const applied = await applyStripeEventOnce(
      db,
      { id: event.id, type: event.type, accountId },
      async (tx) => {
        // Stripe's doing (checkout paid, a card failing, the portal), written to the audit log as Stripe's; a plan
        // change the API asked for is the user's, written by the API (whichever of the two arrives first).
        const audit = event.ourPlanChange ? 'payment' : 'everything';
        if (accountId && subscription) planChanged = await syncSubscription(tx, subscription, audit);
        if (accountId && event.paidInvoice) await recordPaidInvoice(tx, accountId, event.paidInvoice);
        crashPoint('stripe.webhook-before-commit');
      },
    );
    if (planChanged && accountId) this.deps.onPlanChanged?.(accountId);
    return { applied, accountId };
  }

  /** Reports extra calls (and refunds) not reported yet as metered usage; answers how many went. */
  async reportUsage(limit = 500): Promise<number> {
    const { db, provider } = this.deps;
    if (!provider.reportUsage) return 0;
    const usage = await unreportedUsage(db, limit);
    if (usage.length === 0) return 0;
    await provider.reportUsage(
      usage.map((row) => ({
        id: row.id,
        customerId: row.customerId,
        at: row.createdAt,
        cancels: row.kind === 'refund' ? row.refundOf : null,
      })),
    );
    crashPoint('billing.usage-after-report');
    await markUsageReported(
      db,
      usage.map((row) => row.id),
    );
    return usage.length;
  }

  /**
   * Moves the account to a paid plan at once: the provider charges a full month of the new plan, a new billing
   * month starts now (with the new plan's calls), and the charge is recorded with the change (decision 012).
   */
  async changePlan(accountId: string, planId: PaidPlanId): Promise<Billing> {
    const { db, provider } = this.deps;
    const account = await findAccount(db, accountId);
    if (!account) throw notFound('Account');
    const current = planIdOf(account.plan);
    const plan = PLANS[planId];
    if (current === planId) throw new AppError('conflict', `You are already on the ${plan.name} plan.`);
    if (provider.checkout) return this.changeSubscription(customerOf(account, ''), planId);
    const charge = await provider.changePlan(customerOf(account, ''), planId);
    const startedAt = new Date();
    const period = billingPeriod(startedAt, startedAt);
    const changed = await changeAccountPlan(db, accountId, {
      from: account.plan,
      to: planId,
      startedAt,
      charge: {
        amountUsd: charge.chargedUsd,
        description: `${plan.name} plan, ${day(period.start)} – ${day(period.end)}`,
        providerRef: charge.providerRef,
      },
    });
    if (!changed) {
      throw new AppError(
        'conflict',
        'Your plan was changed at the same moment elsewhere. Reload and try again.',
      );
    }
    this.deps.onPlanChanged?.(accountId);
    return this.summary(accountId);
  }

  /**
   * With a payment provider: the subscription's price changes, the card on file is charged a full month of the
   * new plan at once, and the plan follows the subscription (its invoice reaches the history by webhook).
   */
  private async changeSubscription(account: BillingCustomer, planId: PaidPlanId): Promise<Billing> {
    const accountId = account.id;
    if (!account.stripeSubscriptionId) {
      throw new AppError(
        'checkout_required',
        'Choose your first paid plan through checkout: POST /v1/billing/checkout answers its page.',
      );
    }
    let result: Awaited<ReturnType<BillingProvider['changePlan']>>;
    try {
      result = await this.deps.provider.changePlan(account, planId);
    } catch (error) {
      throw providerFailure(error);
    }
    if (result.subscription && (await syncSubscription(this.deps.db, result.subscription))) {
      this.deps.onPlanChanged?.(accountId);
    }
    return this.summary(accountId);
  }

  async setBudget(accountId: string, budgetUsd: number | null): Promise<Billing> {
    const row = await setMonthlyBudget(this.deps.db, accountId, budgetUsd);
    if (!row) throw notFound('Account');
    return this.summary(accountId);
  }

  async charges(accountId: string, page: { limit: number; cursor: Cursor | null }): Promise<ChargeList> {
    const result = await listCharges(this.deps.db, accountId, page);
    return {
      data: result.rows.map(
        (row): Charge => ({
          id: row.id,
          kind: row.kind as ChargeKind,
          description: row.description,
          amount_usd: row.amountUsd,
          call_id: row.callId,
          provider_ref: row.providerRef,
          created_at: row.createdAt.toISOString(),
        }),
      ),
      next_cursor: result.nextCursor,
    };
  }

  /** What `count` more calls would cost now, and whether they could be scheduled (the same rule as creating). */
  async estimate(accountId: string, count: number): Promise<Estimate> {
    const state = await this.state(accountId);
    const price = priceCalls(state, count);
    return {
      calls: count,
      included_left: price.includedLeft,
      overage_calls: price.overageCalls,
      overage_usd: toUsd(price.overageCents),
      budget_left_usd: price.budgetLeftCents === null ? null : toUsd(price.budgetLeftCents),
      allowed: price.allowed,
      message: estimateMessage(state, price, count),
    };
  }
}
