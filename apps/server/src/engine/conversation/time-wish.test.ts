import { describe, expect, it } from 'vitest';
import { wishWindows } from '../../modules/appointments/reschedule-dialogue.ts';
import type { DialogueContext } from './dialogue.ts';
import { createIntentEngine, decide } from './intent-engine.ts';
import { parseTimeWish, type WishReference } from './time-wish.ts';

/**
 * Speech naming another time (issue #17, decision 017): read with chrono-node against the business's local wall
 * clock at the answer's moment, never the server's zone. Fixed reference instants; several zones; a DST change.
 */

// Wednesday, December 4, 2030, 8:00 AM in New York (13:00 UTC).
const newYork: WishReference = { now: new Date('2030-12-04T13:00:00Z'), timezone: 'America/New_York' };
const wish = (speech: string, reference = newYork) => parseTimeWish(speech, reference);

describe('a time wished for', () => {
  it('reads every phrase of the issue in the business’s zone', () => {
    expect(wish('Can we do Thursday instead?')).toMatchObject({
      days: ['2030-12-05'],
      part: null,
      times: [],
    });
    expect(wish('Thursday afternoon')).toMatchObject({ days: ['2030-12-05'], part: 'afternoon', times: [] });
    // Monday to Sunday of the next week.
    expect(wish('next week')?.days).toEqual([
      '2030-12-09',
      '2030-12-10',
      '2030-12-11',
      '2030-12-12',
      '2030-12-13',
      '2030-12-14',
      '2030-12-15',
    ]);
    // No day named: the appointment's own; an hour without AM/PM reads afternoon first from 1 to 6.
    expect(wish('at 6 instead')).toMatchObject({ days: null, part: null, times: [18 * 60, 6 * 60] });
    expect(wish('tomorrow morning')).toMatchObject({ days: ['2030-12-05'], part: 'morning', times: [] });
    expect(wish('the 14th at 3')).toMatchObject({
      said: 'the 14th at 3',
      days: ['2030-12-14'],
      times: [15 * 60, 3 * 60],
    });
  });

  it('reads weekdays forward, hours by their likely reading, and parts of the day', () => {
    // Said on a Wednesday, "Wednesday" is next week's.
    expect(wish('Wednesday')?.days).toEqual(['2030-12-11']);
    expect(wish('next Tuesday')?.days).toEqual(['2030-12-10']);
    expect(wish('Friday at 9')).toMatchObject({ days: ['2030-12-06'], times: [9 * 60, 21 * 60] });
    expect(wish('at 10:30 am')).toMatchObject({ times: [10 * 60 + 30] });
    expect(wish('at 6 in the morning')).toMatchObject({ part: 'morning', times: [6 * 60] });
    expect(wish('at noon')).toMatchObject({ times: [12 * 60] });
    expect(wish('tonight')).toMatchObject({ days: ['2030-12-04'], part: 'evening' });
    expect(wish('in the afternoon instead')).toMatchObject({ days: null, part: 'afternoon' });
    // The 3rd has passed this month: next month's.
    expect(wish('on the 3rd')?.days).toEqual(['2031-01-03']);
    expect(wish('Monday or Friday')?.days).toEqual(['2030-12-06', '2030-12-09']);
    expect(wish('none of those, anything next week?')?.days).toHaveLength(7);
    expect(wish('this week')?.days).toEqual([
      '2030-12-04',
      '2030-12-05',
      '2030-12-06',
      '2030-12-07',
      '2030-12-08',
    ]);
  });

  it('finds no time where none is named', () => {
    for (const speech of [
      '',
      'yes',
      'Sure, see you then',
      "I can't make it",
      'the second one',
      'one',
      'second',
      'now is not a good time',
      "I'm at work right now",
      'give me a second',
      'in a minute',
      'I may be late',
      'I have 3 kids',
      'what time is it',
      'may I reschedule?',
      'the 2nd one',
    ]) {
      expect(wish(speech), speech).toBeNull();
    }
  });

  it('takes "today" and "tomorrow" from the business’s local day, not UTC’s nor the server’s', () => {
    // 23:30 UTC on December 4 is already 8:30 AM on Thursday, December 5 in Tokyo…
    const tokyo = { now: new Date('2030-12-04T23:30:00Z'), timezone: 'Asia/Tokyo' };
    expect(wish('tomorrow', tokyo)?.days).toEqual(['2030-12-06']);
    expect(wish('Thursday afternoon', tokyo)?.days).toEqual(['2030-12-12']);
    // …and 06:30 UTC on December 5 still 10:30 PM on Wednesday, December 4 in Los Angeles.
    const losAngeles = { now: new Date('2030-12-05T06:30:00Z'), timezone: 'America/Los_Angeles' };
    expect(wish('tomorrow', losAngeles)?.days).toEqual(['2030-12-05']);
    expect(wish('today', losAngeles)?.days).toEqual(['2030-12-04']);
  });

  it('keeps wall-clock times across a DST change (the wished day in another offset than the call)', () => {
    // Saturday, March 9, 2030, 10:00 AM EST; New York moves to EDT on Sunday, March 10 at 2:00 AM.
    const beforeSpring = { now: new Date('2030-03-09T15:00:00Z'), timezone: 'America/New_York' };
    const sunday = wish('tomorrow at 6', beforeSpring);
    expect(sunday).toMatchObject({ days: ['2030-03-10'], times: [18 * 60, 6 * 60] });
    const at = new Date('2030-03-01T12:00:00Z');
    // 6 PM EDT is 22:00 UTC (EST's 23:00 would be 7 PM on that day).
    expect(
      wishWindows(sunday ?? fail(), at, 'America/New_York').map((w) => new Date(w.start).toISOString()),
    ).toEqual(['2030-03-10T10:00:00.000Z', '2030-03-10T22:00:00.000Z']);
    // The morning of that day starts at midnight EST and ends at noon EDT: 11 hours.
    const morning = wishWindows(wish('tomorrow morning', beforeSpring) ?? fail(), at, 'America/New_York');
    expect(morning).toEqual([
      { start: Date.parse('2030-03-10T05:00:00Z'), end: Date.parse('2030-03-10T16:00:00Z') },
    ]);
    // Berlin leaves summer time on Sunday, October 27, 2030: Monday at 9 is 08:00 UTC, the Friday before 07:00.
    const berlin = { now: new Date('2030-10-25T08:00:00Z'), timezone: 'Europe/Berlin' };
    const monday = wish('Monday at 9', berlin) ?? fail();
    expect(monday).toMatchObject({ days: ['2030-10-28'], times: [9 * 60, 21 * 60] });
    expect(new Date(wishWindows(monday, at, 'Europe/Berlin')[0]?.start ?? 0).toISOString()).toBe(
      '2030-10-28T08:00:00.000Z',
    );
  });
});

