import { findAccount } from '@callwise/db/queries/accounts';
import { apiErrorSchema } from '@callwise/shared/errors';
import { PLAN_IDS, PLANS, type PlanId, planAllowsVoice } from '@callwise/shared/plans';
import { voiceListSchema, voicePreviewInputSchema } from '@callwise/shared/schemas/voices';
import { renderTemplate } from '@callwise/shared/variables';
import { VOICES } from '@callwise/shared/voices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { SpeechProviderError } from '../../providers/speech/provider.ts';

const tags = ['voices'];

/** The 200 answer of a preview, for the OpenAPI document: audio bytes, not JSON (never serialized as JSON). */
const audioResponseSchema = z.any().meta({
  description: 'The spoken message: audio/wav from the offline engine, audio/mpeg from ElevenLabs.',
  content: {
    'audio/wav': { schema: { type: 'string', format: 'binary' } },
    'audio/mpeg': { schema: { type: 'string', format: 'binary' } },
  },
  headers: {
    'X-Audio-Duration': { type: 'string', description: 'Length of the audio in seconds, e.g. "3.42"' },
  },
});

async function planOf(db: Parameters<typeof findAccount>[0], accountId: string): Promise<PlanId> {
  const account = await findAccount(db, accountId);
  if (!account) throw notFound('Account');
  return (PLAN_IDS as readonly string[]).includes(account.plan) ? (account.plan as PlanId) : 'trial';
}

const voicesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const speech = () => fastify.services.speech;

  fastify.get(
    '/voices',
    {
      schema: {
        tags,
        summary: 'List the voices',
        description: "Every voice, with whether the account's plan may use it, and the speech engine in use.",
        response: { 200: voiceListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const plan = await planOf(fastify.database.db, request.auth.accountId);
      return {
        data: VOICES.map((voice, index) => ({
          id: voice.id,
          name: voice.name,
          gender: voice.gender,
          tone: voice.tone,
          available: planAllowsVoice(plan, index),
        })),
        provider: speech().providerName,
      };
    },
  );

  fastify.post(
    '/voices/preview',
    {
      schema: {
        tags,
        summary: 'Hear a message in a voice',
        description:
          'Speaks the text with its variables filled in ({{name}} without a value says "there"; any other ' +
          'variable needs one). Identical previews are served from a cache.',
        body: voicePreviewInputSchema,
        response: {
          200: audioResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { voice, text, variables } = request.body;
      const rendered = renderTemplate(text, variables);
      if (!rendered.ok) {
        const list = rendered.missing.map((name) => `{{${name}}}`).join(', ');
        throw new AppError(
          'validation_failed',
          `The message uses ${list}: give a value for each in variables.`,
          rendered.missing.map((name) => ({ field: `variables.${name}`, message: 'needs a value' })),
        );
      }

      const accountId = request.auth.accountId;
      const plan = await planOf(fastify.database.db, accountId);
      const index = VOICES.findIndex((v) => v.id === voice);
      if (!planAllowsVoice(plan, index)) {
        const name = VOICES[index]?.name ?? voice;
        throw new AppError(
          'forbidden',
          `The ${name} voice is not included in the ${PLANS[plan].name} plan. Choose another voice or upgrade your plan.`,
        );
      }

      const service = speech();
      let preview: Awaited<ReturnType<typeof service.preview>>;
      try {
        preview = await service.preview(voice, rendered.text, { scope: accountId });
      } catch (error) {
        if (error instanceof SpeechProviderError) {
          request.log.warn(
            { provider: service.providerName, status: error.status, vendorMessage: error.providerMessage },
            'voice provider failed',
          );
          const said = error.providerMessage.replace(/[.\s]+$/, '');
          throw new AppError(
            'voice_provider_error',
            `Failed to generate voice preview: ${said}. Check the voice provider API key (ELEVENLABS_API_KEY) on the server.`,
          );
        }
        request.log.error({ err: error, provider: service.providerName }, 'speech synthesis failed');
        throw new AppError(
          'voice_provider_error',
          'Failed to generate voice preview: the speech engine failed. Please try again.',
        );
      }

      reply.header('content-type', preview.contentType).header('cache-control', 'private, max-age=3600');
      if (preview.durationSeconds !== null)
        reply.header('x-audio-duration', preview.durationSeconds.toFixed(2));
      return reply.send(preview.data);
    },
  );
};

export default voicesRoutes;
