import type { Config } from '../../config.ts';
import type { DialogueEngine, DialogueLogger } from './dialogue.ts';
import { createIntentEngine } from './intent-engine.ts';
import { createLlmEngine } from './llm.ts';

export {
  type DialogueContext,
  type DialogueEngine,
  type DialogueInput,
  type DialogueLogger,
  type DialogueReply,
  INTENT_OUTCOMES,
  INTENTS,
  type Intent,
  KEY_INTENTS,
  KEY_MENU,
  replyFor,
} from './dialogue.ts';
export { classifySpeech, createIntentEngine, intentForDigits } from './intent-engine.ts';
export { createLlmEngine, type LlmEngineOptions } from './llm.ts';

export type DialogueConfig = Pick<Config, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL'>;

/** The OpenAI-compatible chat model when LLM_BASE_URL and LLM_API_KEY are set; the built-in intent rules otherwise. */
export function createDialogueEngine(config: DialogueConfig, log?: DialogueLogger): DialogueEngine {
  if (config.LLM_BASE_URL && config.LLM_API_KEY) {
    return createLlmEngine({
      baseUrl: config.LLM_BASE_URL,
      apiKey: config.LLM_API_KEY,
      model: config.LLM_MODEL,
      log,
    });
  }
  return createIntentEngine();
}
