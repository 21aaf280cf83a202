import { z } from 'zod';
import { SKIP_REASON_LABELS, SKIP_REASONS } from '../calling-rules.ts';
import { CALL_OUTCOMES, CALL_TYPES } from '../calls.ts';
import { DEFAULT_VOICE } from '../voices.ts';
import { createCallInputSchema, voiceInputSchema } from './calls.ts';

/** The most contacts one campaign may call. */
export const MAX_CAMPAIGN_CONTACTS = 20_000;
/** The fastest pace a campaign may be spread at: one call a second. */
export const MAX_CAMPAIGN_PACE_PER_HOUR = 3600;

/** What the business set: running (active), held (paused) or stopped for good (canceled). */
export const CAMPAIGN_STATUSES = ['active', 'paused', 'canceled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Where a campaign stands, from its status and its calls. */
export const CAMPAIGN_STATES = ['scheduled', 'running', 'paused', 'completed', 'canceled'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** Why a contact of a campaign got no call: a calling rule refused it, or it is not (or no longer) a contact. */
export const CAMPAIGN_SKIP_REASONS = [...SKIP_REASONS, 'not_found'] as const;
export type CampaignSkipReason = (typeof CAMPAIGN_SKIP_REASONS)[number];

export const CAMPAIGN_SKIP_REASON_LABELS: Record<CampaignSkipReason, string> = {
  ...SKIP_REASON_LABELS,
  not_found: 'Contact not found',
};

/**
 * Where a campaign stands: canceled and paused as set; completed once no call is waiting or under way;
 * scheduled while no call has been placed yet; running otherwise.
 */
export function campaignState(
  status: string,
  progress: { pending: number; in_progress: number; completed: number; failed: number },
): CampaignState {
  if (status === 'canceled') return 'canceled';
  if (progress.pending + progress.in_progress === 0) return 'completed';
  if (status === 'paused') return 'paused';
  if (progress.in_progress + progress.completed + progress.failed === 0) return 'scheduled';
  return 'running';
}

const variableValues = createCallInputSchema.shape.variables.unwrap();

export const createCampaignInputSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, 'Please give the campaign a name.')
      .max(120, 'Keep the name under 120 characters.')
      .describe('What the campaign is called, e.g. "March cleaning reminders"'),
    script_id: z.uuid({ error: 'is not a script id' }).describe('The script every call speaks'),
    voice: voiceInputSchema.default(DEFAULT_VOICE),
    call_type: z
      .enum(CALL_TYPES)
      .default('custom')
      .describe('What the calls are for; promotional calls need marketing consent'),
    contact_ids: z
      .array(z.uuid({ error: 'is not a contact id' }))
      .min(1, 'Choose at least one contact.')
      .max(
        MAX_CAMPAIGN_CONTACTS,
        `At most ${MAX_CAMPAIGN_CONTACTS.toLocaleString('en-US')} contacts in one campaign.`,
      )
      .optional()
      .describe(`The contacts to call (up to ${MAX_CAMPAIGN_CONTACTS}); or give tag`),
    tag: z.string().trim().min(1).max(40).optional().describe('Or call every contact with this tag'),
    default_variables: variableValues
      .default({})
      .describe('Values for the script’s {{variables}}, for every contact'),
    variables: z
      .record(z.uuid({ error: 'is not a contact id' }), variableValues)
      .default({})
      .describe(
        'Values for one contact, by contact id: {"<contact_id>": {"time": "10 AM"}}; they take precedence over default_variables',
      ),
    starts_at: z.iso
      .datetime({ offset: true, error: 'must be an ISO 8601 date-time' })
      .optional()
      .describe('When the first call goes out; absent means now'),
    pace_per_hour: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(MAX_CAMPAIGN_PACE_PER_HOUR, `must be at most ${MAX_CAMPAIGN_PACE_PER_HOUR}`)
      .optional()
      .describe(
        'Spread the calls: call i goes out at starts_at + i × 3600 / pace_per_hour seconds; absent: all at starts_at',
      ),
  })
  .superRefine((input, ctx) => {
    if (input.contact_ids === undefined && input.tag === undefined) {
      ctx.addIssue({ code: 'custom', path: ['contact_ids'], message: 'Give contact_ids or a tag' });
    }
    if (input.contact_ids !== undefined && input.tag !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['tag'], message: 'Give contact_ids or a tag, not both' });
    }
  });
