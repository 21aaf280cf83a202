import { describe, expect, it } from 'vitest';
import {
  clockTime,
  parsePreviewParts,
  partAt,
  partsLegend,
} from '@/features/schedule-call/utils/preview-parts';

const HEADER =
  '[{"part":"disclosure","start":0,"end":5.8},{"part":"message","start":6.1,"end":20.42},{"part":"menu","start":20.82,"end":33.01}]';

describe('the parts of a voice preview', () => {
  it('are read from X-Audio-Parts, in order', () => {
    expect(parsePreviewParts(HEADER)).toEqual([
      { part: 'disclosure', start: 0, end: 5.8 },
      { part: 'message', start: 6.1, end: 20.42 },
      { part: 'menu', start: 20.82, end: 33.01 },
    ]);
  });

  it('are none when the header is absent or not what the server sends', () => {
    for (const header of [
      null,
      '',
      'disclosure=0',
      '{}',
      '[{"part":"jingle","start":0,"end":1}]',
      '[{"part":"menu"}]',
    ]) {
      expect(parsePreviewParts(header), String(header)).toEqual([]);
    }
  });

  it('make the legend "Disclosure 0:00 · Message 0:06 · Menu 0:20"', () => {
    expect(partsLegend(parsePreviewParts(HEADER))).toBe('Disclosure 0:00 · Message 0:06 · Menu 0:20');
    expect(clockTime(65.9)).toBe('1:05');
  });

  it('tell which part is playing (a pause belongs to the part before it)', () => {
    const parts = parsePreviewParts(HEADER);
    expect(partAt(parts, 0)?.part).toBe('disclosure');
    expect(partAt(parts, 5.95)?.part).toBe('disclosure');
    expect(partAt(parts, 6.1)?.part).toBe('message');
    expect(partAt(parts, 40)?.part).toBe('menu');
    expect(partAt([], 3)).toBeNull();
  });
});
