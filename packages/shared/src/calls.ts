export const CALL_TYPES = [
  'appointment-reminder',
  'order-confirmation',
  'follow-up',
  'service-reminder',
  'promotional',
  'custom',
] as const;
export type CallType = (typeof CALL_TYPES)[number];

export const CALL_TYPE_LABELS: Record<CallType, string> = {
  'appointment-reminder': 'Appointment Reminder',
  'order-confirmation': 'Order Confirmation',
  'follow-up': 'Follow-up',
  'service-reminder': 'Service Reminder',
  promotional: 'Promotional',
  custom: 'Custom',
};

export const CALL_STATUSES = [
  'scheduled',
  'queued',
  'ringing',
  'in-progress',
  'completed',
  'busy',
  'no-answer',
  'failed',
  'canceled',
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

export const CALL_OUTCOMES = [
  'confirmed',
  'cancelled',
  'reschedule_requested',
  'rescheduled',
  'opted_out',
  'voicemail',
  'no_response',
  'transferred',
  'transfer_failed',
  'message_taken',
  'wrong_number',
  'callback_requested',
] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** The words for each outcome, everywhere the product shows one. */
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  reschedule_requested: 'Reschedule requested',
  rescheduled: 'Rescheduled',
  opted_out: 'Opted out',
  voicemail: 'Voicemail',
  no_response: 'No response',
  transferred: 'Transferred',
  transfer_failed: 'Transfer failed',
  message_taken: 'Message taken',
  wrong_number: 'Wrong number',
  callback_requested: 'Call back requested',
};

/** Who placed the call: the business (outbound), or the caller, to the business number (inbound). */
export const CALL_DIRECTIONS = ['outbound', 'inbound'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

export const CALL_DIRECTION_LABELS: Record<CallDirection, string> = {
  outbound: 'Outbound',
  inbound: 'Inbound',
};

/** The status groups the product shows and filters by (product spec section 4). */
export const STATUS_GROUPS = ['completed', 'failed', 'pending', 'in-progress'] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];

export const STATUS_GROUP_MEMBERS: Record<StatusGroup, readonly CallStatus[]> = {
  completed: ['completed'],
  failed: ['failed', 'busy', 'no-answer'],
  pending: ['scheduled', 'queued'],
  'in-progress': ['ringing', 'in-progress'],
};

/** The words for each group: the status filter and the rows' badges both say these (issue #16 item 8). */
export const STATUS_GROUP_LABELS: Record<StatusGroup, string> = {
  completed: 'Completed',
  failed: 'Failed',
  pending: 'Pending',
  'in-progress': 'In Progress',
};

/**
 * A call is placed once the carrier has been asked for it: it rang, is under way, ended, or has been tried
 * before (a retry waiting for its time). Scheduled and queued calls never tried, and calls cancelled before
 * their first try, are not placed: the dashboard's numbers and chart leave them out.
 */
export const PLACED_STATUSES: readonly CallStatus[] = [
  'ringing',
  'in-progress',
  'completed',
  'busy',
  'no-answer',
  'failed',
];

/**
 * A successful call: answered by a person (completed, not a voicemail) who confirmed, or who moved their
 * appointment to a new time during the call (it is kept, at another time).
 */
export const POSITIVE_OUTCOMES: readonly CallOutcome[] = ['confirmed', 'rescheduled'];

/** The success rate's definition, in words (the dashboard's and call history's tooltip). */
export const SUCCESS_RATE_DEFINITION =
  'The share of answered calls with a positive outcome: of the calls a person answered (completed, not voicemail), those where they confirmed or moved their appointment to a new time. Calls not placed yet, unanswered calls and voicemails are left out.';

/**
 * The Needs attention view: calls the owner should follow up on, until marked handled — the callee asked to
 * reschedule or cancelled, left a message, asked to be called back, said it was the wrong number, or could not be
 * transferred; or the call failed, or nobody answered after every attempt (busy and unanswered calls with
 * attempts left go back to scheduled for their retry, so only the last attempt's status stays).
 */
export const NEEDS_ATTENTION_OUTCOMES: readonly CallOutcome[] = [
  'reschedule_requested',
  'cancelled',
  'message_taken',
  'callback_requested',
  'wrong_number',
  'transfer_failed',
];
export const NEEDS_ATTENTION_STATUSES: readonly CallStatus[] = ['failed', 'busy', 'no-answer'];

/** The views of the call history: every call, or those that need attention. */
export const CALL_VIEWS = ['all', 'needs_attention'] as const;
export type CallView = (typeof CALL_VIEWS)[number];

/** The group a status is shown in; null for anything else (shown grey and neutral). */
export function statusGroup(status: string): StatusGroup | null {
  for (const group of STATUS_GROUPS) {
    if ((STATUS_GROUP_MEMBERS[group] as readonly string[]).includes(status)) return group;
  }
  return null;
}

export const SCRIPT_CATEGORIES = ['general', 'Reminder', 'Sales', 'Support'] as const;
export type ScriptCategory = (typeof SCRIPT_CATEGORIES)[number];
