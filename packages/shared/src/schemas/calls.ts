import { z } from 'zod';
import { CALL_OUTCOMES, CALL_STATUSES, CALL_TYPES, STATUS_GROUPS } from '../calls.ts';
import { DEFAULT_VOICE, VOICE_IDS, type VoiceId } from '../voices.ts';

export const callSchema = z.object({
  id: z.uuid(),
  contact_id: z.uuid().nullable(),
  script_id: z.uuid().nullable(),
  recipient_name: z.string(),
  phone: z.string(),
  call_type: z.enum(CALL_TYPES),
  message: z.string().describe('The rendered text spoken on the call'),
  voice: z.string(),
  scheduled_at: z.iso.datetime(),
  status: z.enum(CALL_STATUSES),
  outcome: z.enum(CALL_OUTCOMES).nullable(),
  attempts: z.number().int(),
  started_at: z.iso.datetime().nullable(),
  ended_at: z.iso.datetime().nullable(),
  duration: z.number().int().nullable().describe('Seconds'),
  cost: z.number().nullable().describe('US dollars'),
  recording_url: z.string().nullable(),
  callback_url: z.string().nullable(),
  estimated_duration: z.number().int().nullable().describe('Seconds'),
  answered_by: z.enum(['human', 'machine']).nullable().describe('Who picked up, when the carrier knows'),
  failure_reason: z.string().nullable(),
  transcript: z
    .array(z.object({ speaker: z.enum(['ai', 'callee']), text: z.string(), at: z.number() }))
    .nullable()
    .describe('What was said, in order'),
  created_at: z.iso.datetime(),
});
export type Call = z.infer<typeof callSchema>;

export const listCallsQuerySchema = z.object({
  q: z.string().trim().max(200).optional().describe('Search recipient name or phone'),
  status: z
    .enum(['all', ...STATUS_GROUPS])
    .default('all')
    .describe(
      'all, or a group: completed, failed (failed, busy, no-answer), pending (scheduled, queued), in-progress (ringing, in-progress)',
    ),
});

export const callSummarySchema = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  in_progress: z.number().int(),
  success_rate: z.number().int().describe('Rounded percentage of completed calls'),
  average_duration: z.number().int().describe('Seconds, over completed calls only'),
  total_cost: z.number(),
});
export type CallSummary = z.infer<typeof callSummarySchema>;

/** The public API's voice aliases (its documented example uses `female`). */
const VOICE_ALIASES: Record<string, VoiceId> = { female: 'aria', male: 'roger' };

export const voiceInputSchema = z.preprocess(
  (value) =>
    typeof value === 'string' ? (VOICE_ALIASES[value.toLowerCase()] ?? value.toLowerCase()) : value,
  z.enum(VOICE_IDS, { error: `must be one of ${VOICE_IDS.join(', ')}` }),
);

const variableName = z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/, 'is not a variable name');

export const createCallInputSchema = z
  .strictObject({
    contact_id: z.uuid({ error: 'is not a contact id' }).optional().describe('Call one of your contacts'),
    phone: z.string().trim().min(1).max(40).optional().describe('Or a phone number (with recipient_name)'),
    recipient_name: z.string().trim().max(200).optional(),
    script_id: z.uuid({ error: 'is not a script id' }).optional().describe('Speak one of your scripts'),
    message: z.string().trim().min(1, 'Please enter a message for the call.').max(5000).optional(),
    script: z.string().trim().min(1).max(5000).optional().describe('The message text (alias of message)'),
    voice: voiceInputSchema.default(DEFAULT_VOICE),
    call_type: z.enum(CALL_TYPES).default('custom'),
    scheduled_at: z.iso
      .datetime({ offset: true, error: 'must be an ISO 8601 date-time' })
      .optional()
      .describe('When to place the call; absent means now'),
    variables: z
      .record(variableName, z.string().max(500))
      .default({})
      .describe('Values for the {{variables}} of the message; {{name}} defaults to the recipient name'),
    callback_url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional()
      .describe('Receives status webhooks'),
  })
  .superRefine((input, ctx) => {
    if (!input.contact_id && !input.phone) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Give a contact_id or a phone number' });
    }
    if (input.contact_id && input.phone) {
      ctx.addIssue({
        code: 'custom',
        path: ['phone'],
        message: 'Give a contact_id or a phone number, not both',
      });
    }
    const texts = [input.script_id, input.message, input.script].filter((value) => value !== undefined);
    if (texts.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'Please enter a message for the call.' });
    } else if (texts.length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message: 'Give one of script_id, message or script',
      });
    }
  });
export type CreateCallInput = z.input<typeof createCallInputSchema>;

/** A change of a call, streamed by GET /v1/events (event name `call`). */
export const callEventSchema = z.object({
  id: z.uuid(),
  status: z.enum(CALL_STATUSES),
  outcome: z.enum(CALL_OUTCOMES).nullable(),
  version: z.number().int(),
});
export type CallEvent = z.infer<typeof callEventSchema>;
