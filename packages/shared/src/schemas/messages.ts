import { z } from 'zod';
import { CALL_TYPES } from '../calls.ts';
import { SMS_MAX_LENGTH } from '../sms.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';

export const MESSAGE_DIRECTIONS = ['outbound', 'inbound'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

/**
 * queued (waiting to be sent), sending (handed to the carrier, no answer yet), sent (the carrier took it),
 * delivered (the phone has it), undelivered / failed (the carrier could not; `error` says why), unknown (a crash
 * left it perhaps sent: never sent again), skipped (not sent: the number opted out, quiet hours passed…; `error`
 * says why), received (an inbound text).
 */
export const MESSAGE_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'unknown',
  'skipped',
  'received',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * Why a text was written: by a person (manual, in the app or the API), our answer to a keyword (keyword_reply:
 * STOP's confirmation, HELP, START), a text after a call that reached nobody or voicemail (call_follow_up), the
 * answer to a call to the business nobody took (missed_call), a reminder step (reminder), or an inbound text (reply).
 */
export const MESSAGE_KINDS = [
  'manual',
  'keyword_reply',
  'call_follow_up',
  'missed_call',
  'reminder',
  'reply',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const messageSchema = z.object({
  id: z.uuid().describe('The message’s id'),
  direction: z
    .enum(MESSAGE_DIRECTIONS)
    .describe('outbound (we sent it) or inbound (written to the business)'),
  kind: z.enum(MESSAGE_KINDS).describe('Why the text was written'),
  status: z.enum(MESSAGE_STATUSES).describe('Where the text is; see the statuses in the guide'),
  phone: z.string().describe('The other party’s number, in E.164'),
  business_number: z.string().nullable().describe('The business number the text was sent from or to'),
  contact_id: z.uuid().nullable().describe('The contact with this number, if there is one'),
  contact_name: z.string().nullable().describe('That contact’s name'),
  body: z.string().describe('The text'),
  segments: z.number().int().describe('Segments the carrier bills (GSM-7: 160 characters, UCS-2: 70)'),
  encoding: z.enum(['GSM-7', 'UCS-2']).describe('How the text is encoded'),
  cost: z
    .number()
    .nullable()
    .describe('What the text cost, in US dollars (null for an inbound or unsent one)'),
  error: z.string().nullable().describe('Why it was not sent or not delivered'),
  call_id: z.uuid().nullable().describe('The call it follows up or answers'),
  appointment_id: z.uuid().nullable().describe('The appointment it is about'),
  created_at: z.iso.datetime().describe('When it was written (or received)'),
  sent_at: z.iso.datetime().nullable().describe('When the carrier took it'),
  delivered_at: z.iso.datetime().nullable().describe('When the phone had it'),
});
export type Message = z.infer<typeof messageSchema>;

export const messageListSchema = pageSchema(messageSchema);

export const listMessagesQuerySchema = pageQuerySchema.extend({
  phone: z.string().trim().max(40).optional().describe('Only the conversation with this number (any format)'),
  contact_id: z.uuid().optional().describe('Only the texts with this contact'),
  direction: z.enum(MESSAGE_DIRECTIONS).optional().describe('Only outbound or only inbound texts'),
  status: z.enum(MESSAGE_STATUSES).optional().describe('Only texts with this status'),
});

export const sendMessageInputSchema = z
  .object({
    contact_id: z.uuid().optional().describe('Whom to text: a contact (its phone is used)'),
    to: z
      .string()
      .trim()
      .min(1, 'Enter a phone number.')
      .max(40, 'That is too long to be a phone number.')
      .optional()
      .describe('Or a number: E.164, or national for the account’s country'),
    body: z
      .string()
      .trim()
      .min(1, 'Write a message.')
      .max(SMS_MAX_LENGTH, `A text can be at most ${SMS_MAX_LENGTH} characters.`)
      .describe('The text; {{first_name}} and the other script variables are filled in for a contact'),
  })
  .strict()
  .refine((input) => Boolean(input.contact_id) !== Boolean(input.to), {
    message: 'Give either contact_id or to.',
    path: ['to'],
  });
export type SendMessageInput = z.infer<typeof sendMessageInputSchema>;

/** One conversation: the other party's number, its contact and the latest text either way. */
export const messageThreadSchema = z.object({
  phone: z.string().describe('The other party’s number, in E.164'),
  contact_id: z.uuid().nullable().describe('The contact with this number, if there is one'),
  contact_name: z.string().nullable().describe('That contact’s name'),
  last_message: messageSchema.describe('The latest text of the conversation'),
  message_count: z.number().int().describe('Texts in the conversation'),
});
export type MessageThread = z.infer<typeof messageThreadSchema>;
export const messageThreadListSchema = pageSchema(messageThreadSchema);
export type ListMessagesQuery = z.infer<typeof listMessagesQuerySchema>;

/** The variables a text template may use. */
export const TEXT_TEMPLATE_VARIABLES = ['first_name', 'name', 'business_name'] as const;
export const TEXT_TEMPLATE_MAX_LENGTH = 480;

const template = (what: string) =>
  z
    .string()
    .trim()
    .min(1, 'Write the text.')
    .max(
      TEXT_TEMPLATE_MAX_LENGTH,
      `Keep the text to ${TEXT_TEMPLATE_MAX_LENGTH} characters (three segments) or fewer.`,
    )
    .refine(
      (text) =>
        [...text.matchAll(/\{\{\s*([a-z_]+)\s*\}\}/g)].every((match) =>
          (TEXT_TEMPLATE_VARIABLES as readonly string[]).includes(match[1] ?? ''),
        ),
      { message: 'Use only {{first_name}}, {{name}} and {{business_name}}.' },
    )
    .describe(`${what}; {{first_name}}, {{name}} and {{business_name}} are filled in`);

/** Texts after calls: which missed outbound calls are followed by a text, and the answer to a missed inbound call. */
export const textSettingsSchema = z.object({
  follow_up_call_types: z
    .array(z.enum(CALL_TYPES))
    .describe(
      'Call types whose call that reached nobody (no answer or busy after every attempt) or a voicemail is followed by a text',
    ),
  follow_up_text: template('The text after such a call'),
  missed_call_text_back: z
    .boolean()
    .describe(
      'Whether a call to the business number nobody took is answered by a text (at most one a day per caller)',
    ),
  missed_call_text: template('That text'),
});
export type TextSettings = z.infer<typeof textSettingsSchema>;

export const updateTextSettingsInputSchema = textSettingsSchema
  .partial()
  .strict()
  .extend({
    follow_up_call_types: z
      .array(z.enum(CALL_TYPES))
      .max(CALL_TYPES.length)
      .optional()
      .describe('Call types followed by a text when they reach nobody or a voicemail'),
  });
