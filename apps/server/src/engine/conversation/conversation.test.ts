import type { CallDialogue } from '@callwise/shared/call-dialogue';
import { KEY_MENU } from '@callwise/shared/call-prompt';
import type { KnowledgeEntry } from '@callwise/shared/schemas/assistant';
import { describe, expect, it } from 'vitest';
import {
  type ConversationFacts,
  callbackTime,
  converse,
  FIRST_TURN,
  MAX_CONVERSATION_TURNS,
} from './conversation.ts';
import { cueOf } from './cues.ts';
import type { DialogueInput } from './dialogue.ts';
import { decide } from './intent-engine.ts';
import { findAnswer, knowledgeScore } from './knowledge.ts';

const KNOWLEDGE: KnowledgeEntry[] = [
  { topic: 'parking', question: 'Where can I park?', answer: 'There is free parking behind the building.' },
  { topic: 'hours', question: 'When are you open?', answer: 'We are open weekdays from 8 to 6.' },
  { topic: 'prices', question: 'How much is a cleaning?', answer: 'A cleaning is 120 dollars.' },
  {
    topic: 'policies',
    question: 'What if my boiler is leaking?',
    answer: 'For a leaking boiler, turn off the water at the main valve; we send someone the same day.',
  },
];

const facts = (overrides: Partial<ConversationFacts> = {}): ConversationFacts => ({
  direction: 'outbound',
  businessName: 'Harbor Dental',
  recipientName: 'Maria Garcia',
  message: 'Hi Maria, this is a reminder of your cleaning on Thursday at 3 PM.',
  menu: KEY_MENU,
  about: 'your cleaning on Thursday, December 3 at 3:00 PM',
  answers: true,
  knowledge: KNOWLEDGE,
  transfer: { to: '+12025550199', ringSeconds: 20, whisper: 'Maria Garcia is on the line.' },
  timezone: 'America/New_York',
  window: { start: '08:00', end: '21:00' },
  // Tuesday, December 1, 2026, 10:00 in New York.
  now: new Date('2026-12-01T15:00:00Z'),
  ...overrides,
});

/** One turn with the built-in engine's reading of the answer, as the call host takes it. */
function turn(
  state: Parameters<typeof converse>[0],
  input: DialogueInput,
  over: Partial<ConversationFacts> = {},
) {
  const f = facts(over);
  const answer = decide(input, {
    message: f.message,
    callType: 'appointment-reminder',
    businessName: f.businessName,
    recipientName: f.recipientName,
    timezone: f.timezone,
    now: f.now,
  });
  return converse(state, input, f, answer);
}

type Talking = Extract<CallDialogue, { stage: 'talking' | 'message' | 'transferring' }>;
const open = (dialogue: CallDialogue): Talking => {
  if (dialogue.stage !== 'talking' && dialogue.stage !== 'message' && dialogue.stage !== 'transferring') {
    throw new Error(`conversation ended: ${JSON.stringify(dialogue)}`);
  }
  return dialogue;
};

describe('the knowledge the assistant answers from', () => {
  it('finds the entry a question asks about, in the caller’s words', () => {
    expect(findAnswer('Where can I park?', KNOWLEDGE)?.topic).toBe('parking');
    expect(findAnswer('Is there parking nearby?', KNOWLEDGE)?.topic).toBe('parking');
    expect(findAnswer('What time do you close on Friday?', KNOWLEDGE)?.topic).toBe('hours');
    expect(findAnswer('How much does a cleaning cost?', KNOWLEDGE)?.topic).toBe('prices');
    expect(findAnswer('The boiler is leaking again', KNOWLEDGE)?.topic).toBe('policies');
  });

  it('answers nothing when no entry is close enough', () => {
    expect(findAnswer('Do you sell gift cards?', KNOWLEDGE)).toBeNull();
    expect(findAnswer('', KNOWLEDGE)).toBeNull();
    expect(findAnswer('Where can I park?', [])).toBeNull();
    expect(knowledgeScore('hello there', KNOWLEDGE[0] as KnowledgeEntry)).toBe(0);
  });
});

