import { KEY_MENU } from '@callwise/shared/call-prompt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ChatAnswer,
  type ChatRequest,
  lastSaid,
  startFakeChatModel,
  toolsOffered,
} from '../../../test/fake-chat-model.ts';
import { agentPrompt, createConversationAgent } from './agent.ts';
import {
  type ConversationFacts,
  converseByTool,
  FIRST_TURN,
  MAX_CONVERSATION_TURNS,
} from './conversation.ts';
import type { DialogueContext, DialogueLogger } from './dialogue.ts';
import { createDialogueEngine } from './index.ts';
import { readChoice, type ToolChoice, toolsFor } from './tools.ts';

const facts = (overrides: Partial<ConversationFacts> = {}): ConversationFacts => ({
  direction: 'outbound',
  businessName: 'Harbor Dental',
  recipientName: 'Maria Garcia',
  message: 'Hi Maria, this is a reminder of your cleaning on Thursday at 3 PM.',
  menu: KEY_MENU,
  about: 'your cleaning on Thursday, December 3 at 3:00 PM',
  answers: true,
  knowledge: [{ topic: 'parking', question: 'Where can I park?', answer: 'Behind the building, free.' }],
  transfer: { to: '+12025550199', ringSeconds: 20, whisper: 'Maria Garcia is on the line.' },
  timezone: 'America/New_York',
  window: { start: '08:00', end: '21:00' },
  now: new Date('2026-12-01T15:00:00Z'),
  ...overrides,
});

const context: DialogueContext = {
  message: 'Hi Maria, this is a reminder of your cleaning on Thursday at 3 PM.',
  callType: 'appointment-reminder',
  businessName: 'Harbor Dental',
  recipientName: 'Maria Garcia',
  timezone: 'America/New_York',
  now: new Date('2026-12-01T15:00:00Z'),
};

describe('a chat model’s choice, read strictly', () => {
  const open = toolsFor({ answers: true }, { offering: false, appointment: true });

  it('offers the call’s own answers only where the call has them, and choosing a time only while offering', () => {
    expect(open).toEqual([
      'confirm',
      'cancel',
      'list_slots',
      'take_message',
      'transfer',
      'opt_out',
      'end_call',
    ]);
    expect(toolsFor({ answers: false }, { offering: false, appointment: false })).toEqual([
      'take_message',
      'transfer',
      'opt_out',
      'end_call',
    ]);
    expect(toolsFor({ answers: true }, { offering: true, appointment: true })).toEqual([
      'book_slot',
      'list_slots',
      'end_call',
    ]);
  });

  it('takes a tool that is open with arguments of the right shape, or short plain words', () => {
    const read = (name: string, args: string, offers = 0) =>
      readChoice({ content: null, toolCalls: [{ name, arguments: args }] }, [...open, 'book_slot'], offers);
    expect(read('confirm', '{}')).toEqual({ tool: 'confirm' });
    expect(read('list_slots', '{"when":" Friday afternoon "}')).toEqual({
      tool: 'list_slots',
      when: 'Friday afternoon',
    });
    expect(read('book_slot', '{"option":2}', 3)).toEqual({ tool: 'book_slot', option: 2 });
    expect(read('end_call', '{"reason":"call_back","when":"tomorrow at 5"}')).toEqual({
      tool: 'end_call',
      reason: 'call_back',
      when: 'tomorrow at 5',
    });
    expect(readChoice({ content: ' We are open  until 6. ', toolCalls: [] }, open)).toEqual({
      tool: 'say',
      text: 'We are open until 6.',
    });
  });

  it('refuses a tool not open, arguments it cannot read, a time not offered, and words it cannot speak', () => {
    const read = (name: string, args: string, tools = open, offers = 0) =>
      readChoice({ content: null, toolCalls: [{ name, arguments: args }] }, tools, offers);
    expect(read('book_slot', '{"option":1}')).toBeNull();
    expect(read('delete_everything', '{}')).toBeNull();
    expect(read('confirm', 'not json')).toBeNull();
    expect(read('confirm', '[1]')).toBeNull();
    expect(read('book_slot', '{"option":4}', ['book_slot'], 3)).toBeNull();
    expect(read('book_slot', '{"option":"first"}', ['book_slot'], 3)).toBeNull();
    expect(read('end_call', '{"reason":"bored"}')).toBeNull();
    expect(readChoice({ content: '', toolCalls: [] }, open)).toBeNull();
    expect(readChoice({ content: null, toolCalls: [] }, open)).toBeNull();
    expect(readChoice({ content: '**Confirmed!**', toolCalls: [] }, open)).toBeNull();
    expect(readChoice({ content: 'x'.repeat(401), toolCalls: [] }, open)).toBeNull();
  });
});

