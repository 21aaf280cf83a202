import { type Consent, consentProblem, type SkipReason } from './calling-rules.ts';
import { type CallingWindow, nextCallingTime } from './calling-window.ts';
import type { CallType } from './calls.ts';
import { formatPhone } from './phone.ts';

/** What the calling rules say of one call at one time: it goes (at `at`, moved into the window) or it may not. */
export type CallingRulesVerdict =
  | { allowed: true; at: Date; moved: boolean }
  | { allowed: false; reason: Exclude<SkipReason, 'invalid_number' | 'frequency_cap'>; message: string };

/**
 * The calling rules of one call, the one check used where a call is created (POST /v1/calls, batches, campaigns,
 * edits, reminders) and again where it goes out (the dispatcher, since the list or the window may have changed):
 * a number on the do-not-call list is never called; a kind of call the person has not agreed to is refused
 * (checked where the kind and the person are known: `callType` and `contact` given, null for a number that is
 * no contact); a time outside the
 * recipient's calling window moves to its next opening. The daily cap per person counts the other calls of the
 * day and is applied by the caller over a batch.
 */
export function checkCallingRules(
  call: { phone: string; timezone: string; at: Date; callType?: CallType },
  facts: {
    onDoNotCall: boolean;
    contact?: { consent: Consent | string; existingCustomer: boolean } | null;
  },
  window: CallingWindow,
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
  const at = nextCallingTime(call.at, call.timezone, window);
  return { allowed: true, at, moved: at.getTime() !== call.at.getTime() };
}
