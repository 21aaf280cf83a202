import { describe, expect, it } from 'vitest';
import { checkCallingRules } from './calling-rules-check.ts';
import { DEFAULT_CALLING_WINDOW } from './calling-window.ts';

const MIAMI = '+13055550100';
const TULSA = '+19185550100';
const NY = 'America/New_York';
const CHICAGO = 'America/Chicago';
const window = DEFAULT_CALLING_WINDOW; // 08:00–21:00
const facts = { onDoNotCall: false };
const promo = (phone: string, timezone: string, at: string) =>
  ({ phone, timezone, at: new Date(at), callType: 'promotional' }) as const;

describe('state rules: hours', () => {
  it('lets a promotional call at 19:59 Miami time go, and moves one at 20:01 to 8:00 the next day (rule FL)', () => {
    // 2026-01-15 in Miami is EST (UTC-5): 19:59 is 00:59 UTC on the 16th.
    expect(checkCallingRules(promo(MIAMI, NY, '2026-01-16T00:59:00Z'), facts, window)).toEqual({
      allowed: true,
      at: new Date('2026-01-16T00:59:00Z'),
      moved: false,
    });
    expect(checkCallingRules(promo(MIAMI, NY, '2026-01-16T01:01:00Z'), facts, window)).toEqual({
      allowed: true,
      at: new Date('2026-01-16T13:00:00Z'),
      moved: true,
      rule: 'FL',
    });
  });

  it('holds in summer time too: 19:59 EDT goes, 20:00 moves', () => {
    expect(checkCallingRules(promo(MIAMI, NY, '2026-07-15T23:59:00Z'), facts, window)).toMatchObject({
      moved: false,
    });
    expect(checkCallingRules(promo(MIAMI, NY, '2026-07-16T00:00:00Z'), facts, window)).toEqual({
      allowed: true,
      at: new Date('2026-07-16T12:00:00Z'),
      moved: true,
      rule: 'FL',
    });
  });

  it('does the same in Oklahoma, in Central time (rule OK)', () => {
    // 19:59 CST on 2026-01-15 is 01:59 UTC on the 16th.
    expect(checkCallingRules(promo(TULSA, CHICAGO, '2026-01-16T01:59:00Z'), facts, window)).toMatchObject({
      allowed: true,
      moved: false,
    });
    expect(checkCallingRules(promo(TULSA, CHICAGO, '2026-01-16T02:01:00Z'), facts, window)).toEqual({
      allowed: true,
      at: new Date('2026-01-16T14:00:00Z'),
      moved: true,
      rule: 'OK',
    });
  });

  it('leaves an informational reminder at 20:30 Miami time to the federal window', () => {
    const reminder = {
      ...promo(MIAMI, NY, '2026-01-16T01:30:00Z'),
      callType: 'appointment-reminder' as const,
    };
    expect(checkCallingRules(reminder, facts, window)).toEqual({
      allowed: true,
      at: new Date('2026-01-16T01:30:00Z'),
      moved: false,
    });
    // A call whose kind is not given (none of the state rules can be known to apply) is not moved either.
    const { callType: _, ...unknownKind } = promo(MIAMI, NY, '2026-01-16T01:30:00Z');
    expect(checkCallingRules(unknownKind, facts, window)).toMatchObject({ moved: false });
  });

  it('leaves promotional calls elsewhere to the account’s window', () => {
    // 20:30 in New York City: no state rule.
    expect(checkCallingRules(promo('+12125550100', NY, '2026-01-16T01:30:00Z'), facts, window)).toMatchObject(
      { allowed: true, moved: false },
    );
  });

  it('says the account’s window moved a call that was inside the state’s hours', () => {
    const verdict = checkCallingRules(promo(MIAMI, NY, '2026-01-15T17:00:00Z'), facts, {
      start: '09:00',
      end: '11:00',
    });
    // Noon in Miami: outside the account's 09:00–11:00, inside Florida's hours.
    expect(verdict).toEqual({ allowed: true, at: new Date('2026-01-16T14:00:00Z'), moved: true });
  });

  it('refuses when the account’s window and the state’s hours never meet', () => {
    const verdict = checkCallingRules(promo(MIAMI, NY, '2026-01-15T17:00:00Z'), facts, {
      start: '20:00',
      end: '21:00',
    });
    expect(verdict).toMatchObject({ allowed: false, reason: 'state_rule', rule: 'FL' });
  });

  it('lets the tests’ window override replace the states’ hours', () => {
    expect(
      checkCallingRules(
        promo(MIAMI, NY, '2026-01-16T03:00:00Z'),
        facts,
        { start: '00:00', end: '24:00' },
        { stateHours: false },
      ),
    ).toEqual({ allowed: true, at: new Date('2026-01-16T03:00:00Z'), moved: false });
  });

  it('still refuses a do-not-call number and a promotional call without consent first', () => {
    expect(
      checkCallingRules(promo(MIAMI, NY, '2026-01-16T01:01:00Z'), { onDoNotCall: true }, window),
    ).toMatchObject({ allowed: false, reason: 'do_not_call' });
    expect(
      checkCallingRules(
        promo(MIAMI, NY, '2026-01-16T01:01:00Z'),
        { onDoNotCall: false, contact: { consent: 'informational', existingCustomer: true } },
        window,
      ),
    ).toMatchObject({ allowed: false, reason: 'no_consent' });
  });
});

