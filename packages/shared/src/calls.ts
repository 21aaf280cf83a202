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
  'opted_out',
  'voicemail',
  'no_response',
] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** The status groups the product shows and filters by (product spec section 4). */
export const STATUS_GROUPS = ['completed', 'failed', 'pending', 'in-progress'] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];

export const STATUS_GROUP_MEMBERS: Record<StatusGroup, readonly CallStatus[]> = {
  completed: ['completed'],
  failed: ['failed', 'busy', 'no-answer'],
  pending: ['scheduled', 'queued'],
  'in-progress': ['ringing', 'in-progress'],
};

/** The group a status is shown in; null for anything else (shown grey and neutral). */
export function statusGroup(status: string): StatusGroup | null {
  for (const group of STATUS_GROUPS) {
    if ((STATUS_GROUP_MEMBERS[group] as readonly string[]).includes(status)) return group;
  }
  return null;
}

export const SCRIPT_CATEGORIES = ['general', 'Reminder', 'Sales', 'Support'] as const;
export type ScriptCategory = (typeof SCRIPT_CATEGORIES)[number];
