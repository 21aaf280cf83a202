import type { DatabaseHandle } from '@callwise/db/client';
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { JobDefinition } from '../lib/queue.ts';
import { SecretBox } from '../lib/secret-box.ts';
import { apiMaintenanceJob } from '../modules/api-keys/api-maintenance.job.ts';
import { AppointmentEmailSender, appointmentEmailsJob } from '../modules/appointments/appointment-emails.ts';
import { SelfServiceLinks } from '../modules/appointments/self-service-link.ts';
import { CalcomClient } from '../modules/appointments/sources/calcom.ts';
import { calendarRefreshJob } from '../modules/appointments/sources/calendar-refresh.job.ts';
import {
  CalendarWritebackSender,
  calendarWritebacksJob,
} from '../modules/appointments/sources/calendar-writebacks.ts';
import { waitlistJob } from '../modules/appointments/waitlist.job.ts';
import { AuthService } from '../modules/auth/auth.service.ts';
import { authMaintenanceJob } from '../modules/auth/auth-maintenance.job.ts';
import { recoveryEmailJob } from '../modules/auth/recovery-email.job.ts';
import { callFailureAlertJob, callsDailySummaryJob } from '../modules/calls/call-notifications.job.ts';
import { recordingsPurgeJob } from '../modules/calls/recordings-purge.job.ts';
import { contactsImportJob } from '../modules/contacts/contacts-import.job.ts';
import { createMailProvider } from '../modules/mail/mail.provider.ts';
import { sendEmailJob } from '../modules/mail/send-email.job.ts';
import type { Services } from '../services.ts';
import { databaseMaintenanceJob } from './database-maintenance.job.ts';

export interface JobDeps {
  config: Config;
  database: DatabaseHandle;
  queue: PgBoss;
  services: Pick<Services, 'storage' | 'appointments' | 'waitlist' | 'calendars'>;
}

/** Every job the worker runs, built with what they need. */
export function createJobs(deps: JobDeps): JobDefinition<z.ZodType>[] {
  const mail = createMailProvider({
    smtpUrl: deps.config.SMTP_URL,
    from: deps.config.MAIL_FROM,
    db: deps.database.db,
  });
  const auth = new AuthService({ db: deps.database.db, config: deps.config, queue: deps.queue });
  return [
    sendEmailJob(mail),
    recoveryEmailJob(auth),
    authMaintenanceJob(deps.database.db),
    apiMaintenanceJob(deps.database.db),
    contactsImportJob(deps.database.db),
    databaseMaintenanceJob(deps.database),
    callFailureAlertJob({
      db: deps.database.db,
      queue: deps.queue,
      publicUrl: deps.config.PUBLIC_URL,
      windowMs: deps.config.FAILURE_ALERT_WINDOW_SECONDS * 1000,
    }),
    callsDailySummaryJob({ db: deps.database.db, queue: deps.queue, publicUrl: deps.config.PUBLIC_URL }),
    // Services are read when a job runs: the build registers the jobs' queues without them.
    calendarRefreshJob(() => deps.services.calendars),
    appointmentEmailsJob(
      new AppointmentEmailSender({
        db: deps.database.db,
        mail,
        links: new SelfServiceLinks({ secret: deps.config.JWT_SECRET, publicUrl: deps.config.PUBLIC_URL }),
      }),
    ),
    waitlistJob(deps.services.waitlist),
    calendarWritebacksJob(
      new CalendarWritebackSender({
        db: deps.database.db,
        calcom: (apiKey) => new CalcomClient({ apiKey, baseUrl: deps.config.CALCOM_API_BASE_URL }),
        secrets: new SecretBox(deps.config.JWT_SECRET),
        google: { writeBack: (...args) => deps.services.calendars.google.writeBack(...args) },
      }),
    ),
    recordingsPurgeJob({
      db: deps.database.db,
      storage: deps.services.storage,
      retentionDays: deps.config.RECORDING_RETENTION_DAYS,
    }),
  ] as unknown as JobDefinition<z.ZodType>[];
}
