import type { DatabaseHandle } from '@callwise/db/client';
import type PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import type { JobDefinition } from '../infra/queue.ts';
import { apiMaintenanceJob } from '../modules/api-keys/api-maintenance.job.ts';
import { appointmentEmailsJob } from '../modules/appointments/appointment-emails.ts';
import { calendarRefreshJob } from '../modules/appointments/sources/calendar-refresh.job.ts';
import { calendarWritebacksJob } from '../modules/appointments/sources/calendar-writebacks.ts';
import { waitlistJob } from '../modules/appointments/waitlist.job.ts';
import { authMaintenanceJob } from '../modules/auth/auth-maintenance.job.ts';
import { recoveryEmailJob } from '../modules/auth/recovery-email.job.ts';
import { billingUsageJob } from '../modules/billing/billing-usage.job.ts';
import {
  callFailureAlertJob,
  callMessageAlertsJob,
  callsDailySummaryJob,
} from '../modules/calls/call-notifications.job.ts';
import { recordingsPurgeJob } from '../modules/calls/recordings-purge.job.ts';
import { contactsImportJob } from '../modules/contacts/contacts-import.job.ts';
import { sendEmailJob } from '../modules/mail/send-email.job.ts';
import { sendMessagesJob } from '../modules/messages/message-sender.ts';
import { textFollowUpsJob } from '../modules/messages/text-follow-ups.ts';
import type { Services } from '../services.ts';
import { databaseMaintenanceJob } from './database-maintenance.job.ts';
import { databaseStatisticsJob } from './database-statistics.job.ts';

export interface JobDeps {
  config: Config;
  database: DatabaseHandle;
  queue: PgBoss;
  /**
   * The services the jobs use, built in `services.ts`. A job reads them only when it runs: the build registers the
   * jobs' queues with none (`apps/server/build.mjs`).
   */
  services: Services;
}

/** Every job the worker runs, with what they need. */
export function createJobs(deps: JobDeps) {
  const { services } = deps;
  return [
    sendEmailJob(() => services.mail),
    recoveryEmailJob(() => services.auth),
    authMaintenanceJob(deps.database.db),
    apiMaintenanceJob(deps.database.db),
    contactsImportJob(deps.database.db),
    databaseMaintenanceJob(deps.database),
    // Statistics kept as autovacuum would: only on the embedded engine, which has none (PostgreSQL keeps its own).
    ...(deps.database.kind === 'pglite' ? [databaseStatisticsJob(deps.database.db)] : []),
    callFailureAlertJob({
      db: deps.database.db,
      queue: deps.queue,
      publicUrl: deps.config.PUBLIC_URL,
      windowMs: deps.config.FAILURE_ALERT_WINDOW_SECONDS * 1000,
    }),
    callsDailySummaryJob({ db: deps.database.db, queue: deps.queue, publicUrl: deps.config.PUBLIC_URL }),
    callMessageAlertsJob({ db: deps.database.db, queue: deps.queue, publicUrl: deps.config.PUBLIC_URL }),
    calendarRefreshJob(() => services.calendars),
    appointmentEmailsJob(() => services.appointmentEmails),
    waitlistJob(() => services.waitlist),
    calendarWritebacksJob(() => services.calendarWritebacks),
    sendMessagesJob(() => services.messageSender),
    textFollowUpsJob(() => services.textFollowUps),
    // Extra calls reported to Stripe: only when Stripe takes the payments (simulated billing reports nothing).
    ...(deps.config.STRIPE_SECRET_KEY ? [billingUsageJob(() => services.billing)] : []),
    recordingsPurgeJob({
      db: deps.database.db,
      storage: () => services.storage,
      retentionDays: deps.config.RECORDING_RETENTION_DAYS,
    }),
  ] satisfies JobDefinition[];
}

/** A job of the server: its name and payload type `sendJob` (`jobs/send.ts`). */
export type ServerJob = ReturnType<typeof createJobs>[number];
