import { DEMO_LIMITS, findDemoScenario } from '@callwise/shared/demo';
import { apiErrorSchema } from '@callwise/shared/errors';
import { demoReplyInputSchema, demoReplySchema, demoSpeechInputSchema } from '@callwise/shared/schemas/demo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../http/app-error.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { SpeechProviderError } from '../../providers/speech/provider.ts';
import { demoReply } from './demo.service.ts';

const tags = ['demo'];
/** No caller needed: these routes serve the public demo page. */
const security: Array<Record<string, string[]>> = [];

const audioResponseSchema = z.any().meta({
  description: 'The spoken text: audio/wav from the offline engine, audio/mpeg from ElevenLabs.',
  content: {
    'audio/wav': { schema: { type: 'string', format: 'binary' } },
    'audio/mpeg': { schema: { type: 'string', format: 'binary' } },
  },
  headers: {
    'X-Audio-Duration': { type: 'string', description: 'Length of the audio in seconds, e.g. "3.42"' },
  },
});

const TOO_MANY =
  'You are sending messages faster than the demo allows. Please wait {seconds} seconds and try again.';
const TOO_MANY_SPEECH =
  'The demo has spoken a lot from your network in the last minute. Please wait {seconds} seconds and try again.';

/**
 * The public demo (`/demo`) without an account: the assistant's replies in a sample call, and the sample's
 * voice. Rate-limited per client address.
 */
const demoRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = () => fastify.database.db;

  fastify.post(
    '/demo/reply',
    {
      schema: {
        tags,
        security,
        summary: 'Answer a visitor in a demo call',
        description:
          'The public demo\'s "Interactive Call": the dialogue engine that answers callees on real calls ' +
          'replies to what the visitor typed or said, as the assistant of the sample call. No account is ' +
          `needed; at most ${DEMO_LIMITS.repliesPerMinute} replies per minute per client address (429 after).`,
        body: demoReplyInputSchema,
        response: { 200: demoReplySchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      await enforceRateLimit(
        db(),
        `demo:reply:${request.ip}`,
        { limit: DEMO_LIMITS.repliesPerMinute, windowSeconds: 60 },
        TOO_MANY,
      );
      const { scenario: id, transcript, text, state } = request.body;
      const scenario = findDemoScenario(id);
      if (!scenario) throw notFound('Scenario');
      return demoReply(fastify.services.dialogue, scenario, transcript, text, state);
    },
  );

  fastify.post(
    '/demo/speech',
    {
      schema: {
        tags,
        security,
        summary: 'Speak a demo line in the sample call’s voice',
        description:
          `Speaks up to ${DEMO_LIMITS.speechLength} characters in the voice of the sample call (its script, ` +
          'its first line or a reply). No account is needed; at most ' +
          `${DEMO_LIMITS.speechPerMinute} requests per minute per client address (429 after). Identical ` +
          'requests are served from a cache.',
        body: demoSpeechInputSchema,
        response: { 200: audioResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(
        db(),
        `demo:speech:${request.ip}`,
        { limit: DEMO_LIMITS.speechPerMinute, windowSeconds: 60 },
        TOO_MANY_SPEECH,
      );
      const scenario = findDemoScenario(request.body.scenario);
      if (!scenario) throw notFound('Scenario');
      const speech = fastify.services.speech;
      let audio: Awaited<ReturnType<typeof speech.preview>>;
      try {
        // One cache scope for the demo: every visitor hears the same sample lines from the cache.
        audio = await speech.preview(scenario.voice, request.body.text, { scope: 'demo' });
      } catch (error) {
        if (error instanceof SpeechProviderError) {
          request.log.warn(
            { provider: speech.providerName, status: error.status, vendorMessage: error.providerMessage },
            'voice provider failed (demo)',
          );
        } else {
          request.log.error({ err: error, provider: speech.providerName }, 'speech synthesis failed (demo)');
        }
        throw new AppError('voice_provider_error', 'The demo voice is unavailable right now.');
      }
      reply.header('content-type', audio.contentType);
      if (audio.durationSeconds !== null) reply.header('x-audio-duration', audio.durationSeconds.toFixed(2));
      return reply.send(audio.data);
    },
  );
};

export default demoRoutes;
