import { z } from 'zod';
import { callSchema } from './calls.ts';

export const dashboardSchema = z.object({
  total_calls: z.number().int().describe('Every call of the account'),
  success_rate: z.number().int().describe('Rounded percentage of completed calls'),
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
  recent_calls: z.array(callSchema).describe('The 5 newest calls'),
  daily: z
    .array(
      z.object({
        date: z.iso.date().describe('The UTC day'),
        completed: z.number().int().describe('Calls completed'),
        failed: z.number().int().describe('Calls failed, busy or unanswered'),
        other: z.number().int().describe('Every other call'),
      }),
    )
    .describe('Calls per day by outcome over the last 30 days (UTC)'),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
