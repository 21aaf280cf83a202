import type { FieldPath } from 'react-hook-form';
import type { ScheduleFormValues } from '@/features/schedule-call/utils/schedule-form';

/** Where a server problem about a request field goes in the form. */
export function scheduleFieldOf(field: string): FieldPath<ScheduleFormValues> | null {
  const [root, ...rest] = field.split('.');
  switch (root) {
    case 'phone':
      return 'phone';
    case 'recipient_name':
      return 'recipientName';
    case 'message':
    case 'script':
    case 'script_id':
      return 'message';
    case 'scheduled_at':
      return 'scheduledAt';
    case 'voice':
      return 'voice';
    case 'call_type':
      return 'callType';
    case 'variables':
      return rest.length > 0 ? `variables.${rest.join('.')}` : 'message';
    default:
      return null;
  }
}

/** Where a refusal by a calling rule goes in the form: the recipient's number, or the kind of call. */
export const RULE_FIELDS: Record<string, FieldPath<ScheduleFormValues>> = {
  do_not_call: 'phone',
  frequency_cap_reached: 'phone',
  state_rule: 'phone',
  consent_required: 'callType',
};
