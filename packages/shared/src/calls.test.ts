import { describe, expect, it } from 'vitest';
import { CALL_STATUSES, statusGroup } from './calls.ts';

describe('statusGroup', () => {
  it('groups statuses as the product shows them', () => {
    expect(statusGroup('scheduled')).toBe('pending');
    expect(statusGroup('queued')).toBe('pending');
    expect(statusGroup('ringing')).toBe('in-progress');
    expect(statusGroup('in-progress')).toBe('in-progress');
    expect(statusGroup('completed')).toBe('completed');
    expect(statusGroup('busy')).toBe('failed');
    expect(statusGroup('no-answer')).toBe('failed');
    expect(statusGroup('failed')).toBe('failed');
  });
  it('leaves other values neutral', () => {
    expect(statusGroup('canceled')).toBeNull();
    expect(statusGroup('something-else')).toBeNull();
  });
  it('puts every status but canceled in a group', () => {
    const ungrouped = CALL_STATUSES.filter((status) => statusGroup(status) === null);
    expect(ungrouped).toEqual(['canceled']);
  });
});
