import { z } from 'zod';
import { callSchema } from './calls.ts';

export const ONBOARDING_STEP_IDS = ['profile', 'contacts', 'script', 'test_call', 'upgrade'] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEP_IDS)[number];

export const onboardingSchema = z.object({
  steps: z
    .array(
      z.object({
        id: z
          .enum(ONBOARDING_STEP_IDS)
          .describe(
            'profile: the business details and time zone saved once; contacts: any contact; script: any script; test_call: a call completed (a test call to your own number); upgrade: a paid plan',
          ),
        done: z.boolean().describe('Whether the step is done'),
      }),
    )
    .describe('The first-run checklist’s steps, in order'),
  done: z.number().int().describe('How many steps are done'),
  total: z.number().int().describe('How many steps there are'),
  hidden: z.boolean().describe('Whether someone hid the checklist (it also goes once every step is done)'),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

export const updateOnboardingInputSchema = z
  .object({ hidden: z.boolean().describe('Hide (true) or show again (false) the first-run checklist') })
  .strict();
export type UpdateOnboardingInput = z.infer<typeof updateOnboardingInputSchema>;

export const dashboardSchema = z.object({
  total_calls: z
    .number()
    .int()
    .describe(
      'Calls placed: handed to the carrier at least once (calls still waiting for their time are not counted)',
    ),
  success_rate: z
    .number()
    .int()
    .describe(
      'Rounded percentage of answered calls (completed, not voicemail) with a positive outcome (confirmed, or moved to a new time during the call)',
    ),
  scheduled_calls: z
    .number()
    .int()
    .describe('Calls scheduled or queued and never tried yet (a retry waiting counts as placed)'),
  needs_attention: z.number().int().describe('Calls in the call history’s Needs attention view'),
  average_duration: z.number().int().describe('Seconds, over completed calls only'),
  contacts: z.number().int().describe('How many contacts the account has'),
  usage: z
    .object({
      plan: z.string().describe('The plan: trial, starter, professional or enterprise'),
      used: z.number().int().describe('Calls counted against the allowance'),
      included: z
        .number()
        .int()
        .describe('Calls the plan includes (in total for the trial, per month otherwise)'),
      remaining: z.number().int().describe('Calls left'),
      percent: z.number().int().describe('Rounded share of the allowance used'),
    })
    .describe('The plan’s allowance'),
  recent_calls: z
    .array(callSchema)
    .describe('The 5 calls placed most recently (their outcome, when known, says how they went)'),
  daily: z
    .array(
      z.object({
        date: z.iso.date().describe('The day, in the account’s time zone'),
        completed: z.number().int().describe('Calls completed'),
        failed: z.number().int().describe('Calls failed, busy or unanswered'),
        other: z.number().int().describe('Every other call'),
      }),
    )
    .describe(
      'Placed calls per day by result over the last 30 days, on the day each was placed, in the account’s time zone',
    ),
  slots_refilled: z
    .number()
    .int()
    .describe('Freed slots booked from the waitlist over the last 30 days (decision 021)'),
  timezone: z.string().describe('The account’s time zone, which the days are in'),
  onboarding: onboardingSchema.describe('The first-run checklist, derived from the account’s data'),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
