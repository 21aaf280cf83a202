import { z } from 'zod';
import { PLAN_IDS } from '../plans.ts';
import { pageSchema } from './pagination.ts';

/** The plans an account can move to: the paid ones (the trial is where every account starts). */
export const PAID_PLAN_IDS = ['starter', 'professional', 'enterprise'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

/** The largest monthly budget accepted, in US dollars. */
export const MAX_MONTHLY_BUDGET_USD = 1_000_000;

const usd = (description: string) => z.number().describe(`${description}, in US dollars`);

/** Who takes the money: `local` simulates it (no payment is taken), `stripe` charges a card through Stripe. */
export const BILLING_PROVIDERS = ['local', 'stripe'] as const;
export type BillingProviderName = (typeof BILLING_PROVIDERS)[number];

/** `past_due`: the last payment failed; calls are held until it is paid. */
export const PAYMENT_STATUSES = ['ok', 'past_due'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

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
  provider: z
    .enum(BILLING_PROVIDERS)
    .describe(
      'Who takes the money: local (billing is simulated on this installation: no payment is taken) or stripe',
    ),
  payment_status: z
    .enum(PAYMENT_STATUSES)
    .describe(
      'ok, or past_due: the last payment failed, and calls are held until the card is updated and it is paid',
    ),
  manage_billing: z
    .boolean()
    .describe(
      'Whether POST /v1/billing/portal opens the payment provider’s portal (card, invoices, cancellation)',
    ),
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

/** Where the payment provider's pages (checkout, portal) are: the browser is sent there. */
export const providerPageSchema = z.object({
  url: z.url().describe('The payment provider’s page to send the browser to'),
});
export type ProviderPage = z.infer<typeof providerPageSchema>;

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;

export const invoiceSchema = z.object({
  id: z.string().describe('The payment provider’s invoice id (in_…)'),
  number: z.string().nullable().describe('The invoice number shown on it, e.g. "CW-0001"; null for a draft'),
  status: z.enum(INVOICE_STATUSES).describe('draft, open (awaiting payment), paid, uncollectible or void'),
  amount_usd: usd('The invoice’s total'),
  amount_paid_usd: usd('What was paid of it'),
  description: z.string().describe('What it is for, in words (its lines)'),
  created_at: z.iso.datetime().describe('When the invoice was made'),
  invoice_url: z
    .url()
    .nullable()
    .describe('The provider’s page for the invoice (pay it, or its receipt once paid)'),
  pdf_url: z.url().nullable().describe('The invoice as a PDF'),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = z.object({
  data: z.array(invoiceSchema).describe('The most recent invoices, newest first (at most 24)'),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

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
