/**
 * State rules on solicitation: one table of jurisdictions, each row a law with its source. A later law is a new
 * row here (and a test); nothing else needs to change. Each row names the channels it covers, so that texts
 * (a later step) use the same rows as calls (decision 028).
 */

import { type CallingWindow, minutesOfDay } from './calling-window.ts';
import type { CallType } from './calls.ts';
import { NANP_REGIONS } from './phone-zones.ts';

/** How a business reaches a person: a call, or (later) a text message. */
export type Channel = 'call' | 'text';

export interface Jurisdiction {
  /** Short and stable, named in API errors (`details[].rule`), skip reasons and schedule notes: 'FL'. */
  readonly id: string;
  /** The state, as people say it: 'Florida'. */
  readonly state: string;
  /** The rule in a few words: 'Florida’s telephone solicitation hours'. */
  readonly name: string;
  /** The kinds of call (or text) the rule covers: solicitations only. */
  readonly appliesTo: readonly CallType[];
  /** The channels it covers. */
  readonly channels: readonly Channel[];
  /** Hours in the recipient's local time, [start, end). */
  readonly window: CallingWindow;
  /** The most of them one person may get from the business in any 24 hours (on the same subject). */
  readonly maxPer24h?: number;
  /** The NANP rows of `phone-zones.ts` (by their `region`) whose area codes are in the state. */
  readonly regions: readonly string[];
  /** Where the rule is written: the citation, and a page with the text. */
  readonly source: { title: string; url: string };
}

export const JURISDICTIONS: readonly Jurisdiction[] = [
  {
    id: 'FL',
    state: 'Florida',
    name: 'Florida’s telephone solicitation rules',
    appliesTo: ['promotional'],
    channels: ['call', 'text'],
    window: { start: '08:00', end: '20:00' },
    maxPer24h: 3,
    regions: ['Florida (peninsula and Tallahassee)', 'Florida panhandle'],
    // § 501.616(6)(a) hours, (6)(b) "more than three … from any number to a person over a 24-hour period on the
    // same subject matter or issue" (ch. 2021-185, SB 1120); § 501.059 presumes a call to a Florida area code
    // reaches someone in Florida.
    source: {
      title: 'Fla. Stat. § 501.616(6)',
      url: 'https://www.flsenate.gov/Laws/Statutes/2024/501.616',
    },
  },
  {
    id: 'OK',
    state: 'Oklahoma',
    name: 'Oklahoma’s telephone solicitation rules',
    appliesTo: ['promotional'],
    channels: ['call', 'text'],
    window: { start: '08:00', end: '20:00' },
    maxPer24h: 3,
    regions: ['Oklahoma'],
    // The Telephone Solicitation Act of 2022 (HB 3168), modelled on Florida's: 8 AM–8 PM, and no more than three
    // calls per 24 hours on the same subject matter or issue (the issue named Florida's limit only; the act
    // has the same one).
    source: {
      title: 'Okla. Stat. tit. 15, § 775C.4',
      url: 'https://legiscan.com/OK/bill/HB3168/2022',
    },
  },
];

/** The jurisdictions of each area code, from the rows of `NANP_REGIONS` the table names. */
const BY_AREA_CODE: ReadonlyMap<string, readonly Jurisdiction[]> = (() => {
  const map = new Map<string, Jurisdiction[]>();
  for (const jurisdiction of JURISDICTIONS) {
    for (const region of jurisdiction.regions) {
      const row = NANP_REGIONS.find((candidate) => candidate.region === region);
      if (!row) throw new Error(`jurisdictions: no NANP region named ${region}`);
      for (const code of row.codes.split(' ')) map.set(code, [...(map.get(code) ?? []), jurisdiction]);
    }
  }
  return map;
})();

/** The area code of a NANP number in E.164 ('+13055550100' -> '305'), else null. */
export function nanpAreaCode(e164: string): string | null {
  return /^\+1([2-9]\d\d)[2-9]\d{6}$/.exec(e164.trim().replace(/[\s().-]/g, ''))?.[1] ?? null;
}

/**
 * The jurisdictions whose laws cover a number, by its area code (both laws presume a call to one of the state's
 * area codes reaches someone in the state). Contacts have no postal address yet, so the area code is the only
 * sign; an address's state would be added here.
 */
export function jurisdictionsOfPhone(e164: string): readonly Jurisdiction[] {
  const code = nanpAreaCode(e164);
  return code ? (BY_AREA_CODE.get(code) ?? []) : [];
}

/** The jurisdictions whose rules cover this kind of call (or text) to this number. */
export function jurisdictionsFor(
  e164: string,
  callType: CallType,
  channel: Channel = 'call',
): readonly Jurisdiction[] {
  return jurisdictionsOfPhone(e164).filter(
    (jurisdiction) => jurisdiction.appliesTo.includes(callType) && jurisdiction.channels.includes(channel),
  );
}

/** "8 AM–8 PM": a window's hours for people. */
export function describeHours(window: CallingWindow): string {
  const say = (time: string) => {
    const minutes = minutesOfDay(time) % (24 * 60);
    const hour = Math.floor(minutes / 60);
    const minute = minutes % 60;
    const twelve = hour % 12 === 0 ? 12 : hour % 12;
    const suffix = hour < 12 ? 'AM' : 'PM';
    return minute === 0 ? `${twelve} ${suffix}` : `${twelve}:${String(minute).padStart(2, '0')} ${suffix}`;
  };
  return `${say(window.start)}–${say(window.end)}`;
}

/**
 * The window inside both: the account's and every jurisdiction's. Null when they do not meet (an account window
 * of 20:00–21:00 and a state's 08:00–20:00): such a call can never go.
 */
export function intersectWindows(
  window: CallingWindow,
  others: readonly CallingWindow[],
): CallingWindow | null {
  let start = window.start;
  let end = window.end;
  for (const other of others) {
    if (minutesOfDay(other.start) > minutesOfDay(start)) start = other.start;
    if (minutesOfDay(other.end) < minutesOfDay(end)) end = other.end;
  }
  return minutesOfDay(start) < minutesOfDay(end) ? { start, end } : null;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * The most calls one 24-hour period holding `at` would have, counting the call at `at` and `others` (the times of
 * the other calls that count, at any distance): the largest count over the windows [s, s + 24 h) that contain
 * `at`. Looking both ways keeps a call from being added before calls already scheduled for the next day.
 */
export function busiest24Hours(at: Date, others: readonly Date[]): number {
  const time = at.getTime();
  const near = others.map((other) => other.getTime()).filter((t) => t > time - DAY_MS && t < time + DAY_MS);
  // The busiest window can be taken to start at a call: `at` itself, or an earlier one less than 24 h before it.
  const starts = [time, ...near.filter((t) => t <= time)];
  let most = 0;
  for (const start of starts) {
    const inside = near.filter((t) => t >= start && t < start + DAY_MS).length;
    most = Math.max(most, inside + 1);
  }
  return most;
}
