import { type Consent, consentProblem, type SkipReason } from './calling-rules.ts';
import { type CallingWindow, insideCallingWindow, nextCallingTime } from './calling-window.ts';
import type { CallType } from './calls.ts';
import { busiest24Hours, describeHours, intersectWindows, jurisdictionsFor } from './jurisdictions.ts';
import { formatPhone } from './phone.ts';

/**
 * What the calling rules say of one call at one time: it goes (at `at`, moved into the window) or it may not.
 * `rule` names the state rule (a row of `JURISDICTIONS`: 'FL', 'OK') that moved or refused it, when one did.
 */
export type CallingRulesVerdict =
  | { allowed: true; at: Date; moved: boolean; rule?: string }
  | {
      allowed: false;
      reason: Exclude<SkipReason, 'invalid_number' | 'frequency_cap'>;
      message: string;
      rule?: string;
    };

/**
 * The calling rules of one call, the one check used where a call is created (POST /v1/calls, batches, campaigns,
 * edits, reminders) and again where it goes out (the dispatcher, since the list or the window may have changed):
 * a number on the do-not-call list is never called; a kind of call the person has not agreed to is refused
 * (checked where the kind and the person are known: `callType` and `contact` given, null for a number that is
 * no contact); a time outside the
 * recipient's calling window moves to its next opening. The daily cap per person counts the other calls of the
 * day and is applied by the caller over a batch.
 *
 * State rules (decision 028, `jurisdictions.ts`), where `callType` is given and covered by a row for the number's
 * area code: the window is narrowed to the state's hours too (unless `options.stateHours` is false: the
 * CALLING_WINDOW_OVERRIDE of tests), and when `facts.promotionalCalls` is given (the times of the account's other
 * calls of that kind to the number, within a day either side) a call that would make more than the state's
 * `maxPer24h` in some 24 hours is refused.
 */
export function checkCallingRules(
  call: { phone: string; timezone: string; at: Date; callType?: CallType },
  facts: {
    onDoNotCall: boolean;
    contact?: { consent: Consent | string; existingCustomer: boolean } | null;
    promotionalCalls?: readonly Date[];
  },
  window: CallingWindow,
  options: { stateHours?: boolean } = {},
): CallingRulesVerdict {
  if (facts.onDoNotCall) {
    return {
      allowed: false,
      reason: 'do_not_call',
      message: `${formatPhone(call.phone)} is on your do-not-call list, so it cannot be called.`,
    };
  }
  if (facts.contact !== undefined && call.callType) {
    const consent = consentProblem(call.callType, facts.contact);
    if (consent) return { allowed: false, reason: 'no_consent', message: consent };
  }
  const states = call.callType ? jurisdictionsFor(call.phone, call.callType) : [];
  const hours = options.stateHours === false ? [] : states;
  const open = intersectWindows(
    window,
    hours.map((state) => state.window),
  );
  if (!open) {
    const state = hours.find((candidate) => !intersectWindows(window, [candidate.window])) ?? hours[0];
    return {
      allowed: false,
      reason: 'state_rule',
      rule: state?.id,
      message: `${state?.name ?? 'A state’s rules'} allow these calls only ${state ? describeHours(state.window) : ''} in the recipient’s time, which your calling window (${window.start}–${window.end}) leaves no time for.`,
    };
  }
  const at = nextCallingTime(call.at, call.timezone, open);
  const moved = at.getTime() !== call.at.getTime();
  if (facts.promotionalCalls) {
    for (const state of states) {
      if (state.maxPer24h === undefined) continue;
      if (busiest24Hours(at, facts.promotionalCalls) > state.maxPer24h) {
        return {
          allowed: false,
          reason: 'state_rule',
          rule: state.id,
          message: `${formatPhone(call.phone)} would get more than ${state.maxPer24h} promotional calls from you in 24 hours: ${state.name} allow at most ${state.maxPer24h} on the same subject (${state.source.title}). Choose a time more than 24 hours from their other promotional calls.`,
        };
      }
    }
  }
  const movedBy = moved
    ? hours.find((state) => !insideCallingWindow(call.at, call.timezone, state.window))
    : undefined;
  return { allowed: true, at, moved, ...(movedBy ? { rule: movedBy.id } : {}) };
}
