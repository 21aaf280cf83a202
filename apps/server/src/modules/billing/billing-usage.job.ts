import { z } from 'zod';
import { defineJob } from '../../infra/queue.ts';
import type { BillingService } from './billing.service.ts';

export const BILLING_USAGE = 'billing-usage';

/** The most charges one run reports; a run with more left goes on until none are. */
const BATCH = 500;

/**
 * Every minute, with Stripe (decision 036): extra calls billed since the last run are reported to Stripe's meter
 * (each with its charge's id as the identifier, so a report repeated after a crash counts once), and refunds of
 * cancelled extra calls cancel theirs. Each charge is marked reported after Stripe took it. Also run when a worker
 * starts. With simulated billing there is nothing to report.
 */
export function billingUsageJob(billing: () => BillingService) {
  return defineJob({
    name: BILLING_USAGE,
    schema: z.object({}).passthrough(),
    cron: '* * * * *',
    // A worker that stopped between Stripe's answer and the mark left charges to send again: at once on start.
    runAtStart: true,
    queue: { retryLimit: 0 },
    handler: async () => {
      while ((await billing().reportUsage(BATCH)) === BATCH) {
        // A backlog (a worker stopped for a while): the next batch at once.
      }
    },
  });
}
