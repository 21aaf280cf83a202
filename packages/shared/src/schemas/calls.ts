import { z } from 'zod';
import { SKIP_REASONS } from '../calling-rules.ts';
import {
  CALL_DIRECTIONS,
  CALL_OUTCOMES,
  CALL_STATUSES,
  CALL_TYPES,
  CALL_VIEWS,
  STATUS_GROUPS,
} from '../calls.ts';
import { DEFAULT_VOICE, VOICE_IDS, type VoiceId } from '../voices.ts';

export const callSchema = z.object({
  id: z.uuid().describe('The call’s id'),
  contact_id: z.uuid().nullable().describe('The contact called, when the call was made for one'),
  script_id: z.uuid().nullable().describe('The script spoken, when the call was made from one'),
  recipient_name: z.string().describe('Who is called; fills {{name}}'),
  phone: z.string().describe('The number called, in E.164 (e.g. +12025550143)'),
  call_type: z.enum(CALL_TYPES).describe('What the call is for'),
  direction: z
    .enum(CALL_DIRECTIONS)
    .describe('outbound: placed by the business; inbound: the person called the business number'),
  message: z.string().describe('The rendered text spoken on the call'),
  script: z.string().describe('The same rendered text, under the name the public API documents'),
  voice: z.string().describe('The voice speaking: aria, roger, sarah, laura, charlie or george'),
  scheduled_at: z.iso
    .datetime()
    .describe(
      'When the call goes out (or went out): the time asked for, or the calling window’s next opening',
    ),
  requested_at: z.iso
    .datetime()
    .nullable()
    .describe(
      'The time asked for, when it fell outside the calling window and the call was moved (else null)',
    ),
  timezone: z
    .string()
    .nullable()
    .describe('The recipient’s time zone (the contact’s, else from the number): the calling window is in it'),
  schedule_note: z
    .string()
    .nullable()
    .describe('Why the call goes out later than asked, in words (the calling window), else null'),
  campaign_id: z.uuid().nullable().describe('The campaign the call belongs to, if any'),
  appointment_id: z
    .uuid()
    .nullable()
    .describe('The appointment the call is about, if any: the answer is written back to it'),
  status: z
    .enum(CALL_STATUSES)
    .describe(
      'scheduled → queued → ringing → in-progress → completed, busy, no-answer or failed; scheduled and queued calls can become canceled',
    ),
  outcome: z
    .enum(CALL_OUTCOMES)
    .nullable()
    .describe(
      'How the call ended, once known: confirmed, cancelled, reschedule_requested, rescheduled, opted_out, voicemail, no_response, transferred (put through to a person), transfer_failed, message_taken, wrong_number or callback_requested',
    ),
  attempts: z
    .number()
    .int()
    .describe('How many times the call was placed (busy and unanswered calls are retried)'),
  started_at: z.iso.datetime().nullable().describe('When the callee answered'),
  ended_at: z.iso.datetime().nullable().describe('When the call ended'),
  duration: z.number().int().nullable().describe('Seconds the call lasted, once it ended'),
  cost: z.number().nullable().describe('What the call cost, in US dollars'),
  recording_url: z
    .string()
    .nullable()
    .describe('Where to download the recording (GET, with the same credentials), once there is one'),
  callback_url: z.string().nullable().describe('Where status webhooks for this call are posted'),
  estimated_duration: z
    .number()
    .int()
    .nullable()
    .describe('Seconds the call is expected to last: the spoken message, the key menu and the answer'),
  answered_by: z.enum(['human', 'machine']).nullable().describe('Who picked up, when the carrier knows'),
  failure_reason: z.string().nullable().describe('Why the call failed, in words, when it did'),
  transcript: z
    .array(
      z.object({
        speaker: z.enum(['ai', 'callee']).describe('Who spoke: our voice (ai) or the person called'),
        text: z.string().describe('What was said (a keypress as "Pressed 1")'),
        at: z.number().describe('Order of the line in the call'),
      }),
    )
    .nullable()
    .describe('What was said, in order'),
  created_at: z.iso.datetime().describe('When the call was created'),
  needs_attention: z
    .boolean()
    .describe(
      'Whether the call is in the Needs attention view: the callee asked to reschedule, cancelled, left a message, asked to be called back, said it was the wrong number or could not be put through; or the call failed, or nobody answered after every attempt — and nobody marked it handled yet',
    ),
  handled_at: z.iso
    .datetime()
    .nullable()
    .describe('When the call was marked handled (POST /v1/calls/{id}/handled), else null'),
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
  outcome: z
    .enum(CALL_OUTCOMES)
    .optional()
    .describe(
      'Only calls with this outcome (any of the outcomes a call has, e.g. confirmed or message_taken)',
    ),
  direction: z
    .enum(CALL_DIRECTIONS)
    .optional()
    .describe('Only outbound calls (placed by the business) or inbound ones (to the business number)'),
  campaign_id: z
    .uuid({ error: 'is not a campaign id' })
    .optional()
    .describe('Only the calls of this campaign'),
  view: z
    .enum(CALL_VIEWS)
    .default('all')
    .describe(
      'all, or needs_attention: calls not marked handled whose callee asked to reschedule or cancelled, that failed, or that nobody answered after every attempt',
    ),
});

