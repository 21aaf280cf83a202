import { z } from 'zod';
import { CALL_OUTCOMES, CALL_STATUSES, CALL_TYPES, STATUS_GROUPS } from '../calls.ts';

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
