import { findAccount } from '@callwise/db/queries/accounts';
import { countBillableCalls, dailyCallCounts, listCalls, summarizeCalls } from '@callwise/db/queries/calls';
import { countContacts } from '@callwise/db/queries/contacts';
import { percentOf } from '@callwise/shared/format';
import { PLANS, type PlanId } from '@callwise/shared/plans';
import { dashboardSchema } from '@callwise/shared/schemas/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.ts';
import { callResponse } from '../calls/call-response.ts';

/** The first instant of the current calendar month (UTC): paid plans count calls per month. */
const monthStart = (now = new Date()) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

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
      const account = await findAccount(db, accountId);
      if (!account) throw notFound('Account');
      const plan = PLANS[(account.plan as PlanId) in PLANS ? (account.plan as PlanId) : 'trial'];
      const [summary, contacts, recent, daily, used] = await Promise.all([
        summarizeCalls(db, accountId, {}),
        countContacts(db, accountId),
        listCalls(db, accountId, { limit: 5 }),
        dailyCallCounts(db, accountId, 30),
        countBillableCalls(db, accountId, plan.id === 'trial' ? null : monthStart()),
      ]);
      const remaining = Math.max(0, plan.callsIncluded - used);
      return {
        total_calls: summary.total,
        success_rate: percentOf(summary.completed, summary.total),
        average_duration: summary.averageDuration,
        contacts,
        usage: {
          plan: plan.id,
          used,
          included: plan.callsIncluded,
          remaining,
          percent: Math.min(100, percentOf(used, plan.callsIncluded)),
        },
        recent_calls: recent.rows.map(callResponse),
        daily,
      };
    },
  );
};

export default dashboardRoutes;
