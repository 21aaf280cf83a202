import { describe, expect, it } from 'vitest';
import { formatCost, formatDuration, percentOf } from './format.ts';

describe('formatCost', () => {
  it('shows dollars with four decimals', () => {
    expect(formatCost(0.1234)).toBe('$0.1234');
    expect(formatCost(1.5)).toBe('$1.5000');
    expect(formatCost(0)).toBe('$0.0000');
    expect(formatCost(null)).toBe('$0.0000');
  });
});

describe('formatDuration', () => {
  it('shows seconds alone under a minute', () => {
    expect(formatDuration(42)).toBe('42s');
    expect(formatDuration(0)).toBe('0s');
  });
  it('shows minutes and seconds from a minute on', () => {
    expect(formatDuration(60)).toBe('1m 0s');
    expect(formatDuration(75)).toBe('1m 15s');
    expect(formatDuration(3601)).toBe('60m 1s');
  });
});

describe('percentOf', () => {
  it('rounds, and is 0 of nothing', () => {
    expect(percentOf(2, 7)).toBe(29);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(10, 10)).toBe(100);
  });
});
