import { unsubscribeSubject } from '@callwise/db/queries/consent';
import { addToDoNotCall } from '@callwise/db/queries/do-not-call';
import { apiErrorSchema } from '@callwise/shared/errors';
import {
  UNSUBSCRIBE_PATH,
  UNSUBSCRIBE_RATE_LIMIT,
  type UnsubscribeState,
  unsubscribeStateSchema,
  unsubscribeTokenParamsSchema,
} from '@callwise/shared/schemas/consent';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';

export const UNSUBSCRIBE_MESSAGES = {
  invalid: 'This link is not valid. Check that you opened the whole link from the e-mail.',
  tooMany: 'Too many requests from your address. Wait a minute and try again.',
};
export const UNSUBSCRIBED_NOTE = 'Unsubscribed with the link in an e-mail';

const responses = {
  200: unsubscribeStateSchema,
  400: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
};

/** The link's contact, counted against the client's address; 404 when the token is not one of ours. */
async function linkSubject(fastify: FastifyInstance, ip: string, token: string) {
  const db = fastify.database.db;
  await enforceRateLimit(db, `unsubscribe:ip:${ip}`, UNSUBSCRIBE_RATE_LIMIT, UNSUBSCRIBE_MESSAGES.tooMany);
  const contactId = fastify.services.unsubscribeLinks.verify(token);
  const subject = contactId ? await unsubscribeSubject(db, contactId) : undefined;
  if (!subject) throw new AppError('not_found', UNSUBSCRIBE_MESSAGES.invalid);
  return subject;
}

const stateOf = (
  subject: { phone: string; businessName: string },
  unsubscribed: boolean,
): UnsubscribeState => ({
  business_name: subject.businessName,
  phone_hint: `•••• ${subject.phone.slice(-4)}`,
  unsubscribed,
});

/** Lists the link's number (once): every call, text and e-mail stops; its consent record comes with it. */
async function unsubscribe(fastify: FastifyInstance, ip: string, token: string): Promise<UnsubscribeState> {
  const subject = await linkSubject(fastify, ip, token);
  if (!subject.listed) {
    await addToDoNotCall(
      fastify.database.db,
      subject.accountId,
      [{ phone: subject.phone, note: UNSUBSCRIBED_NOTE }],
      {
        source: 'unsubscribed',
        consent: { method: 'email_link', by: 'The person' },
      },
    );
  }
  return stateOf(subject, true);
}

/** RFC 8058's one-click POST is a form body; nothing in it matters beyond the address. */
function acceptForms(fastify: FastifyInstance) {
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, undefined),
  );
}

/**
 * A mail client's one-click unsubscribe (RFC 8058): the List-Unsubscribe address is the page's own (`/u/<token>`),
 * which a browser opens with GET (the web app) and a mail client POSTs to (this route).
 */
export const oneClickUnsubscribeRoutes: FastifyPluginAsyncZod = async (fastify) => {
  acceptForms(fastify);
  fastify.post(
    `${UNSUBSCRIBE_PATH}/:token`,
    { schema: { hide: true, params: unsubscribeTokenParamsSchema } },
    async (request) => unsubscribe(fastify, request.ip, request.params.token),
  );
};

/**
 * The unsubscribe link of the e-mails to a business's customers (decision 030): see whose messages they are, and
 * stop them all — calls, texts and e-mails — at once. Public: the signed token is the credential. The POST is
 * also what a mail client's one-click unsubscribe sends (RFC 8058, `List-Unsubscribe=One-Click`).
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (fastify) => {
  acceptForms(fastify);

  fastify.get(
    '/unsubscribe/:token',
    {
      schema: {
        tags: ['contacts'],
        summary: 'See what an unsubscribe link stops',
        description:
          'Public, for the customer who opened the link of an e-mail: the business and the last digits of the ' +
          `number, and whether its messages are stopped already. At most ${UNSUBSCRIBE_RATE_LIMIT.limit} requests a ` +
          'minute per address.',
        security: [],
        params: unsubscribeTokenParamsSchema,
        response: responses,
      },
    },
    async (request) => {
      const subject = await linkSubject(fastify, request.ip, request.params.token);
      return stateOf(subject, subject.listed);
    },
  );

  fastify.post(
    '/unsubscribe/:token',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Stop every call, text and e-mail',
        description:
          'Public: the number of the contact the link names goes on the business’s do-not-call list (source ' +
          '`unsubscribed`, its consent record written with it): no more calls, texts or e-mails, and its waiting ' +
          'calls are cancelled. Doing it again changes nothing. Also answers a mail client’s one-click unsubscribe.',
        security: [],
        params: unsubscribeTokenParamsSchema,
        body: z.unknown().optional().describe('Nothing (or the form List-Unsubscribe=One-Click)'),
        response: responses,
      },
    },
    async (request) => unsubscribe(fastify, request.ip, request.params.token),
  );
};

export default unsubscribeRoutes;
