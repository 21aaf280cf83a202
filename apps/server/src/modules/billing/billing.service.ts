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
  PaidPlanId,
} from '@callwise/shared/schemas/billing';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { BillingProvider } from './billing-provider.ts';

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
function refusalMessage(state: BillingState, price: Refusal, count: number): string {
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
}

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
    };
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
    const charge = await provider.changePlan({ id: account.id, name: account.name }, planId);
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
