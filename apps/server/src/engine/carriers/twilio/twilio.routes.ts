import { randomUUID } from 'node:crypto';
import { findCallById, findCallByProviderId } from '@callwise/db/queries/call-rows';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../../http/app-error.ts';
import type { CallReply } from '../carrier.ts';
import { AUDIO_NAME } from './call-audio.ts';
import {
  answeredByOf,
  carrierStatusOf,
  TWILIO_FINAL_STATUSES,
  TWILIO_WEBHOOK_PATH,
  twilioWebhookUrl,
} from './twilio.ts';
import { isValidTwilioSignature, type TwilioParams } from './twilio-signature.ts';
import { askTwiml, dialTwiml, hangUpTwiml, playAndHangUpTwiml, rejectTwiml, whisperTwiml } from './twiml.ts';

const callSid = z.string().regex(/^CA[0-9a-fA-F]{32}$/, 'must be a Twilio call SID');
/** A text's id at Twilio: SM… (MM… for a picture message); SmsSid repeats it under its older name. */
const messageSid = z.string().regex(/^(SM|MM)[0-9a-fA-F]{32}$/, 'must be a Twilio message SID');
const messageSids = {
  MessageSid: messageSid.optional(),
  SmsSid: messageSid.optional(),
};
const hasMessageSid = (body: { MessageSid?: string; SmsSid?: string }) =>
  body.MessageSid !== undefined || body.SmsSid !== undefined;
/** The placement a request is about: our call and its attempt (in the URL we gave Twilio, so signed). */
const placementQuery = z.object({
  call: z.uuid(),
  attempt: z.coerce.number().int().min(1).max(100),
  /** Which answer of the callee a gather posts: 1 (absent) for the first, 2 for the one after our question. */
  turn: z.coerce.number().int().min(1).max(20).optional(),
});
const placementOf = (query: { call: string; attempt: number }) => ({
  callId: query.call,
  attempt: query.attempt,
});
/** A form body as Twilio posts it: every parameter kept (the signature covers them all), repeats as lists. */
function parseForm(body: string): TwilioParams {
  const params: TwilioParams = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const prior = params[name];
    params[name] = prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior, value];
  }
  return params;
}

/** A form's parameters as single values (a repeated name: its first), as the messaging carrier reads them. */
function singleValues(params: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const one = Array.isArray(value) ? value[0] : value;
    if (typeof one === 'string') values[name] = one;
  }
  return values;
}

/** TwiML that does nothing: our answer to a text, if any, is a message of its own. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

function twiml(reply: FastifyReply, document: string) {
  return reply.type('text/xml; charset=utf-8').send(document);
}

/** Twilio's Timestamp (RFC 2822) as a date; now when it is missing or unreadable. */
function timeOf(timestamp: string | undefined): Date {
  const at = timestamp ? new Date(timestamp) : new Date(Number.NaN);
  return Number.isNaN(at.getTime()) ? new Date() : at;
}

/**
 * Twilio's requests for our calls (registered only with TELEPHONY_PROVIDER=twilio): the TwiML when a call is
 * answered, what the callee pressed or said, status and recording callbacks, and the audio we play; and for texts,
 * their status callbacks and the texts written to a business number. Each POST must carry Twilio's
 * X-Twilio-Signature for PUBLIC_URL + path + query (403 otherwise); the audio is served only at the signed,
 * expiring addresses we put in the TwiML.
 */
const twilioRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { config } = fastify;
  const { twilio, host: callHost } = fastify.services.engine;
  if (!twilio) return;
  const { carrier, audio, messaging } = twilio;
  const host = callHost.host;
  const authToken = config.TWILIO_AUTH_TOKEN;
  if (!authToken) throw new Error('TWILIO_AUTH_TOKEN is required when TELEPHONY_PROVIDER=twilio');

  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, parseForm(body as string)),
  );

  /** Before validation: the signature covers every parameter as sent, not what the schema keeps. */
  const signedByTwilio = async (request: {
    url: string;
    headers: Record<string, string | string[] | undefined>;
    body: unknown;
  }) => {
    const header = request.headers['x-twilio-signature'];
    const signature = Array.isArray(header) ? header[0] : header;
    const params = (request.body ?? {}) as TwilioParams;
    if (!isValidTwilioSignature(authToken, signature, `${config.PUBLIC_URL}${request.url}`, params)) {
      throw new AppError('forbidden', 'This request does not carry a valid Twilio signature.');
    }
  };
  const hook = { hide: true, querystring: placementQuery };

  // The call was answered (by a person, or a machine once its greeting is over): what we play.
  fastify.post(
    `${TWILIO_WEBHOOK_PATH}/voice`,
    {
      preValidation: signedByTwilio,
      schema: { ...hook, body: z.looseObject({ CallSid: callSid, AnsweredBy: z.string().optional() }) },
    },
    async (request, reply) => {
      const { CallSid, AnsweredBy } = request.body;
      const placement = placementOf(request.query);
      const callId = await carrier.reportedCall(CallSid, placement);
      // Not (or no longer) a call we want: an earlier attempt, a cancelled call.
      if (!callId) return twiml(reply, hangUpTwiml());
      const answeredBy = answeredByOf(AnsweredBy) ?? 'human';
      await host.onStatus({
        providerCallId: CallSid,
        callId,
        attempt: placement.attempt,
        status: 'in-progress',
        at: new Date(),
        answeredBy,
      });
      const prompt = await host.onAnswer(CallSid, answeredBy);
      if (!prompt) return twiml(reply, hangUpTwiml());
      const url = await audio.publish(callId, `prompt-${CallSid}`, prompt.audio);
      if (prompt.gather && answeredBy === 'human') {
        return twiml(reply, askTwiml(url, twilioWebhookUrl(config.PUBLIC_URL, 'gather', placement)));
      }
      // A voicemail: our message after the beep, then we hang up.
      return twiml(reply, playAndHangUpTwiml(url));
    },
  );

  // What the callee pressed or said (or nothing, when the wait ran out): our reply, then we hang up — or listen
  // again, when the reply asks something (the times offered to move an appointment).
  fastify.post(
    `${TWILIO_WEBHOOK_PATH}/gather`,
    {
      preValidation: signedByTwilio,
      schema: {
        ...hook,
        body: z.looseObject({
          CallSid: callSid,
          Digits: z.string().max(32).optional(),
          SpeechResult: z.string().max(4000).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { CallSid, Digits, SpeechResult } = request.body;
      const callId = await carrier.reportedCall(CallSid, placementOf(request.query));
      if (!callId) return twiml(reply, hangUpTwiml());
      const turn = request.query.turn ?? 1;
      const input = {
        turn,
        ...(Digits ? { digits: Digits } : {}),
        ...(SpeechResult?.trim() ? { speech: SpeechResult } : {}),
      };
      const answer = await host.onInput(CallSid, input);
      if (!answer) return twiml(reply, hangUpTwiml());
      return twiml(reply, await answerTwiml(CallSid, callId, placementOf(request.query), turn, answer));
    },
  );

  /** Our reply to a turn as TwiML: then listen for the next turn, put the caller through, or hang up. */
  async function answerTwiml(
    sid: string,
    callId: string,
    placement: { callId: string; attempt: number },
    turn: number,
    answer: CallReply,
  ): Promise<string> {
    // Each publish signs a new address, so a second turn's audio under the same name is never a cached first.
    const url = await audio.publish(callId, `reply-${sid}`, answer.reply);
    if (answer.transfer) {
      const call = await findCallById(fastify.database.db, callId);
      const at = (hook: 'dial' | 'whisper') =>
        `${twilioWebhookUrl(config.PUBLIC_URL, hook, placement)}&turn=${turn}`;
      return dialTwiml(url, {
        to: answer.transfer.to,
        timeoutSeconds: answer.transfer.ringSeconds,
        // The caller's own number for a call to the business; ours for a call we placed.
        callerId: call?.direction === 'inbound' ? call.phone : (config.TWILIO_FROM_NUMBER ?? ''),
        actionUrl: at('dial'),
        whisperUrl: `${at('whisper')}&text=${encodeURIComponent(answer.transfer.whisper)}`,
      });
    }
    if (answer.gather) {
      return askTwiml(url, `${twilioWebhookUrl(config.PUBLIC_URL, 'gather', placement)}&turn=${turn + 1}`);
    }
    return playAndHangUpTwiml(url);
  }

  // How a transfer ended (the <Dial> action): answered, the call was the staff member's; else we take a message.
  fastify.post(
    `${TWILIO_WEBHOOK_PATH}/dial`,
    {
      preValidation: signedByTwilio,
      schema: {
        ...hook,
        body: z.looseObject({ CallSid: callSid, DialCallStatus: z.string().min(1) }),
      },
    },
    async (request, reply) => {
      const { CallSid, DialCallStatus } = request.body;
      const placement = placementOf(request.query);
      const callId = await carrier.reportedCall(CallSid, placement);
      if (!callId) return twiml(reply, hangUpTwiml());
      const answered = DialCallStatus === 'completed' || DialCallStatus === 'answered';
      const next = await host.onTransferEnded(CallSid, { answered });
      if (!next) return twiml(reply, hangUpTwiml());
      return twiml(reply, await answerTwiml(CallSid, callId, placement, request.query.turn ?? 1, next));
    },
  );

  // Said to the staff member who picked up a transfer, before the caller is joined.
  fastify.post(
    `${TWILIO_WEBHOOK_PATH}/whisper`,
    {
      preValidation: signedByTwilio,
      schema: {
        hide: true,
        querystring: placementQuery.extend({ text: z.string().max(500).default('') }),
        body: z.looseObject({ CallSid: callSid }),
      },
    },
    async (request, reply) => twiml(reply, whisperTwiml(request.query.text)),
  );

  // A call to a business number (the number's voice URL): the assistant answers.
  fastify.post(
    `${TWILIO_WEBHOOK_PATH}/incoming`,
    {
      preValidation: signedByTwilio,
      schema: {
        hide: true,
        body: z.looseObject({
          CallSid: callSid,
          From: z.string().min(1).max(40),
          To: z.string().min(1).max(40),
        }),
      },
    },
    async (request, reply) => {
      const { CallSid, From, To } = request.body;
      const taken = await host.onIncoming({
        providerCallId: CallSid,
        callId: randomUUID(),
        from: From,
        to: To,
      });
      if (!taken) return twiml(reply, rejectTwiml());
      const placement = { callId: taken.callId, attempt: 1 };
      await host.onStatus({
        providerCallId: CallSid,
        callId: taken.callId,
        attempt: 1,
        status: 'in-progress',
        at: new Date(),
        answeredBy: 'human',
      });
      await carrier
        .recordCall(CallSid, placement)
        .catch((error: unknown) =>
          request.log.warn({ err: error }, 'twilio: recording an incoming call could not start'),
        );
      const prompt = await host.onAnswer(CallSid, 'human');
      if (!prompt) return twiml(reply, hangUpTwiml());
      const url = await audio.publish(taken.callId, `prompt-${CallSid}`, prompt.audio);
      return twiml(reply, askTwiml(url, twilioWebhookUrl(config.PUBLIC_URL, 'gather', placement)));
    },
  );

  // Status callbacks of calls to a business number (the number's status URL): known by their SID.
  fastify.post(
    `${TWILIO_WEBHOOK_PATH}/inbound-status`,
    {
      preValidation: signedByTwilio,
      schema: {
        hide: true,
        body: z.looseObject({
          CallSid: callSid,
          CallStatus: z.string().min(1),
          CallDuration: z.coerce.number().int().min(0).optional(),
          Timestamp: z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const call = await findCallByProviderId(fastify.database.db, body.CallSid);
      if (call?.direction !== 'inbound') return reply.status(204).send();
      if (TWILIO_FINAL_STATUSES.has(body.CallStatus)) {
        await audio
          .remove(call.id, [`prompt-${body.CallSid}`, `reply-${body.CallSid}`])
          .catch((error: unknown) => request.log.warn({ err: error }, 'twilio: removing call audio failed'));
      }
      const event = carrierStatusOf(
        {
          callSid: body.CallSid,
          status: body.CallStatus,
          answeredBy: 'human',
          durationSeconds: body.CallDuration,
          at: timeOf(body.Timestamp),
        },
        { callId: call.id, attempt: 1 },
      );
      if (event) await host.onStatus(event);
      return reply.status(204).send();
    },
  );

  // Status callbacks (initiated, ringing, answered, completed), in any order and possibly more than once.
  fastify.post(
    `${TWILIO_WEBHOOK_PATH}/status`,
    {
      preValidation: signedByTwilio,
      schema: {
        ...hook,
        body: z.looseObject({
          CallSid: callSid,
          CallStatus: z.string().min(1),
          AnsweredBy: z.string().optional(),
          CallDuration: z.coerce.number().int().min(0).optional(),
          SipResponseCode: z.string().optional(),
          Timestamp: z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const placement = placementOf(request.query);
      if (TWILIO_FINAL_STATUSES.has(body.CallStatus)) {
        await audio
          .remove(placement.callId, [`prompt-${body.CallSid}`, `reply-${body.CallSid}`])
          .catch((error: unknown) => request.log.warn({ err: error }, 'twilio: removing call audio failed'));
      }
      const callId = await carrier.reportedCall(body.CallSid, placement);
      // A report of an earlier attempt (the call was retried since) or of a call we never requested.
      if (!callId) return reply.status(204).send();
      // "Answered" may come before machine detection has decided: the voice request, which always says who
      // answered, reports the call in progress instead (a status only moves once, so it must carry that).
      if (body.CallStatus === 'in-progress' && !body.AnsweredBy) return reply.status(204).send();
      const event = carrierStatusOf(
        {
          callSid: body.CallSid,
          status: body.CallStatus,
          answeredBy: body.AnsweredBy,
          durationSeconds: body.CallDuration,
          sipResponseCode: body.SipResponseCode,
          at: timeOf(body.Timestamp),
        },
        { callId, attempt: placement.attempt },
      );
      if (event) await host.onStatus(event);
      return reply.status(204).send();
    },
  );

  // Status callbacks of our texts (sent, delivered, undelivered, failed…), for the message named in the URL.
  fastify.post(
    `${TWILIO_WEBHOOK_PATH}/message-status`,
    {
      preValidation: signedByTwilio,
      schema: {
        hide: true,
        querystring: z.object({ message: z.uuid().optional() }),
        body: z
          .looseObject({ ...messageSids, MessageStatus: z.string().min(1), ErrorCode: z.string().optional() })
          .refine(hasMessageSid, 'MessageSid is required'),
      },
    },
    async (request, reply) => {
      await messaging.reportStatus(singleValues(request.body), request.query.message);
      return reply.status(204).send();
    },
  );

  // A text to a business number (the number's SMS URL). Nothing is said back in the TwiML.
  fastify.post(
    `${TWILIO_WEBHOOK_PATH}/message`,
    {
      preValidation: signedByTwilio,
      schema: {
        hide: true,
        body: z
          .looseObject({
            ...messageSids,
            From: z.string().min(1).max(40),
            To: z.string().min(1).max(40),
            Body: z.string().max(10_000).optional(),
          })
          .refine(hasMessageSid, 'MessageSid is required'),
      },
    },
    async (request, reply) => {
      await messaging.receive(singleValues(request.body));
      return twiml(reply, EMPTY_TWIML);
    },
  );

  // A recording is ready: fetched from Twilio into our storage, then deleted there.
  fastify.post(
    `${TWILIO_WEBHOOK_PATH}/recording`,
    {
      preValidation: signedByTwilio,
      schema: {
        ...hook,
        body: z.looseObject({
          CallSid: callSid,
          RecordingSid: z.string().regex(/^RE[0-9a-fA-F]{32}$/, 'must be a Twilio recording SID'),
          RecordingStatus: z.string().min(1),
          RecordingDuration: z.coerce.number().min(0).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { CallSid, RecordingSid, RecordingStatus, RecordingDuration } = request.body;
      if (RecordingStatus !== 'completed') return reply.status(204).send();
      const callId = await carrier.reportedCall(CallSid, placementOf(request.query));
      if (!callId) {
        request.log.warn({ callSid: CallSid }, 'twilio: a recording of a call that is not ours is ignored');
        return reply.status(204).send();
      }
      // A repeated report (Twilio's retry, a replay): the recording is ours already, and gone at Twilio.
      if (await callHost.hasRecording(callId)) return reply.status(204).send();
      const data = await carrier.downloadRecording(RecordingSid);
      await host.onRecording(CallSid, {
        data,
        contentType: 'audio/wav',
        durationSeconds: RecordingDuration ?? 0,
      });
      await carrier.deleteRecording(RecordingSid);
      return reply.status(204).send();
    },
  );

  // The audio of a call, at the signed address given to Twilio in the TwiML.
  fastify.get(
    `${TWILIO_WEBHOOK_PATH}/audio/:callId/:file`,
    {
      schema: {
        hide: true,
        params: z.object({
          callId: z.uuid(),
          file: z.string().regex(new RegExp(`${AUDIO_NAME.source.slice(0, -1)}\\.wav$`)),
        }),
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(128) }),
      },
    },
    async (request, reply) => {
      const { callId, file } = request.params;
      const name = file.slice(0, -'.wav'.length);
      if (!audio.verify(callId, name, request.query.expires, request.query.signature)) {
        throw new AppError('forbidden', 'This audio address is not valid, or it has expired.');
      }
      const stored = await audio.read(callId, name);
      if (!stored) throw notFound('Audio');
      return reply.header('cache-control', 'private, max-age=600').type(stored.contentType).send(stored.data);
    },
  );
};

export default twilioRoutes;
