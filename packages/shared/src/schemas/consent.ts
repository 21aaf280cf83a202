import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './pagination.ts';

/** Given (or given back), or taken away. */
export const CONSENT_ACTIONS = ['granted', 'revoked'] as const;
/** What the consent is for: reminders and confirmations, promotions, or (a revocation) everything. */
export const CONSENT_PURPOSES = ['informational', 'marketing', 'all'] as const;
/** Which channel: calls with an artificial voice, texts, or (a revocation, or a consent recorded for both) all. */
export const CONSENT_CHANNELS = ['call', 'text', 'all'] as const;
/**
 * How it was recorded: by the owner in the app, through the API, from an import (contacts, appointments, a
 * calendar), a key pressed on a call (9), a text (STOP, START), or the unsubscribe link of an e-mail.
 */
export const CONSENT_METHODS = [
  'owner',
  'api',
  'import',
  'calendar',
  'keypad',
  'text',
  'email_link',
] as const;

export const consentRecordSchema = z.object({
  id: z.uuid().describe('The record’s id'),
  contact_id: z.uuid().nullable().describe('The contact with this number, when there is one'),
  contact_name: z.string().nullable().describe('That contact’s name'),
  phone: z.string().describe('The number it is about, in E.164'),
  action: z.enum(CONSENT_ACTIONS).describe('granted or revoked'),
  purpose: z.enum(CONSENT_PURPOSES).describe('informational (reminders, confirmations), marketing, or all'),
  channel: z.enum(CONSENT_CHANNELS).describe('call, text, or all'),
  method: z.enum(CONSENT_METHODS).describe('How it was recorded'),
  source: z
    .string()
    .nullable()
    .describe('Where it came from, in the words recorded (e.g. "Signed the intake form")'),
  words: z.string().nullable().describe('What the person said, pressed or wrote (e.g. "STOP"), when known'),
  recorded_by: z
    .string()
    .nullable()
    .describe('Who recorded it: a user’s e-mail, an API key, or the person themself'),
  call_id: z.uuid().nullable().describe('The call on which it was given or revoked'),
  created_at: z.iso.datetime().describe('When it took effect'),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;
export const consentRecordListSchema = pageSchema(consentRecordSchema);

export const listConsentRecordsQuerySchema = pageQuerySchema.extend({
  contact_id: z.uuid().optional().describe('Only the records of this contact'),
});
export type ListConsentRecordsQuery = z.infer<typeof listConsentRecordsQuerySchema>;

export const exportConsentRecordsQuerySchema = z.object({
  contact_id: z
    .uuid()
    .optional()
    .describe('Only the records of this contact; without it, the whole account’s'),
});

/** The columns of the CSV export, in order. */
export const CONSENT_EXPORT_COLUMNS = [
  'created_at',
  'phone',
  'contact_name',
  'action',
  'purpose',
  'channel',
  'method',
  'source',
  'words',
  'recorded_by',
  'call_id',
] as const;

/** Where the unsubscribe link of an e-mail leads (the web page; the API is under /v1/unsubscribe). */
export const UNSUBSCRIBE_PATH = '/u';
/** Requests a minute per client address to the unsubscribe routes. */
export const UNSUBSCRIBE_RATE_LIMIT = { limit: 30, windowSeconds: 60 } as const;

export const unsubscribeTokenParamsSchema = z.object({
  token: z
    .string()
    .min(1, 'is missing')
    .max(100, 'is too long')
    .describe('The token of the link (its last part)'),
});

export const unsubscribeStateSchema = z.object({
  business_name: z.string().describe('The business whose messages these are'),
  phone_hint: z.string().describe('The last digits of the number, to recognise it: "•••• 0143"'),
  unsubscribed: z
    .boolean()
    .describe('Whether the number gets no more calls, texts or e-mails from the business'),
});
export type UnsubscribeState = z.infer<typeof unsubscribeStateSchema>;
