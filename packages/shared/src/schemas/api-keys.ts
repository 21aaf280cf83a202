import { z } from 'zod';

/** Every API key starts with this, so that a key is recognisable in code, logs and secret scanners. */
export const API_KEY_PREFIX = 'cw_live_';
/** How many characters of a key are kept in clear to tell keys apart (the prefix and 6 more). */
export const API_KEY_VISIBLE_LENGTH = API_KEY_PREFIX.length + 6;
/** Active keys an account may have at once. */
export const MAX_API_KEYS = 20;

/** Whether a bearer token is one of our API keys (rather than a session's access token). */
export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

export const apiKeySchema = z.object({
  id: z.uuid().describe('The key’s id (not the key itself)'),
  name: z.string().describe('What the key is for, as given when it was created'),
  prefix: z
    .string()
    .describe('The first characters of the key, to tell keys apart; the rest is never shown again'),
  created_at: z.iso.datetime().describe('When the key was created'),
  last_used_at: z.iso
    .datetime()
    .nullable()
    .describe('When the key last authenticated a request (updated at most once a minute); null if never'),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({
  data: z.array(apiKeySchema).describe('The account’s active keys, newest first'),
});

export const createApiKeyInputSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Give the key a name')
    .max(100)
    .describe('What the key is for, e.g. "Booking system"'),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>;

export const createdApiKeySchema = apiKeySchema.extend({
  key: z
    .string()
    .describe(
      'The secret key. It is shown this once: store it now. Send it as "Authorization: Bearer <key>".',
    ),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
