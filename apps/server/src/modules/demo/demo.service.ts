import { DEMO_REPROMPT, type DemoScenario } from '@callwise/shared/demo';
import type { DemoReply, DemoTranscriptLine } from '@callwise/shared/schemas/demo';
import type { DialogueContext, DialogueEngine, DialogueInput } from '../../engine/index.ts';

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

/**
 * The assistant's answer in the public demo: the product's dialogue engine (the intent rules, or the chat model
 * when one is configured) decides as on a real call. One difference: an answer it did not understand gets
 * the menu again, because a visitor exploring the demo should be able to try again; a real call hangs up.
 */
export async function demoReply(
  dialogue: DialogueEngine,
  scenario: DemoScenario,
  transcript: readonly DemoTranscriptLine[],
  text: string,
): Promise<DemoReply> {
  const result = await dialogue.respond(demoInput(text), demoContext(scenario, transcript));
  if (result.intent === 'nothing')
    return { reply: DEMO_REPROMPT, intent: 'nothing', outcome: null, ended: false };
  return { reply: result.reply, intent: result.intent, outcome: result.outcome, ended: true };
}