export const callSummarySchema = z.object({
  total: z.number().int().describe('Calls matching the filters'),
  completed: z.number().int().describe('Of them, completed'),
  failed: z.number().int().describe('Of them, failed, busy or unanswered'),
  pending: z.number().int().describe('Of them, scheduled or queued'),
  in_progress: z.number().int().describe('Of them, ringing or in progress'),
  success_rate: z
    .number()
    .int()
    .describe(
      'Rounded percentage of answered calls (completed, not voicemail) with a positive outcome (confirmed, or moved to a new time during the call)',
    ),
  average_duration: z.number().int().describe('Seconds, over completed calls only'),
  total_cost: z.number().describe('US dollars'),
  placed: z
    .number()
    .int()
    .describe(
      'Of them, placed: handed to the carrier at least once (not calls still waiting for their time)',
    ),
  answered: z.number().int().describe('Of them, answered by a person (completed, not voicemail)'),
  needs_attention: z.number().int().describe('Of them, in the Needs attention view (not marked handled yet)'),
});
export type CallSummary = z.infer<typeof callSummarySchema>;

/** The public API's voice aliases (its documented example uses `female`). */
const VOICE_ALIASES: Record<string, VoiceId> = { female: 'aria', male: 'roger' };

export const voiceInputSchema = z
  .preprocess(
    (value) =>
      typeof value === 'string' ? (VOICE_ALIASES[value.toLowerCase()] ?? value.toLowerCase()) : value,
    z.enum(VOICE_IDS, { error: `must be one of ${VOICE_IDS.join(', ')}` }),
  )
  .describe(`The voice: ${VOICE_IDS.join(', ')}; or female (aria) or male (roger)`);

const variableName = z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/, 'is not a variable name');

export const createCallInputSchema = z
  .strictObject({
    contact_id: z.uuid({ error: 'is not a contact id' }).optional().describe('Call one of your contacts'),
    phone: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .optional()
      .describe('Or a phone number (E.164, or national for the account’s country)'),
    recipient_name: z
      .string()
      .trim()
      .max(200)
      .optional()
      .describe(
        'Who is called (with phone); fills {{name}}, and {{first_name}}/{{last_name}} with its words. Defaults to the contact’s name',
      ),
    script_id: z.uuid({ error: 'is not a script id' }).optional().describe('Speak one of your scripts'),
    appointment_id: z
      .uuid({ error: 'is not an appointment id' })
      .optional()
      .describe(
        'The appointment the call is about (with contact_id, that contact’s): fills {{date}}, {{time}}, {{service}}, {{staff}} and {{location}} in the business’s time zone, and the answer is written back to it — 1 confirms, 2 cancels, 3 asks to reschedule',
      ),
    message: z
      .string()
      .trim()
      .min(1, 'Please enter a message for the call.')
      .max(5000)
      .optional()
      .describe('Or the text to speak, with {{variables}}'),
    script: z.string().trim().min(1).max(5000).optional().describe('The text to speak (alias of message)'),
    voice: voiceInputSchema.default(DEFAULT_VOICE),
    call_type: z.enum(CALL_TYPES).default('custom').describe('What the call is for'),
    scheduled_at: z.iso
      .datetime({ offset: true, error: 'must be an ISO 8601 date-time' })
      .optional()
      .describe('When to place the call; absent means now'),
    variables: z
      .record(variableName, z.string().max(500))
      .default({})
      .describe(
        'Values for the {{variables}} of the message; {{name}}, {{first_name}} and {{last_name}} default to the recipient’s (a contact’s own first and last name, else the words of the name)',
      ),
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

/**
 * PATCH /v1/calls/{id}: any of the fields of POST /v1/calls, for a call that has not gone out. A field left out
 * keeps its value; the recipient is a contact_id or a phone (with recipient_name), the text a script_id, message
 * or script. The result is checked by the same rules as a new call.
 */
export const updateCallInputSchema = z
  .strictObject({
    contact_id: createCallInputSchema.shape.contact_id.describe('Call this contact instead'),
    phone: createCallInputSchema.shape.phone.describe(
      'Or this phone number instead (E.164, or national for the account’s country)',
    ),
    recipient_name: createCallInputSchema.shape.recipient_name.describe(
      'Who is called; fills {{name}}. Kept when the recipient stays, else the contact’s name',
    ),
    script_id: createCallInputSchema.shape.script_id.describe('Speak this script instead'),
    message: createCallInputSchema.shape.message.describe('Or this text instead, with {{variables}}'),
    script: createCallInputSchema.shape.script,
    voice: voiceInputSchema.optional().describe('Another voice'),
    call_type: z.enum(CALL_TYPES).optional().describe('What the call is for'),
    scheduled_at: z.iso
      .datetime({ offset: true, error: 'must be an ISO 8601 date-time' })
      .optional()
      .describe('A new time for the call (the calling window applies as when creating)'),
    variables: z
      .record(variableName, z.string().max(500))
      .optional()
      .describe('Values for the {{variables}} of a new message or script'),
    callback_url: createCallInputSchema.shape.callback_url.describe('Receives status webhooks'),
  })
  .superRefine((input, ctx) => {
    if (Object.values(input).every((value) => value === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: 'Give at least one field to change' });
    }
    if (input.contact_id && input.phone) {
      ctx.addIssue({
        code: 'custom',
        path: ['phone'],
        message: 'Give a contact_id or a phone number, not both',
      });
    }
    const texts = [input.script_id, input.message, input.script].filter((value) => value !== undefined);
    if (texts.length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message: 'Give one of script_id, message or script',
      });
    }
  });
