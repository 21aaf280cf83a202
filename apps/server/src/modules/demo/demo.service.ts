import { openSlots } from '@callwise/shared/availability';
import type { CallDialogue, OfferedSlot, TimeWish } from '@callwise/shared/call-dialogue';
import { KEY_MENU } from '@callwise/shared/call-prompt';
import { localTime, spokenTime, zonedTime } from '@callwise/shared/calling-window';
import { DEMO_REPROMPT, type DemoScenario } from '@callwise/shared/demo';
import { DEFAULT_BOOKING_SETTINGS } from '@callwise/shared/schemas/booking';
import type { DemoReply, DemoState, DemoTranscriptLine } from '@callwise/shared/schemas/demo';
import {
  type ConversationFacts,
  converse,
  type DialogueContext,
  type DialogueEngine,
  type DialogueInput,
  FIRST_TURN,
} from '../../engine/index.ts';
import { chosenOffer, offersFrom, offerText } from '../appointments/reschedule-dialogue.ts';

/** Keys only ("1", "3 #"): the visitor pressed keys on the call's menu; anything else is speech. */
const KEYS_ONLY = /^[\d*#\s]+$/;

/**
 * The call as the dialogue engine sees it: the scenario's message, and the conversation so far (which a chat
 * model uses; the built-in intent rules look at the latest answer only).
 */
export function demoContext(
  scenario: DemoScenario,
  transcript: readonly DemoTranscriptLine[],
): DialogueContext {
  const conversation = transcript.map(
    (line) => `${line.speaker === 'ai' ? 'Assistant' : scenario.recipientName}: ${line.text}`,
  );
  return {
    message:
      conversation.length === 0
        ? scenario.script
        : `${scenario.script}\n\nThe conversation so far:\n${conversation.join('\n')}`,
    callType: scenario.callType,
    businessName: scenario.businessName,
    recipientName: scenario.recipientName,
  };
}

export function demoInput(text: string): DialogueInput {
  const trimmed = text.trim();
  return KEYS_ONLY.test(trimmed) ? { digits: trimmed.replace(/\s+/g, '') } : { speech: trimmed };
}

const DEMO_TIMEZONE = 'America/New_York';

const NAMES =
  /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)\b/g;
/** Days and months as written: "thursday afternoon" → "Thursday afternoon". */
const capitalised = (words: string) =>
  words.replace(NAMES, (name) => name.charAt(0).toUpperCase() + name.slice(1));
const DAY = 86_400_000;

type Open = Extract<CallDialogue, { stage: 'talking' | 'message' }>;

/** The times offered to move a scenario's appointment: open slots of a business open weekdays 9 to 5. */
function demoOffers(scenario: DemoScenario, wish: TimeWish | undefined, now: Date): OfferedSlot[] {
  if (!scenario.appointment) return [];
  const today = localTime(now, DEMO_TIMEZONE);
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day + scenario.appointment.inDays));
  const appointmentAt = zonedTime(
    { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() },
    scenario.appointment.minutes,
    DEMO_TIMEZONE,
  );
  const slots = openSlots({
    settings: DEFAULT_BOOKING_SETTINGS,
    timezone: DEMO_TIMEZONE,
    from: now,
    to: new Date(now.getTime() + 21 * DAY),
    now,
    durationMinutes: 30,
    bufferMinutes: 0,
    staff: [''],
    busy: [],
  }).filter((slot) => slot.startsAt.getTime() !== appointmentAt.getTime());
  return offersFrom(slots, appointmentAt, DEMO_TIMEZONE, wish).offers;
}

/**
 * The assistant's answer in the public demo: the product's conversation (the built-in rules, or the chat model
 * when one is configured), as on a real call — who is calling, questions answered from the scenario business's
 * knowledge, open times offered to move an appointment ("Thursday instead?") — with the state kept by the
 * visitor's browser. One difference: an answer it did not understand gets the menu again, because a visitor
 * exploring the demo should be able to try again; a real call ends after the second.
 */
export async function demoReply(
  dialogue: DialogueEngine,
  scenario: DemoScenario,
  transcript: readonly DemoTranscriptLine[],
  text: string,
  state: DemoState | undefined,
  now = new Date(),
): Promise<DemoReply> {
  const input = demoInput(text);
  const context = demoContext(scenario, transcript);
  if (state?.stage === 'offering') {
    const choice = chosenOffer(state.offers, input, DEMO_TIMEZONE);
    if (choice === 'decline') {
      return {
        reply: `No problem. Someone from ${scenario.businessName} will call you back to find a time. Goodbye.`,
        intent: 'reschedule',
        outcome: 'reschedule_requested',
        ended: true,
        state: null,
      };
    }
    if (choice) {
      return {
        reply: `You're booked for ${spokenTime(new Date(choice.starts_at), DEMO_TIMEZONE)}. See you then. Goodbye.`,
        intent: 'reschedule',
        outcome: 'rescheduled',
        ended: true,
        state: null,
      };
    }
    return {
      reply: `Sorry, I didn't catch that. ${offerText(state.offers, DEMO_TIMEZONE)}`,
      intent: 'nothing',
      outcome: null,
      ended: false,
      state,
    };
  }
  const open: Open = !state
    ? FIRST_TURN
    : state.stage === 'message'
      ? { stage: 'message', reason: state.reason ?? 'question', turns: state.turns, misses: state.misses }
      : {
          stage: 'talking',
          turns: state.turns,
          misses: state.misses,
          ...(state.asked ? { asked: state.asked } : {}),
        };
  const answer =
    open.stage === 'message'
      ? { intent: 'nothing' as const, outcome: 'no_response' as const, reply: '' }
      : await dialogue.respond(input, { ...context, timezone: DEMO_TIMEZONE, now });
  const facts: ConversationFacts = {
    direction: 'outbound',
    businessName: scenario.businessName,
    recipientName: scenario.recipientName,
    message: scenario.message,
    menu: KEY_MENU,
    about: scenario.about,
    answers: true,
    knowledge: scenario.knowledge,
    transfer: null,
    timezone: DEMO_TIMEZONE,
    window: { start: '08:00', end: '21:00' },
    now,
  };
  const step = converse(open, input, facts, answer);
  // Not understood: the menu again, the call goes on.
  if (
    open.stage !== 'message' &&
    (step.outcome === 'no_response' ||
      (step.gather && step.dialogue.stage === 'talking' && step.dialogue.misses > 0))
  ) {
    return {
      reply: DEMO_REPROMPT,
      intent: 'nothing',
      outcome: null,
      ended: false,
      state: { ...open, stage: 'talking', misses: 0 } as DemoState,
    };
  }
  if (step.action.kind === 'answer' && step.action.answer.intent === 'reschedule') {
    const offers = demoOffers(scenario, step.action.answer.wish, now);
    if (offers.length > 0) {
      const lead = step.action.answer.wish
        ? `Here are the open times nearest ${capitalised(step.action.answer.wish.said)}. `
        : '';
      return {
        reply: `${lead}${offerText(offers, DEMO_TIMEZONE)}`,
        intent: 'reschedule',
        outcome: null,
        ended: false,
        state: { stage: 'offering', turns: open.turns + 1, misses: 0, offers },
      };
    }
  }
  const next = step.dialogue;
  return {
    reply: step.reply,
    intent: answer.intent,
    outcome: step.outcome ?? null,
    ended: !step.gather,
    state: step.gather && (next.stage === 'talking' || next.stage === 'message') ? (next as DemoState) : null,
  };
}
