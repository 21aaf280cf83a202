/** Phone numbers: parsing typed numbers to E.164, displaying them, and the time zone a number is in. */
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  Metadata,
  type PhoneNumber,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from 'libphonenumber-js';
import { COUNTRY_ZONES, NANP_AREA_CODES, NATIONAL_PREFIX_ZONES } from './phone-zones.ts';

export type { CountryCode } from 'libphonenumber-js';

/** A number that was understood. */
export interface NormalizedPhone {
  ok: true;
  /** The number in E.164, e.g. "+12025550105". */
  e164: string;
  /** The number's country, when known. */
  country: CountryCode | undefined;
  /** The number as written inside its country, e.g. "(202) 555-0105". */
  national: string;
}

/** A number that was not understood, with a sentence saying why. */
export interface PhoneError {
  ok: false;
  message: string;
}

export type NormalizePhoneResult = NormalizedPhone | PhoneError;

/** Longest input quoted back in a message. */
const MAX_SHOWN = 40;

/** Countries whose English name reads better with an article or without ICU's qualifiers. */
const COUNTRY_NAMES: Partial<Record<CountryCode, string>> = {
  AE: 'the United Arab Emirates',
  BS: 'the Bahamas',
  CD: 'the Democratic Republic of the Congo',
  CG: 'the Republic of the Congo',
  DO: 'the Dominican Republic',
  GB: 'the United Kingdom',
  HK: 'Hong Kong',
  MM: 'Myanmar',
  MO: 'Macao',
  NL: 'the Netherlands',
  PH: 'the Philippines',
  PS: 'Palestine',
  US: 'the United States',
};

let regionNames: Intl.DisplayNames | undefined;

function countryName(country: CountryCode): string {
  const known = COUNTRY_NAMES[country];
  if (known) return known;
  try {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regionNames.of(country) ?? country;
  } catch {
    return country;
  }
}

/** For calling codes several countries share, the main country: the first listed in `COUNTRY_ZONES`. */
const MAIN_COUNTRY_BY_CALLING_CODE = new Map<string, CountryCode>();
for (const country of Object.keys(COUNTRY_ZONES) as CountryCode[]) {
  const callingCode = getCountryCallingCode(country);
  if (!MAIN_COUNTRY_BY_CALLING_CODE.has(callingCode)) MAIN_COUNTRY_BY_CALLING_CODE.set(callingCode, country);
}

/** The country a calling code belongs to, when it belongs to exactly one. */
function onlyCountryWithCallingCode(callingCode: string): CountryCode | undefined {
  const countries = getCountries().filter((country) => getCountryCallingCode(country) === callingCode);
  return countries.length === 1 ? countries[0] : undefined;
}

/** The fictional range 555-0100 … 555-0199, which the simulated carrier answers. */
const FICTIONAL_NANP = /^([2-9](?!11)\d\d)(55501\d\d)$/;

/**
 * Whether a +1 number is in the fictional 555-01XX range under a plausible US or Canadian area code
 * (first digit 2-9, not a service code like 911). Such numbers are never assigned to real lines.
 */
function isFictionalNanp(parsed: PhoneNumber): boolean {
  if (parsed.countryCallingCode !== '1') return false;
  const match = FICTIONAL_NANP.exec(parsed.nationalNumber);
  if (!match?.[1]) return false;
  const country = NANP_AREA_CODES.get(match[1])?.country;
  return country === undefined || country === 'US' || country === 'CA';
}

