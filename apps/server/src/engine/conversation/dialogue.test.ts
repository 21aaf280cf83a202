import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CALL_OUTCOMES, CALL_TYPES } from '@callwise/shared/calls';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  classifySpeech,
  createDialogueEngine,
  createIntentEngine,
  createLlmEngine,
  type DialogueContext,
  type DialogueLogger,
  INTENT_OUTCOMES,
  INTENTS,
  type Intent,
  KEY_MENU,
} from './index.ts';

const context: DialogueContext = {
  message: 'Hello Jane, this is a reminder of your appointment at Bright Smile Dental tomorrow at 3 PM.',
  callType: 'appointment-reminder',
  businessName: 'Bright Smile Dental',
  recipientName: 'Jane Doe',
};

describe('the key menu', () => {
  it('is spoken after every message', () => {
    expect(KEY_MENU).toBe(
      'Press 1 to confirm, 2 to cancel, 3 to reschedule, or 9 to stop receiving these calls.',
    );
  });

  it('maps every intent to a known call outcome', () => {
    expect(INTENT_OUTCOMES).toEqual({
      confirm: 'confirmed',
      cancel: 'cancelled',
      reschedule: 'reschedule_requested',
      opt_out: 'opted_out',
      question: 'no_response',
      nothing: 'no_response',
    });
    for (const intent of INTENTS) expect(CALL_OUTCOMES).toContain(INTENT_OUTCOMES[intent]);
  });
});

