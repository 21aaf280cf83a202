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
