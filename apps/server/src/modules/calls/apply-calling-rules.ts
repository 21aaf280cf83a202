import type { Database } from '@callwise/db/client';
import type { findAccount } from '@callwise/db/queries/accounts';
import type { NewCall } from '@callwise/db/queries/call-rows';
import { callRuleFacts, callsOnDays, promotionalCallTimes } from '@callwise/db/queries/calling-rule-facts';
import type { SkipReason } from '@callwise/shared/calling-rules';
import { checkCallingRules } from '@callwise/shared/calling-rules-check';
import { localDay } from '@callwise/shared/calling-window';
import type { CallType } from '@callwise/shared/calls';
import { type Jurisdiction, jurisdictionsFor } from '@callwise/shared/jurisdictions';
import { formatPhone, timezoneForPhone } from '@callwise/shared/phone';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';

// The calling rules over calls about to be written (new ones, and one being edited), in one pass per batch.

const DAY_MS = 24 * 60 * 60_000;
/** A state rule with a limit per 24 hours (decision 028), whose count the check needs. */
const hasLimit = (state: Jurisdiction) => state.maxPer24h !== undefined;

export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/** A call ready for the calling rules, with what they need to know of the person. */
export type PreparedCall = NewCall & {
  accountId: string;
  phone: string;
  contact: { consent: string; existingCustomer: boolean; timezone: string | null } | null;
};

const RULE_ERROR_CODES = {
  do_not_call: 'do_not_call',
  no_consent: 'consent_required',
  invalid_number: 'validation_failed',
  frequency_cap: 'frequency_cap_reached',
  state_rule: 'state_rule',
} as const satisfies Record<SkipReason, string>;

/**
 * A call the calling rules refuse: an error for a single call, a skip in a batch that allows them. A state rule's
 * refusal names the rule (`rule`: 'FL'), in the error's details and in the skip.
 */
export class RuleRefusal extends AppError {
  constructor(
    readonly reason: SkipReason,
    message: string,
    field?: string,
    readonly rule?: string,
  ) {
    super(
      RULE_ERROR_CODES[reason],
      message,
      field ? [{ field, message, ...(rule ? { rule } : {}) }] : undefined,
    );
  }
}

const refusal = (reason: SkipReason, message: string, rule?: string) =>
  rule ? new RuleRefusal(reason, message, 'phone', rule) : new RuleRefusal(reason, message);

/**
 * The calling rules over prepared calls, with one read of the facts they need: do-not-call, consent, the
 * calling window (a call due outside it is moved to the next opening), the state rules on promotional calls
 * (their hours, and their limits per 24 hours: decision 028) and the daily cap per person.
 */
export async function applyCallingRules(
  deps: { db: Database; config: Pick<Config, 'CALLING_WINDOW_OVERRIDE'> },
  account: AccountRow,
  prepared: Array<{ index: number; call: PreparedCall }>,
  /** The call being edited, which does not count against its own daily cap. */
  exceptCallId?: string,
): Promise<Array<{ index: number; call: NewCall | { refusal: RuleRefusal } }>> {
  const { db } = deps;
  const facts = await callRuleFacts(
    db,
    account.id,
    prepared.map(({ call }) => call.phone),
    // A call to a contact knows the contact already; only calls by number look theirs up.
    prepared.flatMap(({ call }) => (call.contact ? [] : [call.phone])),
  );
  const window = deps.config.CALLING_WINDOW_OVERRIDE ?? {
    start: account.callingWindowStart,
    end: account.callingWindowEnd,
  };
  // The override of tests and benches replaces the states' hours too (not their limits).
  const options = { stateHours: !deps.config.CALLING_WINDOW_OVERRIDE };
  type Checked = { index: number; call: NewCall | { refusal: RuleRefusal } };
  const checks = prepared.map(({ index, call }) => {
    const { contact, ...row } = call;
    const person = contact ?? facts.contacts.get(row.phone) ?? null;
    const timezone = person?.timezone ?? timezoneForPhone(row.phone) ?? account.timezone;
    const requested = row.scheduledAt as Date;
    const subject = { phone: row.phone, callType: row.callType as CallType, timezone, at: requested };
    const known = { onDoNotCall: facts.doNotCall.has(row.phone), contact: person };
    return { index, row, subject, known, verdict: checkCallingRules(subject, known, window, options) };
  });
  // The states' limits per 24 hours: the account's other promotional calls to the number a day either side of
  // the time the call goes, and this batch's before it; the check runs again with them.
  const limited = checks.filter(
    (check) =>
      check.verdict.allowed && jurisdictionsFor(check.row.phone, check.subject.callType).some(hasLimit),
  );
  const around = await promotionalCallTimes(
    db,
    account.id,
    limited.map(({ row, verdict }) => {
      const at = (verdict as { at: Date }).at.getTime();
      return { phone: row.phone, from: new Date(at - DAY_MS), to: new Date(at + DAY_MS) };
    }),
    exceptCallId,
  );
  const batchTimes = new Map<string, Date[]>();
  for (const [position, check] of limited.entries()) {
    const earlier = batchTimes.get(check.row.phone) ?? [];
    const others = [...(around[position] ?? []), ...earlier];
    check.verdict = checkCallingRules(
      check.subject,
      { ...check.known, promotionalCalls: others },
      window,
      options,
    );
    if (check.verdict.allowed) batchTimes.set(check.row.phone, [...earlier, check.verdict.at]);
  }
  const checked = checks.map(({ index, row, subject, verdict }): Checked => {
    const { timezone, at: requested } = subject;
    if (!verdict.allowed) {
      return { index, call: { refusal: refusal(verdict.reason, verdict.message, verdict.rule) } };
    }
    return {
      index,
      call: {
        ...row,
        timezone,
        scheduledAt: verdict.at,
        requestedAt: verdict.moved ? requested : null,
        status: verdict.moved ? 'scheduled' : row.status,
      } satisfies NewCall,
    };
  });
  // The frequency cap: calls already on that person's local day, plus the ones of this batch before it.
  const allowed = checked.filter((entry) => !('refusal' in entry.call));
  const days = allowed.map((entry) => {
    const call = entry.call as NewCall;
    return { phone: call.phone, ...localDay(call.scheduledAt as Date, call.timezone as string) };
  });
  const existing = await callsOnDays(
    db,
    account.id,
    days.map((day) => ({ phone: day.phone, from: day.start, to: day.end })),
    exceptCallId,
  );
  const taken = new Map<string, number>();
  const cap = account.dailyCallCap;
  for (const [position, entry] of allowed.entries()) {
    const day = days[position] as (typeof days)[number];
    const key = `${day.phone} ${day.key}`;
    const count = (taken.get(key) ?? existing[position] ?? 0) + 1;
    if (count > cap) {
      entry.call = {
        refusal: refusal(
          'frequency_cap',
          `${formatPhone(day.phone)} already has ${cap} call${cap === 1 ? '' : 's'} on ${day.key} (their local day), the most your account allows per person per day.`,
        ),
      };
      continue;
    }
    taken.set(key, count);
  }
  return checked;
}
