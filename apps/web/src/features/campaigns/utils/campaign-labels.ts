import {
  CALL_OUTCOME_LABELS,
  CALL_TYPE_LABELS,
  type CallOutcome,
  type CallType,
} from '@callwise/shared/calls';
import type { Campaign, CampaignState } from '@callwise/shared/schemas/campaigns';
import { findVoice } from '@callwise/shared/voices';

export const STATE_LABELS: Record<CampaignState, string> = {
  scheduled: 'Scheduled',
  running: 'Running',
  paused: 'Paused',
  completed: 'Completed',
  canceled: 'Cancelled',
};

/** The outcomes' words, as everywhere in the product. */
export const OUTCOME_LABELS: Record<CallOutcome, string> = CALL_OUTCOME_LABELS;

/** The voice's name ("Aria") for its id; an unknown id as it is. */
export const voiceLabel = (voice: string) => findVoice(voice)?.name ?? voice;

export const callTypeLabel = (type: CallType) => CALL_TYPE_LABELS[type] ?? type;

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** Calls that have ended one way or another: completed, failed or cancelled. */
export const finishedCalls = (campaign: Pick<Campaign, 'progress'>) =>
  campaign.progress.completed + campaign.progress.failed + campaign.progress.canceled;

/** "60 calls per hour" or "All at once". */
export const paceLabel = (pace: number | null) => (pace ? `${plural(pace, 'call')} per hour` : 'All at once');
