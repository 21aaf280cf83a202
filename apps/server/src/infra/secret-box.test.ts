import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.ts';

describe('stored credentials', () => {
  const box = new SecretBox('a-server-secret-of-at-least-32-characters!');

  it('seals differently each time and opens to the same value', () => {
    const first = box.seal('cal_live_0123456789');
    const second = box.seal('cal_live_0123456789');
    expect(first).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('cal_live');
    expect(box.open(first)).toBe('cal_live_0123456789');
    expect(box.open(second)).toBe('cal_live_0123456789');
  });

  it('reads a value stored before encryption as it is', () => {
    expect(box.open('1//legacy-refresh-token')).toBe('1//legacy-refresh-token');
  });

  it('refuses another server’s sealing and an altered value', () => {
    const sealed = box.seal('secret');
    expect(() => new SecretBox('another-server-secret-of-32-characters!!').open(sealed)).toThrow();
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => box.open(altered)).toThrow();
  });
});
