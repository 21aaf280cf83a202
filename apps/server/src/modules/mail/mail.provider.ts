import type { Database } from '@callwise/db/client';
import { insertMail } from '@callwise/db/queries/mail';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where e-mail goes: an SMTP server in production, the local outbox (shown at /_dev/mail) otherwise. */
export interface MailProvider {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export function createMailProvider(options: { smtpUrl?: string; from: string; db: Database }): MailProvider {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  return {
    kind: 'outbox',
    async send(message) {
      await insertMail(options.db, message);
    },
  };
}
