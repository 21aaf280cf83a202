import { CALL_TYPE_LABELS, type CallOutcome, type CallType } from '@callwise/shared/calls';
import { findVoice } from '@callwise/shared/voices';

const OUTCOME_LABELS: Record<CallOutcome, string> = {
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  reschedule_requested: 'Reschedule requested',
  opted_out: 'Opted out',
  voicemail: 'Voicemail',
  no_response: 'No response',
};

export const outcomeLabel = (outcome: CallOutcome | null) => (outcome ? OUTCOME_LABELS[outcome] : null);

/** The voice's name ("Aria") for its id; an unknown id as it is. */
export const voiceLabel = (voice: string) => findVoice(voice)?.name ?? voice;

export const callTypeLabel = (type: CallType) => CALL_TYPE_LABELS[type] ?? type;
