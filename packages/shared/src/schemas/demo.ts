import { z } from 'zod';
import { CALL_OUTCOMES } from '../calls.ts';
import { DEMO_LIMITS, DEMO_SCENARIO_IDS } from '../demo.ts';

const scenarioField = z.enum(DEMO_SCENARIO_IDS).describe(`The sample call: ${DEMO_SCENARIO_IDS.join(', ')}`);

export const demoTranscriptLineSchema = z.object({
  speaker: z.enum(['ai', 'you']).describe('ai: the assistant; you: the visitor'),
  text: z.string().max(DEMO_LIMITS.transcriptLineLength),
});
export type DemoTranscriptLine = z.infer<typeof demoTranscriptLineSchema>;

/**
 * Where the demo conversation stands (issue #18): the same conversation as a real call's, kept by the visitor's
 * browser between replies (a demo call has no row); absent before the first answer.
 */
export const demoStateSchema = z
  .union([
    z.strictObject({
      stage: z.enum(['talking', 'message']),
      turns: z.number().int().min(0).max(50),
      misses: z.number().int().min(0).max(10),
      asked: z.literal('anything_else').optional(),
      reason: z.enum(['asked', 'question', 'transfer_failed', 'closed']).optional(),
    }),
    z.strictObject({
      stage: z.literal('offering'),
      turns: z.number().int().min(0).max(50),
      misses: z.number().int().min(0).max(10),
      offers: z
        .array(
          z.strictObject({
            starts_at: z.iso.datetime(),
            ends_at: z.iso.datetime(),
            staff: z.string().max(100),
          }),
        )
        .max(3),
    }),
  ])
  .describe('Where the conversation stands, as the last reply answered it');
export type DemoState = z.infer<typeof demoStateSchema>;

export const demoReplyInputSchema = z.strictObject({
  scenario: scenarioField,
  state: demoStateSchema.optional(),
  transcript: z
    .array(demoTranscriptLineSchema)
    .max(DEMO_LIMITS.transcriptLines)
    .default([])
    .describe(`The conversation so far, oldest first (at most ${DEMO_LIMITS.transcriptLines} lines)`),
  text: z
    .string()
    .trim()
    .min(1, 'Type a response first.')
    .max(DEMO_LIMITS.lineLength, `Keep your response under ${DEMO_LIMITS.lineLength} characters.`)
    .describe('What the visitor answers: words, or keys such as "1"'),
});
export type DemoReplyInput = z.input<typeof demoReplyInputSchema>;

export const demoReplySchema = z.object({
  reply: z.string().describe('What the assistant says back'),
  intent: z
    .enum(['confirm', 'cancel', 'reschedule', 'opt_out', 'question', 'nothing'])
    .describe('How the dialogue engine understood the answer'),
  outcome: z
    .enum(CALL_OUTCOMES)
    .nullable()
    .describe('The outcome a real call would record; null while the answer is not understood'),
  ended: z
    .boolean()
    .describe('True when the assistant has given its closing answer (a real call hangs up here)'),
  state: demoStateSchema
    .nullable()
    .describe('Send it back with the next answer; null once the call has ended'),
});
export type DemoReply = z.infer<typeof demoReplySchema>;

export const demoSpeechInputSchema = z.strictObject({
  scenario: scenarioField,
  text: z
    .string()
    .trim()
    .min(1, 'There is nothing to speak.')
    .max(DEMO_LIMITS.speechLength, `At most ${DEMO_LIMITS.speechLength} characters can be spoken at once.`),
});
export type DemoSpeechInput = z.input<typeof demoSpeechInputSchema>;
