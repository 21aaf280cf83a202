import type { DayPart, TimeWish } from '@callwise/shared/call-dialogue';
import { localTime, offsetMs } from '@callwise/shared/calling-window';
import * as chrono from 'chrono-node';

export type { DayPart, TimeWish } from '@callwise/shared/call-dialogue';

/** Where a wish is read: the moment it was said and the business's time zone (not the server's). */
export interface WishReference {
  now: Date;
  timezone: string;
}

/** Local minutes of each part of the day, [start, end). */
export const DAY_PARTS: Readonly<Record<DayPart, readonly [number, number]>> = {
  morning: [0, 12 * 60],
  afternoon: [12 * 60, 17 * 60],
  evening: [17 * 60, 24 * 60],
};

/** The most days one wish names ("next month" is a month; more is no wish we can offer from). */
const MAX_DAYS = 31;

const PARTS: ReadonlyArray<[RegExp, DayPart]> = [
  [/\bmornings?\b/, 'morning'],
  [/\bafternoons?\b|\bafter lunch\b|\blunch ?time\b/, 'afternoon'],
  [/\bevenings?\b|\btonight\b|\bnight\b|\bafter work\b/, 'evening'],
];
/** A day of the month said alone ("the 14th"); chrono reads it only with a month's name. */
const DAY_OF_MONTH = /\b(?:the\s+)?([1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b(?!\s+(?:one|option|choice))/;
const WEEK =
  /\b(this|next|the following|following) week\b|\bweek after next\b|\bin (\d|two|three|a) weeks?\b/;
const MONTH = /\b(this|next) month\b/;
/** What no wish is made of: "now", and a moment from now ("in a minute", "give me a second"). */
const NOT_A_TIME = /^(?:right )?now$|\b(?:seconds?|minutes?|hours?|moment)\b/;

type Day = { year: number; month: number; day: number };

const dayKey = (day: Day) =>
  `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;

function addDays(day: Day, count: number): Day {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + count));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** 0 Sunday … 6 Saturday. */
const weekdayOf = (day: Day) => new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
const daysBetween = (a: Day, b: Day) =>
  Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);

/**
 * The time a callee wishes for in what they said ("can we do Thursday instead?", "Thursday afternoon", "next
 * week", "at 6 instead", "tomorrow morning", "the 14th at 3"), or null when they named no day or time.
 *
 * chrono-node finds the dates and times, read against the business's local wall clock at `now` (its offset at
 * that instant); only their calendar fields are kept, and the slots are matched in the zone itself, so a DST
 * change between the call and the wished day moves nothing. The rules on top of chrono:
 * - a weekday is the next one after today (said on a Thursday, "Thursday" is next week's);
 * - "the 14th" is the next 14th from today on; "next week" is Monday to Sunday of the next week, "this week"
 *   today to Sunday, "next month" the month's days;
 * - an hour without AM or PM has both readings, the likelier first: 1 to 6 are afternoon first ("at 6" is
 *   18:00, then 06:00), 7 to 11 morning first, 12 is noon; a part of the day named with it keeps its reading.
 */
export function parseTimeWish(speech: string, reference: WishReference): TimeWish | null {
  const text = speech
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return null;
  const today = localTime(reference.now, reference.timezone);
  const todayDay: Day = { year: today.year, month: today.month, day: today.day };
  const offsetMinutes = Math.round(offsetMs(reference.now, reference.timezone) / 60_000);
  const results = chrono
    .parse(text, { instant: reference.now, timezone: offsetMinutes }, { forwardDate: true })
    .filter((result) => !NOT_A_TIME.test(result.text.trim()));

  const said: string[] = [];
  let days: Day[] | null = null;
  let hour: { hour: number; minute: number; certain: boolean } | null = null;

  const week = WEEK.exec(text);
  const month = MONTH.exec(text);
  const dayOfMonth = DAY_OF_MONTH.exec(text);
  for (const result of results) {
    const start = result.start;
    const resultText = result.text.toLowerCase();
    if (week && resultText.includes('week')) {
      // The week holding the day chrono found (Monday to Sunday), from today on.
      const found: Day = {
        year: start.get('year') ?? 0,
        month: start.get('month') ?? 0,
        day: start.get('day') ?? 0,
      };
      const monday = addDays(found, -((weekdayOf(found) + 6) % 7));
      const all = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
      days = all.filter((day) => daysBetween(todayDay, day) >= 0);
      said.push(week[0]);
    } else if (month && resultText.includes('month') && !start.isCertain('day')) {
      const first: Day = { year: start.get('year') ?? 0, month: start.get('month') ?? 0, day: 1 };
      const all: Day[] = [];
      for (let day = first; day.month === first.month; day = addDays(day, 1)) all.push(day);
      days = all.filter((day) => daysBetween(todayDay, day) >= 0);
      said.push(month[0]);
    } else if (start.isCertain('day') || start.isCertain('weekday')) {
      let day: Day = {
        year: start.get('year') ?? 0,
        month: start.get('month') ?? 0,
        day: start.get('day') ?? 0,
      };
      if (!start.isCertain('day') && daysBetween(todayDay, day) <= 0) day = addDays(day, 7);
      days = [...(days ?? []), day];
      said.push(result.text);
    }
    if (start.isCertain('hour') && !hour) {
      hour = {
        hour: start.get('hour') ?? 0,
        minute: start.get('minute') ?? 0,
        certain: start.isCertain('meridiem'),
      };
      if (!said.includes(result.text)) said.push(result.text);
    }
  }
  if (!days && dayOfMonth) {
    // The next such day of a month, from today on (the 31st skips months without one).
    const wanted = Number(dayOfMonth[1]);
    for (let ahead = 0; ahead < 366; ahead += 1) {
      const day = addDays(todayDay, ahead);
      if (day.day === wanted) {
        days = [day];
        break;
      }
    }
    said.push(dayOfMonth[0]);
  }
  const part = PARTS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
  const partWord = PARTS.find(([, name]) => name === part)?.[0].exec(text)?.[0];
  if (partWord && !said.some((words) => words.includes(partWord))) said.push(partWord);
  if (!days && /\btonight\b/.test(text)) days = [todayDay];

  const times = hour ? readings(hour, part) : [];
  if (!days && !part && times.length === 0) return null;
  const unique = days ? [...new Set(days.map(dayKey))].sort().slice(0, MAX_DAYS) : null;
  return {
    said: [...new Set(said)].sort((a, b) => text.indexOf(a) - text.indexOf(b)).join(' '),
    days: unique && unique.length > 0 ? unique : null,
    part,
    times,
  };
}

/** An hour's readings as minutes after midnight, the likelier first (see parseTimeWish). */
function readings(time: { hour: number; minute: number; certain: boolean }, part: DayPart | null): number[] {
  const { hour, minute } = time;
  if (time.certain || hour === 0 || hour > 12) return [hour * 60 + minute];
  if (hour === 12) return [12 * 60 + minute];
  const morning = hour * 60 + minute;
  const afternoon = (hour + 12) * 60 + minute;
  if (part) {
    const [from, to] = DAY_PARTS[part];
    const inside = [morning, afternoon].filter((minutes) => minutes >= from && minutes < to);
    if (inside.length > 0) return inside;
  }
  return hour <= 6 ? [afternoon, morning] : [morning, afternoon];
}

/**
 * Words that make a named time a wish even inside a question or with other words around it ("can we do Thursday
 * instead?", "how about next week", "anything on Friday?", "none of those, what about Monday").
 */
const WISH_WORDS =
  /\b(?:instead|rather|prefer\w*|how about|what about|(?:can|could|would|may) (?:we|i|you|it) (?:do|make it|have|get|come|go|book|move it|switch|change it|be)|(?:is|are) there (?:anything|any|something)|do you have|any ?thing|any ?time|something|works? better|(?:would be|is) better|better for me|possible|other (?:time|day)s?|another (?:time|day)|different (?:time|day))\b/;

/** Words that may stand around a time said alone ("um, Thursday afternoon please"): a bare time is a wish. */
const BARE_WORDS =
  /\b(?:um+|uh+|er|erm|hmm+|oh|well|so|please|maybe|perhaps|ok|okay|the|on|in|at|around|about|sometime|some time|or|and|any|day|time|o'?clock|ish)\b/g;

/** True when the words ask for another time ("instead", "how about", "anything", …). */
export function asksForTime(speech: string): boolean {
  return WISH_WORDS.test(speech.toLowerCase());
}

/** True when the time named is asked for: words that ask for it, or the time said alone. */
export function namesWish(speech: string, wish: TimeWish): boolean {
  const text = speech.toLowerCase();
  if (WISH_WORDS.test(text)) return true;
  // What is left once the time's own words and the fillers are gone.
  let rest = text.replace(/[.,;:!?()"']+/g, ' ');
  for (const word of wish.said.split(' ')) {
    rest = rest.replace(new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'g'), ' ');
  }
  rest = rest
    .replace(BARE_WORDS, ' ')
    .replace(/\b(?:\d{1,2}(?::\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)?|noon|midday)\b/g, ' ')
    .replace(/\b(?:mornings?|afternoons?|evenings?|tonight|night|next|this|week|month)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return rest === '';
}

/** A request to be called back, which no time in it turns into a wish ("call me back tomorrow"). */
export const CALL_BACK = /\bcall (?:me |us )?(?:back|again|later)\b|\bring (?:me |us )?back\b/i;
