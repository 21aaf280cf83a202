import type {
  Billing,
  ChargeList,
  Estimate,
  InvoiceList,
  ProviderPage,
} from '@callwise/shared/schemas/billing';
import { operationExamples, pageOf } from '../../http/operation-examples.ts';

/** The billing summary of the examples' account (Professional, 3 calls this month, a $25 budget). */
export const EXAMPLE_BILLING: Billing = {
  plan: 'professional',
  plan_name: 'Professional',
  price_usd: 79,
  period_start: '2026-03-03T09:30:00.000Z',
  period_end: '2026-04-03T09:30:00.000Z',
  calls_included: 500,
  calls_used: 3,
  calls_left: 497,
  extra_call_usd: 0.5,
  overage_calls: 0,
  overage_usd: 0,
  monthly_budget_usd: 25,
  budget_left_usd: 25,
  provider: 'local',
  payment_status: 'ok',
  manage_billing: false,
};

/** The examples of each operation, beside its route in billing.routes.ts. */
export const BILLING_EXAMPLES = operationExamples({
  /** GET /v1/billing */
  getBilling: [
    { name: 'billing', summary: 'The plan and this month’s usage', status: 200, response: EXAMPLE_BILLING },
  ],
  /** POST /v1/billing/plan */
  changePlan: [
    {
      name: 'upgrade',
      summary: 'Move to Enterprise: a full month is charged and a new billing month begins',
      body: { plan: 'enterprise' },
      status: 200,
      response: {
        ...EXAMPLE_BILLING,
        plan: 'enterprise',
        plan_name: 'Enterprise',
        price_usd: 199,
        period_start: '2026-03-18T09:30:00.000Z',
        period_end: '2026-04-18T09:30:00.000Z',
        calls_included: 2000,
        calls_used: 0,
        calls_left: 2000,
        overage_calls: 0,
        overage_usd: 0,
        budget_left_usd: 25,
      } satisfies Billing,
    },
    {
      name: 'same_plan',
      summary: 'The plan the account is already on',
      body: { plan: 'enterprise' },
      status: 409,
      response: { error: { code: 'conflict', message: 'You are already on the Enterprise plan.' } },
    },
  ],
  /** POST /v1/billing/checkout */
  startCheckout: [
    {
      name: 'checkout',
      summary: 'Stripe Checkout for the Professional plan (with Stripe; the plan changes once it is paid)',
      body: { plan: 'professional' },
      status: 200,
      response: {
        url: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3D4e5F6g7H8',
      } satisfies ProviderPage,
    },
    {
      name: 'unknown_plan',
      summary: 'A plan that is not sold',
      body: { plan: 'gold' },
      status: 400,
      response: {
        error: {
          code: 'validation_failed',
          message: 'plan: Choose starter, professional or enterprise',
          details: [{ field: 'plan', message: 'Choose starter, professional or enterprise' }],
        },
      },
    },
  ],
  /** POST /v1/billing/portal */
  openBillingPortal: [
    {
      name: 'portal',
      summary: 'The Stripe Customer Portal (with Stripe, once the account has paid)',
      status: 200,
      response: { url: 'https://billing.stripe.com/p/session/test_YWNjdF8xUGJ4' } satisfies ProviderPage,
    },
  ],
  /** GET /v1/billing/invoices */
  listInvoices: [
    {
      name: 'invoices',
      summary: 'Stripe’s invoices and receipts, newest first',
      status: 200,
      response: {
        data: [
          {
            id: 'in_1PbXq2Lk9sT4uV7w',
            number: 'CW-0001',
            status: 'paid',
            amount_usd: 79,
            amount_paid_usd: 79,
            description: 'Callwise Professional',
            created_at: '2026-03-03T09:30:00.000Z',
            invoice_url: 'https://invoice.stripe.com/i/acct_1PbX/test_YWNjdF8x',
            pdf_url: 'https://pay.stripe.com/invoice/acct_1PbX/test_YWNjdF8x/pdf',
          },
        ],
      } satisfies InvoiceList,
    },
  ],
  /** PATCH /v1/billing/budget */
  setMonthlyBudget: [
    {
      name: 'cap',
      summary: 'Spend at most $25 a month on extra calls',
      body: { monthly_budget_usd: 25 },
      status: 200,
      response: EXAMPLE_BILLING,
    },
    {
      name: 'negative',
      summary: 'A budget below zero',
      body: { monthly_budget_usd: -5 },
      status: 400,
      response: {
        error: {
          code: 'validation_failed',
          message: 'monthly_budget_usd: The budget cannot be negative',
          details: [{ field: 'monthly_budget_usd', message: 'The budget cannot be negative' }],
        },
      },
    },
  ],
  /** GET /v1/billing/charges */
  listCharges: [
    {
      name: 'charges',
      summary: 'The billing history, newest first',
      query: { limit: 25 },
      status: 200,
      response: pageOf([
        {
          id: 'b7c8d9e0-f1a2-4b3c-8d4e-5f6a7b8c9d01',
          kind: 'subscription',
          description: 'Professional plan, Mar 3, 2026 – Apr 3, 2026',
          amount_usd: 79,
          call_id: null,
          provider_ref: 'local_5f1c9a2b7e3d4c60',
          created_at: '2026-03-03T09:30:00.000Z',
        },
      ]) satisfies ChargeList,
    },
  ],
  /** GET /v1/billing/estimate */
  estimateCostOfCalls: [
    {
      name: 'estimate',
      summary: 'What three more calls would cost',
      query: { calls: 3 },
      status: 200,
      response: {
        calls: 3,
        included_left: 497,
        overage_calls: 0,
        overage_usd: 0,
        budget_left_usd: null,
        allowed: true,
        message: 'Included in your plan (497 left this month)',
      } satisfies Estimate,
    },
  ],
});
