import type { CallbackWish, CallDialogue, ConversationTurns } from '@callwise/shared/call-dialogue';
import {
  type CallingWindow,
  localTime,
  nextCallingTime,
  spokenTime,
  zonedTime,
} from '@callwise/shared/calling-window';
import type { CallOutcome } from '@callwise/shared/calls';
import type { KnowledgeEntry } from '@callwise/shared/schemas/assistant';
import { type Cue, cueOf } from './cues.ts';
import { type DialogueContext, type DialogueInput, type DialogueReply, dialogueReply } from './dialogue.ts';
import { findAnswer } from './knowledge.ts';
import { DAY_PARTS, parseTimeWish } from './time-wish.ts';
import type { ToolChoice } from './tools.ts';

/**
 * A call as a conversation of turns (issue #18, decision 026). The carrier plays the opening; every answer of the
 * callee (keys or words, or silence) is one turn, decided here from the conversation's state (kept on the call
 * row, so any process takes the next turn) until a goal is reached — the call's own answers (confirm, cancel,
 * reschedule, opt out), a transfer, a message taken, a call back promised, the wrong number — or the turn or miss
 * limit ends it politely. Pure: the call host carries out what a turn decides (the outcome and its write-back,
 * the times offered, the do-not-call list, the transfer) and speaks the reply.
 */

/** Answers a conversation takes at most before it ends (each a turn of the callee). */
export const MAX_CONVERSATION_TURNS = 8;
/** Answers in a row heard as silence or not understood before it ends. */
export const MAX_MISSES = 2;

/** What a turn is decided from, besides the state and what the callee did. */
export interface ConversationFacts {
  direction: 'outbound' | 'inbound';
  businessName: string;
  /** Who is called, or who called (empty for a caller the business does not know). */
  recipientName: string;
  /** What the call said after its opening (outbound: the message; inbound: the greeting). */
  message: string;
  /** The menu the callee was offered (null: none, e.g. an inbound caller with no appointment). */
  menu: string | null;
  /** What the call is about, in a few words ("your cleaning on Thursday, December 4 at 3:00 PM"), if anything. */
  about: string | null;
  /** Whether the call's own answers apply (an appointment, an order…): keys 1, 2, 3 and their words. */
  answers: boolean;
  knowledge: readonly KnowledgeEntry[];
  /**
   * Where a caller asking for a person is put through now — the number, how long it rings, what the staff member
   * hears first — or null outside business hours or with no transfer number.
   */
  transfer: { to: string; ringSeconds: number; whisper: string } | null;
  timezone: string;
  window: CallingWindow;
  now: Date;
}

/** What the call host carries out for a turn. */
export type TurnAction =
  /** The call's own answer (the dialogue engine's reply): the outcome written back, the times offered, opt-out. */
  | { kind: 'answer'; answer: DialogueReply }
  | { kind: 'transfer'; transfer: NonNullable<ConversationFacts['transfer']> }
  | { kind: 'none' };

export interface ConversationStep {
  /** What the assistant says next. */
  reply: string;
  /** Listen for another answer after the reply (else the call ends after it, or is transferred). */
  gather: boolean;
  /** The conversation's new state. */
  dialogue: CallDialogue;
  /** The call's outcome when this turn reaches one. */
  outcome?: CallOutcome;
  action: TurnAction;
}

type Open = Extract<CallDialogue, { stage: 'talking' | 'message' | 'transferring' }>;

/** The state before the first answer. */
export const FIRST_TURN: Extract<CallDialogue, { stage: 'talking' }> = {
  stage: 'talking',
  turns: 0,
  misses: 0,
};

const business = (facts: ConversationFacts) => facts.businessName.trim() || 'our team';

/** The short menu a reprompt repeats: the call's keys when it has them, and the key for a person. */
export function repromptMenu(facts: Pick<ConversationFacts, 'menu'>): string {
  const person = 'press 0 to talk to someone';
  if (facts.menu) return `${facts.menu.replace(/\.$/, '')}, or ${person}.`;
  return `You can ask me a question, leave a message, or ${person}.`;
}

function end(
  state: ConversationTurns,
  reply: string,
  outcome: CallOutcome | undefined,
  extra: { message?: string; callback?: CallbackWish } = {},
): ConversationStep {
  return {
    reply,
    gather: false,
    dialogue: { stage: 'ended', turns: state.turns, reply, ...extra },
    ...(outcome ? { outcome } : {}),
    action: { kind: 'none' },
  };
}

function talk(state: ConversationTurns, reply: string, asked?: 'anything_else'): ConversationStep {
  return {
    reply,
    gather: true,
    dialogue: { stage: 'talking', turns: state.turns, misses: state.misses, ...(asked ? { asked } : {}) },
    action: { kind: 'none' },
  };
}

