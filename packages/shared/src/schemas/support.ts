import { z } from 'zod';

export const SUPPORT_MESSAGE_LIMITS = { name: 100, message: 5000, minMessage: 10 } as const;

/** The Help page's contact form ("Live Chat"): anyone may write, no account needed. */
export const supportMessageInputSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Please enter your name.')
    .max(SUPPORT_MESSAGE_LIMITS.name, `Keep your name under ${SUPPORT_MESSAGE_LIMITS.name} characters.`),
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email address.')
    .pipe(z.email('Please enter a valid email address.')),
  message: z
    .string()
    .trim()
    .min(
      SUPPORT_MESSAGE_LIMITS.minMessage,
      `Please tell us a little more (at least ${SUPPORT_MESSAGE_LIMITS.minMessage} characters).`,
    )
    .max(
      SUPPORT_MESSAGE_LIMITS.message,
      `Keep your message under ${SUPPORT_MESSAGE_LIMITS.message} characters.`,
    ),
});
export type SupportMessageInput = z.input<typeof supportMessageInputSchema>;

export const supportMessageReceiptSchema = z.object({
  status: z.literal('received'),
  reply_within_hours: z.number().int().describe('When support answers, at the latest (hours)'),
});
export type SupportMessageReceipt = z.infer<typeof supportMessageReceiptSchema>;
