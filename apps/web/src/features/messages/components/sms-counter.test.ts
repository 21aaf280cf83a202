import { describe, expect, it } from 'vitest';
import { smsCounterText } from '@/features/messages/components/sms-counter';

describe('smsCounterText', () => {
  it('counts an empty text as nothing to pay', () => {
    expect(smsCounterText('')).toBe('0 characters · 0 segments · GSM-7 · $0.0000');
  });

  it('prices a short plain text as one GSM-7 segment', () => {
    expect(smsCounterText('Hi')).toBe('2 characters · 1 segment · GSM-7 · $0.0079');
  });

  it('splits a long text and names the characters that force UCS-2', () => {
    expect(smsCounterText('a'.repeat(161))).toBe('161 characters · 2 segments · GSM-7 · $0.0158');
    expect(smsCounterText('See you 😊 “soon”')).toBe(
      '16 characters · 1 segment · UCS-2 · $0.0079. UCS-2 because of: 😊 “ ”',
    );
  });
});
