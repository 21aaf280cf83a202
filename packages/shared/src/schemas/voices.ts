import { z } from 'zod';
import { voiceInputSchema } from './calls.ts';

export const voiceSchema = z.object({
  id: z.string().describe('aria, roger, sarah, laura, charlie or george'),
  name: z.string().describe('Its name, e.g. Aria'),
  gender: z.enum(['female', 'male']).describe('female or male'),
  tone: z.string().describe('How it sounds: professional, friendly, warm, calm, energetic or authoritative'),
  available: z.boolean().describe("Whether the account's plan may use this voice"),
});
export type VoiceResource = z.infer<typeof voiceSchema>;

export const voiceListSchema = z.object({
  data: z.array(voiceSchema).describe('Every voice'),
  provider: z.enum(['espeak', 'elevenlabs']).describe('The speech engine in use'),
});

export const voicePreviewInputSchema = z.strictObject({
  voice: voiceInputSchema,
  text: z
    .string()
    .trim()
    .min(1, 'Please enter a message to generate voice preview.')
    .max(5000)
    .describe('The message to speak, with {{variables}}'),
  variables: z
    .record(z.string(), z.string().max(500))
    .default({})
    .describe('Values for the {{variables}}; {{name}} without a value says "there"'),
});
export type VoicePreviewInput = z.input<typeof voicePreviewInputSchema>;
