import { z } from 'zod';
import { callSchema } from './calls.ts';

export const dashboardSchema = z.object({
  total_calls: z.number().int(),
  success_rate: z.number().int(),
  average_duration: z.number().int().describe('Seconds, over completed calls only'),
  contacts: z.number().int(),
  usage: z.object({
    plan: z.string(),
    used: z.number().int().describe('Calls counted against the allowance'),
    included: z.number().int(),
    remaining: z.number().int(),
    percent: z.number().int(),
  }),
  recent_calls: z.array(callSchema),
  daily: z
    .array(
      z.object({
        date: z.iso.date(),
        completed: z.number().int(),
        failed: z.number().int(),
        other: z.number().int(),
      }),
    )
    .describe('Calls per day by outcome over the last 30 days (UTC)'),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
