import { z } from 'zod';

/**
 * "Call your assistant" (issue #18): a call to the business number taken in the browser — the caller's answers
 * typed or spoken, the assistant's replies in its voice — through the same conversation as a phone call.
 */
export const MAX_TEST_CALL_SPEECH = 500;

export const testCallStartSchema = z
  .object({
    from: z
      .string()
      .trim()
      .min(1, 'Enter the number calling')
      .max(40, 'At most 40 characters')
      .default('+13125550142')
      .describe('The number the call comes from: a contact’s number is greeted by name'),
  })
  .strict();
export type TestCallStart = z.infer<typeof testCallStartSchema>;

export const testCallAnswerSchema = z
  .object({
    turn: z
      .number({ error: 'Enter the answer’s number' })
      .int('Enter a whole number')
      .min(1, 'Answers count from 1')
      .max(50, 'At most 50 answers')
      .describe('Which answer of the call this is, from 1: an answer sent again changes nothing'),
    speech: z
      .string()
      .trim()
      .max(MAX_TEST_CALL_SPEECH, `At most ${MAX_TEST_CALL_SPEECH} characters`)
      .optional()
      .describe('What the caller says'),
    digits: z
      .string()
      .trim()
      .regex(/^[0-9*#]{1,10}$/, 'Keys are 0-9, * and #')
      .optional()
      .describe('The keys the caller presses'),
  })
  .strict()
  .refine((answer) => !(answer.speech && answer.digits), {
    message: 'Say something or press keys, not both',
    path: ['digits'],
  });
export type TestCallAnswer = z.infer<typeof testCallAnswerSchema>;

export const testCallLineSchema = z.object({
  speaker: z.enum(['ai', 'callee']).describe('ai: the assistant; callee: the caller'),
  text: z.string().describe('What was said (keys pressed read as "Pressed 1")'),
});

export const testCallSchema = z.object({
  call_id: z.uuid().describe('The call, in the call history (GET /v1/calls/{id})'),
  from: z.string().describe('Who called, E.164'),
  status: z.string().describe('The call’s status: in-progress until it ends, then completed'),
  outcome: z.string().nullable().describe('The call’s outcome once it has one'),
  listening: z.boolean().describe('Whether the assistant waits for the next answer'),
  transfer_to: z
    .string()
    .nullable()
    .describe('Where a real caller would now be put through; the test call ends there, no phone rings'),
  lines: z
    .array(testCallLineSchema)
    .describe('What was said so far, in order; each assistant line can be heard at …/lines/{index}/audio'),
});
export type TestCall = z.infer<typeof testCallSchema>;
