import { describe, expect, it } from 'vitest';
import { campaignFieldOf } from '@/features/campaigns/utils/campaign-errors';

describe('where the server’s problems go in the campaign form', () => {
  it('puts a request field under its form field', () => {
    expect(campaignFieldOf('script_id')).toBe('scriptId');
    expect(campaignFieldOf('contact_ids.3')).toBe('contactIds');
    expect(campaignFieldOf('starts_at')).toBe('startsAt');
    expect(campaignFieldOf('pace_per_hour')).toBe('pacePerHour');
  });

  it('puts a value’s problem under its box, and places none about the values as a whole', () => {
    expect(campaignFieldOf('default_variables.date')).toBe('variables.date');
    expect(campaignFieldOf('default_variables')).toBeNull();
  });

  it('places no problem about a field the form does not have', () => {
    expect(campaignFieldOf('account_id')).toBeNull();
  });
});
