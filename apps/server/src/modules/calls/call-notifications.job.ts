import type { Database } from '@callwise/db/client';
import {
  claimMessageAlerts,
  failedCallsBetween,
  notificationRecipients,
  summarizeCallsBetween,
} from '@callwise/db/queries/call-reports';
import { formatCost } from '@callwise/shared/format';
import { formatPhone } from '@callwise/shared/phone';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import { CALL_FAILURE_ALERT, CALL_MESSAGE_ALERTS, callFailureAlertPayload } from '../../engine/index.ts';
import { defineJob } from '../../infra/queue.ts';
import { sendJob } from '../../jobs/send.ts';
import { callerMessageMail, callFailedMail, dailySummaryMail } from '../mail/mail.templates.ts';
import { SEND_EMAIL } from '../mail/send-email.job.ts';

/**
 * E-mails the account's users who switched failure alerts on about the calls that ended without reaching
 * anyone during one window: one e-mail per window, however many calls failed in it.
 */
export function callFailureAlertJob(deps: {
  db: Database;
  queue: PgBoss;
  publicUrl: string;
  windowMs: number;
}) {
  return defineJob({
    name: CALL_FAILURE_ALERT,
    schema: callFailureAlertPayload,
    queue: { retryLimit: 3, retryDelay: 30, retryBackoff: true },
    pollingIntervalSeconds: 1,
    handler: async ({ accountId, windowStart }) => {
      const recipients = await notificationRecipients(deps.db, accountId, 'failureAlerts');
      if (recipients.length === 0) return;
      const failed = await failedCallsBetween(
        deps.db,
        accountId,
        new Date(windowStart),
        new Date(windowStart + deps.windowMs),
      );
      if (failed.length === 0) return;
      for (const recipient of recipients) {
        const mail = callFailedMail({
          name: recipient.firstName || undefined,
          calls: failed.map((call) => ({
            recipient: call.recipientName,
            phone: call.phone,
            status: call.status,
            attempts: call.attempts,
            reason: call.failureReason,
          })),
          url: `${deps.publicUrl}/call-history`,
        });
        await sendJob(deps.queue, SEND_EMAIL, { to: recipient.email, ...mail });
      }
    },
  });
}

export const CALLS_DAILY_SUMMARY = 'calls-daily-summary';

/** Every morning (07:00 UTC): yesterday's calls, to the users who switched call summaries on. */
export function callsDailySummaryJob(deps: { db: Database; queue: PgBoss; publicUrl: string }) {
  return defineJob({
    name: CALLS_DAILY_SUMMARY,
    schema: z.object({ date: z.iso.date().optional() }).passthrough(),
    cron: '0 7 * * *',
    handler: async (payload) => {
      const day = payload.date ? new Date(`${payload.date}T00:00:00Z`) : startOfUtcDay(-1);
      const next = new Date(day.getTime() + 86_400_000);
      const date = day.toISOString().slice(0, 10);
      for (const summary of await summarizeCallsBetween(deps.db, day, next)) {
        const recipients = await notificationRecipients(deps.db, summary.accountId, 'callSummaries');
        for (const recipient of recipients) {
          const mail = dailySummaryMail({
            name: recipient.firstName || undefined,
            date,
            ...summary,
            cost: formatCost(summary.cost),
            url: `${deps.publicUrl}/call-history`,
          });
          await sendJob(deps.queue, SEND_EMAIL, { to: recipient.email, ...mail });
        }
      }
    },
  });
}

function startOfUtcDay(offsetDays: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offsetDays));
}

/**
 * E-mails the users who want them the messages callers left and the call backs they asked for (decision 026):
 * every minute, and woken by the call engine when a conversation ends in one. Each call is claimed before its
 * e-mails are queued, so a message is never e-mailed twice (a crash between the two loses that one e-mail).
 */
export function callMessageAlertsJob(deps: { db: Database; queue: PgBoss; publicUrl: string }) {
  return defineJob({
    name: CALL_MESSAGE_ALERTS,
    schema: z.object({}).passthrough(),
    cron: '* * * * *',
    queue: { retryLimit: 0 },
    pollingIntervalSeconds: 1,
    handler: async () => {
      for (;;) {
        const claimed = await claimMessageAlerts(deps.db, 50);
        for (const call of claimed) {
          const recipients = await notificationRecipients(deps.db, call.accountId, 'messageAlerts');
          const ended = call.dialogue?.stage === 'ended' ? call.dialogue : null;
          for (const recipient of recipients) {
            const mail = callerMessageMail({
              name: recipient.firstName || undefined,
              caller: call.direction === 'inbound' && !call.contactId ? 'A caller' : call.recipientName,
              phone: formatPhone(call.phone),
              inbound: call.direction === 'inbound',
              message: ended?.message ?? null,
              callback: ended?.callback ?? null,
              url: `${deps.publicUrl}/call-history?call=${call.id}`,
            });
            await sendJob(deps.queue, SEND_EMAIL, { to: recipient.email, ...mail });
          }
        }
        if (claimed.length < 50) return;
      }
    },
  });
}
