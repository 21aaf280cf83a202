import { apiErrorSchema } from '@callwise/shared/errors';
import { SUPPORT_EMAIL, SUPPORT_REPLY_HOURS } from '@callwise/shared/product';
import { supportMessageInputSchema, supportMessageReceiptSchema } from '@callwise/shared/schemas/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enforceRateLimit, type RateLimit } from '../../http/rate-limit.ts';
import { sendJob } from '../../jobs/send.ts';
import { supportConfirmationMail, supportRequestMail } from '../mail/mail.templates.ts';
import { SEND_EMAIL, type SendEmailPayload } from '../mail/send-email.job.ts';

/** Messages per client address, and confirmations per sender address (so the form cannot flood a mailbox). */
export const SUPPORT_LIMITS = {
  perAddress: { limit: 5, windowSeconds: 3600 },
  perSender: { limit: 3, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimit>;

const TOO_MANY =
  'You have sent several messages already. Please wait {seconds} seconds, or email us directly at ' +
  `${SUPPORT_EMAIL}.`;

/** The Help page's contact form ("Live Chat"): an e-mail to support and a copy to the sender. */
const supportRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = () => fastify.database.db;

  fastify.post(
    '/support/messages',
    {
      schema: {
        tags: ['support'],
        security: [],
        summary: 'Write to support',
        description:
          'Sends the message to the support team by e-mail and a confirmation to the sender, who gets an ' +
          `answer within about ${SUPPORT_REPLY_HOURS} hours. No account is needed. At most ` +
          `${SUPPORT_LIMITS.perAddress.limit} messages per hour per client address, and ` +
          `${SUPPORT_LIMITS.perSender.limit} per hour per sender address (429 after).`,
        body: supportMessageInputSchema,
        response: { 202: supportMessageReceiptSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { name, email, message } = request.body;
      await enforceRateLimit(db(), `support:ip:${request.ip}`, SUPPORT_LIMITS.perAddress, TOO_MANY);
      await enforceRateLimit(
        db(),
        `support:sender:${email.toLowerCase()}`,
        SUPPORT_LIMITS.perSender,
        TOO_MANY,
      );

      const toSupport: SendEmailPayload = {
        to: SUPPORT_EMAIL,
        ...supportRequestMail({ name, email, message, receivedAt: new Date() }),
      };
      const toSender: SendEmailPayload = { to: email, ...supportConfirmationMail({ name, message }) };
      await sendJob(fastify.queue, SEND_EMAIL, toSupport);
      await sendJob(fastify.queue, SEND_EMAIL, toSender);
      request.log.info({ support: true }, 'support message queued');
      return reply.status(202).send({ status: 'received' as const, reply_within_hours: SUPPORT_REPLY_HOURS });
    },
  );
};

export default supportRoutes;