describe('what a turn asks beyond the call’s answers', () => {
  it.each([
    ['Who is this?', 'who'],
    ["Who's calling?", 'who'],
    ['What is this about?', 'who'],
    ['Sorry, can you repeat that?', 'repeat'],
    ['What?', 'repeat'],
    ['Can I talk to a person, please?', 'person'],
    ['I want to speak to someone', 'person'],
    ['Sorry, you have the wrong number.', 'wrong_number'],
    ['Can you call me back tomorrow at 5 PM?', 'callback'],
    ["It's a bad time, I'm driving", 'callback'],
  ])('%s → %s', (speech, cue) => {
    expect(cueOf({ speech })).toBe(cue);
  });

  it('takes 0 as asking for a person, and leaves the call’s own keys and answers alone', () => {
    expect(cueOf({ digits: '0' })).toBe('person');
    expect(cueOf({ digits: '1' })).toBeNull();
    expect(cueOf({ speech: 'Yes, I will be there' })).toBeNull();
    expect(cueOf({ speech: 'Can we do Thursday instead?' })).toBeNull();
  });

  it('never takes an opt-out for anything else', () => {
    expect(cueOf({ speech: 'Stop calling me, wrong number' })).toBeNull();
  });

  it('after "anything else?", reads no as done and yes as more', () => {
    expect(cueOf({ speech: 'No, that is all, thanks.' }, { afterAnythingElse: true })).toBe('done');
    expect(cueOf({ speech: 'Nope' }, { afterAnythingElse: true })).toBe('done');
    expect(cueOf({ speech: 'Yes, one more thing' }, { afterAnythingElse: true })).toBe('more');
    expect(cueOf({ speech: 'No, that is all, thanks.' })).toBeNull();
  });
});