/** Asks for the caller's message (the next answer is the message). */
function askForMessage(
  state: ConversationTurns,
  reason: Extract<CallDialogue, { stage: 'message' }>['reason'],
  lead: string,
): ConversationStep {
  return {
    reply: `${lead} Please leave a short message after the tone, and they will call you back.`,
    gather: true,
    dialogue: { stage: 'message', reason, turns: state.turns, misses: 0 },
    action: { kind: 'none' },
  };
}

/** When the caller would like to be called back, read from their words, inside the calling window; null: not said. */
export function callbackTime(speech: string, facts: Pick<ConversationFacts, 'timezone' | 'window' | 'now'>) {
  const wish = parseTimeWish(speech, { now: facts.now, timezone: facts.timezone });
  if (!wish) return null;
  const [first] = wish.days ?? [];
  const [year, month, date] = first?.split('-').map(Number) ?? [];
  const today = localTime(facts.now, facts.timezone);
  const day =
    year && month && date
      ? { year, month, day: date }
      : { year: today.year, month: today.month, day: today.day };
  const minutes = wish.times[0] ?? (wish.part ? Math.max(DAY_PARTS[wish.part][0], 9 * 60) : 10 * 60);
  const asked = zonedTime(day, minutes, facts.timezone);
  if (asked.getTime() <= facts.now.getTime()) return null;
  return nextCallingTime(asked, facts.timezone, facts.window);
}

function cueStep(
  cue: Cue,
  state: ConversationTurns,
  input: DialogueInput,
  facts: ConversationFacts,
  said = input.speech ?? '',
) {
  const from = business(facts);
  const menu = repromptMenu(facts);
  switch (cue) {
    case 'who': {
      const about =
        facts.direction === 'inbound'
          ? `You have reached ${from}.`
          : facts.about
            ? `I'm calling about ${facts.about}.`
            : `I'm calling with a message for ${facts.recipientName.trim() || 'you'}.`;
      return talk(state, `This is the automated assistant of ${from}. ${about} ${menu}`);
    }
    case 'repeat':
      return talk(state, `${facts.message} ${menu}`);
    case 'person':
      if (facts.transfer) {
        const { to, ringSeconds, whisper } = facts.transfer;
        return {
          reply: `Please hold while I put you through to ${from}.`,
          gather: false,
          dialogue: {
            stage: 'transferring',
            to,
            ring_seconds: ringSeconds,
            whisper,
            turns: state.turns,
            misses: 0,
          },
          action: { kind: 'transfer', transfer: facts.transfer },
        } satisfies ConversationStep;
      }
      return askForMessage(state, 'closed', `Nobody from ${from} can come to the phone right now.`);
    case 'wrong_number':
      return facts.direction === 'inbound'
        ? end(state, `No problem. Thank you for calling ${from}. Goodbye.`, 'wrong_number')
        : end(
            state,
            `Sorry to have bothered you. I will let ${from} know this is the wrong number. Goodbye.`,
            'wrong_number',
          );
    case 'callback': {
      const at = callbackTime(input.speech ?? '', facts);
      const callback: CallbackWish = { said: said.trim(), at: at?.toISOString() ?? null };
      const when = at ? ` on ${spokenTime(at, facts.timezone)}` : ' later';
      return end(
        state,
        `Of course. Someone from ${from} will call you back${when}. Goodbye.`,
        'callback_requested',
        { callback },
      );
    }
    case 'done':
      return end(state, 'Thank you, and have a good day. Goodbye.', undefined);
    case 'more':
      return talk(state, `Of course. What else can I help you with? ${menu}`);
  }
}

/**
 * The next turn: `state` is where the conversation stands, `input` what the callee did, `answer` the dialogue
 * engine's reading of it (the call's own answers; not looked at while the conversation waits for a message).
 */
export function converse(
  state: Open,
  input: DialogueInput,
  facts: ConversationFacts,
  answer: DialogueReply,
): ConversationStep {
  const taken: ConversationTurns = { turns: state.turns + 1, misses: state.misses };
  const from = business(facts);
  const speech = input.speech?.trim() ?? '';
  const silent = speech === '' && !(input.digits?.trim() ?? '');

  if (state.stage === 'message') {
    if (speech !== '') {
      return end(
        taken,
        `Thank you. I have passed your message on to ${from}, and someone will call you back. Goodbye.`,
        'message_taken',
        { message: speech },
      );
    }
    return end(
      taken,
      `I did not hear a message. Someone from ${from} will call you back. Goodbye.`,
      state.reason === 'transfer_failed' ? 'transfer_failed' : 'no_response',
    );
  }

  return withinTurnLimit(taken, facts, nextStep(state, taken, input, facts, answer, silent));
}

