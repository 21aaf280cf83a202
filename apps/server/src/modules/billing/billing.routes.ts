import { apiErrorSchema } from '@callwise/shared/errors';
import {
  billingSchema,
  changePlanInputSchema,
  chargeListSchema,
  estimateQuerySchema,
  estimateSchema,
  invoiceListSchema,
  providerPageSchema,
  updateBudgetInputSchema,
} from '@callwise/shared/schemas/billing';
import { pageQuerySchema } from '@callwise/shared/schemas/pagination';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../http/audit.ts';
import { parseCursor } from '../../http/pagination.ts';
import { BILLING_EXAMPLES } from './billing.examples.ts';

const tags = ['billing'];

/** The signed-in owner's address (where the payment provider sends receipts). */
const sessionEmail = (request: FastifyRequest) => (request.auth.kind === 'session' ? request.auth.email : '');

/** The plan and its money (session only): the summary, plan changes, the monthly budget, the charges. */
const billingRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { billing } = fastify.services;

  fastify.get(
    '/billing',
    {
      schema: {
        tags,
        summary: 'The plan and this month’s usage',
        description:
          'The plan, its price, the billing month, the calls included and used, the calls beyond the allowance ' +
          'and what they cost, and the monthly budget for them. Signed-in session only.',
        response: { 200: billingSchema },
        examples: BILLING_EXAMPLES.getBilling,
      },
    },
    async (request) => billing.summary(request.auth.accountId),
  );

  fastify.post(
    '/billing/plan',
    {
      schema: {
        tags,
        summary: 'Change the plan',
        description:
          'Moves the account to a paid plan at once: a full month of the new plan is charged now (no proration) ' +
          'and a new billing month begins with its calls. Answers the new billing summary. Signed-in session only.',
        body: changePlanInputSchema,
        response: { 200: billingSchema, 400: apiErrorSchema, 409: apiErrorSchema },
        examples: BILLING_EXAMPLES.changePlan,
      },
    },
    async (request) => {
      const before = await billing.summary(request.auth.accountId);
      const after = await billing.changePlan(request.auth.accountId, request.body.plan);
      audit(request, {
        action: 'plan.changed',
        summary: `Changed the plan from ${before.plan_name} to ${after.plan_name}`,
        targetType: 'account',
        targetId: request.auth.accountId,
        details: { from: before.plan, to: after.plan, price_usd: after.price_usd },
      });
      return after;
    },
  );

  fastify.patch(
    '/billing/budget',
    {
      schema: {
        tags,
        summary: 'Set the monthly budget',
        description:
          'The most to spend on calls beyond the plan’s allowance in a billing month: a call that would pass it ' +
          'is refused with 402 budget_reached. null removes the cap. Signed-in session only.',
        body: updateBudgetInputSchema,
        response: { 200: billingSchema, 400: apiErrorSchema },
        examples: BILLING_EXAMPLES.setMonthlyBudget,
      },
    },
    async (request) => {
      const budget = request.body.monthly_budget_usd;
      const after = await billing.setBudget(request.auth.accountId, budget);
      audit(request, {
        action: 'budget.changed',
        summary:
          budget === null ? 'Removed the monthly budget' : `Set the monthly budget to $${budget.toFixed(2)}`,
        targetType: 'account',
        targetId: request.auth.accountId,
        details: { monthly_budget_usd: budget },
      });
      return after;
    },
  );

  fastify.post(
    '/billing/checkout',
    {
      schema: {
        tags,
        summary: 'Start checkout for a first paid plan',
        description:
          'With Stripe: answers the address of a Stripe Checkout page for a subscription to the plan (its monthly ' +
          'price and the metered price of extra calls), to send the browser to. The plan changes when Stripe ' +
          'confirms the payment (its webhook), and checkout returns the browser to Settings → Billing. With ' +
          'simulated billing: 409 billing_simulated (change the plan with POST /v1/billing/plan). Signed-in session only.',
        body: changePlanInputSchema,
        response: { 200: providerPageSchema, 400: apiErrorSchema, 409: apiErrorSchema, 502: apiErrorSchema },
        examples: BILLING_EXAMPLES.startCheckout,
      },
    },
    async (request) => billing.checkout(request.auth.accountId, sessionEmail(request), request.body.plan),
  );

  fastify.post(
    '/billing/portal',
    {
      schema: {
        tags,
        summary: 'Open the billing portal',
        description:
          'With Stripe: answers the address of the Stripe Customer Portal, where the card is changed, invoices ' +
          'are read and the subscription is cancelled. 409 no_billing_account before the first payment; 409 ' +
          'billing_simulated with simulated billing. Signed-in session only.',
        response: { 200: providerPageSchema, 409: apiErrorSchema, 502: apiErrorSchema },
        examples: BILLING_EXAMPLES.openBillingPortal,
      },
    },
    async (request) => billing.portal(request.auth.accountId, sessionEmail(request)),
  );

  fastify.get(
    '/billing/invoices',
    {
      schema: {
        tags,
        summary: 'List invoices',
        description:
          'The payment provider’s invoices and receipts, newest first (at most 24), each with its page and PDF. ' +
          'Empty with simulated billing, or before the first payment. Signed-in session only.',
        response: { 200: invoiceListSchema, 502: apiErrorSchema },
        examples: BILLING_EXAMPLES.listInvoices,
      },
    },
    async (request) => billing.invoices(request.auth.accountId),
  );

  fastify.get(
    '/billing/charges',
    {
      schema: {
        tags,
        summary: 'List charges',
        description:
          'The billing history, newest first: plan charges, calls beyond the allowance, and refunds of those ' +
          'calls when they were cancelled (negative amounts). Signed-in session only.',
        querystring: pageQuerySchema,
        response: { 200: chargeListSchema, 400: apiErrorSchema },
        examples: BILLING_EXAMPLES.listCharges,
      },
    },
    async (request) =>
      billing.charges(request.auth.accountId, {
        limit: request.query.limit,
        cursor: parseCursor(request.query.cursor),
      }),
  );
};

/** What calls would cost before they are scheduled (an API key may ask too). */
export const billingEstimateRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { billing } = fastify.services;

  fastify.get(
    '/billing/estimate',
    {
      schema: {
        tags,
        summary: 'Estimate the cost of calls',
        description:
          'What scheduling this many calls now would cost: how many the allowance still covers, how many would ' +
          'be extra and at what price, what is left of the monthly budget, and whether they would be accepted ' +
          '(false when the trial is used up or the budget would be passed), in numbers and in words.',
        querystring: estimateQuerySchema,
        response: { 200: estimateSchema, 400: apiErrorSchema },
        examples: BILLING_EXAMPLES.estimateCostOfCalls,
      },
    },
    async (request) => billing.estimate(request.auth.accountId, request.query.calls),
  );
};

export default billingRoutes;