describe('a conversation, turn by turn', () => {
  it('says who is calling and what about, then takes the answer', () => {
    const who = turn(FIRST_TURN, { speech: 'Who is this?' });
    expect(who.reply).toBe(
      "This is the automated assistant of Harbor Dental. I'm calling about your cleaning on Thursday, December 3 at 3:00 PM. Press 1 to confirm, 2 to cancel, 3 to reschedule, or 9 to stop receiving these calls, or press 0 to talk to someone.",
    );
    expect(who.gather).toBe(true);
    expect(who.outcome).toBeUndefined();
    expect(who.dialogue).toEqual({ stage: 'talking', turns: 1, misses: 0 });
    const yes = turn(open(who.dialogue), { digits: '1' });
    expect(yes).toMatchObject({ outcome: 'confirmed', gather: false, action: { kind: 'answer' } });
    expect(yes.dialogue).toMatchObject({ stage: 'ended', turns: 2 });
  });

  it('repeats the message on request', () => {
    const again = turn(FIRST_TURN, { speech: 'Sorry, can you repeat that?' });
    expect(again.reply.startsWith(facts().message)).toBe(true);
    expect(again.gather).toBe(true);
  });

  it('answers a question from the knowledge, then ends when nothing else is wanted', () => {
    const answer = turn(FIRST_TURN, { speech: 'Where can I park?' });
    expect(answer.reply).toBe(
      'There is free parking behind the building. Is there anything else I can help you with?',
    );
    expect(answer.dialogue).toMatchObject({ stage: 'talking', asked: 'anything_else' });
    const done = turn(open(answer.dialogue), { speech: 'No, that is all, thanks.' });
    expect(done).toMatchObject({ gather: false, reply: 'Thank you, and have a good day. Goodbye.' });
    expect(done.outcome).toBeUndefined();
  });

  it('takes a message for a question it has no answer to', () => {
    const ask = turn(FIRST_TURN, { speech: 'Do you sell gift cards?' });
    expect(ask.reply).toContain("I'm sorry, I don't have the answer to that.");
    expect(ask.dialogue).toMatchObject({ stage: 'message', reason: 'question' });
    const message = turn(open(ask.dialogue), { speech: 'Please call me about gift cards.' });
    expect(message).toMatchObject({ outcome: 'message_taken', gather: false });
    expect(message.dialogue).toMatchObject({ stage: 'ended', message: 'Please call me about gift cards.' });
  });

  it('puts a caller through during business hours, and takes a message when nobody can', () => {
    const transfer = turn(FIRST_TURN, { digits: '0' });
    expect(transfer).toMatchObject({
      reply: 'Please hold while I put you through to Harbor Dental.',
      gather: false,
      action: { kind: 'transfer', transfer: { to: '+12025550199' } },
      dialogue: { stage: 'transferring', to: '+12025550199', ring_seconds: 20, turns: 1 },
    });
    const closed = turn(FIRST_TURN, { speech: 'Can I talk to a person?' }, { transfer: null });
    expect(closed.dialogue).toMatchObject({ stage: 'message', reason: 'closed' });
    expect(closed.reply).toContain('Nobody from Harbor Dental can come to the phone right now.');
  });

  it('ends politely on the wrong number, and promises a call back at the time asked', () => {
    expect(turn(FIRST_TURN, { speech: 'You have the wrong number' })).toMatchObject({
      outcome: 'wrong_number',
      gather: false,
    });
    const later = turn(FIRST_TURN, { speech: 'Can you call me back tomorrow at 5 PM?' });
    expect(later.outcome).toBe('callback_requested');
    expect(later.reply).toBe(
      'Of course. Someone from Harbor Dental will call you back on Wednesday, December 2 at 5:00 PM. Goodbye.',
    );
    expect(later.dialogue).toMatchObject({ callback: { at: '2026-12-02T22:00:00.000Z' } });
  });

  it('keeps a call back inside the calling window', () => {
    const at = callbackTime('call me back tonight at 11', facts());
    // 11 PM is past the window's end (9 PM): the next morning's opening.
    expect(at?.toISOString()).toBe('2026-12-02T13:00:00.000Z');
  });

  it('asks again once after silence or words it does not understand, then ends', () => {
    const first = turn(FIRST_TURN, {});
    expect(first.reply).toMatch(/^Sorry, I didn't hear anything\. Press 1 to confirm/);
    expect(first.dialogue).toMatchObject({ stage: 'talking', misses: 1 });
    const second = turn(open(first.dialogue), {});
    expect(second).toMatchObject({
      outcome: 'no_response',
      gather: false,
      reply: 'We did not receive a response. Goodbye.',
    });
  });

  it('ends politely at the turn limit', () => {
    let state: Talking = FIRST_TURN;
    let last = turn(state, { speech: 'Who is this?' });
    for (let count = 1; count < MAX_CONVERSATION_TURNS; count += 1) {
      state = open(last.dialogue);
      last = turn(state, { speech: 'Who is this?' });
    }
    expect(last.outcome).toBe('callback_requested');
    expect(last.gather).toBe(false);
    expect(last.dialogue).toMatchObject({ stage: 'ended', turns: MAX_CONVERSATION_TURNS });
  });

  it('greets an inbound caller’s keys without an appointment as not understood', () => {
    const inbound = facts({
      direction: 'inbound',
      answers: false,
      menu: null,
      about: null,
      recipientName: '',
    });
    const key = turn(FIRST_TURN, { digits: '1' }, inbound);
    expect(key.reply).toBe(
      "Sorry, I didn't understand. You can ask me a question, leave a message, or press 0 to talk to someone.",
    );
    const who = turn(FIRST_TURN, { speech: 'Who is this?' }, inbound);
    expect(who.reply).toContain('You have reached Harbor Dental.');
  });
});
