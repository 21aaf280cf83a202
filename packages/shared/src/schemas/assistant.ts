import { z } from 'zod';
import { localTime, minutesOfDay } from '../calling-window.ts';
import { type BookingSettings, WEEKDAYS, type Weekday } from './booking.ts';

/**
 * The phone assistant of a business (issue #18, decision 026): what it knows to answer callers' questions, who it
 * transfers a caller to during business hours (the booking settings' hours and closures), and how it greets a
 * caller it does not know. One validated document per account, defaults until saved.
 */
export const KNOWLEDGE_TOPICS = [
  'hours',
  'address',
  'parking',
  'prices',
  'services',
  'policies',
  'other',
] as const;
export type KnowledgeTopic = (typeof KNOWLEDGE_TOPICS)[number];

export const KNOWLEDGE_TOPIC_LABELS: Record<KnowledgeTopic, string> = {
  hours: 'Opening hours',
  address: 'Address and directions',
  parking: 'Parking',
  prices: 'Prices',
  services: 'Services',
  policies: 'Policies',
  other: 'Other',
};

export const MAX_KNOWLEDGE_ENTRIES = 50;
export const MAX_KNOWLEDGE_ANSWER = 600;

export const knowledgeEntrySchema = z
  .object({
    topic: z.enum(KNOWLEDGE_TOPICS).describe('What the entry is about'),
    question: z
      .string()
      .trim()
      .min(1, 'Enter the question callers ask')
      .max(200, 'At most 200 characters')
      .describe('A question callers ask, in their words ("Where can I park?")'),
    answer: z
      .string()
      .trim()
      .min(1, 'Enter the answer')
      .max(MAX_KNOWLEDGE_ANSWER, `At most ${MAX_KNOWLEDGE_ANSWER} characters`)
      .describe('What the assistant says, as written'),
  })
  .strict();
export type KnowledgeEntry = z.infer<typeof knowledgeEntrySchema>;

/** An E.164 number, or a number written in the account's country (normalised by the server). */
const phoneText = z.string().trim().max(40, 'At most 40 characters');

export const MIN_TRANSFER_RING_SECONDS = 10;
export const MAX_TRANSFER_RING_SECONDS = 60;

export const assistantSettingsInputSchema = z
  .object({
    greeting: z
      .string()
      .trim()
      .max(300, 'At most 300 characters')
      .nullable()
      .default(null)
      .describe('What a caller the assistant does not know hears first; null: the default greeting'),
    transfer_number: phoneText
      .nullable()
      .default(null)
      .describe('The front desk’s phone: callers who ask for a person are put through during business hours'),
    transfer_ring_seconds: z
      .number({ error: 'Enter whole seconds' })
      .int('Enter whole seconds')
      .min(MIN_TRANSFER_RING_SECONDS, `At least ${MIN_TRANSFER_RING_SECONDS} seconds`)
      .max(MAX_TRANSFER_RING_SECONDS, `At most ${MAX_TRANSFER_RING_SECONDS} seconds`)
      .default(20)
      .describe('How long the transfer number rings before the assistant takes a message instead'),
    knowledge: z
      .array(knowledgeEntrySchema)
      .max(MAX_KNOWLEDGE_ENTRIES, `At most ${MAX_KNOWLEDGE_ENTRIES} entries`)
      .default([])
      .describe('What the assistant answers callers’ questions from, quoting the answer'),
  })
  .strict();
export type AssistantSettingsInput = z.input<typeof assistantSettingsInputSchema>;
export type AssistantSettings = z.infer<typeof assistantSettingsInputSchema>;

export const DEFAULT_ASSISTANT_SETTINGS: AssistantSettings = {
  greeting: null,
  transfer_number: null,
  transfer_ring_seconds: 20,
  knowledge: [],
};

/** The greeting of a caller the assistant does not know, when the business wrote none. */
export const DEFAULT_GREETING = 'Thank you for calling {{business_name}}. This is the automated assistant.';

