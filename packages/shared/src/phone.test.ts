import { isSupportedCountry } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { formatPhone, isValidTimezone, normalizePhone, timezoneForPhone } from './phone.ts';
import { COUNTRY_ZONES, NANP_AREA_CODES, NANP_REGIONS, NATIONAL_PREFIX_ZONES } from './phone-zones.ts';

const messageFor = (input: string, country?: Parameters<typeof normalizePhone>[1]) => {
  const result = normalizePhone(input, country);
  return result.ok ? `accepted as ${result.e164}` : result.message;
};

describe('normalizePhone', () => {
  it.each([
    ['+1 202-555-0105', '+12025550105'],
    ['(202) 555-0105', '+12025550105'],
    ['202.555.0105', '+12025550105'],
    ['  202 555 0105  ', '+12025550105'],
    ['1-202-555-0105', '+12025550105'],
    ['+44 20 7946 0958', '+442079460958'],
    ['0044 20 7946 0958', '+442079460958'],
    ['(+44) 20 7946 0958', '+442079460958'],
    ['011 44 20 7946 0958', '+442079460958'],
  ])('reads %j as %s', (input, e164) => {
    expect(normalizePhone(input)).toMatchObject({ ok: true, e164 });
  });

  it('returns the country and the national form', () => {
    expect(normalizePhone('(202) 555-0105')).toEqual({
      ok: true,
      e164: '+12025550105',
      country: 'US',
      national: '(202) 555-0105',
    });
    expect(normalizePhone('+44 20 7946 0958')).toMatchObject({ country: 'GB', national: '020 7946 0958' });
    expect(normalizePhone('(416) 555-0123')).toMatchObject({ e164: '+14165550123', country: 'CA' });
  });

  it('reads numbers without a country code as numbers of the default country', () => {
    expect(normalizePhone('020 7946 0958', 'GB')).toMatchObject({ ok: true, e164: '+442079460958' });
    expect(normalizePhone('01 23 45 67 89', 'FR')).toMatchObject({ ok: true, e164: '+33123456789' });
    expect(normalizePhone('0412 345 678', 'AU')).toMatchObject({ ok: true, e164: '+61412345678' });
    expect(normalizePhone('+1 202 555 0105', 'GB')).toMatchObject({ ok: true, country: 'US' });
  });

  it('accepts Mexican mobiles still written with the old "1"', () => {
    expect(normalizePhone('+52 1 664 123 4567')).toMatchObject({ ok: true, e164: '+526641234567' });
  });

  it('accepts the whole fictional 555-01XX range the simulated carrier uses', () => {
    for (let line = 100; line <= 199; line++) {
      expect(normalizePhone(`+1 202 555 0${line}`)).toMatchObject({ ok: true, e164: `+12025550${line}` });
    }
    for (const area of ['212', '312', '416', '604', '999', '289']) {
      expect(normalizePhone(`(${area}) 555-0142`)).toMatchObject({ ok: true, e164: `+1${area}5550142` });
    }
    expect(normalizePhone('+1 999 555 0100')).toEqual({
      ok: true,
      e164: '+19995550100',
      country: undefined,
      national: '(999) 555-0100',
    });
  });

  it('does not stretch the fictional range to impossible area codes or other numbers', () => {
    expect(normalizePhone('+1 123 555 0100').ok).toBe(false);
    expect(normalizePhone('+1 911 555 0100').ok).toBe(false);
    expect(normalizePhone('+1 555 123 4567').ok).toBe(false);
  });

  it.each([
    ['', 'Enter a phone number.'],
    ['   ', 'Enter a phone number.'],
    ['abc', '"abc" is not a phone number.'],
    ['---', '"---" is not a phone number.'],
    ['1-800-FLOWERS', '"1-800-FLOWERS" has letters in it. Enter the number with digits only.'],
    ['202-555-0105 ext 12', '"202-555-0105 ext 12" has letters in it. Enter the number with digits only.'],
    ['202#555#0105', '"202#555#0105" is not a phone number.'],
    ['202+555+0105', '"202+555+0105" is not a phone number.'],
    ['+1 555 123', '+1 555 123 is too short to be a phone number.'],
    ['12', '12 is too short to be a phone number.'],
    ['+1 202 555 0105 1234 5678', '+1 202 555 0105 1234 5678 is too long to be a phone number.'],
    ['+999 123 4567', '+999 123 4567 does not start with a known country code.'],
    ['+1 123 555 0100', '+1 123 555 0100 is not a valid number for country code +1.'],
    ['(123) 555-0100', '(123) 555-0100 is not a valid number for the United States.'],
    ['+44 20 7946 095', '+44 20 7946 095 is not a valid number for the United Kingdom.'],
  ])('refuses %j: %s', (input, message) => {
    expect(normalizePhone(input)).toEqual({ ok: false, message });
  });

  it('shortens very long input in messages', () => {
    expect(messageFor('x'.repeat(80))).toBe(`"${'x'.repeat(39)}…" is not a phone number.`);
  });
});

