import { z } from 'zod';
import { CALL_OUTCOMES } from '../calls.ts';
import { DEMO_LIMITS, DEMO_SCENARIO_IDS } from '../demo.ts';

const scenarioField = z.enum(DEMO_SCENARIO_IDS).describe(`The sample call: ${DEMO_SCENARIO_IDS.join(', ')}`);

export const demoTranscriptLineSchema = z.object({
  speaker: z.enum(['ai', 'you']).describe('ai: the assistant; you: the visitor'),
  text: z.string().max(DEMO_LIMITS.transcriptLineLength),
});
export type DemoTranscriptLine = z.infer<typeof demoTranscriptLineSchema>;

export const demoReplyInputSchema = z.strictObject({
  scenario: scenarioField,
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
