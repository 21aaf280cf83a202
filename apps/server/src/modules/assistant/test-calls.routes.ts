import { apiErrorSchema } from '@callwise/shared/errors';
import { normalizePhone } from '@callwise/shared/phone';
import {
  type TestCall,
  testCallAnswerSchema,
  testCallSchema,
  testCallStartSchema,
} from '@callwise/shared/schemas/test-calls';
import { DEFAULT_VOICE, type VoiceId } from '@callwise/shared/voices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BROWSER_CALL_IDLE_SECONDS, BrowserCallProblem, type BrowserCallState } from '../../engine/index.ts';
import { AppError } from '../../http/app-error.ts';
import { SpeechProviderError } from '../../providers/speech/provider.ts';
import { TEST_CALLS_EXAMPLES } from './test-calls.examples.ts';

const tags = ['assistant'];
const params = z.object({ id: z.uuid({ error: 'is not a call id' }).describe('The test call’s id') });

const audioSchema = z.any().meta({
  description: 'The line in the call’s voice: audio/wav from the offline engine, audio/mpeg from ElevenLabs.',
  content: {
    'audio/wav': { schema: { type: 'string', format: 'binary' } },
    'audio/mpeg': { schema: { type: 'string', format: 'binary' } },
  },
});

const answerOf = (state: BrowserCallState): TestCall => ({
  call_id: state.callId,
  from: state.from,
  status: state.status,
  outcome: state.outcome,
  listening: state.listening,
  transfer_to: state.transferTo,
  lines: state.lines,
});

/** A browser call's problem as the API says it. */
function problem(error: unknown): never {
  if (error instanceof BrowserCallProblem) {
    throw new AppError(error.kind === 'not_found' ? 'not_found' : 'conflict', error.message);
  }
  throw error;
}

/**
 * "Call your assistant" (issue #18): the owner calls the business number from the browser and talks to the
 * assistant by typing or speaking, hearing its replies in the call's voice. The call is a real inbound call of
 * the account, taken by the same conversation as a phone call, whatever the carrier; the web app's own.
 */
const testCallsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const calls = () => fastify.services.engine.browserCalls;

  fastify.post(
    '/assistant/test-calls',
    {
      schema: {
        tags,
        summary: 'Call the assistant from the browser',
        description:
          'Calls the account’s business number from `from` and answers the call: its first line is the greeting ' +
          'a caller from that number hears (a contact by name, with their next appointment). The call is in the ' +
          `call history as inbound. A call that hears nothing for ${BROWSER_CALL_IDLE_SECONDS / 60} minutes ends.`,
        body: testCallStartSchema,
        response: { 201: testCallSchema, 400: apiErrorSchema, 409: apiErrorSchema },
        examples: TEST_CALLS_EXAMPLES.startTestCall,
      },
    },
    async (request, reply) => {
      const parsed = normalizePhone(request.body.from, 'US');
      if (!parsed.ok) {
        throw new AppError('validation_failed', `from: ${parsed.message}`, [
          { field: 'from', message: parsed.message },
        ]);
      }
      const state = await calls().start(request.auth.accountId, parsed.e164).catch(problem);
      return reply.status(201).send(answerOf(state));
    },
  );

  fastify.get(
    '/assistant/test-calls/:id',
    {
      schema: {
        tags,
        summary: 'Get a call to the assistant from the browser',
        description:
          'Where the call stands: its lines so far, and whether the assistant waits for an answer.',
        params,
        response: { 200: testCallSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        examples: TEST_CALLS_EXAMPLES.getTestCall,
      },
    },
    async (request) => answerOf(await calls().find(request.auth.accountId, request.params.id).catch(problem)),
  );

  fastify.post(
    '/assistant/test-calls/:id/answers',
    {
      schema: {
        tags,
        summary: 'Answer the assistant',
        description:
          'The caller’s `turn`-th answer: words (`speech`), keys (`digits`), or neither (silence). The answer is ' +
          'the call’s reply with its new lines; when the conversation ends, the call ends. An answer sent again ' +
          'with the same `turn` changes nothing and answers the same; one ahead of the next is refused (409).',
        params,
        body: testCallAnswerSchema,
        response: { 200: testCallSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        examples: TEST_CALLS_EXAMPLES.answerAssistant,
      },
    },
    async (request) =>
      answerOf(await calls().answer(request.auth.accountId, request.params.id, request.body).catch(problem)),
  );

  fastify.post(
    '/assistant/test-calls/:id/hang-up',
    {
      schema: {
        tags,
        summary: 'Hang up a call to the assistant',
        description: 'The caller hangs up: the call ends (completed) where it stood.',
        params,
        response: { 200: testCallSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        examples: TEST_CALLS_EXAMPLES.hangUpTestCall,
      },
    },
    async (request) =>
      answerOf(await calls().hangUp(request.auth.accountId, request.params.id).catch(problem)),
  );

  fastify.get(
    '/assistant/test-calls/:id/lines/:index/audio',
    {
      schema: {
        tags,
        summary: 'Hear a line of a call to the assistant',
        description:
          'One of the assistant’s lines of the call (by its place in `lines`), in the call’s voice.',
        params: params.extend({
          index: z.coerce.number().int().min(0).max(200).describe('The line’s place in `lines`, from 0'),
        }),
        response: { 200: audioSchema, 400: apiErrorSchema, 404: apiErrorSchema, 502: apiErrorSchema },
        examples: TEST_CALLS_EXAMPLES.hearTestCallLine,
      },
    },
    async (request, reply) => {
      const { accountId } = request.auth;
      const state = await calls().find(accountId, request.params.id).catch(problem);
      const line = state.lines[request.params.index];
      if (line?.speaker !== 'ai') throw new AppError('not_found', 'No such line of the assistant.');
      const speech = fastify.services.speech;
      try {
        const audio = await speech.preview((state.voice || DEFAULT_VOICE) as VoiceId, line.text, {
          scope: accountId,
        });
        return reply
          .header('content-type', audio.contentType)
          .header('cache-control', 'private, max-age=3600')
          .send(audio.data);
      } catch (error) {
        if (error instanceof SpeechProviderError) {
          request.log.warn({ provider: speech.providerName, status: error.status }, 'voice provider failed');
          throw new AppError('voice_provider_error', 'The voice could not be made. Read the line instead.');
        }
        throw error;
      }
    },
  );
};

export default testCallsRoutes;
