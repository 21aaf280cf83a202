import { describe, expect, it } from 'vitest';
import { greeting } from './greeting.ts';

describe('greeting', () => {
  it('greets by the hour and the first name', () => {
    expect(greeting('Maria', 5)).toBe('Good morning, Maria');
    expect(greeting('Maria', 11)).toBe('Good morning, Maria');
    expect(greeting(' Maria ', 12)).toBe('Good afternoon, Maria');
    expect(greeting('Maria', 18)).toBe('Good evening, Maria');
    expect(greeting('Maria', 2)).toBe('Good evening, Maria');
    expect(greeting('', 9)).toBe('Good morning');
    expect(greeting(null, 9)).toBe('Good morning');
  });
});
