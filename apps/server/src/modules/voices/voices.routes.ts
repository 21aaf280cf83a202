import { findAccount } from '@callwise/db/queries/accounts';
import { apiErrorSchema } from '@callwise/shared/errors';
import { PLAN_IDS, PLANS, type PlanId, planAllowsVoice } from '@callwise/shared/plans';
import { voiceListSchema, voicePreviewInputSchema } from '@callwise/shared/schemas/voices';
import { recipientValues, renderTemplate } from '@callwise/shared/variables';
import { VOICES } from '@callwise/shared/voices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type SpokenPrompt, speakPrompt } from '../../engine/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { encodeWav, pcmDurationSeconds } from '../../providers/speech/audio.ts';
import { SpeechProviderError } from '../../providers/speech/provider.ts';
import { givenVariables, missingVariables } from '../calls/call-prepare.ts';
import { VOICES_EXAMPLES } from './voices.examples.ts';

const tags = ['voices'];

/** The 200 answer of a preview, for the OpenAPI document: audio bytes, not JSON (never serialized as JSON). */
const audioResponseSchema = z.any().meta({
  description:
    'What the callee will hear when they answer, as a call plays it: the disclosure naming the business with ' +
    'the opt-out offer, the message, and the key menu (left out when the message offers its own "Press 1…"). ' +
    'audio/wav, 16-bit mono at 22,050 Hz, from either speech engine.',
  content: { 'audio/wav': { schema: { type: 'string', format: 'binary' } } },
  headers: {
    'X-Audio-Duration': { type: 'string', description: 'Length of the audio in seconds, e.g. "23.42"' },
    'X-Audio-Parts': {
      type: 'string',
      description:
        'The parts in the audio, in order, as JSON: [{"part":"disclosure"|"message"|"menu","start":0,"end":4.21}, …] ' +
        '(seconds).',
    },
  },
});

async function accountOf(db: Parameters<typeof findAccount>[0], accountId: string) {
  const account = await findAccount(db, accountId);
  if (!account) throw notFound('Account');
  return account;
}

const planOf = (account: { plan: string }): PlanId =>
  (PLAN_IDS as readonly string[]).includes(account.plan) ? (account.plan as PlanId) : 'trial';

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
        examples: VOICES_EXAMPLES.listVoices,
      },
    },
    async (request) => {
      const plan = planOf(await accountOf(fastify.database.db, request.auth.accountId));
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
        summary: 'Hear a call as the callee will',
        description:
          'Speaks what a call with this message says when answered — the account’s disclosure and opt-out offer, ' +
          'the message with its variables filled in, then the key menu — and says where each part starts ' +
          '(`X-Audio-Parts`). {{name}} and {{first_name}} without a value say "there"; {{first_name}} and ' +
          '{{last_name}} default to the words of {{name}}; any other variable needs a value. The audio of each ' +
          'part is cached.',
        body: voicePreviewInputSchema,
        response: {
          200: audioResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          502: apiErrorSchema,
        },
        examples: VOICES_EXAMPLES.previewVoice,
      },
    },
    async (request, reply) => {
      const { voice, text, variables } = request.body;
      // The recipient's variables as a call derives them: first and last name from the name unless given.
      const given = givenVariables(variables);
      const rendered = renderTemplate(text, { ...recipientValues(given), ...given });
      if (!rendered.ok) throw missingVariables(rendered.missing, 'the name');
      const accountId = request.auth.accountId;
      const account = await accountOf(fastify.database.db, accountId);
      const plan = planOf(account);
      const index = VOICES.findIndex((v) => v.id === voice);
      if (!planAllowsVoice(plan, index)) {
        const name = VOICES[index]?.name ?? voice;
        throw new AppError(
          'forbidden',
          `The ${name} voice is not included in the ${PLANS[plan].name} plan. Choose another voice or upgrade your plan.`,
        );
      }
      const service = speech();
      let prompt: SpokenPrompt;
      try {
        // The very function that makes the audio of an answered call (CallService.host.onAnswer).
        prompt = await speakPrompt(service, voice, account, rendered.text, { scope: accountId });
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
      const parts = prompt.parts.map(({ part, start, end }) => ({ part, start, end }));
      return reply
        .header('content-type', 'audio/wav')
        .header('cache-control', 'private, max-age=3600')
        .header('x-audio-duration', pcmDurationSeconds(prompt.audio).toFixed(2))
        .header('x-audio-parts', JSON.stringify(parts))
        .send(encodeWav(prompt.audio));
    },
  );
};

export default voicesRoutes;
