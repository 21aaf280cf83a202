import type Twilio from 'twilio';
import { TWILIO_WEBHOOK_PATH } from './twilio.ts';

/**
 * The Twilio account's phone numbers (issue #18, decision 026): the numbers it has (IncomingPhoneNumbers), the
 * local numbers it could buy (AvailablePhoneNumbers/US/Local), buying one, and pointing one at us — its voice URL
 * at `/telephony/twilio/incoming`, its status callback at `/telephony/twilio/inbound-status`, its SMS URL at
 * `/telephony/twilio/message`, all POST — so that a call to it is answered by the assistant of the account it is
 * assigned to, and a text to it reaches that account. Through the official SDK, with the
 * carrier's client (which honours TWILIO_API_BASE_URL).
 */

/** One of the Twilio account's numbers. */
export interface TwilioNumber {
  /** PN… */
  sid: string;
  /** E.164 */
  phoneNumber: string;
  friendlyName: string;
  voiceUrl: string | null;
  statusCallback: string | null;
  smsUrl: string | null;
  /** Whether its voice, status and SMS URLs are ours (calls and texts to it reach the assistant). */
  configured: boolean;
}

/** A local number Twilio offers to buy. */
export interface AvailableNumber {
  phoneNumber: string;
  friendlyName: string;
  locality: string | null;
  region: string | null;
}

/**
 * Twilio said no, in our words: the number is not the account's (or no longer exists), cannot be bought, is not a
 * phone number, our credentials were refused, or Twilio could not be reached.
 */
export class TwilioNumberError extends Error {
  constructor(
    readonly kind: 'not_found' | 'unavailable' | 'invalid' | 'refused' | 'unreachable',
    message: string,
    readonly twilioCode?: number,
  ) {
    super(message);
    this.name = 'TwilioNumberError';
  }
}

/** How many of the account's numbers are listed at most (Twilio pages them; the SDK follows next_page_uri). */
const MAX_LISTED = 1000;
/** How many numbers a search for ones to buy answers. */
const MAX_AVAILABLE = 20;

interface SdkNumber {
  sid: string;
  phoneNumber: string;
  friendlyName: string;
  voiceUrl: string | null;
  statusCallback: string | null;
  smsUrl: string | null;
}

/** Twilio's answer to a failed request, as the SDK reports it (a RestException). */
function restFailure(error: unknown): { status: number; code?: number; message: string } | null {
  if (!(error instanceof Error)) return null;
  const { status, code } = error as Error & { status?: unknown; code?: unknown };
  if (typeof status !== 'number') return null;
  return { status, ...(typeof code === 'number' ? { code } : {}), message: error.message };
}

export class TwilioNumbers {
  /** Where Twilio sends a call to an assigned number. */
  readonly voiceUrl: string;
  /** Where Twilio reports how a call to an assigned number went. */
  readonly statusCallback: string;
  /** Where Twilio sends a text to an assigned number. */
  readonly smsUrl: string;

  constructor(
    private readonly client: Twilio.Twilio,
    publicUrl: string,
  ) {
    const base = publicUrl.replace(/\/$/, '');
    this.voiceUrl = `${base}${TWILIO_WEBHOOK_PATH}/incoming`;
    this.statusCallback = `${base}${TWILIO_WEBHOOK_PATH}/inbound-status`;
    this.smsUrl = `${base}${TWILIO_WEBHOOK_PATH}/message`;
  }

  /** The Twilio account's numbers, every page of them (up to 1000). */
  async list(): Promise<TwilioNumber[]> {
    const numbers = await this.call(
      () => this.client.incomingPhoneNumbers.list({ limit: MAX_LISTED, pageSize: 100 }),
      'listing the numbers',
    );
    return numbers.map((number) => this.numberOf(number));
  }

  /** One of the account's numbers by its E.164 form; null when the Twilio account has no such number. */
  async find(phoneNumber: string): Promise<TwilioNumber | null> {
    const found = await this.call(
      () => this.client.incomingPhoneNumbers.list({ phoneNumber, limit: 20 }),
      'looking the number up',
    );
    // Twilio's filter also matches partial numbers: only the exact one counts.
    const exact = found.find((number) => number.phoneNumber === phoneNumber);
    return exact ? this.numberOf(exact) : null;
  }