function accepted(parsed: PhoneNumber): NormalizedPhone | undefined {
  if (parsed.isValid()) {
    return { ok: true, e164: parsed.number, country: parsed.country, national: parsed.formatNational() };
  }
  if (isFictionalNanp(parsed)) {
    const digits = parsed.nationalNumber;
    const area = digits.slice(0, 3);
    return {
      ok: true,
      e164: `+1${digits}`,
      country: parsed.country ?? NANP_AREA_CODES.get(area)?.country,
      national: `(${area}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    };
  }
  return undefined;
}

/**
 * The spellings to try for what was typed, most literal first: "00" is the international prefix in most
 * of the world, and Mexican mobiles are still often written with the "1" dropped in 2019.
 */
function spellings(compact: string): string[] {
  const tries = [compact];
  if (compact.startsWith('00')) tries.push(`+${compact.slice(2)}`);
  const last = tries.at(-1) ?? compact;
  if (/^\+521\d{10}$/.test(last)) tries.push(`+52${last.slice(4)}`);
  return tries;
}

/** Where a number that failed was meant to be, for the message. */
function placeOf(
  parsed: PhoneNumber | undefined,
  international: boolean,
  defaultCountry: CountryCode,
): string {
  if (!international) return countryName(defaultCountry);
  if (parsed?.country) return countryName(parsed.country);
  if (!parsed) return 'any country';
  const code = parsed.countryCallingCode;
  const country = onlyCountryWithCallingCode(code) ?? MAIN_COUNTRY_BY_CALLING_CODE.get(code);
  return country ? countryName(country) : `country code +${code}`;
}

/**
 * Reads a phone number as people type it ("(202) 555-0105", "+44 20 7946 0958", "0044 20 7946 0958") and
 * returns it in E.164, or a sentence saying what is wrong with it. Numbers without a country code are read
 * as numbers of `defaultCountry`. The fictional US range 555-0100 … 555-0199 is accepted under any plausible
 * area code, because the simulated carrier uses it.
 */
export function normalizePhone(input: string, defaultCountry: CountryCode = 'US'): NormalizePhoneResult {
  const typed = typeof input === 'string' ? input.normalize('NFKC').trim() : '';
  if (typed === '') return { ok: false, message: 'Enter a phone number.' };
  const shown = typed.length > MAX_SHOWN ? `${typed.slice(0, MAX_SHOWN - 1)}…` : typed;
  const notANumber: PhoneError = { ok: false, message: `"${shown}" is not a phone number.` };

  if (!/\d/.test(typed)) return notANumber;
  if (/\p{L}/u.test(typed)) {
    return { ok: false, message: `"${shown}" has letters in it. Enter the number with digits only.` };
  }
  // Digits with the usual separators, and at most one "+" before the first digit.
  if (!/^[\d\s()./+\-\u2010-\u2015\u2212]+$/.test(typed)) return notANumber;
  const compact = typed.replace(/[^\d+]/g, '');
  if (!/^\+?\d+$/.test(compact)) return notANumber;

  const tries = spellings(compact);
  for (const attempt of tries) {
    const parsed = parsePhoneNumberFromString(attempt, defaultCountry);
    const result = parsed && accepted(parsed);
    if (result) return result;
  }

  // Explain the failure for the spelling the person most likely meant: "0044…" means "+44…".
  const meant = tries[1]?.startsWith('+') ? tries[1] : compact;
  const international = meant.startsWith('+');
  const parsed = parsePhoneNumberFromString(meant, defaultCountry);
  switch (validatePhoneNumberLength(meant, defaultCountry)) {
    case 'NOT_A_NUMBER':
      return notANumber;
    case 'INVALID_COUNTRY':
      return {
        ok: false,
        message: international
          ? `${shown} does not start with a known country code.`
          : `${shown} needs a country code, like +1 or +44.`,
      };
    case 'TOO_SHORT':
      return { ok: false, message: `${shown} is too short to be a phone number.` };
    case 'TOO_LONG':
      return { ok: false, message: `${shown} is too long to be a phone number.` };
    case 'INVALID_LENGTH':
      return {
        ok: false,
        message: `${shown} has the wrong number of digits for ${placeOf(parsed, international, defaultCountry)}.`,
      };
    default:
      return {
        ok: false,
        message: `${shown} is not a valid number for ${placeOf(parsed, international, defaultCountry)}.`,
      };
  }
}

/** A number in E.164 (and its country, when known), or why it is not one: `normalizePhone` without the national form. */
export type PhoneE164Result = { ok: true; e164: string; country: CountryCode | undefined } | PhoneError;

/** The parts of libphonenumber-js's numbering plan the fast path reads (the typings expose fewer). */
interface PlanMetadata {
  leadingDigits(): string | undefined;
  nationalNumberPattern(): string;
  nationalPrefixForParsing(): string | undefined;
  IDDPrefix(): string;
  hasTypes(): boolean;
  type(name: string): { pattern(): string; possibleLengths(): number[] | undefined } | undefined;
}

/** A country's validity rules with their regular expressions compiled once. */
interface CompiledPlan {
  leadingDigits: RegExp | undefined;
  nationalNumber: RegExp;
  hasTypes: boolean;
  /** Number types with a pattern: fixed line first, then the others (the order of `getNumberType`). */
  types: Array<{ pattern: RegExp; lengths: number[] | undefined }>;
  /** What libphonenumber strips from the start of a national number (national prefix, IDD prefix). */
  nationalPrefix: RegExp | undefined;
  iddPrefix: RegExp | undefined;
}

const NUMBER_TYPES = [
  'FIXED_LINE',
  'MOBILE',
  'PREMIUM_RATE',
  'TOLL_FREE',
  'SHARED_COST',
  'VOIP',
  'PERSONAL_NUMBER',
  'PAGER',
  'UAN',
  'VOICEMAIL',
];
const compiledPlans = new Map<CountryCode, CompiledPlan>();
let nanpCountries: CountryCode[] | undefined;

function compiledPlan(country: CountryCode): CompiledPlan {
  let plan = compiledPlans.get(country);
  if (!plan) {
    const metadata = new Metadata();
    metadata.selectNumberingPlan(country);
    const numbering = metadata.numberingPlan as unknown as PlanMetadata;
    const types: CompiledPlan['types'] = [];
    for (const name of NUMBER_TYPES) {
      const type = numbering.hasTypes() ? numbering.type(name) : undefined;
      const pattern = type?.pattern();
      if (type && pattern)
        types.push({ pattern: new RegExp(`^(?:${pattern})$`), lengths: type.possibleLengths() });
    }
    const leadingDigits = numbering.leadingDigits();
    const nationalPrefix = numbering.nationalPrefixForParsing();
    const iddPrefix = numbering.IDDPrefix();
    plan = {
      leadingDigits: leadingDigits ? new RegExp(leadingDigits) : undefined,
      nationalNumber: new RegExp(`^(?:${numbering.nationalNumberPattern()})$`),
      hasTypes: numbering.hasTypes(),
      types,
      nationalPrefix: nationalPrefix ? new RegExp(`^(?:${nationalPrefix})`) : undefined,
      iddPrefix: iddPrefix ? new RegExp(`^(?:${iddPrefix})`) : undefined,
    };
    compiledPlans.set(country, plan);
  }
  return plan;
}

/** Whether libphonenumber's `getNumberType` finds a type for the national number in this plan. */
function hasNumberType(plan: CompiledPlan, national: string): boolean {
  if (!plan.nationalNumber.test(national)) return false;
  return plan.types.some(
    (type) => (!type.lengths || type.lengths.includes(national.length)) && type.pattern.test(national),
  );
}

/** The country of a +1 number as libphonenumber picks it: leading digits, else the first plan with a type. */
function nanpCountry(national: string): CountryCode | undefined {
  nanpCountries ??= (
    new Metadata() as unknown as { getCountryCodesForCallingCode(code: string): CountryCode[] }
  ).getCountryCodesForCallingCode('1');
  for (const country of nanpCountries) {
    const plan = compiledPlan(country);
    if (plan.leadingDigits) {
      if (national.search(plan.leadingDigits) === 0) return country;
    } else if (hasNumberType(plan, national)) {
      return country;
    }
  }
  return undefined;
}

/** Plain ASCII digits with the usual separators and at most a leading "+": the shapes the fast path reads. */
const FAST_SHAPE = /^\+?[\d ().-]+$/;

/**
 * The fast path of `phoneToE164` for +1 numbers (written "+1 NXX NXX XXXX", or as ten national digits with a
 * +1 default country): the same verdict libphonenumber reaches, from its own metadata with the regular
 * expressions compiled once. Undefined when the number is not such a number or not valid (the full reading
 * then decides, with its message or the fictional range).
 */
function fastNanp(input: string, defaultCountry: CountryCode): PhoneE164Result | undefined {
  const typed = input.trim();
  if (!FAST_SHAPE.test(typed) || !isSupportedCountry(defaultCountry)) return undefined;
  const compact = typed.replace(/[^\d+]/g, '');
  let national: string;
  let country: CountryCode | undefined;
  if (compact.length === 12 && compact.startsWith('+1')) {
    national = compact.slice(2);
    // Read in the plan of the calling code's main country: nothing may be stripped from its start.
    if (!/^[2-9]\d{9}$/.test(national) || compiledPlan('US').nationalPrefix?.test(national)) return undefined;
    country = nanpCountry(national);
  } else if (compact.length === 10 && /^[2-9]\d{9}$/.test(compact)) {
    if (getCountryCallingCode(defaultCountry) !== '1') return undefined;
    // Read as a national number of the default country: nothing may be stripped from its start.
    const plan = compiledPlan(defaultCountry);
    if (plan.iddPrefix?.test(compact) || plan.nationalPrefix?.test(compact)) return undefined;
    national = compact;
    country = nanpCountry(national) ?? defaultCountry;
  } else {
    return undefined;
  }
  if (!country) return undefined;
  const plan = compiledPlan(country);
  const valid = plan.hasTypes ? hasNumberType(plan, national) : plan.nationalNumber.test(national);
  return valid ? { ok: true, e164: `+1${national}`, country } : undefined;
}

/**
 * The same verdict as `normalizePhone` without the national form, for many numbers at once (imports): +1
 * numbers take a fast path that skips most of libphonenumber's work.
 */
export function phoneToE164(input: string, defaultCountry: CountryCode = 'US'): PhoneE164Result {
  const fast = typeof input === 'string' ? fastNanp(input, defaultCountry) : undefined;
  if (fast) return fast;
  const result = normalizePhone(input, defaultCountry);
  return result.ok ? { ok: true, e164: result.e164, country: result.country } : result;
}

/**
 * A number in E.164 in readable international form: "+12025550105" -> "+1 202 555 0105",
 * "+442079460958" -> "+44 20 7946 0958". Text that is not a number comes back unchanged.
 */
export function formatPhone(e164: string): string {
  const text = e164.trim();
  const parsed = parsePhoneNumberFromString(text);
  if (!parsed) return text;
  const digits = parsed.nationalNumber;
  if (parsed.countryCallingCode === '1' && digits.length === 10 && !parsed.ext) {
    return `+1 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
  }
  return parsed.formatInternational();
}

function zoneByPrefix(
  table: Readonly<Record<string, string>> | undefined,
  digits: string,
): string | undefined {
  if (!table) return undefined;
  for (let length = digits.length; length > 0; length--) {
    const zone = table[digits.slice(0, length)];
    if (zone) return zone;
  }
  return undefined;
}

/**
 * The IANA time zone of the place a number in E.164 belongs to, or undefined when that is unknown. In the
 * US, Canada and the rest of the +1 plan it comes from the area code (the zone of most of the people using
 * it); elsewhere from the country, refined by area code in Australia, Brazil, Mexico, Spain and Portugal.
 * Mobile numbers kept after a move still point to where they were issued.
 */
export function timezoneForPhone(e164: string): string | undefined {
  const compact = e164.trim().replace(/[\s().-]/g, '');
  if (compact.startsWith('+1')) {
    const area = /^\+1([2-9]\d\d)[2-9]\d{6}$/.exec(compact)?.[1];
    return area ? NANP_AREA_CODES.get(area)?.zone : undefined;
  }
  const parsed = parsePhoneNumberFromString(compact);
  if (!parsed) return undefined;
  const country = parsed.country ?? MAIN_COUNTRY_BY_CALLING_CODE.get(parsed.countryCallingCode);
  if (!country) return undefined;
  return zoneByPrefix(NATIONAL_PREFIX_ZONES[country], parsed.nationalNumber) ?? COUNTRY_ZONES[country];
}

/** An IANA zone name: path segments that each start with a capital ("America/New_York", "Etc/GMT+5", "UTC"). */
const ZONE_NAME = /^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Z][A-Za-z0-9_+-]*)*$/;

/**
 * Whether `zone` is an IANA time zone name this runtime knows, spelled with its proper capitals.
 * UTC offsets like "+05:00" and miscapitalised names like "america/new_york" are refused.
 */
export function isValidTimezone(zone: string): boolean {
  if (typeof zone !== 'string' || !ZONE_NAME.test(zone)) return false;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}
