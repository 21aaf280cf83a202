import { describe, expect, it } from 'vitest';
import { averageDuration, formatCost, formatDuration, percentOf, successRate } from './format.ts';

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

describe('successRate and averageDuration', () => {
  const calls = [
    { status: 'completed', duration: 30 },
    { status: 'completed', duration: 61 },
    { status: 'failed', duration: 0 },
  ];
  it('rounds the share of completed calls', () => {
    expect(successRate(calls)).toBe(67);
    expect(successRate([])).toBe(0);
  });
  it('averages over completed calls only', () => {
    expect(averageDuration(calls)).toBe(46);
    expect(averageDuration([{ status: 'busy', duration: 100 }])).toBe(0);
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
