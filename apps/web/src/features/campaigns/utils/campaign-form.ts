import { CALL_TYPES, type CallType } from '@callwise/shared/calls';
import {
  type CreateCampaignInput,
  MAX_CAMPAIGN_CONTACTS,
  MAX_CAMPAIGN_PACE_PER_HOUR,
} from '@callwise/shared/schemas/campaigns';
import { isRecipientVariable, variablesIn } from '@callwise/shared/variables';
import { DEFAULT_VOICE, VOICE_IDS } from '@callwise/shared/voices';
import { z } from 'zod';
import { parseLocalInputValue, toLocalInputValue } from '@/lib/dates';

/** A start this far in the past is taken as "now" (the minute passed while the form was filled in). */
const LATE_GRACE_MS = 5 * 60_000;

/**
 * The variables of a script that need a value typed in: all but each contact's own — {{name}}, {{first_name}},
 * {{last_name}} and {{company}}.
 */
export const valueVariables = (content: string) =>
  variablesIn(content).filter((name) => !isRecipientVariable(name) && name !== 'company');

export const missingValue = (name: string) => `Enter a value for {{${name}}}.`;

export const campaignFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Please give the campaign a name.')
      .max(120, 'Keep the name under 120 characters.'),
    scriptId: z.string().min(1, 'Please choose a script.'),
    /** The chosen script's text, to know which values it needs. */
    scriptContent: z.string(),
    callType: z.enum(CALL_TYPES),
    voice: z.enum(VOICE_IDS),
    audience: z.enum(['contacts', 'tag']),
    contactIds: z.array(z.string()),
    tag: z.string(),
    variables: z.record(z.string(), z.string()),
    start: z.enum(['now', 'later']),
    /** A `datetime-local` value in the browser's time zone. */
    startsAt: z.string(),
    paced: z.boolean(),
    pacePerHour: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.audience === 'contacts' && values.contactIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['contactIds'], message: 'Choose at least one contact.' });
    }
    if (values.audience === 'contacts' && values.contactIds.length > MAX_CAMPAIGN_CONTACTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['contactIds'],
        message: `A campaign calls at most ${MAX_CAMPAIGN_CONTACTS.toLocaleString()} contacts.`,
      });
    }
    if (values.audience === 'tag' && !values.tag) {
      ctx.addIssue({ code: 'custom', path: ['tag'], message: 'Choose a tag.' });
    }
    for (const name of valueVariables(values.scriptContent)) {
      if (!values.variables[name]?.trim()) {
        ctx.addIssue({ code: 'custom', path: ['variables', name], message: missingValue(name) });
      }
    }
    if (values.start === 'later') {
      const when = parseLocalInputValue(values.startsAt);
      if (!when) {
        ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'Enter a date and a time.' });
      } else if (when.getTime() < Date.now() - LATE_GRACE_MS) {
        ctx.addIssue({
          code: 'custom',
          path: ['startsAt'],
          message: 'This time has passed. Choose a time from now on.',
        });
      }
    }
    if (values.paced) {
      const pace = Number(values.pacePerHour);
      if (!Number.isInteger(pace) || pace < 1 || pace > MAX_CAMPAIGN_PACE_PER_HOUR) {
        ctx.addIssue({
          code: 'custom',
          path: ['pacePerHour'],
          message: `Enter a whole number of calls per hour, from 1 to ${MAX_CAMPAIGN_PACE_PER_HOUR.toLocaleString()}.`,
        });
      }
    }
  });

export type CampaignFormValues = z.input<typeof campaignFormSchema>;

export function emptyCampaignForm(): CampaignFormValues {
  return {
    name: '',
    scriptId: '',
    scriptContent: '',
    callType: 'appointment-reminder' satisfies CallType,
    voice: DEFAULT_VOICE,
    audience: 'contacts',
    contactIds: [],
    tag: '',
    variables: {},
    start: 'now',
    startsAt: toLocalInputValue(nextHour()),
    paced: false,
    pacePerHour: '60',
  };
}

/** The request for `POST /v1/campaigns`: the values the script uses, the start (absent: now), the pace. */
export function toCreateCampaignInput(values: CampaignFormValues): CreateCampaignInput {
  const when = values.start === 'later' ? parseLocalInputValue(values.startsAt) : null;
  return {
    name: values.name.trim(),
    script_id: values.scriptId,
    call_type: values.callType,
    voice: values.voice,
    ...(values.audience === 'tag' ? { tag: values.tag } : { contact_ids: values.contactIds }),
    default_variables: Object.fromEntries(
      valueVariables(values.scriptContent).map((name) => [name, values.variables[name]?.trim() ?? '']),
    ),
    ...(when && when.getTime() > Date.now() ? { starts_at: when.toISOString() } : {}),
    ...(values.paced ? { pace_per_hour: Number(values.pacePerHour) } : {}),
  };
}

/** How long calls spread at a pace take: "about 2 hours", "about 25 minutes". */
export function spreadDuration(calls: number, pacePerHour: number): string {
  const minutes = Math.max(0, calls - 1) * (60 / pacePerHour);
  if (minutes < 1) return 'under a minute';
  if (minutes < 90) return `about ${Math.round(minutes)} minute${Math.round(minutes) === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  if (hours < 36) return `about ${hours} hours`;
  return `about ${Math.round(hours / 24)} days`;
}

/** The next whole hour from now (the default start for "later"). */
export function nextHour(now: Date = new Date()): Date {
  const next = new Date(now);
  next.setMinutes(0, 0, 0);
  next.setHours(next.getHours() + 1);
  return next;
}
