import type { TimeWish } from '@callwise/shared/call-dialogue';
import type { CallOutcome, CallType } from '@callwise/shared/calls';
import type { ConversationAgent } from './agent.ts';

export const INTENTS = ['confirm', 'cancel', 'reschedule', 'opt_out', 'question', 'nothing'] as const;
export type Intent = (typeof INTENTS)[number];

/** What the call said and who it was for: the dialogue answers within this. */
export interface DialogueContext {
  /** The rendered message spoken to the callee. */
  message: string;
  callType: CallType;
  businessName: string;
  recipientName: string;
  /** The business's time zone and the moment of the answer: what a time the callee names is read against. */
  timezone?: string;
  now?: Date;
}

/** The callee's answer: keys pressed, or words heard. Both absent: the callee said nothing. */
export interface DialogueInput {
  digits?: string;
  speech?: string;
}

export interface DialogueReply {
  intent: Intent;
  outcome: CallOutcome;
  /** What we say back before hanging up. */
  reply: string;
  /** With 'reschedule': the time the callee asked for instead ("can we do Thursday afternoon?"), if any. */
  wish?: TimeWish;
}

export interface DialogueEngine {
  readonly name: 'intents' | 'llm';
  respond(input: DialogueInput, context: DialogueContext): Promise<DialogueReply>;
  /** A chat model that runs a call's conversation with tools (decision 027); absent, the built-in engine does. */
  readonly agent?: ConversationAgent;
}

/** The minimal logger the dialogue needs (a pino / Fastify logger fits). */
export interface DialogueLogger {
  warn(details: object, message: string): void;
}

/** The spoken menu appended to every message that does not offer its own (packages/shared/src/call-prompt.ts). */
export { KEY_MENU } from '@callwise/shared/call-prompt';

/** The keys of KEY_MENU. */
export const KEY_INTENTS: Readonly<Record<string, Intent>> = {
  '1': 'confirm',
  '2': 'cancel',
  '3': 'reschedule',
  '9': 'opt_out',
};

export const INTENT_OUTCOMES: Readonly<Record<Intent, CallOutcome>> = {
  confirm: 'confirmed',
  cancel: 'cancelled',
  reschedule: 'reschedule_requested',
  opt_out: 'opted_out',
  question: 'no_response',
  nothing: 'no_response',
};

export function isIntent(value: unknown): value is Intent {
  return typeof value === 'string' && (INTENTS as readonly string[]).includes(value);
}

/** The business as spoken: its name, or a neutral phrase when it has none. */
function business(context: DialogueContext): string {
  const name = context.businessName.trim();
  return name === '' ? 'our team' : name;
}

/** What the call is about, per call type ("appointment", "order", …), or null when it has no object. */
function subject(callType: CallType): string | null {
  switch (callType) {
    case 'appointment-reminder':
      return 'appointment';
    case 'service-reminder':
      return 'service appointment';
    case 'order-confirmation':
      return 'order';
    default:
      return null;
  }
}

/**
 * Why a "nothing" reply was given: no input at all, or input we could not understand (an unknown key, words
 * that match no intent).
 */
export type NothingReason = 'silence' | 'not_understood';

/** The short spoken reply for an intent, personalised with the business and adapted to the call type. */
export function replyFor(
  intent: Intent,
  context: DialogueContext,
  reason: NothingReason = 'silence',
): string {
  const from = business(context);
  const about = subject(context.callType);
  switch (intent) {
    case 'confirm':
      if (about) return `Thank you, your ${about} with ${from} is confirmed. Goodbye.`;
      if (context.callType === 'promotional') {
        return `Thank you for your interest. Someone from ${from} will be in touch with the details. Goodbye.`;
      }
      return `Thank you, your confirmation has been passed on to ${from}. Goodbye.`;
    case 'cancel':
      if (about)
        return `Your ${about} with ${from} has been cancelled. Thank you for letting us know. Goodbye.`;
      if (context.callType === 'promotional') return 'No problem, thank you for letting us know. Goodbye.';
      return `Thank you, we have let ${from} know that you wish to cancel. Goodbye.`;
    case 'reschedule':
      if (context.callType === 'order-confirmation') {
        return `No problem. Someone from ${from} will call you to arrange a new time for your order. Goodbye.`;
      }
      return `No problem. Someone from ${from} will call you to find a new time. Goodbye.`;
    case 'opt_out':
      return `You will not receive any more calls from ${from}. Goodbye.`;
    case 'question':
      return `I'm an automated assistant for ${from}; someone from the team will call you back to answer your question. Goodbye.`;
    case 'nothing':
      return reason === 'silence'
        ? 'We did not receive a response. Goodbye.'
        : 'Sorry, we did not understand your response. Goodbye.';
  }
}

/** A complete reply for an intent. */
export function dialogueReply(
  intent: Intent,
  context: DialogueContext,
  reason?: NothingReason,
): DialogueReply {
  return { intent, outcome: INTENT_OUTCOMES[intent], reply: replyFor(intent, context, reason) };
}
