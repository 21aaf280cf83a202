import { billingState, findBillingAccount } from '@callwise/db/queries/billing';
import { dailyCallCounts, listCalls, summarizeCalls } from '@callwise/db/queries/calls';
import { countContacts } from '@callwise/db/queries/contacts';
import { percentOf } from '@callwise/shared/format';
import { dashboardSchema } from '@callwise/shared/schemas/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.ts';
import { callResponse } from '../calls/call-response.ts';

/** The dashboard's numbers, all from the account's real data. */
const dashboardRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/dashboard',
    {
      schema: {
        tags: ['account'],
        summary: 'Dashboard numbers',
        description: 'Totals, the plan’s allowance, the 5 newest calls and 30 days of calls by outcome.',
        response: { 200: dashboardSchema },
      },
    },
    async (request) => {
      const db = fastify.database.db;
      const accountId = request.auth.accountId;
      const account = await findBillingAccount(db, accountId);
      if (!account) throw notFound('Account');
      // The same count as billing: the trial's whole life, else the account's billing month.
      const [summary, contacts, recent, daily, billing] = await Promise.all([
        summarizeCalls(db, accountId, {}),
        countContacts(db, accountId),
        listCalls(db, accountId, { limit: 5 }),
        dailyCallCounts(db, accountId, 30),
        billingState(db, account),
      ]);
      const { used, included } = billing;
      const remaining = Math.max(0, included - used);
      return {
        total_calls: summary.total,
        success_rate: percentOf(summary.completed, summary.total),
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
      };
    },
  );
};

export default dashboardRoutes;