/** The assistant's settings as the API answers them: the document, and the number callers call. */
export const assistantSettingsSchema = assistantSettingsInputSchema.extend({
  business_number: z
    .string()
    .nullable()
    .describe('The number callers call (E.164): a Twilio number assigned to the account, or a fictional one'),
  updated_at: z.string().nullable().describe('When the settings were last saved; null: never (defaults)'),
});
export type AssistantSettingsResponse = z.infer<typeof assistantSettingsSchema>;

/** Whether the business is open at a moment, by its booking hours and closures, in its time zone. */
export function isOpenAt(
  settings: Pick<BookingSettings, 'hours' | 'closures'>,
  at: Date,
  timezone: string,
): boolean {
  const t = localTime(at, timezone);
  const day = `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
  const closed = settings.closures.some(
    (closure) => closure.staff === null && closure.starts_on <= day && day <= closure.ends_on,
  );
  if (closed) return false;
  const weekday = WEEKDAYS[new Date(Date.UTC(t.year, t.month - 1, t.day)).getUTCDay()] as Weekday;
  const minute = t.hour * 60 + t.minute;
  return settings.hours[weekday].some(
    (opening) => minutesOfDay(opening.opens) <= minute && minute < minutesOfDay(opening.closes),
  );
}

/**
 * Assigning a Twilio number as the business number (issue #18, decision 026): the Twilio account's numbers,
 * the ones it could buy, and the one the account is given.
 */
export const TWILIO_NUMBER_STATES = ['yours', 'free', 'taken'] as const;
export type TwilioNumberState = (typeof TWILIO_NUMBER_STATES)[number];

export const twilioNumberSchema = z.object({
  phone_number: z.string().describe('The number (E.164)'),
  friendly_name: z.string().describe('Twilio’s name for it, e.g. (312) 555-0142'),
  state: z
    .enum(TWILIO_NUMBER_STATES)
    .describe('yours: this account’s business number; free: no account’s; taken: another account’s'),
  configured: z
    .boolean()
    .describe('Whether its voice and status URLs are this server’s, so that the assistant answers its calls'),
});
export type TwilioNumber = z.infer<typeof twilioNumberSchema>;

export const twilioNumbersSchema = z.object({
  business_number: z.string().nullable().describe('The account’s business number (E.164); null: none yet'),
  numbers: z.array(twilioNumberSchema).describe('The Twilio account’s incoming numbers'),
});
export type TwilioNumbers = z.infer<typeof twilioNumbersSchema>;

export const availableNumbersQuerySchema = z.object({
  area_code: z
    .string()
    .trim()
    .regex(/^[2-9]\d{2}$/, 'Enter a 3-digit US area code, e.g. 312')
    .describe('The US area code to search in'),
});

export const availableNumberSchema = z.object({
  phone_number: z.string().describe('The number (E.164)'),
  friendly_name: z.string().describe('Twilio’s name for it, e.g. (312) 555-0142'),
  locality: z.string().nullable().describe('Its city, when Twilio knows'),
  region: z.string().nullable().describe('Its state, when Twilio knows'),
});
export type AvailableNumber = z.infer<typeof availableNumberSchema>;

export const availableNumbersSchema = z.object({
  area_code: z.string().describe('The area code searched'),
  numbers: z
    .array(availableNumberSchema)
    .describe('Local numbers that can be bought (up to 20); may be empty'),
});
export type AvailableNumbers = z.infer<typeof availableNumbersSchema>;

export const businessNumberInputSchema = z
  .object({
    phone_number: phoneText
      .min(1, 'Enter a phone number')
      .describe('The number, in E.164 or as dialled in the account’s country'),
  })
  .strict();
export type BusinessNumberInput = z.infer<typeof businessNumberInputSchema>;

export const businessNumberSchema = z.object({
  business_number: z.string().describe('The account’s business number now (E.164)'),
  friendly_name: z.string().describe('Twilio’s name for it'),
  configured: z.boolean().describe('Whether its voice and status URLs are this server’s'),
});
export type BusinessNumber = z.infer<typeof businessNumberSchema>;
