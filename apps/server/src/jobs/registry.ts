import type { DatabaseHandle } from '@callwise/db/client';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { JobDefinition } from '../lib/queue.ts';
import { createMailProvider } from '../modules/mail/mail.provider.ts';
import { sendEmailJob } from '../modules/mail/send-email.job.ts';

export interface JobDeps {
  config: Config;
  database: DatabaseHandle;
}

/** Every job the worker runs, built with what they need. */
export function createJobs(deps: JobDeps): JobDefinition<z.ZodType>[] {
  const mail = createMailProvider({
    smtpUrl: deps.config.SMTP_URL,
    from: deps.config.MAIL_FROM,
    db: deps.database.db,
  });
  return [sendEmailJob(mail) as unknown as JobDefinition<z.ZodType>];
}
