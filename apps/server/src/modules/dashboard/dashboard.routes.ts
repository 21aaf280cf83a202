import { findAccount, onboardingFacts, setChecklistHidden } from '@callwise/db/queries/accounts';
import { billingState } from '@callwise/db/queries/billing';
import { dailyCallCounts, listCalls, summarizeCalls } from '@callwise/db/queries/calls';
import { countContacts } from '@callwise/db/queries/contacts';
import { countRefilledSlots } from '@callwise/db/queries/waitlist';
import { apiErrorSchema } from '@callwise/shared/errors';
import { percentOf } from '@callwise/shared/format';
import {
  dashboardSchema,
  type Onboarding,
  onboardingSchema,
  updateOnboardingInputSchema,
} from '@callwise/shared/schemas/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../http/app-error.ts';
import { callResponse } from '../calls/call-response.ts';
import { DASHBOARD_EXAMPLES } from './dashboard.examples.ts';

/** The first-run checklist: each step done or not, from the account's own data. */
function onboardingOf(
  account: NonNullable<Awaited<ReturnType<typeof findAccount>>>,
  contacts: number,
  facts: Awaited<ReturnType<typeof onboardingFacts>>,
): Onboarding {
  const steps: Onboarding['steps'] = [
    { id: 'profile', done: account.profileSavedAt !== null },
    { id: 'contacts', done: contacts > 0 },
    { id: 'script', done: facts.hasScript },
    { id: 'test_call', done: facts.hasTestCall },
    { id: 'upgrade', done: account.plan !== 'trial' },
  ];
  return {
    steps,
    done: steps.filter((step) => step.done).length,
    total: steps.length,
    hidden: account.checklistHiddenAt !== null,
  };
}

/** The dashboard's numbers, all from the account's real data. */
const dashboardRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/dashboard',
    {
      schema: {
        tags: ['account'],
        summary: 'Dashboard numbers',
        description:
          'Totals over placed calls (a call waiting for its time is not counted yet), the success rate (answered calls with a positive outcome), the plan’s allowance, the 5 calls placed most recently with their outcomes, and 30 days of placed calls by result in the account’s time zone.',
        response: { 200: dashboardSchema },
        examples: DASHBOARD_EXAMPLES.getDashboard,
      },
    },
    async (request) => {
      const db = fastify.database.db;
      const accountId = request.auth.accountId;
      const account = await findAccount(db, accountId);
      if (!account) throw notFound('Account');
      // The same count as billing: the trial's whole life, else the account's billing month.
      const [summary, contacts, recent, daily, billing, facts, refilled] = await Promise.all([
        summarizeCalls(db, accountId, {}),
        countContacts(db, accountId),
        listCalls(db, accountId, { limit: 5, placedOnly: true }),
        dailyCallCounts(db, accountId, 30, account.timezone),
        billingState(db, account),
        onboardingFacts(db, accountId),
        countRefilledSlots(db, accountId, 30),
      ]);
      const { used, included } = billing;
      const remaining = Math.max(0, included - used);
      return {
        total_calls: summary.placed,
        success_rate: percentOf(summary.positive, summary.answered),
        scheduled_calls: summary.notPlaced,
        needs_attention: summary.needsAttention,
        average_duration: summary.averageDuration,
        contacts,
        usage: {
          plan: billing.plan,
          used,
          included,
          remaining,
          percent: Math.min(100, percentOf(used, included)),
        },
        recent_calls: recent.rows.map(callResponse),
        daily,
        slots_refilled: refilled,
        timezone: account.timezone,
        onboarding: onboardingOf(account, contacts, facts),
      };
    },
  );

  fastify.patch(
    '/dashboard/onboarding',
    {
      schema: {
        tags: ['account'],
        summary: 'Hide or show the first-run checklist',
        description:
          'Hides the dashboard’s first-run checklist for the whole account (or shows it again); answers the checklist.',
        body: updateOnboardingInputSchema,
        response: { 200: onboardingSchema, 400: apiErrorSchema },
        examples: DASHBOARD_EXAMPLES.hideOrShowChecklist,
      },
    },
    async (request) => {
      const db = fastify.database.db;
      const accountId = request.auth.accountId;
      await setChecklistHidden(db, accountId, request.body.hidden);
      const account = await findAccount(db, accountId);
      if (!account) throw notFound('Account');
      const [contacts, facts] = await Promise.all([
        countContacts(db, accountId),
        onboardingFacts(db, accountId),
      ]);
      return onboardingOf(account, contacts, facts);
    },
  );
};

export default dashboardRoutes;