const context: DialogueContext = {
  message: 'Hi Maria, your Cleaning is on Wednesday, December 4 at 10:00 AM.',
  callType: 'appointment-reminder',
  businessName: 'Harbor Dental',
  recipientName: 'Maria Garcia',
  timezone: 'America/New_York',
  now: newYork.now,
};

describe('the intent engine hearing a time wished for', () => {
  it('answers "reschedule" with the wish for each phrase of the issue', async () => {
    const engine = createIntentEngine();
    for (const [speech, days, part, times] of [
      ['can we do Thursday instead?', ['2030-12-05'], null, []],
      ['Thursday afternoon', ['2030-12-05'], 'afternoon', []],
      ['next week', 7, null, []],
      ['at 6 instead', null, null, [1080, 360]],
      ['tomorrow morning', ['2030-12-05'], 'morning', []],
      ['the 14th at 3', ['2030-12-14'], null, [900, 180]],
      ['Um, Thursday afternoon please', ['2030-12-05'], 'afternoon', []],
      ['I want to reschedule to next Tuesday', ['2030-12-10'], null, []],
      ["I can't make it, how about Friday?", ['2030-12-06'], null, []],
      ['No, what about Monday at 11', ['2030-12-09'], null, [660, 1380]],
    ] as const) {
      const answer = await engine.respond({ speech }, context);
      expect(answer.intent, speech).toBe('reschedule');
      expect(answer.outcome).toBe('reschedule_requested');
      if (typeof days === 'number') expect(answer.wish?.days).toHaveLength(days);
      else expect(answer.wish?.days ?? null, speech).toEqual(days);
      expect(answer.wish?.part, speech).toBe(part);
      expect(answer.wish?.times, speech).toEqual(times);
    }
  });

  it('leaves answers that are not a wish as they were', () => {
    for (const [speech, intent] of [
      ['See you Thursday', 'confirm'],
      ['Yes, I will be there at 10', 'confirm'],
      ["I can't make it on Thursday", 'cancel'],
      ['Please call me back tomorrow', 'nothing'],
      ['What time is my appointment tomorrow?', 'question'],
      ['I want to reschedule', 'reschedule'],
      ['Stop calling me on Thursdays', 'opt_out'],
      ['three', 'reschedule'],
      ['hello', 'nothing'],
    ] as const) {
      const answer = decide({ speech }, context);
      expect(answer.intent, speech).toBe(intent);
      expect(answer.wish, speech).toBeUndefined();
    }
    // A call with no time of its own (a promotion) hears a day as nothing more.
    expect(
      decide({ speech: 'Thursday afternoon' }, { ...context, callType: 'promotional' }).wish,
    ).toBeUndefined();
    // Keys are keys.
    expect(decide({ digits: '3' }, context).wish).toBeUndefined();
  });
});

function fail(): never {
  throw new Error('no wish');
}