export type UpdateCallInput = z.input<typeof updateCallInputSchema>;

/** The most calls one batch request may create. */
export const MAX_BATCH_CALLS = 100;

export const createCallBatchInputSchema = z.strictObject({
  calls: z
    .array(createCallInputSchema)
    .min(1, 'Give at least one call')
    .max(MAX_BATCH_CALLS, `At most ${MAX_BATCH_CALLS} calls in one batch`)
    .describe(`Up to ${MAX_BATCH_CALLS} calls, each as for POST /v1/calls; all are created or none`),
});
export type CreateCallBatchInput = z.input<typeof createCallBatchInputSchema>;

export const skippedCallSchema = z.object({
  index: z.number().int().describe('The place of the call in the request (from 0)'),
  reason: z
    .enum(SKIP_REASONS)
    .describe('Why it was not created: do_not_call, no_consent, invalid_number, frequency_cap or state_rule'),
  message: z.string().describe('The same, in words fit to show a person'),
  rule: z
    .string()
    .optional()
    .describe('For state_rule, the state rule that refused it (a jurisdiction id: FL, OK)'),
});
export type SkippedCall = z.infer<typeof skippedCallSchema>;

export const callBatchSchema = z.object({
  created: z.array(callSchema).describe('The calls created, in the order given'),
  skipped: z
    .array(skippedCallSchema)
    .describe('The calls the calling rules left out, with the reason for each'),
});

/** One try of a call at the carrier (GET /v1/calls/{id}/attempts). */
export const callAttemptSchema = z.object({
  attempt: z.number().int().describe('1 for the first try'),
  status: z.enum(CALL_STATUSES).describe('How the try ended: completed, busy, no-answer or failed'),
  answered_by: z.enum(['human', 'machine']).nullable().describe('Who picked up, when the carrier knows'),
  started_at: z.iso.datetime().nullable().describe('When the callee answered'),
  ended_at: z.iso.datetime().nullable().describe('When the try ended'),
  duration: z.number().int().nullable().describe('Seconds connected'),
  failure_reason: z.string().nullable().describe('Why it failed, in words, when it did'),
});
export type CallAttempt = z.infer<typeof callAttemptSchema>;
export const callAttemptListSchema = z.object({
  data: z.array(callAttemptSchema).describe('The ended tries of the call, oldest first'),
});

/** A change of a call, streamed by GET /v1/events (event name `call`). */
export const callEventSchema = z.object({
  id: z.uuid().describe('The call’s id'),
  status: z.enum(CALL_STATUSES).describe('Its status now'),
  outcome: z.enum(CALL_OUTCOMES).nullable().describe('Its outcome, once known'),
  version: z.number().int().describe('Increases with every change; ignore an event older than what you have'),
});
export type CallEvent = z.infer<typeof callEventSchema>;
