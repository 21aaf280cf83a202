/** What a request that is not let in is told, by reason (the authenticate plugin; documented in the OpenAPI). */
export const AUTH_MESSAGES = {
  missing: 'Sign in, or send an API key as "Authorization: Bearer <key>".',
  invalid: 'The access token is invalid or has expired. Sign in again.',
  ended: 'This session has ended. Sign in again.',
  mfaRequired:
    'Two-factor sign-in is on for this user: verify a code from the authenticator app (POST /auth/v1/factors/{id}/verify) to finish signing in.',
  badKey: 'This API key is not valid: it may have been revoked. Create a new key in Settings → API Keys.',
  sessionRequired:
    'API keys cannot be used here: managing API keys, billing, your profile and your password needs a signed-in session in the web app.',
  planUpgrade: (planName: string) =>
    `API access is not included in the ${planName} plan. Upgrade to Professional or Enterprise to use API keys.`,
  tooMany: (limit: number, seconds: number) =>
    `Too many requests: the limit is ${limit} requests per minute. Try again in ${seconds} seconds.`,
} as const;
