import { apiErrorSchema } from '@callwise/shared/errors';
import { textSettingsSchema, updateTextSettingsInputSchema } from '@callwise/shared/schemas/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TEXT_SETTINGS_EXAMPLES } from './text-settings.examples.ts';

const tags = ['messages'];

/** Settings → Texts: the texts after calls that reached nobody (decision 029). A signed-in session only. */
const textSettingsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const messages = () => fastify.services.messages;

  fastify.get(
    '/text-settings',
    {
      schema: {
        tags,
        summary: 'Get the texts after calls',
        description:
          'Which call types are followed by a text when the call reaches nobody (no answer or busy after every ' +
          'attempt) or a voicemail, and that text; whether a call to the business number nobody took is answered ' +
          'by a text (one a day per caller), and that text.',
        response: { 200: textSettingsSchema, 400: apiErrorSchema },
        examples: TEXT_SETTINGS_EXAMPLES.getTextsAfterCalls,
      },
    },
    async (request) => messages().textSettings(request.auth.accountId),
  );

  fastify.put(
    '/text-settings',
    {
      schema: {
        tags,
        summary: 'Change the texts after calls',
        description:
          'Only the fields given change. A follow-up text keeps to the calling window in the person’s time zone; ' +
          'the text-back goes at once (it answers the caller’s own call).',
        body: updateTextSettingsInputSchema,
        response: { 200: textSettingsSchema, 400: apiErrorSchema },
        examples: TEXT_SETTINGS_EXAMPLES.changeTextsAfterCalls,
      },
    },
    async (request) => messages().updateTextSettings(request.auth.accountId, request.body),
  );
};

export default textSettingsRoutes;