describe('the built-in intent engine', () => {
  const engine = createIntentEngine();

  it.each<[string, Intent]>([
    ['1', 'confirm'],
    ['2', 'cancel'],
    ['3', 'reschedule'],
    ['9', 'opt_out'],
    ['1#', 'confirm'],
    ['*9', 'opt_out'],
    ['5', 'nothing'],
    ['0', 'nothing'],
    ['#', 'nothing'],
  ])('keys %j -> %s', async (digits, intent) => {
    expect((await engine.respond({ digits }, context)).intent).toBe(intent);
  });

  it('decides by the keys when both keys and words came in', async () => {
    expect((await engine.respond({ digits: '2', speech: 'yes I will be there' }, context)).intent).toBe(
      'cancel',
    );
  });

  it.each<[string, Intent]>([
    // confirm
    ['yes', 'confirm'],
    ['Yeah, sounds good.', 'confirm'],
    ["I'll be there", 'confirm'],
    ['I’ll be there', 'confirm'],
    ['confirm', 'confirm'],
    ['Confirmed.', 'confirm'],
    ['Yep, see you then!', 'confirm'],
    ['sure thing', 'confirm'],
    ['absolutely', 'confirm'],
    ['ok', 'confirm'],
    ["I'd like to confirm", 'confirm'],
    ['yes I can make it', 'confirm'],
    ["I can't wait!", 'confirm'],
    ['Good morning, yes', 'confirm'],
    // confirm through negations
    ['No problem, I’ll be there.', 'confirm'],
    ["no, I'll be there", 'confirm'],
    ["don't cancel", 'confirm'],
    ['Please do not cancel my appointment', 'confirm'],
    ['no need to cancel', 'confirm'],
    ["I'm not going to cancel", 'confirm'],
    ["Yes I will be there, don't cancel it", 'confirm'],
    ["Don't call me back, I'll be there", 'confirm'],
    // cancel
    ['cancel', 'cancel'],
    ['Cancel it please', 'cancel'],
    ['I already cancelled', 'cancel'],
    ["I can't make it", 'cancel'],
    ['I cannot make it.', 'cancel'],
    ['No, I can’t come', 'cancel'],
    ["I won't be able to make it", 'cancel'],
    ["I won't be there", 'cancel'],
    ["I'm not coming", 'cancel'],
    ["I'm not going to make it", 'cancel'],
    ['I will not come', 'cancel'],
    ['something came up', 'cancel'],
    ['nope', 'cancel'],
    ['no', 'cancel'],
    ['not interested', 'cancel'],
    ['Yes, please cancel', 'cancel'],
    ["Yes. No wait, I can't come.", 'cancel'],
    // reschedule
    ['I need to reschedule', 'reschedule'],
    ['could we re-schedule', 'reschedule'],
    ['Can I reschedule?', 'reschedule'],
    ['Can we move it to next week?', 'reschedule'],
    ['different day please', 'reschedule'],
    ['another time', 'reschedule'],
    ["that time doesn't work for me", 'reschedule'],
    ["I can't make it, can we do another day?", 'reschedule'],
    ["I don't want to cancel, I just need a different day", 'reschedule'],
    ['yes please reschedule', 'reschedule'],
    // opt out
    ['stop calling me', 'opt_out'],
    ['Stop!', 'opt_out'],
    ["don't call me again", 'opt_out'],
    ['do not call', 'opt_out'],
    ['Please put me on your do not call list', 'opt_out'],
    ['Remove me from your list', 'opt_out'],
    ['take me off your list', 'opt_out'],
    ['unsubscribe', 'opt_out'],
    ['opt out', 'opt_out'],
    ['I want to opt-out of these calls', 'opt_out'],
    ['no more calls please', 'opt_out'],
    ["I'm not interested stop calling", 'opt_out'],
    ["I can't make it and don't call me again", 'opt_out'],
    // questions
    ['What time is my appointment?', 'question'],
    ['where are you located', 'question'],
    ['how much does it cost?', 'question'],
    ['Uh, who is this?', 'question'],
    ['is it on Tuesday', 'question'],
    ['Can you confirm the address?', 'question'],
    ["I'm not sure", 'question'],
    ["I don't know if I can make it", 'question'],
    ['maybe', 'question'],
    // keys said out loud
    ['one', 'confirm'],
    ['press 9', 'opt_out'],
    ['I pressed three', 'reschedule'],
    // nothing
    ['', 'nothing'],
    ['   ', 'nothing'],
    ['hello?', 'nothing'],
    ['Hello? Hello?', 'nothing'],
    ['um', 'nothing'],
    ['thank you', 'nothing'],
    ['blah blah', 'nothing'],
    ["I don't want to unsubscribe", 'nothing'],
    ["I didn't ask you to stop calling", 'nothing'],
  ])('speech %j -> %s', async (speech, intent) => {
    const answer = await engine.respond({ speech }, context);
    expect(answer.intent).toBe(intent);
    expect(answer.outcome).toBe(INTENT_OUTCOMES[intent]);
  });

  it('treats no input at all as nothing', async () => {
    expect(await engine.respond({}, context)).toEqual({
      intent: 'nothing',
      outcome: 'no_response',
      reply: 'We did not receive a response. Goodbye.',
    });
    expect(classifySpeech('hello').heardSomething).toBe(false);
    expect(classifySpeech('blah').heardSomething).toBe(true);
  });

  it('answers in short spoken sentences with the business name', async () => {
    const reply = async (input: { digits?: string; speech?: string }, callType = context.callType) =>
      (await engine.respond(input, { ...context, callType })).reply;
    expect(await reply({ digits: '1' })).toBe(
      'Thank you, your appointment with Bright Smile Dental is confirmed. Goodbye.',
    );
    expect(await reply({ digits: '1' }, 'order-confirmation')).toBe(
      'Thank you, your order with Bright Smile Dental is confirmed. Goodbye.',
    );
    expect(await reply({ digits: '2' })).toBe(
      'Your appointment with Bright Smile Dental has been cancelled. Thank you for letting us know. Goodbye.',
    );
    expect(await reply({ digits: '3' })).toBe(
      'No problem. Someone from Bright Smile Dental will call you to find a new time. Goodbye.',
    );
    expect(await reply({ digits: '9' })).toBe(
      'You will not receive any more calls from Bright Smile Dental. Goodbye.',
    );
    expect(await reply({ speech: 'what is the address?' })).toBe(
      "I'm an automated assistant for Bright Smile Dental; someone from the team will call you back to answer your question. Goodbye.",
    );
    expect(await reply({ speech: 'blah blah' })).toBe('Sorry, we did not understand your response. Goodbye.');
    expect(await reply({ digits: '7' })).toBe('Sorry, we did not understand your response. Goodbye.');
    for (const callType of CALL_TYPES) {
      for (const digits of ['1', '2', '3', '9']) {
        const text = await reply({ digits }, callType);
        expect(text).toMatch(/Goodbye\.$/);
        expect(text.length).toBeLessThan(160);
      }
    }
    const nameless = await engine.respond({ digits: '9' }, { ...context, businessName: ' ' });
    expect(nameless.reply).toBe('You will not receive any more calls from our team. Goodbye.');
  });
});

