import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { type CountryCode, normalizePhone, phoneToE164 } from './phone.ts';

/** What `phoneToE164` must answer: `normalizePhone`'s verdict without the national form. */
function expected(input: string, country: CountryCode) {
  const result = normalizePhone(input, country);
  return result.ok ? { ok: true, e164: result.e164, country: result.country } : result;
}

/** A small deterministic generator, so that a failure names the same numbers every run. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

const NANP = getCountries().filter((country) => getCountryCallingCode(country) === '1');

describe('phoneToE164', () => {
  it('answers exactly as normalizePhone for +1 numbers of every area code', () => {
    const next = random(7);
    const mismatches: string[] = [];
    for (let area = 200; area <= 999; area++) {
      for (let i = 0; i < 4; i++) {
        const exchange = `${(area + i * 3) % 10}${String(next(100)).padStart(2, '0')}`;
        const national = `${area}${exchange}${String(next(10_000)).padStart(4, '0')}`;
        for (const input of [`+1${national}`, national]) {
          const got = phoneToE164(input, 'US');
          if (JSON.stringify(got) !== JSON.stringify(expected(input, 'US'))) mismatches.push(input);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 30_000);

  it('answers exactly as normalizePhone for ten national digits in every +1 country, and other defaults', () => {
    const next = random(11);
    const mismatches: string[] = [];
    for (const country of [...NANP, 'GB', 'FR', 'MX', 'DE'] as CountryCode[]) {
      for (let i = 0; i < 150; i++) {
        const national = `${2 + next(8)}${String(next(1_000_000_000)).padStart(9, '0')}`;
        for (const input of [national, `+1${national}`]) {
          if (JSON.stringify(phoneToE164(input, country)) !== JSON.stringify(expected(input, country)))
            mismatches.push(`${country} ${input}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 30_000);

  it.each([
    '+1 (212) 555-0100',
    ' +1 212-555-0100 ',
    '(212) 555.0100',
    '212 555 0100',
    '+1 202 555 0142',
    '+1 999 555 0100',
    '+1 212 555 010',
    '+1 012 555 0100',
    '+1 112 555 0100',
    '1 212 555 0100',
    '+12125550100x12',
    '+1 800 555 0199',
    '+1 900 555 0199',
    '+1 268 464 1234',
    '+1 416 555 0123',
    '+1 5234 567 890',
    '+44 20 7946 0958',
    '0044 20 7946 0958',
    '+52 1 664 123 4567',
    '２１２５５５０１００',
    '',
    'not a number',
  ])('reads %j as normalizePhone does', (input) => {
    for (const country of ['US', 'CA', 'GB', 'JM'] as CountryCode[]) {
      expect(phoneToE164(input, country)).toEqual(expected(input, country));
    }
  });

  it('reads numbers already in E.164 several times faster than normalizePhone', () => {
    const numbers = Array.from({ length: 5_000 }, (_, i) => `+1212${2_000_000 + i * 7}`);
    const time = (read: (input: string) => unknown) => {
      const started = performance.now();
      for (const input of numbers) read(input);
      return performance.now() - started;
    };
    time((input) => phoneToE164(input));
    expect(time((input) => phoneToE164(input)) * 3).toBeLessThan(time((input) => normalizePhone(input)));
  });
});
