import { describe, expect, it } from 'vitest';
import {
  campaignFormSchema,
  emptyCampaignForm,
  spreadDuration,
  toCreateCampaignInput,
  valueVariables,
} from './campaign-form.ts';

const script = 'Hi {{name}} from {{company}}, see you on {{date}} at {{time}}.';

describe('the campaign form', () => {
  it('asks for the values a script needs, but not the name or company of each contact', () => {
    expect(valueVariables(script)).toEqual(['date', 'time']);
  });

  it('names every missing choice', () => {
    const result = campaignFormSchema.safeParse({ ...emptyCampaignForm(), scriptContent: script });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path.join('.')).sort();
    expect(fields).toEqual(['contactIds', 'name', 'scriptId', 'variables.date', 'variables.time']);
  });

  it('sends the chosen contacts or the tag, the values, the start and the pace', () => {
    const values = {
      ...emptyCampaignForm(),
      name: ' Spring ',
      scriptId: 'script-1',
      scriptContent: script,
      contactIds: ['a', 'b'],
      tag: 'vip',
      variables: { date: ' Friday ', time: '10 AM', unused: 'x' },
      paced: true,
      pacePerHour: '30',
    };
    expect(toCreateCampaignInput(values)).toEqual({
      name: 'Spring',
      script_id: 'script-1',
      call_type: 'appointment-reminder',
      voice: 'aria',
      contact_ids: ['a', 'b'],
      default_variables: { date: 'Friday', time: '10 AM' },
      pace_per_hour: 30,
    });
    const later = new Date(Date.now() + 3600_000);
    later.setSeconds(0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${later.getFullYear()}-${pad(later.getMonth() + 1)}-${pad(later.getDate())}T${pad(later.getHours())}:${pad(later.getMinutes())}`;
    expect(
      toCreateCampaignInput({ ...values, audience: 'tag', paced: false, start: 'later', startsAt: local }),
    ).toMatchObject({ tag: 'vip', starts_at: later.toISOString() });
  });

  it('says how long a paced campaign takes', () => {
    expect(spreadDuration(1, 60)).toBe('under a minute');
    expect(spreadDuration(3, 60)).toBe('about 2 minutes');
    expect(spreadDuration(121, 60)).toBe('about 2 hours');
    expect(spreadDuration(5000, 60)).toBe('about 3 days');
  });
});