describe('formatPhone', () => {
  it.each([
    ['+12025550105', '+1 202 555 0105'],
    ['+19995550100', '+1 999 555 0100'],
    ['+14165550123', '+1 416 555 0123'],
    ['+442079460958', '+44 20 7946 0958'],
    ['+33123456789', '+33 1 23 45 67 89'],
    ['+61412345678', '+61 412 345 678'],
  ])('shows %s as %s', (e164, shown) => {
    expect(formatPhone(e164)).toBe(shown);
  });

  it('returns text that is not a number unchanged', () => {
    expect(formatPhone('unknown')).toBe('unknown');
    expect(formatPhone('')).toBe('');
  });

  it('formats what normalizePhone returns', () => {
    const result = normalizePhone('0044 20 7946 0958');
    expect(result.ok && formatPhone(result.e164)).toBe('+44 20 7946 0958');
  });
});

describe('timezoneForPhone', () => {
  it.each([
    ['+12125550100', 'America/New_York'],
    ['+13125550100', 'America/Chicago'],
    ['+13035550100', 'America/Denver'],
    ['+16025550100', 'America/Phoenix'],
    ['+15205550100', 'America/Phoenix'],
    ['+12135550100', 'America/Los_Angeles'],
    ['+19075550100', 'America/Anchorage'],
    ['+18085550100', 'Pacific/Honolulu'],
    ['+14165550100', 'America/Toronto'],
    ['+15145550100', 'America/Toronto'],
    ['+16045550100', 'America/Vancouver'],
    ['+14035550100', 'America/Edmonton'],
    ['+19025550100', 'America/Halifax'],
    ['+15065550100', 'America/Moncton'],
    ['+17095550100', 'America/St_Johns'],
    ['+13065550100', 'America/Regina'],
    ['+12045550100', 'America/Winnipeg'],
    ['+17875550100', 'America/Puerto_Rico'],
    ['+19395550100', 'America/Puerto_Rico'],
    ['+18765550100', 'America/Jamaica'],
  ])('places %s in %s', (e164, zone) => {
    expect(timezoneForPhone(e164)).toBe(zone);
  });

  it.each([
    ['+18505550100', 'America/Chicago', 'Pensacola and Panama City outnumber Tallahassee'],
    ['+12195550100', 'America/Chicago', 'Gary and Hammond are on Chicago time'],
    ['+12705550100', 'America/Chicago', 'most of western Kentucky is Central'],
    ['+14235550100', 'America/New_York', 'Chattanooga and the Tri-Cities are Eastern'],
    ['+19155550100', 'America/Denver', 'El Paso is Mountain'],
    ['+12085550100', 'America/Boise', 'southern Idaho is Mountain'],
    ['+13175550100', 'America/Indiana/Indianapolis', 'Indianapolis'],
    ['+13135550100', 'America/Detroit', 'Detroit'],
  ])('places the split area code %s in %s (%s)', (e164, zone) => {
    expect(timezoneForPhone(e164)).toBe(zone);
  });

  it('knows nothing of toll-free, unassigned or malformed +1 numbers', () => {
    expect(timezoneForPhone('+18005550100')).toBeUndefined();
    expect(timezoneForPhone('+19995550100')).toBeUndefined();
    expect(timezoneForPhone('+1202555010')).toBeUndefined();
    expect(timezoneForPhone('')).toBeUndefined();
    expect(timezoneForPhone('not a number')).toBeUndefined();
  });

  it.each([
    ['+442079460958', 'Europe/London'],
    ['+35312345678', 'Europe/Dublin'],
    ['+33123456789', 'Europe/Paris'],
    ['+4930123456', 'Europe/Berlin'],
    ['+34912345678', 'Europe/Madrid'],
    ['+34928123456', 'Atlantic/Canary'],
    ['+390612345678', 'Europe/Rome'],
    ['+31201234567', 'Europe/Amsterdam'],
    ['+351296123456', 'Atlantic/Azores'],
    ['+919876543210', 'Asia/Kolkata'],
    ['+81312345678', 'Asia/Tokyo'],
    ['+8613812345678', 'Asia/Shanghai'],
    ['+971501234567', 'Asia/Dubai'],
    ['+2348031234567', 'Africa/Lagos'],
    ['+5511987654321', 'America/Sao_Paulo'],
    ['+5592987654321', 'America/Manaus'],
    ['+525512345678', 'America/Mexico_City'],
    ['+526641234567', 'America/Tijuana'],
    ['+64211234567', 'Pacific/Auckland'],
    ['+61298765432', 'Australia/Sydney'],
    ['+61398765432', 'Australia/Melbourne'],
    ['+61733456789', 'Australia/Brisbane'],
    ['+61891234567', 'Australia/Perth'],
    ['+61881234567', 'Australia/Adelaide'],
    ['+61889812345', 'Australia/Darwin'],
    ['+61412345678', 'Australia/Sydney'],
    ['+77271234567', 'Asia/Almaty'],
    ['+74951234567', 'Europe/Moscow'],
  ])('places %s in %s', (e164, zone) => {
    expect(timezoneForPhone(e164)).toBe(zone);
  });

  it('falls back to the main country of a shared calling code', () => {
    expect(timezoneForPhone('+441481123456')).toBe('Europe/London');
  });

  it('knows nothing of unknown countries', () => {
    expect(timezoneForPhone('+8001234567')).toBeUndefined();
  });
});

