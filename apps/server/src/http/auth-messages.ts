/** What a request that is not let in is told, by reason (the authenticate plugin; documented in the OpenAPI). */
export const AUTH_MESSAGES = {
  missing: 'Sign in, or send an API key as "Authorization: Bearer <key>".',
  invalid: 'The access token is invalid or has expired. Sign in again.',
  ended: 'This session has ended. Sign in again.',
  mfaRequired:
    'Two-factor sign-in is on for this user: verify a code from the authenticator app (POST /auth/v1/factors/{id}/verify) to finish signing in.',
  mfaEnrollmentRequired:
    'This business requires two-factor sign-in for every member: set up an authenticator app (POST /auth/v1/factors, then verify a code) to continue.',
  forbiddenRole: (role: string, required: readonly string[]) =>
    `Your role (${role}) does not allow this: ask ${required.length === 1 ? 'an owner' : 'an owner or admin'}.`,
  badKey: 'This API key is not valid: it may have been revoked. Create a new key in Settings → API Keys.',
  sessionRequired:
    'API keys cannot be used here: managing API keys, billing, your profile and your password needs a signed-in session in the web app.',
  planUpgrade: (planName: string) =>
    `API access is not included in the ${planName} plan. Upgrade to Professional or Enterprise to use API keys.`,
  tooMany: (limit: number, seconds: number) =>
    `Too many requests: the limit is ${limit} requests per minute. Try again in ${seconds} seconds.`,
} as const;

/** What the team's routes answer (decision 035). */
export const TEAM_MESSAGES = {
  alreadyUser: (email: string) =>
    `${email} already signs in to Callwise with another business: a person belongs to one business. Ask them to use another address.`,
  alreadyInvited: (email: string) => `${email} is already invited: send the invitation again instead.`,
  invalid: 'This invitation link is not valid: it may have been used, revoked or replaced by a newer one.',
  expired: 'This invitation has expired. Ask whoever invited you to send it again.',
  joinedMeanwhile:
    'This address signed up to Callwise since the invitation was sent: a person belongs to one business.',
  lastOwner: 'The business needs an owner: make another member owner first.',
  ownerOnly: 'Only an owner can give, take or invite the owner role.',
  adminCannotRemoveOwner: 'Only an owner can remove an owner.',
  ownFactorFirst:
    'Set up two-factor sign-in for yourself first (Settings → Security), then require it for everyone.',
} as const;
