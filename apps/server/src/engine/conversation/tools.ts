import type { ConversationFacts } from './conversation.ts';

/**
 * The tools a chat model runs a conversation with (issue #18, decision 027). Each is carried out by the same
 * function the built-in engine reaches for that goal; the model chooses, it never states an outcome itself.
 */
export const TOOL_NAMES = [
  'confirm',
  'cancel',
  'list_slots',
  'book_slot',
  'take_message',
  'transfer',
  'opt_out',
  'end_call',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** What the model chose for a turn: a tool with its arguments, or words to say before listening again. */
export type ToolChoice =
  | { tool: 'confirm' | 'cancel' | 'transfer' | 'opt_out' }
  | { tool: 'list_slots'; when: string | null }
  | { tool: 'book_slot'; option: number }
  | { tool: 'take_message'; message: string | null }
  | { tool: 'end_call'; reason: 'done' | 'wrong_number' | 'call_back'; when: string | null }
  | { tool: 'say'; text: string };

/** A line of the conversation so far, as the transcript keeps it. */
export interface HeardLine {
  speaker: 'ai' | 'callee';
  text: string;
}

/** What the model is asked at a turn. */
export interface ToolRequest {
  facts: ConversationFacts;
  /** The conversation so far, opening included. */
  history: readonly HeardLine[];
  /** The callee's words at this turn. */
  speech: string;
  /** The tools open at this turn. */
  tools: readonly ToolName[];
  /** While times are offered to move an appointment: each, as spoken ("Thursday, December 4 at 3:00 PM"). */
  offers?: readonly string[];
}

/** The longest text the model may speak in a turn (a couple of sentences). */
export const MAX_SAID_LENGTH = 400;

/**
 * The tools open at a turn: while times are offered, choosing one, asking for others, or being called back;
 * otherwise the call's own answers where it has them (an appointment, an order…), moving an appointment where
 * there is one, and what every call can do.
 */
export function toolsFor(
  facts: Pick<ConversationFacts, 'answers'>,
  situation: { offering: boolean; appointment: boolean },
): ToolName[] {
  if (situation.offering) return ['book_slot', 'list_slots', 'end_call'];
  return [
    ...(facts.answers ? (['confirm', 'cancel'] as const) : []),
    ...(facts.answers && situation.appointment ? (['list_slots'] as const) : []),
    'take_message',
    'transfer',
    'opt_out',
    'end_call',
  ];
}

/** The OpenAI function definitions (JSON Schema parameters) of the tools open at a turn. */
export function toolDefinitions(tools: readonly ToolName[], offers = 0) {
  const definitions: Record<ToolName, { description: string; parameters: Record<string, unknown> }> = {
    confirm: {
      description:
        'The callee confirms what the call is about (they will be there, the order is right). Writes the confirmation back and says goodbye.',
      parameters: NO_ARGUMENTS,
    },
    cancel: {
      description:
        'The callee cancels what the call is about (they cannot come, they do not want the order). Writes the cancellation back and says goodbye.',
      parameters: NO_ARGUMENTS,
    },
    list_slots: {
      description:
        'The callee wants another time. Finds open times (near the one they name, if any) and offers them; the callee then chooses.',
      parameters: {
        type: 'object',
        properties: {
          when: {
            type: 'string',
            description: 'The time they asked for, in their words ("Thursday afternoon"), if they named one.',
          },
        },
        additionalProperties: false,
      },
    },
    book_slot: {
      description: 'The callee chose one of the open times offered. Books it and confirms it.',
      parameters: {
        type: 'object',
        properties: {
          option: {
            type: 'integer',
            minimum: 1,
            maximum: Math.max(offers, 1),
            description: 'The place of the chosen time in the list offered, from 1.',
          },
        },
        required: ['option'],
        additionalProperties: false,
      },
    },
    take_message: {
      description:
        'The callee wants to leave a message, or asked something the business has not answered for you. With their message: it is passed on to the team; without: they are asked for it.',
      parameters: {
        type: 'object',
        properties: {
          message: {
            type: 'string',
            description: 'The message, if the callee has already said it.',
          },
        },
        additionalProperties: false,
      },
    },
    transfer: {
      description:
        'The callee wants to talk to a person. Puts them through when the business is open, else asks for a message.',
      parameters: NO_ARGUMENTS,
    },
    opt_out: {
      description:
        'The callee wants no more calls from the business. Puts their number on the do-not-call list.',
      parameters: NO_ARGUMENTS,
    },
    end_call: {
      description:
        'Ends the call politely: the callee needs nothing more ("done"), the call reached the wrong person ("wrong_number"), or they want to be called back later ("call_back").',
      parameters: {
        type: 'object',
        properties: {
          reason: { type: 'string', enum: ['done', 'wrong_number', 'call_back'] },
          when: {
            type: 'string',
            description:
              'With call_back: when they want the call, in their words ("tomorrow at 5"), if said.',
          },
        },
        required: ['reason'],
        additionalProperties: false,
      },
    },
  };
  return tools.map((name) => ({
    type: 'function' as const,
    function: { name, ...definitions[name] },
  }));
}

const NO_ARGUMENTS = { type: 'object', properties: {}, additionalProperties: false };

/**
 * The model's choice read strictly: a tool open at this turn with arguments of the right shape, or (no tool)
 * plain words short enough to speak; null for anything else, which the built-in engine then answers.
 */
export function readChoice(
  answer: { content: string | null; toolCalls: ReadonlyArray<{ name: string; arguments: string }> },
  tools: readonly ToolName[],
  offers = 0,
): ToolChoice | null {
  const [call] = answer.toolCalls;
  if (!call) {
    const text = (answer.content ?? '').replace(/\s+/g, ' ').trim();
    if (text === '' || text.length > MAX_SAID_LENGTH || /[*#`<>{}[\]]/.test(text)) return null;
    return { tool: 'say', text };
  }
  const name = call.name as ToolName;
  if (!tools.includes(name)) return null;
  let args: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(call.arguments || '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    args = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 500) : null;
  switch (name) {
    case 'confirm':
    case 'cancel':
    case 'transfer':
    case 'opt_out':
      return { tool: name };
    case 'list_slots':
      return { tool: name, when: text(args.when) };
    case 'book_slot': {
      const option = Number(args.option);
      return Number.isInteger(option) && option >= 1 && option <= offers ? { tool: name, option } : null;
    }
    case 'take_message':
      return { tool: name, message: text(args.message) };
    case 'end_call': {
      const reason = args.reason;
      if (reason !== 'done' && reason !== 'wrong_number' && reason !== 'call_back') return null;
      return { tool: name, reason, when: text(args.when) };
    }
  }
}
