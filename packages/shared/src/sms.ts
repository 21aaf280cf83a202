import { SegmentedMessage } from 'sms-segments-calculator';

/** Longest text we send (Twilio's limit for one message: 1,600 characters, ten segments of GSM-7). */
export const SMS_MAX_LENGTH = 1600;
/** What one segment costs by default (Twilio's US price), in US dollars; SMS_RATE_PER_SEGMENT_USD sets it. */
export const DEFAULT_SMS_RATE_PER_SEGMENT_USD = 0.0079;

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSize {
  encoding: SmsEncoding;
  /** Segments the carrier bills: 160 GSM-7 characters (153 each when split), 70 UCS-2 (67 each when split). */
  segments: number;
  /** Characters as the phone counts them (an emoji is one). */
  characters: number;
  /** Characters that force UCS-2 (emoji, curly quotes…), each once, for the editor's hint. */
  nonGsmCharacters: string[];
}

/** How a text is encoded and into how many segments it splits (Twilio's own segment calculator). */
export function smsSize(body: string): SmsSize {
  const message = new SegmentedMessage(body, 'auto');
  return {
    encoding: message.encodingName === 'UCS-2' ? 'UCS-2' : 'GSM-7',
    segments: body.length === 0 ? 0 : message.segmentsCount,
    characters: message.numberOfCharacters,
    nonGsmCharacters: [...new Set(message.getNonGsmCharacters())],
  };
}

/** What a text costs at the rate per segment, in US dollars (four decimals, as stored). */
export function smsCost(segments: number, ratePerSegmentUsd = DEFAULT_SMS_RATE_PER_SEGMENT_USD): number {
  return Math.round(segments * ratePerSegmentUsd * 10_000) / 10_000;
}

/**
 * What an inbound text asks for, by the industry's keywords (CTIA; the carriers' own opt-out words): revoke
 * consent, give it back, help, or an answer to a reminder (C/YES/1 confirm, R asks for a new time). Case, spaces
 * and trailing punctuation do not matter; anything else is `other`, read by the same intent engine as calls.
 */
export type SmsKeyword = 'stop' | 'start' | 'help' | 'confirm' | 'reschedule' | 'other';

export const SMS_STOP_WORDS = [
  'STOP',
  'STOPALL',
  'STOP ALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
  'OPT OUT',
] as const;
export const SMS_START_WORDS = ['START', 'UNSTOP', 'YES START', 'SUBSCRIBE'] as const;
export const SMS_HELP_WORDS = ['HELP', 'INFO'] as const;
export const SMS_CONFIRM_WORDS = ['C', 'YES', 'Y', '1', 'CONFIRM', 'CONFIRMED'] as const;
export const SMS_RESCHEDULE_WORDS = ['R', 'RESCHEDULE', '2'] as const;

export function smsKeyword(body: string): SmsKeyword {
  const word = body
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s]+/g, ' ')
    .replace(/^[\s"'“”‘’]+|[\s.!?"'“”‘’]+$/g, '');
  const is = (words: readonly string[]) => words.includes(word);
  if (is(SMS_STOP_WORDS)) return 'stop';
  if (is(SMS_START_WORDS)) return 'start';
  if (is(SMS_HELP_WORDS)) return 'help';
  if (is(SMS_CONFIRM_WORDS)) return 'confirm';
  if (is(SMS_RESCHEDULE_WORDS)) return 'reschedule';
  return 'other';
}
