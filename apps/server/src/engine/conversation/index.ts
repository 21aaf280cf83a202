import type { Config } from '../../config.ts';
import { createConversationAgent } from './agent.ts';
import type { DialogueEngine, DialogueLogger } from './dialogue.ts';
import { createIntentEngine } from './intent-engine.ts';
import { createLlmEngine } from './llm.ts';

export { AGENT_TIMEOUT_MS, type ConversationAgent, createConversationAgent } from './agent.ts';
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
export { TOOL_NAMES, type ToolChoice, type ToolName } from './tools.ts';

export type DialogueConfig = Pick<Config, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL'>;

/**
 * The OpenAI-compatible chat model when LLM_BASE_URL and LLM_API_KEY are set — reading answers, and running calls'
 * conversations with tools — the built-in intent rules otherwise.
 */
export function createDialogueEngine(config: DialogueConfig, log?: DialogueLogger): DialogueEngine {
  if (config.LLM_BASE_URL && config.LLM_API_KEY) {
    const options = {
      baseUrl: config.LLM_BASE_URL,
      apiKey: config.LLM_API_KEY,
      model: config.LLM_MODEL,
      log,
    };
    return { ...createLlmEngine(options), agent: createConversationAgent(options) };
  }
  return createIntentEngine();
}
