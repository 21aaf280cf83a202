import type { Database } from '@callwise/db/client';
import { insertMail } from '@callwise/db/queries/mail';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Sent as List-Unsubscribe with one-click (RFC 8058): mail clients show their own unsubscribe button. */
  unsubscribeUrl?: string;
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
      async send({ unsubscribeUrl, ...message }) {
        await transport.sendMail({
          from: options.from,
          ...message,
          ...(unsubscribeUrl
            ? {
                headers: {
                  'List-Unsubscribe': `<${unsubscribeUrl}>`,
                  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                },
              }
            : {}),
        });
      },
    };
  }
  return {
    kind: 'outbox',
    async send({ unsubscribeUrl: _header, ...message }) {
      await insertMail(options.db, message);
    },
  };
}
