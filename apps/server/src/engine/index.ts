/**
 * The call engine's public surface (decision 025): what the rest of the server may use of it. Modules import from
 * here only, never a file inside the engine (the linter holds them to it); the composition root (`services.ts`)
 * builds the engine with `openEngine`.
 */

export {
  BROWSER_CALL_IDLE_SECONDS,
  BrowserCallProblem,
  type BrowserCallState,
} from './browser-calls.ts';
export type {
  BusinessGoal,
  ConversationTurn,
  RescheduleGoal,
  WaitlistGoal,
} from './call-conversation.ts';
export { type SpokenPrompt, speakPrompt } from './call-prompt.ts';
export {
  type CarrierMessageStatusEvent,
  type InboundMessage,
  type MessageCarrier,
  type MessageHost,
  MessageRejectedError,
} from './carriers/messaging.ts';
export {
  type AvailableNumber,
  type TwilioNumber,
  TwilioNumberError,
  TwilioNumbers,
} from './carriers/twilio/twilio-numbers.ts';
export {
  type ConversationFacts,
  type ConversationStep,
  converse,
  FIRST_TURN,
} from './conversation/conversation.ts';
export { CALL_BACK_KEY } from './conversation/cues.ts';
export {
  classifySpeech,
  createDialogueEngine,
  createLlmEngine,
  type DialogueContext,
  type DialogueEngine,
  type DialogueInput,
} from './conversation/index.ts';
export { asksForTime, CALL_BACK, DAY_PARTS, parseTimeWish } from './conversation/time-wish.ts';
export type { CallEngine } from './engine.ts';
export { CALL_FAILURE_ALERT, callFailureAlertPayload } from './failure-alerts.ts';
export { CALL_MESSAGE_ALERTS } from './message-alerts.ts';
export { generateWebhookSecret, verifyWebhook } from './webhooks/signing.ts';