interface LlmRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    temperature: number;
    response_format: unknown;
    messages: Array<{ role: string; content: string }>;
  };
}

describe('the LLM dialogue engine against a local chat-completions stand-in', () => {
  const apiKey = 'sk-test-secret-key-1234567890';
  const requests: LlmRequest[] = [];
  let answer: (response: ServerResponse) => void;
  let server: Server;
  let baseUrl: string;
  let warnings: Array<{ details: object; message: string }>;
  const log: DialogueLogger = { warn: (details, message) => warnings.push({ details, message }) };

  const completion = (content: string) => (response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: 'gpt-4o-mini',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        requests.push({
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
        answer(response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    requests.length = 0;
    warnings = [];
    answer = completion('{"intent":"confirm","reply":"Great, see you tomorrow at 3 PM. Goodbye."}');
  });

  const engine = (timeoutMs?: number) =>
    createLlmEngine({ baseUrl, apiKey, model: 'test-model', timeoutMs, log });

  it('is chosen only when LLM_BASE_URL and LLM_API_KEY are set', () => {
    expect(createDialogueEngine({ LLM_MODEL: 'gpt-4o-mini' }).name).toBe('intents');
    expect(createDialogueEngine({ LLM_BASE_URL: baseUrl, LLM_MODEL: 'gpt-4o-mini' }).name).toBe('intents');
    expect(
      createDialogueEngine({ LLM_BASE_URL: baseUrl, LLM_API_KEY: apiKey, LLM_MODEL: 'm' }, log).name,
    ).toBe('llm');
    // A pino logger fits.
    const pinoLog: DialogueLogger = pino({ level: 'silent' });
    expect(createDialogueEngine({ LLM_MODEL: 'm' }, pinoLog).name).toBe('intents');
  });

  it('sends an OpenAI chat completions request describing the call, and uses a good answer', async () => {
    const result = await engine().respond({ speech: 'Yes I will be there' }, context);
    expect(result).toEqual({
      intent: 'confirm',
      outcome: 'confirmed',
      reply: 'Great, see you tomorrow at 3 PM. Goodbye.',
    });
    expect(requests).toHaveLength(1);
    const [request] = requests as [LlmRequest];
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body.model).toBe('test-model');
    expect(request.body.temperature).toBe(0);
    expect(request.body.response_format).toEqual({ type: 'json_object' });
    expect(request.body.messages.map((message) => message.role)).toEqual(['system', 'user']);
    const [system, user] = request.body.messages as unknown as [{ content: string }, { content: string }];
    expect(user.content).toBe('Yes I will be there');
    expect(system.content).toContain('Bright Smile Dental');
    expect(system.content).toContain(context.message);
    expect(system.content).toContain('Jane Doe');
    expect(system.content).toContain('appointment reminder');
    for (const intent of INTENTS) expect(system.content).toContain(`- ${intent}:`);
    expect(system.content).toContain('JSON');
    expect(warnings).toEqual([]);
  });

  it('accepts an intent in another spelling, a fenced answer, and supplies a reply the model left out', async () => {
    answer = completion(
      '```json\n{"intent": "Opt-Out", "reply": "You will not be called again. Goodbye."}\n```',
    );
    expect(await engine().respond({ speech: 'please lose my number' }, context)).toEqual({
      intent: 'opt_out',
      outcome: 'opted_out',
      reply: 'You will not be called again. Goodbye.',
    });
    answer = completion('{"intent":"reschedule"}');
    // The day named is read by the rules as the time wished for (next Friday: the context gives no clock).
    expect(await engine().respond({ speech: 'friday would suit me better' }, context)).toEqual({
      intent: 'reschedule',
      outcome: 'reschedule_requested',
      reply: 'No problem. Someone from Bright Smile Dental will call you to find a new time. Goodbye.',
      wish: { said: 'friday', days: [expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)], part: null, times: [] },
    });
  });

  it('decides keys and silence by the rules, without asking the model', async () => {
    expect((await engine().respond({ digits: '3', speech: 'yes' }, context)).intent).toBe('reschedule');
    expect((await engine().respond({ speech: '  ' }, context)).intent).toBe('nothing');
    expect((await engine().respond({}, context)).intent).toBe('nothing');
    expect(requests).toEqual([]);
  });

  it('always honours an opt-out the rules hear', async () => {
    answer = completion('{"intent":"confirm","reply":"See you then. Goodbye."}');
    expect(await engine().respond({ speech: 'Yes, but stop calling me after this' }, context)).toEqual({
      intent: 'opt_out',
      outcome: 'opted_out',
      reply: 'You will not receive any more calls from Bright Smile Dental. Goodbye.',
    });
  });

  it.each([
    ['content that is not JSON', completion('Sure! The callee wants to cancel.')],
    ['an unknown intent', completion('{"intent":"maybe","reply":"Hmm. Goodbye."}')],
    ['a JSON array', completion('["cancel"]')],
    [
      'a body that is not JSON',
      (response: ServerResponse) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html>gateway</html>');
      },
    ],
    [
      'no choices',
      (response: ServerResponse) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"choices":[]}');
      },
    ],
  ])('falls back to the rules on %s, with a warning', async (_, reply) => {
    answer = reply;
    expect(await engine().respond({ speech: "No, I can't make it" }, context)).toEqual({
      intent: 'cancel',
      outcome: 'cancelled',
      reply:
        'Your appointment with Bright Smile Dental has been cancelled. Thank you for letting us know. Goodbye.',
    });
    expect(requests).toHaveLength(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toBe('LLM dialogue failed; using the built-in intent engine');
  });

  it('falls back on an HTTP 500 and never logs the key', async () => {
    answer = (response) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `internal error for key ${apiKey}` } }));
    };
    const result = await engine().respond({ speech: 'I need a different day' }, context);
    expect(result.intent).toBe('reschedule');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.details).toMatchObject({ reason: 'HTTP 500', status: 500, model: 'test-model' });
    expect(JSON.stringify(warnings)).not.toContain(apiKey);
    expect(JSON.stringify(warnings)).toContain('[redacted]');
  });

  it('falls back when the model does not answer in time', async () => {
    answer = () => undefined; // never answers
    const started = Date.now();
    const result = await engine(300).respond({ speech: 'yes please' }, context);
    expect(result.intent).toBe('confirm');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(warnings[0]?.details).toMatchObject({ reason: 'no answer within 300 ms' });
  });

  it('falls back when the model cannot be reached', async () => {
    const unreachable = createLlmEngine({ baseUrl: 'http://127.0.0.1:1/v1', apiKey, model: 'm', log });
    expect((await unreachable.respond({ speech: 'stop calling me' }, context)).intent).toBe('opt_out');
    expect(warnings[0]?.details).toMatchObject({ reason: expect.stringMatching(/^request failed: /) });
    expect(JSON.stringify(warnings)).not.toContain(apiKey);
  });
});
