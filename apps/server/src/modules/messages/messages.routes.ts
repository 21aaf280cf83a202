import { apiErrorSchema } from '@callwise/shared/errors';
import {
  listMessagesQuerySchema,
  messageListSchema,
  messageSchema,
  messageThreadListSchema,
  sendMessageInputSchema,
} from '@callwise/shared/schemas/messages';
import { pageQuerySchema } from '@callwise/shared/schemas/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyHeadersSchema, idempotent } from '../../plugins/idempotency.ts';
import { MESSAGES_EXAMPLES } from './messages.examples.ts';

const idParams = z.object({
  id: z.uuid({ error: 'is not a message id' }).describe('The message’s id'),
});
const tags = ['messages'];

/** Text messages (decision 029): the conversations, their texts, and sending one. */
const messagesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const messages = () => fastify.services.messages;

  fastify.get(
    '/messages',
    {
      schema: {
        tags,
        summary: 'List text messages',
        description:
          'Both ways, newest first. `phone` gives one conversation; `status` and `direction` narrow it. A text ' +
          'sent goes queued → sending → sent → delivered (or undelivered / failed with `error`); skipped ones were ' +
          'never sent (the number opted out).',
        querystring: listMessagesQuerySchema,
        response: { 200: messageListSchema, 400: apiErrorSchema },
        examples: MESSAGES_EXAMPLES.listTextMessages,
      },
    },
    async (request) => messages().list(request.auth.accountId, request.query),
  );

  fastify.get(
    '/messages/threads',
    {
      schema: {
        tags,
        summary: 'List conversations',
        description:
          'One per number texted or texting the business, the latest first, with its newest text and how many ' +
          'there are. Fetch a conversation’s texts with GET /v1/messages?phone=….',
        querystring: pageQuerySchema,
        response: { 200: messageThreadListSchema, 400: apiErrorSchema },
        examples: MESSAGES_EXAMPLES.listConversations,
      },
    },
    async (request) => messages().threads(request.auth.accountId, request.query),
  );

  fastify.get(
    '/messages/:id',
    {
      schema: {
        tags,
        summary: 'Get a text message',
        description:
          'One text, either way, with its status, segments, cost and why it was not delivered if so.',
        params: idParams,
        response: { 200: messageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        examples: MESSAGES_EXAMPLES.getTextMessage,
      },
    },
    async (request) => messages().get(request.auth.accountId, request.params.id),
  );

  fastify.post(
    '/messages',
    {
      ...idempotent,
      schema: {
        tags,
        summary: 'Send a text message',
        description:
          'To a contact (`contact_id`: its {{first_name}} and other variables are filled in) or a number (`to`), ' +
          'from the account’s business number. Answers at once with the text queued; its status follows (GET ' +
          'it, or the account’s events). A number that opted out (replied STOP, or on the do-not-call list) is ' +
          'refused with 409 do_not_call. Segments (160 GSM-7 characters, 70 with an emoji or other UCS-2 ' +
          'characters) and cost are counted as the carrier bills them.',
        headers: idempotencyHeadersSchema,
        body: sendMessageInputSchema,
        response: { 201: messageSchema, 400: apiErrorSchema, 409: apiErrorSchema },
        examples: MESSAGES_EXAMPLES.sendTextMessage,
      },
    },
    async (request, reply) =>
      reply.status(201).send(await messages().send(request.auth.accountId, request.body)),
  );
};

export default messagesRoutes;
