import { describe, expect, it } from 'vitest';
import { RULE_FIELDS, scheduleFieldOf } from '@/features/schedule-call/utils/schedule-errors';

describe('where the server’s problems go in the schedule form', () => {
  it('puts a request field under its form field', () => {
    expect(scheduleFieldOf('recipient_name')).toBe('recipientName');
    expect(scheduleFieldOf('scheduled_at')).toBe('scheduledAt');
    expect(scheduleFieldOf('script_id')).toBe('message');
    expect(scheduleFieldOf('call_type')).toBe('callType');
  });

  it('puts a variable’s problem under its value, and one about all of them under the message', () => {
    expect(scheduleFieldOf('variables.date')).toBe('variables.date');
    expect(scheduleFieldOf('variables')).toBe('message');
  });

  it('places no problem about a field the form does not have', () => {
    expect(scheduleFieldOf('contact_id')).toBeNull();
  });

  it('puts a calling rule’s refusal under the number, or the call type for consent', () => {
    expect(RULE_FIELDS.do_not_call).toBe('phone');
    expect(RULE_FIELDS.consent_required).toBe('callType');
  });
});