describe('a tool carried out through the built-in engine’s own steps', () => {
  const step = (choice: ToolChoice, over: Partial<ConversationFacts> = {}, speech = 'words') =>
    converseByTool(FIRST_TURN, { speech }, facts(over), choice, context);

  it('confirm and cancel end with the call’s own reply and outcome, written back as an answer', () => {
    expect(step({ tool: 'confirm' })).toMatchObject({
      reply: 'Thank you, your appointment with Harbor Dental is confirmed. Goodbye.',
      gather: false,
      outcome: 'confirmed',
      action: { kind: 'answer', answer: { intent: 'confirm' } },
    });
    expect(step({ tool: 'cancel' })).toMatchObject({ outcome: 'cancelled', action: { kind: 'answer' } });
    // A call with no answers of its own (an unknown caller): the built-in engine takes the turn.
    expect(step({ tool: 'confirm' }, { answers: false })).toBeNull();
  });

  it('list_slots asks to reschedule with the time wished, read in the business’s zone', () => {
    const moved = step({ tool: 'list_slots', when: 'Friday afternoon' });
    expect(moved).toMatchObject({
      outcome: 'reschedule_requested',
      action: {
        kind: 'answer',
        answer: { intent: 'reschedule', wish: { days: ['2026-12-04'], part: 'afternoon' } },
      },
    });
  });

  it('transfer puts through while open, else asks for a message; opt_out is the answer that lists the number', () => {
    expect(step({ tool: 'transfer' })).toMatchObject({
      gather: false,
      dialogue: { stage: 'transferring', to: '+12025550199' },
      action: { kind: 'transfer' },
    });
    expect(step({ tool: 'transfer' }, { transfer: null })).toMatchObject({
      gather: true,
      dialogue: { stage: 'message', reason: 'closed' },
    });
    expect(step({ tool: 'opt_out' })).toMatchObject({
      outcome: 'opted_out',
      action: { kind: 'answer', answer: { intent: 'opt_out' } },
    });
  });

  it('take_message keeps the caller’s own words, never the model’s, or asks for them', () => {
    expect(
      step(
        { tool: 'take_message', message: 'Prescription refill' },
        {},
        'Tell Dr Lee my prescription ran out',
      ),
    ).toMatchObject({
      outcome: 'message_taken',
      dialogue: { stage: 'ended', message: 'Tell Dr Lee my prescription ran out' },
    });
    expect(step({ tool: 'take_message', message: null })).toMatchObject({
      gather: true,
      dialogue: { stage: 'message', reason: 'asked' },
    });
  });

  it('end_call: done, the wrong number, or a call back at the time said, inside the calling window', () => {
    expect(step({ tool: 'end_call', reason: 'done', when: null })).toMatchObject({
      reply: 'Thank you, and have a good day. Goodbye.',
      gather: false,
    });
    expect(step({ tool: 'end_call', reason: 'wrong_number', when: null })?.outcome).toBe('wrong_number');
    const back = step(
      { tool: 'end_call', reason: 'call_back', when: 'tomorrow at 5 pm' },
      {},
      'Could you ring me tomorrow at 5 pm?',
    );
    expect(back).toMatchObject({
      outcome: 'callback_requested',
      dialogue: {
        stage: 'ended',
        callback: { said: 'Could you ring me tomorrow at 5 pm?', at: '2026-12-02T22:00:00.000Z' },
      },
    });
  });

  it('words are spoken and the call listens again, up to the turn limit', () => {
    expect(step({ tool: 'say', text: 'It is Harbor Dental calling. Can you make it?' })).toMatchObject({
      reply: 'It is Harbor Dental calling. Can you make it?',
      gather: true,
      dialogue: { stage: 'talking', turns: 1, misses: 0 },
    });
    const last = converseByTool(
      { stage: 'talking', turns: MAX_CONVERSATION_TURNS - 1, misses: 0 },
      { speech: 'hmm' },
      facts(),
      { tool: 'say', text: 'Anything else?' },
      context,
    );
    expect(last).toMatchObject({ gather: false, outcome: 'callback_requested' });
  });
});