describe('isValidTimezone', () => {
  it('accepts IANA names', () => {
    for (const zone of [
      'America/New_York',
      'Europe/London',
      'America/Argentina/Buenos_Aires',
      'Etc/GMT+5',
      'UTC',
    ]) {
      expect(isValidTimezone(zone)).toBe(true);
    }
  });

  it('refuses anything else', () => {
    for (const zone of [
      '',
      'Mars/Olympus_Mons',
      'america/new_york',
      'Eastern',
      '+05:00',
      'America/New York',
    ]) {
      expect(isValidTimezone(zone)).toBe(false);
    }
  });
});

describe('the zone tables', () => {
  const allZones = new Set([
    ...NANP_REGIONS.map((region) => region.zone),
    ...Object.values(COUNTRY_ZONES),
    ...Object.values(NATIONAL_PREFIX_ZONES).flatMap((table) => Object.values(table ?? {})),
  ]);

  it.each([...allZones].sort())('%s is a valid IANA zone', (timeZone) => {
    expect(() => new Intl.DateTimeFormat(undefined, { timeZone })).not.toThrow();
    expect(isValidTimezone(timeZone)).toBe(true);
  });

  it('lists each area code once, as three digits starting 2-9', () => {
    const codes = NANP_REGIONS.flatMap((region) => region.codes.split(' '));
    expect(codes.length).toBe(NANP_AREA_CODES.size);
    for (const code of codes) expect(code).toMatch(/^[2-9]\d\d$/);
    expect(NANP_AREA_CODES.size).toBeGreaterThan(400);
  });

  it('leaves non-geographic area codes out', () => {
    for (const code of ['500', '600', '800', '833', '844', '855', '866', '877', '888', '900']) {
      expect(NANP_AREA_CODES.has(code)).toBe(false);
    }
  });

  it('uses only countries libphonenumber knows', () => {
    for (const country of [
      ...Object.keys(COUNTRY_ZONES),
      ...Object.keys(NATIONAL_PREFIX_ZONES),
      ...NANP_REGIONS.map((region) => region.country),
    ]) {
      expect(isSupportedCountry(country)).toBe(true);
    }
  });

  it('gives every country with prefix zones a country zone too', () => {
    for (const country of Object.keys(NATIONAL_PREFIX_ZONES) as (keyof typeof COUNTRY_ZONES)[]) {
      expect(COUNTRY_ZONES[country]).toBeDefined();
    }
  });
});
