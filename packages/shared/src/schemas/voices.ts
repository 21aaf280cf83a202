import { z } from 'zod';
import { voiceInputSchema } from './calls.ts';

export const voiceSchema = z.object({
  id: z.string().describe('aria, roger, sarah, laura, charlie or george'),
  name: z.string(),
  gender: z.enum(['female', 'male']),
  tone: z.string(),
  available: z.boolean().describe("Whether the account's plan may use this voice"),
});
export type VoiceResource = z.infer<typeof voiceSchema>;

export const voiceListSchema = z.object({
  data: z.array(voiceSchema),
  provider: z.enum(['espeak', 'elevenlabs']).describe('The speech engine in use'),
});

export const voicePreviewInputSchema = z.strictObject({
  voice: voiceInputSchema,
  text: z.string().trim().min(1, 'Please enter a message to generate voice preview.').max(5000),
  variables: z.record(z.string(), z.string().max(500)).default({}),
});
export type VoicePreviewInput = z.input<typeof voicePreviewInputSchema>;
