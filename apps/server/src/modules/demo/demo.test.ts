import { DEMO_LIMITS, DEMO_REPROMPT, DEMO_SCENARIOS } from '@callwise/shared/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createLlmEngine } from '../../engine/index.ts';
import { decodeWav } from '../../providers/speech/audio.ts';
import { demoContext, demoInput } from './demo.service.ts';

let t: TestApp;
let ipCounter = 0;
/** Each test speaks from its own client address, so that the per-address limits never mix. */
const nextIp = () => `10.40.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(async () => {
  await t.close();
});

const reply = (payload: object, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/v1/demo/reply', payload, remoteAddress: ip });
const speech = (payload: object, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/v1/demo/speech', payload, remoteAddress: ip });

describe('POST /v1/demo/reply', () => {
  it('needs no account and answers as the assistant of the scenario', async () => {
    const res = await reply({
      scenario: 'appointment-reminder',
      transcript: [{ speaker: 'ai', text: DEMO_SCENARIOS[0]?.initialPrompt ?? '' }],
      text: "Yes, I'll be there",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      reply: 'Thank you, your appointment with Bright Smile Dental is confirmed. Goodbye.',
      intent: 'confirm',
      outcome: 'confirmed',
      ended: true,
      state: null,
    });
  });

  it('understands each scenario in its own terms', async () => {
    const cases = [
      {
        scenario: 'appointment-reminder',
        text: "Something came up, I can't make it",
        intent: 'cancel',
        reply: /appointment with Bright Smile Dental has been cancelled/,
        ended: true,
      },
      {
        scenario: 'appointment-reminder',
        text: 'Could we do another day?',
        intent: 'reschedule',
        reply:
          /^For \w+, \w+ \d+ at \d+:\d\d [AP]M, press 1\. .* To have us call you back instead, press 0\.$/,
        ended: false,
      },
      {
        scenario: 'order-confirmation',
        text: "That window doesn't work for me",
        intent: 'reschedule',
        reply: /QuickMart will call you to arrange a new time for your order/,
        ended: true,
      },
      {
        scenario: 'order-confirmation',
        text: '1',
        intent: 'confirm',
        reply: /your order with QuickMart is confirmed/,
        ended: true,
      },
      {
        scenario: 'follow-up-call',
        text: 'Please have a technician call me at a different time',
        intent: 'reschedule',
        reply: /press 1\./,
        ended: false,
      },
      {
        scenario: 'edtech-reminder',
        text: 'Stop calling me',
        intent: 'opt_out',
        reply: /not receive any more calls from BrightPath Academy/,
        ended: true,
      },
      {
        scenario: 'coaching-reminder',
        text: 'What should I bring?',
        intent: 'question',
        reply:
          /^Bring water, a towel and your training shoes\. Is there anything else I can help you with\?$/,
        ended: false,
      },
    ] as const;
    for (const item of cases) {
      const res = await reply({ scenario: item.scenario, transcript: [], text: item.text });
      expect(res.statusCode, item.text).toBe(200);
      const body = res.json();
      expect(body.intent, item.text).toBe(item.intent);
      expect(body.reply, item.text).toMatch(item.reply);
      expect(body.ended, item.text).toBe(item.ended);
      expect(body.state === null, item.text).toBe(item.ended);
    }
  });

  it('asks again, without ending the call, when it does not understand', async () => {
    const res = await reply({ scenario: 'follow-up-call', transcript: [], text: 'purple elephants' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      reply: DEMO_REPROMPT,
      intent: 'nothing',
      outcome: null,
      ended: false,
    });
    const key = await reply({ scenario: 'follow-up-call', transcript: [], text: '7' });
    expect(key.json().ended).toBe(false);
  });

  it('holds a conversation: who is calling, a time wished for, the time pressed (the state goes back and forth)', async () => {
    const scenario = 'appointment-reminder';
    const who = (await reply({ scenario, text: 'Who is this?' })).json();
    expect(who.reply).toMatch(
      /^This is the automated assistant of Bright Smile Dental\. I'm calling about your appointment tomorrow at 2 PM with Dr\. Johnson\./,
    );
    expect(who).toMatchObject({ ended: false, state: { stage: 'talking', turns: 1 } });
    const wish = (await reply({ scenario, text: 'Can we do Thursday instead?', state: who.state })).json();
    expect(wish.reply).toMatch(/^Here are the open times nearest Thursday\. For Thursday, \w+ \d+ at /);
    expect(wish.state).toMatchObject({ stage: 'offering', turns: 2 });
    expect(wish.state.offers.length).toBeGreaterThan(0);
    const booked = (await reply({ scenario, text: '1', state: wish.state })).json();
    expect(booked).toMatchObject({ intent: 'reschedule', outcome: 'rescheduled', ended: true, state: null });
    expect(booked.reply).toMatch(
      /^You're booked for Thursday, \w+ \d+ at \d+:\d\d [AP]M\. See you then\. Goodbye\.$/,
    );
  });

  it('answers from the business’s knowledge: the boiler is leaking again', async () => {
    const leak = (await reply({ scenario: 'follow-up-call', text: 'The boiler is leaking again' })).json();
    expect(leak.reply).toMatch(/^I’m sorry to hear that\. Switch the boiler off/);
    expect(leak.ended).toBe(false);
    const done = (
      await reply({ scenario: 'follow-up-call', text: 'No, that is all', state: leak.state })
    ).json();
    expect(done).toMatchObject({
      ended: true,
      state: null,
      reply: 'Thank you, and have a good day. Goodbye.',
    });
  });

  it('refuses a state that is not one', async () => {
    const bad = await reply({ scenario: 'appointment-reminder', text: 'yes', state: { stage: 'ended' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toMatch(/^state/);
  });

  it('validates the scenario, the text and the transcript', async () => {
    const unknown = await reply({ scenario: 'pizza-order', transcript: [], text: 'yes' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('validation_failed');
    expect(unknown.json().error.details[0].field).toBe('scenario');

    const empty = await reply({ scenario: 'appointment-reminder', transcript: [], text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/Type a response first/);

    const long = await reply({
      scenario: 'appointment-reminder',
      text: 'a'.repeat(DEMO_LIMITS.lineLength + 1),
    });
    expect(long.statusCode).toBe(400);

    const transcript = Array.from({ length: DEMO_LIMITS.transcriptLines + 1 }, () => ({
      speaker: 'you',
      text: 'hi',
    }));
    const tooLong = await reply({ scenario: 'appointment-reminder', transcript, text: 'yes' });
    expect(tooLong.statusCode).toBe(400);

    const extra = await reply({ scenario: 'appointment-reminder', text: 'yes', voice: 'roger' });
    expect(extra.statusCode).toBe(400);
  });

  it('does not believe X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const ip = nextIp();
    const body = { scenario: 'appointment-reminder', transcript: [], text: 'yes' };
    const spoofed = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/demo/reply',
        payload: body,
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `198.51.100.${n}` },
      });
    for (let i = 0; i < DEMO_LIMITS.repliesPerMinute; i++) expect((await spoofed(i)).statusCode).toBe(200);
    // A new made-up address each time changes nothing: the limit is on the real one.
    expect((await spoofed(200)).statusCode).toBe(429);
  });

  it(`refuses more than ${DEMO_LIMITS.repliesPerMinute} replies a minute from one address, with a clear 429`, async () => {
    const ip = nextIp();
    const body = { scenario: 'appointment-reminder', transcript: [], text: 'yes' };
    for (let i = 0; i < DEMO_LIMITS.repliesPerMinute; i++) {
      expect((await reply(body, ip)).statusCode).toBe(200);
    }
    const limited = await reply(body, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(limited.json().error.message).toMatch(/faster than the demo allows\. Please wait \d+ seconds/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another visitor is not affected.
    expect((await reply(body)).statusCode).toBe(200);
  });
});

describe('POST /v1/demo/speech', () => {
  it("speaks a scenario's line in the scenario's voice", async () => {
    const scenario = DEMO_SCENARIOS[1];
    if (!scenario) throw new Error('no scenario');
    const res = await speech({ scenario: scenario.id, text: scenario.script });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    const seconds = Number(res.headers['x-audio-duration']);
    expect(seconds).toBeGreaterThan(3);
    expect(decodeWav(res.rawPayload).samples.length).toBeGreaterThan(0);

    // The same text in the voice of the preview endpoint: identical audio (same voice, same engine).
    const direct = await t.services.speech.preview(scenario.voice, scenario.script, { scope: 'demo' });
    expect(direct.cached).toBe(true);
    expect(Buffer.compare(direct.data, res.rawPayload)).toBe(0);
  });

  it('fits every scenario script and first line under the length cap, and refuses longer text', async () => {
    for (const scenario of DEMO_SCENARIOS) {
      expect(scenario.script.length).toBeLessThanOrEqual(DEMO_LIMITS.speechLength);
      expect(scenario.initialPrompt.length).toBeLessThanOrEqual(DEMO_LIMITS.speechLength);
    }
    const res = await speech({
      scenario: 'appointment-reminder',
      text: 'x'.repeat(DEMO_LIMITS.speechLength + 1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/At most 400 characters/);
    expect((await speech({ scenario: 'nope', text: 'hello' })).statusCode).toBe(400);
  });

  it(`refuses more than ${DEMO_LIMITS.speechPerMinute} requests a minute from one address`, async () => {
    const ip = nextIp();
    const body = { scenario: 'coaching-reminder', text: 'Great, see you tomorrow.' };
    for (let i = 0; i < DEMO_LIMITS.speechPerMinute; i++) {
      expect((await speech(body, ip)).statusCode).toBe(200);
    }
    const limited = await speech(body, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/Please wait \d+ seconds/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the demo in the API document', () => {
  it('documents both routes as public, with descriptions', async () => {
    const doc = (await t.app.inject('/v1/openapi.json')).json();
    for (const path of ['/v1/demo/reply', '/v1/demo/speech', '/v1/support/messages']) {
      const operation = doc.paths[path]?.post;
      expect(operation, path).toBeDefined();
      expect(operation.security).toEqual([]);
      expect(operation.description.length).toBeGreaterThan(40);
      expect(operation.responses['429']).toBeDefined();
    }
  });
});

describe('the demo call as the dialogue engine sees it', () => {
  const scenario = DEMO_SCENARIOS[0];
  if (!scenario) throw new Error('no scenario');

  it('keys are keys, words are speech', () => {
    expect(demoInput(' 3 ')).toEqual({ digits: '3' });
    expect(demoInput('1 #')).toEqual({ digits: '1#' });
    expect(demoInput('option 3')).toEqual({ speech: 'option 3' });
  });

  it("gives a chat model the scenario's message and the conversation so far", async () => {
    const context = demoContext(scenario, [
      { speaker: 'ai', text: scenario.initialPrompt },
      { speaker: 'you', text: 'Which doctor was it?' },
    ]);
    expect(context).toMatchObject({
      businessName: 'Bright Smile Dental',
      recipientName: 'Sarah',
      callType: 'appointment-reminder',
    });
    expect(context.message).toContain(scenario.script);
    expect(context.message).toContain(`Assistant: ${scenario.initialPrompt}`);
    expect(context.message).toContain('Sarah: Which doctor was it?');

    // The same context reaches an OpenAI-compatible model when one is configured.
    let sent: { messages: Array<{ role: string; content: string }> } | null = null;
    const originalFetch = globalThis.fetch;
    globalThis.fetch = (async (_url: string, init: { body: string }) => {
      sent = JSON.parse(init.body);
      return new Response(
        JSON.stringify({
          choices: [
            {
              message: {
                content: JSON.stringify({
                  intent: 'question',
                  reply:
                    'It is with Dr. Johnson. Someone from Bright Smile Dental can tell you more. Goodbye.',
                }),
              },
            },
          ],
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }) as typeof fetch;
    try {
      const engine = createLlmEngine({ baseUrl: 'http://llm.test/v1', apiKey: 'k', model: 'm' });
      const answer = await engine.respond({ speech: 'Which doctor was it?' }, context);
      expect(answer.reply).toMatch(/Dr\. Johnson/);
    } finally {
      globalThis.fetch = originalFetch;
    }
    const system = (sent as { messages: Array<{ content: string }> } | null)?.messages[0]?.content ?? '';
    expect(system).toContain('Bright Smile Dental');
    expect(system).toContain('Sarah: Which doctor was it?');
  });
});
