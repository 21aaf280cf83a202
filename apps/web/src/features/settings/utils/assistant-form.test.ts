import { describe, expect, it } from 'vitest';
import {
  assistantDocumentFrom,
  assistantFieldOf,
  assistantValuesFrom,
  callerInputsFrom,
} from '@/features/settings/utils/assistant-form';

describe('the assistant form', () => {
  it('sends an empty greeting and transfer number as null, and reads them back as empty', () => {
    const values = assistantValuesFrom({
      greeting: null,
      transfer_number: null,
      transfer_ring_seconds: 20,
      knowledge: [],
    });
    expect(values).toMatchObject({ greeting: '', transfer_number: '' });
    expect(assistantDocumentFrom({ ...values, greeting: '  ' })).toMatchObject({
      greeting: null,
      transfer_number: null,
    });
  });

  it('shows the server’s problems on their inputs', () => {
    expect(assistantFieldOf('knowledge.2.answer')).toBe('knowledge.2.answer');
    expect(assistantFieldOf('transfer_number')).toBe('transfer_number');
    expect(assistantFieldOf('knowledge')).toBe('knowledge.root');
    expect(assistantFieldOf('business_number')).toBeNull();
  });

  it('reads the caller’s lines: keys or words, blank lines skipped', () => {
    expect(callerInputsFrom('Where can I park?\n\n 1 \n*#\nThanks')).toEqual([
      { speech: 'Where can I park?' },
      { digits: '1' },
      { digits: '*#' },
      { speech: 'Thanks' },
    ]);
  });
});