export type CreateCampaignInput = z.input<typeof createCampaignInputSchema>;

export const campaignSkipSchema = z.object({
  contact_id: z.uuid().nullable().describe('The contact that got no call'),
  phone: z.string().nullable().describe('Its number (E.164), when known'),
  reason: z
    .enum(CAMPAIGN_SKIP_REASONS)
    .describe('do_not_call, no_consent, invalid_number, frequency_cap, state_rule or not_found'),
  message: z.string().describe('Why, in words fit to show a person'),
  rule: z
    .string()
    .optional()
    .describe('For state_rule, the state rule that refused it (a jurisdiction id: FL, OK)'),
});
export type CampaignSkip = z.infer<typeof campaignSkipSchema>;

export const campaignProgressSchema = z.object({
  total: z.number().int().describe('Calls the campaign created'),
  pending: z.number().int().describe('Of them, waiting to go out (scheduled or queued)'),
  in_progress: z.number().int().describe('Of them, ringing or in progress'),
  completed: z.number().int().describe('Of them, completed'),
  failed: z.number().int().describe('Of them, failed, busy or unanswered after every attempt'),
  canceled: z.number().int().describe('Of them, cancelled before they went out'),
});
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

export const campaignOutcomesSchema = z.object(
  Object.fromEntries(
    CALL_OUTCOMES.map((outcome) => [
      outcome,
      z.number().int().describe(`Answered calls with the outcome ${outcome}`),
    ]),
  ) as Record<(typeof CALL_OUTCOMES)[number], z.ZodNumber>,
);
export type CampaignOutcomes = z.infer<typeof campaignOutcomesSchema>;

export const campaignSchema = z.object({
  id: z.uuid().describe('The campaign’s id'),
  name: z.string().describe('What the campaign is called'),
  script_id: z.uuid().nullable().describe('The script its calls speak (null once the script is deleted)'),
  script_title: z.string().nullable().describe('That script’s title'),
  call_type: z.enum(CALL_TYPES).describe('What the calls are for'),
  voice: z.string().describe('The voice speaking'),
  status: z
    .enum(CAMPAIGN_STATUSES)
    .describe(
      'What was set: active, paused (no call goes out) or canceled (its waiting calls were cancelled)',
    ),
  state: z
    .enum(CAMPAIGN_STATES)
    .describe(
      'Where it stands: scheduled (no call placed yet), running, paused, completed (no call left to place) or canceled',
    ),
  starts_at: z.iso.datetime().describe('When the first call was to go out'),
  pace_per_hour: z.number().int().nullable().describe('Calls per hour when spread; null: all at the start'),
  requested: z.number().int().describe('Contacts asked for'),
  skipped_count: z.number().int().describe('Of them, skipped by the calling rules (see skipped)'),
  progress: campaignProgressSchema.describe('Its calls, by status group'),
  outcomes: campaignOutcomesSchema.describe('What the people called answered'),
  next_call_at: z.iso
    .datetime()
    .nullable()
    .describe('When the next waiting call goes out; null when none is waiting'),
  last_call_at: z.iso
    .datetime()
    .nullable()
    .describe('When the last waiting call goes out; null when none is waiting'),
  created_at: z.iso.datetime().describe('When the campaign was created'),
  updated_at: z.iso.datetime().describe('When it last changed (paused, resumed, cancelled)'),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignDetailSchema = campaignSchema.extend({
  skipped: z.array(campaignSkipSchema).describe('The contacts that got no call, with the reason for each'),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;
