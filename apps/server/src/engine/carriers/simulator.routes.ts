import { randomUUID } from 'node:crypto';
import { apiErrorSchema } from '@callwise/shared/errors';
import { normalizePhone } from '@callwise/shared/phone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { SIMULATOR_EXAMPLES } from './simulator.examples.ts';

/** One answer of the simulated caller: keys, words, or a pause. */
const simulatedInputSchema = z.union([
  z.strictObject({
    digits: z
      .string()
      .regex(/^[0-9*#]{1,10}$/, 'Keys are 1 to 10 of 0–9, * and #')
      .describe('Keys pressed, e.g. "1" or "0"'),
  }),
  z.strictObject({
    speech: z
      .string()
      .trim()
      .min(1, 'Say something')
      .max(500, 'At most 500 characters')
      .describe('Words said'),
  }),
  z.strictObject({
    silence_s: z.number().min(0).max(30, 'At most 30 seconds').describe('Seconds of saying nothing'),
  }),
]);

export const simulatedInboundCallSchema = z.strictObject({
  from: z
    .string()
    .trim()
    .min(1, 'Enter the number calling')
    .max(40)
    .describe('Who calls: a number in E.164, or as dialled in the account’s country'),
  inputs: z
    .array(simulatedInputSchema)
    .max(10, 'At most 10 answers')
    .default([])
    .describe('What the caller answers the assistant, turn by turn; silence once they run out'),
});

export const simulatedInboundMessageSchema = z.strictObject({
  from: z
    .string()
    .trim()
    .min(1, 'Enter the number texting')
    .max(40)
    .describe('Who writes: a number in E.164, or as dialled in the account’s country'),
  body: z.string().trim().min(1, 'Write the text').max(1600).describe('The text, e.g. "C", "STOP" or "HELP"'),
});

const simulatedInboundMessageAnswerSchema = z.object({
  provider_message_id: z
    .string()
    .describe('The simulated carrier’s id of the text; a repeat of it is one text'),
  from: z.string().describe('Who wrote, E.164'),
  to: z.string().describe('The business number written to, E.164'),
});

const simulatedInboundAnswerSchema = z.object({
  call_id: z.uuid().describe('The inbound call, in the call history (GET /v1/calls/{id})'),
  from: z.string().describe('Who called, E.164'),
  to: z.string().describe('The business number called, E.164'),
});

/**
 * The simulated carrier's own API (decision 026): a scripted call to the account's business number, which goes
 * through the same path as a Twilio incoming call. Only when the simulator carries the calls.
 */
const simulatorRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/simulator/inbound-calls',
    {
      schema: {
        tags: ['simulator'],
        summary: 'Place a simulated call to the business number',
        description:
          'Only with the simulated carrier (TELEPHONY_PROVIDER=simulator): `from` calls the account’s business ' +
          'number (a fictional one, given on first use) and answers the assistant with `inputs`. The call is ' +
          'answered by the same conversation as a real incoming call and appears in the call history as inbound; ' +
          'its id is answered at once, while the call goes on.',
        body: simulatedInboundCallSchema,
        response: { 201: simulatedInboundAnswerSchema, 400: apiErrorSchema, 409: apiErrorSchema },
        examples: SIMULATOR_EXAMPLES.placeSimulatedCall,
      },
    },
    async (request, reply) => {
      const { engine } = fastify.services;
      if (!engine.simulator) {
        throw new AppError(
          'conflict',
          'Simulated calls are only available with the simulated carrier; this server places real calls.',
        );
      }
      const { accountId } = request.auth;
      const parsed = normalizePhone(request.body.from, 'US');
      if (!parsed.ok) {
        throw new AppError('validation_failed', `from: ${parsed.message}`, [
          { field: 'from', message: parsed.message },
        ]);
      }
      const to = await engine.businessNumber(accountId);
      if (!to) throw new AppError('conflict', 'This account has no business number.');
      const taken = await engine.simulator.receive(
        { from: parsed.e164, to, inputs: request.body.inputs },
        engine.host.host,
      );
      if (!taken) throw new AppError('conflict', 'The business number is not this account’s.');
      return reply.status(201).send({ call_id: taken.callId, from: parsed.e164, to });
    },
  );

  fastify.post(
    '/simulator/inbound-messages',
    {
      schema: {
        tags: ['simulator'],
        summary: 'Send a simulated text to the business number',
        description:
          'Only with the simulated carrier: `from` texts the account’s business number, through the same path as ' +
          'a text Twilio delivers. It appears in GET /v1/messages as inbound, and its keyword is acted on (STOP, ' +
          'START, HELP; C, YES or 1 confirms the next appointment of the contact with that number; R answers with ' +
          'its link to pick a new time).',
        body: simulatedInboundMessageSchema,
        response: { 201: simulatedInboundMessageAnswerSchema, 400: apiErrorSchema, 409: apiErrorSchema },
        examples: SIMULATOR_EXAMPLES.sendSimulatedText,
      },
    },
    async (request, reply) => {
      const { engine } = fastify.services;
      if (!engine.simulatedMessaging) {
        throw new AppError(
          'conflict',
          'Simulated texts are only available with the simulated carrier; this server sends real texts.',
        );
      }
      const parsed = normalizePhone(request.body.from, 'US');
      if (!parsed.ok) {
        throw new AppError('validation_failed', `from: ${parsed.message}`, [
          { field: 'from', message: parsed.message },
        ]);
      }
      const to = await engine.businessNumber(request.auth.accountId);
      if (!to) throw new AppError('conflict', 'This account has no business number.');
      const id = await engine.simulatedMessaging.receive({
        from: parsed.e164,
        to,
        body: request.body.body,
        id: randomUUID(),
      });
      return reply.status(201).send({ provider_message_id: id, from: parsed.e164, to });
    },
  );
};

export default simulatorRoutes;