describe('state rules: 3 promotional calls per 24 hours', () => {
  // 10:00, 11:00 and 12:00 in Miami on 2026-01-15.
  const earlier = ['2026-01-15T15:00:00Z', '2026-01-15T16:00:00Z', '2026-01-15T17:00:00Z'].map(
    (at) => new Date(at),
  );

  it('refuses the fourth Florida promotional call in 24 hours, naming rule FL', () => {
    const verdict = checkCallingRules(
      promo(MIAMI, NY, '2026-01-15T18:00:00Z'),
      { onDoNotCall: false, promotionalCalls: earlier },
      window,
    );
    expect(verdict).toMatchObject({ allowed: false, reason: 'state_rule', rule: 'FL' });
    if (verdict.allowed) return;
    expect(verdict.message).toContain('305 555 0100');
    expect(verdict.message).toContain('Fla. Stat. § 501.616(6)');
  });

  it('lets the third go, and a fourth 24 hours and a minute after the first', () => {
    expect(
      checkCallingRules(
        promo(MIAMI, NY, '2026-01-15T18:00:00Z'),
        { onDoNotCall: false, promotionalCalls: earlier.slice(1) },
        window,
      ),
    ).toMatchObject({ allowed: true, moved: false });
    expect(
      checkCallingRules(
        promo(MIAMI, NY, '2026-01-16T15:01:00Z'),
        { onDoNotCall: false, promotionalCalls: earlier },
        window,
      ),
    ).toEqual({ allowed: true, at: new Date('2026-01-16T15:01:00Z'), moved: false });
  });

  it('counts at the time the call really goes: moved to 8:00, three calls since 8:30 the day before refuse it', () => {
    // 20:30 on the 15th moves to 08:00 on the 16th; calls at 08:30, 09:00, 09:30 on the 15th are more than
    // 24 hours before it, ones at 19:00 and 19:30 on the 15th and 09:00 on the 16th are not.
    const verdict = checkCallingRules(
      promo(MIAMI, NY, '2026-01-16T01:30:00Z'),
      {
        onDoNotCall: false,
        promotionalCalls: ['2026-01-16T00:00:00Z', '2026-01-16T00:30:00Z', '2026-01-16T14:00:00Z'].map(
          (at) => new Date(at),
        ),
      },
      window,
    );
    expect(verdict).toMatchObject({ allowed: false, rule: 'FL' });
  });

  it('applies Oklahoma’s limit too, and none to reminders or other states', () => {
    expect(
      checkCallingRules(
        promo(TULSA, CHICAGO, '2026-01-15T19:00:00Z'),
        { onDoNotCall: false, promotionalCalls: earlier },
        window,
      ),
    ).toMatchObject({ allowed: false, rule: 'OK' });
    expect(
      checkCallingRules(
        { ...promo(MIAMI, NY, '2026-01-15T18:00:00Z'), callType: 'appointment-reminder' },
        { onDoNotCall: false, promotionalCalls: earlier },
        window,
      ),
    ).toMatchObject({ allowed: true });
    expect(
      checkCallingRules(
        promo('+12125550100', NY, '2026-01-15T18:00:00Z'),
        { onDoNotCall: false, promotionalCalls: earlier },
        window,
      ),
    ).toMatchObject({ allowed: true });
  });
});
