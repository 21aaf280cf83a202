import type { PlanId } from './plans.ts';
import { EXTRA_CALL_PRICE_USD } from './product.ts';

// Money is counted in whole cents, so that $0.50 × 3 is $1.50 and never $1.4999999.

/** What a call beyond a paid plan's allowance costs, in cents. */
export const EXTRA_CALL_CENTS = Math.round(EXTRA_CALL_PRICE_USD * 100);

export const toCents = (usd: number) => Math.round(usd * 100);
export const toUsd = (cents: number) => cents / 100;

const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** "$1,234.50", "-$0.50" */
export const formatUsd = (usd: number) => usdFormat.format(usd);

/** `months` after `anchor` on the anchor's day of the month (the last day in a shorter month), same time. */
function addMonths(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/**
 * The billing month of a paid plan that `now` falls in. It starts on the day of the month the plan started, at
 * the same time of day (UTC); in a month too short for that day, on its last day (a plan started on Jan 31 renews
 * on Feb 28 or 29, then on Mar 31). Decision 012.
 */
export function billingPeriod(planStartedAt: Date, now: Date = new Date()): { start: Date; end: Date } {
  let months =
    (now.getUTCFullYear() - planStartedAt.getUTCFullYear()) * 12 +
    (now.getUTCMonth() - planStartedAt.getUTCMonth());
  while (addMonths(planStartedAt, months).getTime() > now.getTime()) months--;
  while (addMonths(planStartedAt, months + 1).getTime() <= now.getTime()) months++;
  return { start: addMonths(planStartedAt, months), end: addMonths(planStartedAt, months + 1) };
}

/** Where an account stands in its billing month (the trial: in its whole life). */
export interface BillingPosition {
  plan: PlanId;
  /** Calls included: this month, or in total for the trial. */
  included: number;
  /** Calls counted against them (cancelled calls give their place back). */
  used: number;
  /** What extra calls cost this month so far, in cents. */
  overageCents: number;
  /** The monthly budget for extra calls in cents; null: no cap. */
  budgetCents: number | null;
  /** The last payment failed (a payment provider's subscription is past due): no call is accepted until it is paid. */
  pastDue?: boolean;
}

export type CallsPrice =
  | {
      allowed: true;
      includedLeft: number;
      overageCalls: number;
      overageCents: number;
      /** Left of the budget before these calls; null: no cap. */
      budgetLeftCents: number | null;
    }
  | {
      allowed: false;
      /**
       * The trial's calls are used up (a hard limit), the calls would pass the monthly budget, or the last
       * payment failed.
       */
      reason: 'call_limit' | 'budget' | 'past_due';
      includedLeft: number;
      overageCalls: number;
      overageCents: number;
      budgetLeftCents: number | null;
    };

/**
 * What `count` more calls would cost: the first ones take the allowance that is left, every one after it costs
 * an extra call on a paid plan. The trial has no extra calls (its limit is hard), and extra calls must fit what
 * is left of the monthly budget. Calls within the allowance are never stopped by the budget.
 */
export function priceCalls(position: BillingPosition, count: number): CallsPrice {
  const includedLeft = Math.max(0, position.included - position.used);
  const overageCalls = Math.max(0, count - includedLeft);
  // The trial sells no extra calls: the calls beyond it are refused, not priced.
  const overageCents = position.plan === 'trial' ? 0 : overageCalls * EXTRA_CALL_CENTS;
  const budgetLeftCents =
    position.budgetCents === null ? null : Math.max(0, position.budgetCents - position.overageCents);
  const base = { includedLeft, overageCalls, overageCents, budgetLeftCents };
  if (position.pastDue) return { allowed: false, reason: 'past_due', ...base };
  if (position.plan === 'trial' && overageCalls > 0) return { allowed: false, reason: 'call_limit', ...base };
  if (budgetLeftCents !== null && overageCents > budgetLeftCents) {
    return { allowed: false, reason: 'budget', ...base };
  }
  return { allowed: true, ...base };
}