/** However the conversation goes, it ends politely at the turn limit. */
function withinTurnLimit(taken: ConversationTurns, facts: ConversationFacts, step: ConversationStep) {
  if (step.gather && taken.turns >= MAX_CONVERSATION_TURNS) {
    return end(
      taken,
      `I'm sorry we could not sort this out. Someone from ${business(facts)} will call you back. Goodbye.`,
      'callback_requested',
      { callback: { said: '', at: null } },
    );
  }
  return step;
}

/** The call's own answer as a step: its reply spoken, its outcome written, its effects carried out. */
function answerStep(taken: ConversationTurns, answer: DialogueReply): ConversationStep {
  return {
    reply: answer.reply,
    gather: false,
    dialogue: { stage: 'ended', turns: taken.turns, reply: answer.reply },
    outcome: answer.outcome,
    action: { kind: 'answer', answer },
  };
}

/**
 * The next turn as a chat model chose it (decision 027): each tool reaches its goal through the very step the
 * built-in engine takes for it — the same replies, outcomes and effects — and words without a tool are spoken
 * before listening again. Only while the conversation talks (a message is taken by the built-in engine); null
 * when the tool does not fit this call, and the built-in engine takes the turn.
 */
export function converseByTool(
  state: Extract<Open, { stage: 'talking' }>,
  input: DialogueInput,
  facts: ConversationFacts,
  choice: ToolChoice,
  context: DialogueContext,
): ConversationStep | null {
  const taken: ConversationTurns = { turns: state.turns + 1, misses: 0 };
  const speech = input.speech?.trim() ?? '';
  const step = ((): ConversationStep | null => {
    switch (choice.tool) {
      case 'confirm':
      case 'cancel':
        return facts.answers ? answerStep(taken, dialogueReply(choice.tool, context)) : null;
      case 'opt_out':
        return answerStep(taken, dialogueReply('opt_out', context));
      case 'list_slots': {
        if (!facts.answers) return null;
        const wish = parseTimeWish(choice.when ?? speech, { now: facts.now, timezone: facts.timezone });
        return answerStep(taken, { ...dialogueReply('reschedule', context), ...(wish ? { wish } : {}) });
      }
      case 'book_slot':
        return null;
      case 'take_message':
        return choice.message !== null && speech !== ''
          ? end(
              taken,
              `Thank you. I have passed your message on to ${business(facts)}, and someone will call you back. Goodbye.`,
              'message_taken',
              { message: speech },
            )
          : askForMessage(taken, 'asked', 'Of course.');
      case 'transfer':
        return cueStep('person', taken, input, facts);
      case 'end_call':
        return choice.reason === 'done'
          ? cueStep('done', taken, input, facts)
          : choice.reason === 'wrong_number'
            ? cueStep('wrong_number', taken, input, facts)
            : cueStep('callback', taken, { speech: choice.when ?? speech }, facts, speech);
      case 'say':
        return talk(taken, choice.text);
    }
  })();
  return step && withinTurnLimit(taken, facts, step);
}

function nextStep(
  state: Extract<Open, { stage: 'talking' | 'transferring' }>,
  taken: ConversationTurns,
  input: DialogueInput,
  facts: ConversationFacts,
  answer: DialogueReply,
  silent: boolean,
): ConversationStep {
  const speech = input.speech?.trim() ?? '';
  const cue = cueOf(input, {
    afterAnythingElse: state.stage === 'talking' && state.asked === 'anything_else',
  });
  if (cue) return cueStep(cue, { ...taken, misses: 0 }, input, facts);

  // The call's own answers: confirm, cancel, reschedule, opt out (opt-out always, whatever the call).
  const own =
    answer.intent === 'opt_out' ||
    (facts.answers && ['confirm', 'cancel', 'reschedule'].includes(answer.intent));
  if (own) return answerStep(taken, answer);

  // A question, or words that are none of the call's answers ("the boiler is leaking again"): the business's own
  // answer when it wrote one; else a question becomes a message for the team.
  if (speech !== '' && (answer.intent === 'question' || answer.intent === 'nothing' || !facts.answers)) {
    const entry = findAnswer(speech, facts.knowledge);
    if (entry) {
      return talk(
        { ...taken, misses: 0 },
        `${entry.answer} Is there anything else I can help you with?`,
        'anything_else',
      );
    }
    if (answer.intent === 'question' || facts.direction === 'inbound') {
      return askForMessage(
        { ...taken, misses: 0 },
        'question',
        "I'm sorry, I don't have the answer to that.",
      );
    }
  }

  // Nothing we could use: ask again, up to the limit.
  const misses = taken.misses + 1;
  if (misses >= MAX_MISSES) {
    return end(
      taken,
      silent
        ? 'We did not receive a response. Goodbye.'
        : 'Sorry, we did not understand your response. Goodbye.',
      'no_response',
    );
  }
  const lead = silent ? "Sorry, I didn't hear anything." : "Sorry, I didn't understand.";
  return talk({ ...taken, misses }, `${lead} ${repromptMenu(facts)}`);
}
