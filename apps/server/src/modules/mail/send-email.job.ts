import { z } from 'zod';
import { defineJob } from '../../infra/queue.ts';
import type { MailProvider } from './mail.provider.ts';

export const SEND_EMAIL = 'send-email';

export const sendEmailPayload = z.object({
  to: z.email(),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string(),
});
export type SendEmailPayload = z.infer<typeof sendEmailPayload>;

/** Sends one e-mail; a failing SMTP server is retried with backoff. */
/** `mail` is read when a job runs (the build registers the job without it). */
export function sendEmailJob(mail: () => MailProvider) {
  return defineJob({
    name: SEND_EMAIL,
    schema: sendEmailPayload,
    queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
    pollingIntervalSeconds: 0.5,
    concurrency: 2,
    handler: async (payload) => {
      await mail().send(payload);
    },
  });
}