describe('the conversation agent against a local OpenAI-compatible stand-in', () => {
  const apiKey = 'sk-agent-secret-0123456789';
  let model: Awaited<ReturnType<typeof startFakeChatModel>>;
  let brain: (request: ChatRequest) => ChatAnswer;
  let warnings: Array<{ details: Record<string, unknown>; message: string }>;
  const log: DialogueLogger = {
    warn: (details, message) => warnings.push({ details: details as Record<string, unknown>, message }),
  };

  beforeAll(async () => {
    model = await startFakeChatModel({ apiKey, brain: (request) => brain(request) });
  });
  afterAll(async () => {
    await model.close();
  });
  beforeEach(() => {
    model.requests.length = 0;
    warnings = [];
    brain = () => ({ tool: 'confirm' });
  });

  const agent = (timeoutMs?: number) =>
    createConversationAgent({ baseUrl: model.baseUrl, apiKey, model: 'test-model', timeoutMs, log });
  const request = (
    speech: string,
    over: Partial<Parameters<ReturnType<typeof agent>['chooseTool']>[0]> = {},
  ) => ({
    facts: facts(),
    history: [
      { speaker: 'ai' as const, text: 'Hi Maria, this is Harbor Dental. Press 1 to confirm.' },
      { speaker: 'callee' as const, text: 'Who is this?' },
      { speaker: 'ai' as const, text: 'This is the automated assistant of Harbor Dental.' },
    ],
    speech,
    tools: toolsFor({ answers: true }, { offering: false, appointment: true }),
    ...over,
  });

  it('is built with the LLM settings, and only with them', () => {
    expect(createDialogueEngine({ LLM_MODEL: 'm' }).agent).toBeUndefined();
    expect(
      createDialogueEngine({ LLM_BASE_URL: model.baseUrl, LLM_API_KEY: apiKey, LLM_MODEL: 'm' }).agent,
    ).toBeDefined();
  });

  it('sends the conversation so far, the facts and the open tools, and takes the tool chosen', async () => {
    expect(await agent().chooseTool(request('Yes, I will be there'))).toEqual({ tool: 'confirm' });
    const [sent] = model.requests;
    expect(sent?.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(sent?.body.model).toBe('test-model');
    expect(sent?.body.tool_choice).toBe('auto');
    expect(sent?.body.messages.map((message) => message.role)).toEqual([
      'system',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(lastSaid(sent as ChatRequest)).toBe('yes, i will be there');
    expect(toolsOffered(sent as ChatRequest)).toEqual([
      'confirm',
      'cancel',
      'list_slots',
      'take_message',
      'transfer',
      'opt_out',
      'end_call',
    ]);
    const system = sent?.body.messages[0]?.content ?? '';
    expect(system).toContain('Harbor Dental');
    expect(system).toContain('Q: Where can I park? A: Behind the building, free.');
    expect(system).toContain('The call is about your cleaning on Thursday, December 3 at 3:00 PM.');
    expect(system).toContain('A person can take the call now');
    expect(system).toContain('Tuesday, December 1 at 10:00 AM');
    // The offer's times are named in the order offered.
    expect(
      agentPrompt({
        facts: facts({ transfer: null }),
        tools: ['book_slot'],
        offers: ['Thursday, December 3 at 3:00 PM', 'Friday, December 4 at 9:00 AM'],
      }),
    ).toContain('1. Thursday, December 3 at 3:00 PM; 2. Friday, December 4 at 9:00 AM.');
  });

  it('answers in words when the model calls no tool', async () => {
    brain = () => ({ say: 'There is free parking behind the building. Anything else?' });
    expect(await agent().chooseTool(request('Where do I park?'))).toEqual({
      tool: 'say',
      text: 'There is free parking behind the building. Anything else?',
    });
  });

  it('always honours an opt-out the rules hear, without asking the model', async () => {
    brain = () => ({ tool: 'confirm' });
    expect(await agent().chooseTool(request('Stop calling me, take me off your list'))).toEqual({
      tool: 'opt_out',
    });
    expect(model.requests).toHaveLength(0);
  });

  it('gives null — the built-in engine answers — on an error, a timeout, an unknown tool or bad arguments', async () => {
    brain = () => ({ status: 500, error: `upstream broke, key ${apiKey}` });
    expect(await agent().chooseTool(request('Yes'))).toBeNull();
    brain = () => ({ delayMs: 400, next: { tool: 'confirm' } });
    expect(await agent(100).chooseTool(request('Yes'))).toBeNull();
    brain = () => ({ tool: 'refund_everything' });
    expect(await agent().chooseTool(request('Yes'))).toBeNull();
    brain = () => ({ tool: 'book_slot', args: { option: 1 } });
    expect(await agent().chooseTool(request('The first one'))).toBeNull();
    brain = () => ({ tool: 'end_call', args: '{"reason": ' });
    expect(await agent().chooseTool(request('Bye'))).toBeNull();
    expect(warnings.map((warning) => warning.message)).toEqual([
      'LLM turn failed; the built-in engine answers it',
      'LLM turn failed; the built-in engine answers it',
      'LLM turn not usable; the built-in engine answers it',
      'LLM turn not usable; the built-in engine answers it',
      'LLM turn not usable; the built-in engine answers it',
    ]);
    expect(warnings[1]?.details.reason).toBe('no answer within 100 ms');
    // The key never reaches the log.
    expect(JSON.stringify(warnings)).not.toContain(apiKey);
  });

  it('is refused by the stand-in without the key, as the real API refuses it', async () => {
    const wrong = createConversationAgent({ baseUrl: model.baseUrl, apiKey: 'sk-wrong', model: 'm', log });
    expect(await wrong.chooseTool(request('Yes'))).toBeNull();
    expect(warnings[0]?.details.status).toBe(401);
  });
});
