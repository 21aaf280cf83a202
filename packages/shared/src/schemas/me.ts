import { z } from 'zod';
import { PLAN_IDS } from '../plans.ts';

export const notificationSettingsSchema = z.object({
  email_notifications: z.boolean().describe('E-mail me about my account and calls'),
  call_summaries: z.boolean().describe('A daily summary of the calls placed'),
  failure_alerts: z.boolean().describe('An e-mail when a call fails'),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const updateNotificationSettingsInputSchema = notificationSettingsSchema.partial().strict();
export type UpdateNotificationSettingsInput = z.infer<typeof updateNotificationSettingsInputSchema>;

export const meSchema = z.object({
  id: z.uuid(),
  email: z.email(),
  first_name: z.string(),
  last_name: z.string(),
  business_name: z.string(),
  account: z.object({ id: z.uuid(), name: z.string(), plan: z.enum(PLAN_IDS) }),
  notifications: notificationSettingsSchema,
  carrier: z
    .enum(['simulator', 'twilio'])
    .describe('Who places the calls: the built-in simulated carrier (no real phone rings) or Twilio'),
});
export type Me = z.infer<typeof meSchema>;
