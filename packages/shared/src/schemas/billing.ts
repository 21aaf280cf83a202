import { z } from 'zod';
import { PLAN_IDS } from '../plans.ts';
import { pageSchema } from './pagination.ts';

/** The plans an account can move to: the paid ones (the trial is where every account starts). */
export const PAID_PLAN_IDS = ['starter', 'professional', 'enterprise'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

/** The largest monthly budget accepted, in US dollars. */
export const MAX_MONTHLY_BUDGET_USD = 1_000_000;

const usd = (description: string) => z.number().describe(`${description}, in US dollars`);

export const billingSchema = z.object({
  plan: z.enum(PLAN_IDS).describe('The plan: trial, starter, professional or enterprise'),
  plan_name: z.string().describe('The plan’s name as shown, e.g. "Professional"'),
  price_usd: usd('The plan’s monthly price (0 for the trial)'),
  period_start: z.iso
    .datetime()
    .describe('When this billing month began (for the trial: when the trial began)'),
  period_end: z.iso
    .datetime()
    .nullable()
    .describe('When this billing month ends and the next begins; null for the trial, which has no months'),
  calls_included: z
    .number()
    .int()
    .describe('Calls the plan includes: per billing month, or in total for the trial'),
  calls_used: z
    .number()
    .int()
    .describe('Calls created in this billing month (the trial: ever), cancelled ones not counted'),
  calls_left: z.number().int().describe('Included calls still left'),
  extra_call_usd: usd('What each call beyond the allowance costs on a paid plan'),
  overage_calls: z.number().int().describe('Calls beyond the allowance this billing month'),
  overage_usd: usd('What the calls beyond the allowance cost this billing month'),
  monthly_budget_usd: z
    .number()
    .nullable()
    .describe(
      'The most the account will spend on extra calls in a billing month, in US dollars; null: no cap',
    ),
  budget_left_usd: z
    .number()
    .nullable()
    .describe('What is left of the monthly budget this billing month, in US dollars; null: no cap'),
});
export type Billing = z.infer<typeof billingSchema>;

export const changePlanInputSchema = z.strictObject({
  plan: z
    .enum(PAID_PLAN_IDS, { error: 'Choose starter, professional or enterprise' })
    .describe('The plan to move to: starter, professional or enterprise'),
});
export type ChangePlanInput = z.infer<typeof changePlanInputSchema>;

/** Dollars and cents: at most two decimals. */
const hasCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

export const updateBudgetInputSchema = z.strictObject({
  monthly_budget_usd: z
    .number({ error: 'Enter an amount in dollars, or null for no cap' })
    .min(0, 'The budget cannot be negative')
    .max(
      MAX_MONTHLY_BUDGET_USD,
      `The budget can be at most $${MAX_MONTHLY_BUDGET_USD.toLocaleString('en-US')}`,
    )
    .refine(hasCents, 'Use dollars and cents (at most two decimals)')
    .nullable()
    .describe(
      'The most to spend on extra calls in a billing month, in US dollars (0: no extra calls at all); null removes the cap',
    ),
});
export type UpdateBudgetInput = z.infer<typeof updateBudgetInputSchema>;

export const CHARGE_KINDS = ['subscription', 'overage', 'refund'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

export const chargeSchema = z.object({
  id: z.uuid().describe('The charge’s id'),
  kind: z
    .enum(CHARGE_KINDS)
    .describe('subscription (a plan’s month), overage (a call beyond the allowance) or refund (negative)'),
  description: z.string().describe('What the charge is for, in words'),
  amount_usd: usd('The amount (negative for a refund)'),
  call_id: z.uuid().nullable().describe('The call an overage charge or its refund is for, else null'),
  provider_ref: z
    .string()
    .nullable()
    .describe('The billing provider’s reference for a plan charge (local_… with the built-in provider)'),
  created_at: z.iso.datetime().describe('When the charge was made'),
});
export type Charge = z.infer<typeof chargeSchema>;

export const chargeListSchema = pageSchema(chargeSchema);
export type ChargeList = z.infer<typeof chargeListSchema>;

/** The most calls one estimate covers (a campaign's size). */
export const MAX_ESTIMATE_CALLS = 10_000;

export const estimateQuerySchema = z.object({
  calls: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_ESTIMATE_CALLS, `must be at most ${MAX_ESTIMATE_CALLS}`)
    .default(1)
    .describe(`How many calls to price (1-${MAX_ESTIMATE_CALLS}); 1 when absent`),
});

export const estimateSchema = z.object({
  calls: z.number().int().describe('How many calls were priced'),
  included_left: z
    .number()
    .int()
    .describe('Included calls left before these (this billing month, or of the trial)'),
  overage_calls: z.number().int().describe('How many of these calls would be beyond the allowance'),
  overage_usd: usd('What these calls would cost beyond the plan'),
  budget_left_usd: z
    .number()
    .nullable()
    .describe('What is left of the monthly budget before these calls, in US dollars; null: no cap'),
  allowed: z
    .boolean()
    .describe('Whether these calls could be scheduled now (false: trial used up, or over the budget)'),
  message: z.string().describe('The estimate in words, fit to show next to a Schedule button'),
});
export type Estimate = z.infer<typeof estimateSchema>;