  /** Local US numbers that can be bought in an area code (none: an empty list). */
  async available(areaCode: string): Promise<AvailableNumber[]> {
    const numbers = await this.call(
      () =>
        this.client
          .availablePhoneNumbers('US')
          .local.list({ areaCode: Number(areaCode), voiceEnabled: true, limit: MAX_AVAILABLE }),
      'searching for numbers',
    );
    return numbers.map((number) => ({
      phoneNumber: number.phoneNumber,
      friendlyName: number.friendlyName,
      locality: number.locality || null,
      region: number.region || null,
    }));
  }

  /** Buys a number, its calls coming to us from the start. */
  async buy(phoneNumber: string): Promise<TwilioNumber> {
    const bought = await this.call(
      () => this.client.incomingPhoneNumbers.create({ phoneNumber, ...this.ourUrls() }),
      'buying the number',
      phoneNumber,
    );
    return this.numberOf(bought);
  }

  /** Points one of the account's numbers (by its PN… SID) at us: its voice URL, status callback and SMS URL. */
  async configure(sid: string, phoneNumber: string): Promise<TwilioNumber> {
    const updated = await this.call(
      () => this.client.incomingPhoneNumbers(sid).update(this.ourUrls()),
      'configuring the number',
      phoneNumber,
    );
    return this.numberOf(updated);
  }

  private ourUrls() {
    return {
      voiceUrl: this.voiceUrl,
      voiceMethod: 'POST',
      statusCallback: this.statusCallback,
      statusCallbackMethod: 'POST',
      smsUrl: this.smsUrl,
      smsMethod: 'POST',
    } as const;
  }

  private numberOf(number: SdkNumber): TwilioNumber {
    return {
      sid: number.sid,
      phoneNumber: number.phoneNumber,
      friendlyName: number.friendlyName,
      voiceUrl: number.voiceUrl || null,
      statusCallback: number.statusCallback || null,
      smsUrl: number.smsUrl || null,
      configured:
        number.voiceUrl === this.voiceUrl &&
        number.statusCallback === this.statusCallback &&
        number.smsUrl === this.smsUrl,
    };
  }

  /** A request to Twilio, its failure said in words. */
  private async call<T>(request: () => Promise<T>, doing: string, phoneNumber?: string): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw numberError(error, doing, phoneNumber);
    }
  }
}

function numberError(error: unknown, doing: string, phoneNumber: string | undefined): TwilioNumberError {
  const failure = restFailure(error);
  const number = phoneNumber ?? 'The number';
  if (!failure) {
    const why = error instanceof Error ? error.message : String(error);
    return new TwilioNumberError('unreachable', `Twilio could not be reached while ${doing} (${why}).`);
  }
  const code = failure.code;
  const said = `${failure.message}${code ? ` (Twilio error ${code})` : ''}`;
  switch (code) {
    // 21422: the number cannot be bought (taken since the search); 21452: none left in the area code.
    case 21422:
    case 21452:
      return new TwilioNumberError(
        'unavailable',
        `${number} is no longer available to buy; search again and pick another.`,
        code,
      );
    case 21421:
      return new TwilioNumberError('invalid', `${number} is not a phone number Twilio can assign.`, code);
    case 20404:
      return new TwilioNumberError(
        'not_found',
        `${number} is not one of the Twilio account’s numbers.`,
        code,
      );
  }
  if (failure.status === 404) {
    return new TwilioNumberError('not_found', `${number} is not one of the Twilio account’s numbers.`, code);
  }
  if (failure.status === 401 || failure.status === 403) {
    return new TwilioNumberError(
      'refused',
      `Twilio refused our account while ${doing}: ${said}. Check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.`,
      code,
    );
  }
  if (failure.status === 400) return new TwilioNumberError('invalid', `Twilio refused it: ${said}.`, code);
  return new TwilioNumberError(
    'unreachable',
    `Twilio could not complete ${doing} (HTTP ${failure.status}: ${said}).`,
    code,
  );
}
