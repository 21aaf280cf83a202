import {
  CALL_OUTCOME_LABELS,
  CALL_TYPE_LABELS,
  type CallOutcome,
  type CallType,
} from '@callwise/shared/calls';
import { findVoice } from '@callwise/shared/voices';

export const outcomeLabel = (outcome: CallOutcome | null) => (outcome ? CALL_OUTCOME_LABELS[outcome] : null);

/** The voice's name ("Aria") for its id; an unknown id as it is. */
export const voiceLabel = (voice: string) => findVoice(voice)?.name ?? voice;

export const callTypeLabel = (type: CallType) => CALL_TYPE_LABELS[type] ?? type;

/** "the call to Jane Doe", or for a call to the business number "the call from Jane Doe" (in labels). */
export const callWith = (call: { direction: 'outbound' | 'inbound'; recipient_name: string }) =>
  `the call ${call.direction === 'inbound' ? 'from' : 'to'} ${call.recipient_name}`;

/** A transcript line in parentheses ("(Put through to +1 202 555 0199.)") is an event of the call, not speech. */
export const isTranscriptEvent = (text: string) => /^\(.*\)$/s.test(text.trim());
