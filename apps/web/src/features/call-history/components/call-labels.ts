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
