import { z } from 'zod';
import { isValidTimezone } from '../phone.ts';
import { PLAN_IDS } from '../plans.ts';
import { ROLES } from '../roles.ts';

export const notificationSettingsSchema = z.object({
  email_notifications: z.boolean().describe('E-mail me about my account and calls'),
  call_summaries: z.boolean().describe('A daily summary of the calls placed'),
  failure_alerts: z.boolean().describe('An e-mail when a call fails'),
  message_alerts: z
    .boolean()
    .describe('An e-mail when a caller leaves a message for the business or asks to be called back'),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const updateNotificationSettingsInputSchema = notificationSettingsSchema.partial().strict();
export type UpdateNotificationSettingsInput = z.infer<typeof updateNotificationSettingsInputSchema>;

export const meSchema = z.object({
  id: z.uuid().describe('The user’s id'),
  email: z.email().describe('The user’s e-mail address'),
  first_name: z.string().describe('First name'),
  last_name: z.string().describe('Last name'),
  business_name: z.string().describe('The business’s name'),
  phone_number: z
    .string()
    .nullable()
    .describe('The user’s own phone number (E.164), where their test calls go; null when not given'),
  account: z
    .object({
      id: z.uuid().describe('The business account’s id'),
      name: z.string().describe('Its name'),
      plan: z.enum(PLAN_IDS).describe('Its plan: trial, starter, professional or enterprise'),
    })
    .describe('The business the user belongs to'),
  timezone: z
    .string()
    .describe(
      'The business’s time zone (IANA, e.g. America/New_York): schedule times are entered and call dates and the dashboard shown in it',
    ),
  notifications: notificationSettingsSchema.describe('The user’s e-mail switches'),
  carrier: z
    .enum(['simulator', 'twilio'])
    .describe('Who places the calls: the built-in simulated carrier (no real phone rings) or Twilio'),
  role: z.enum(ROLES).describe('The user’s role in the business: owner, admin or staff'),
  require_two_factor: z
    .boolean()
    .describe('Whether the business requires every member to sign in with a second factor'),
});
export type Me = z.infer<typeof meSchema>;

/** An IANA time zone name the runtime knows ("Europe/Berlin"), as the account's time zone. */
export const businessTimezoneSchema = z
  .string()
  .trim()
  .refine(isValidTimezone, 'Choose a time zone from the list (an IANA name such as America/New_York).');

export const updateMeInputSchema = z
  .object({
    timezone: businessTimezoneSchema
      .optional()
      .describe(
        'The business’s time zone (IANA name, e.g. Europe/Berlin). Saving the profile also completes the first-run checklist’s first step.',
      ),
    phone_number: z
      .string()
      .trim()
      .max(40)
      .nullable()
      .optional()
      .describe(
        'Your own phone number (E.164, or national for the business’s country), where your test calls go; empty or null removes it. A completed call to it completes the first-run checklist’s test-call step.',
      ),
  })
  .strict();
export type UpdateMeInput = z.infer<typeof updateMeInputSchema>;
