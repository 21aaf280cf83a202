import { createHash } from 'node:crypto';
import type { MfaFactor, User } from '@callwise/db/schema';

/**
 * The id of a user's one identity (GoTrue's `identities.id`, answered as `identity_id`). We keep no identities
 * table: every user has exactly one identity, the e-mail one, so its id is derived from the user's (a UUID in the
 * version-5 layout), the same on every answer.
 */
export function emailIdentityId(userId: string): string {
  const hex = createHash('sha256').update(`callwise:identity:email:${userId}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The user's e-mail identity as GoTrue answers it (models/identity.go): `identity_id` is the identity's own id,
 * `id` the provider's id for the user (for the e-mail provider, the user's id, as in `identity_data.sub`).
 */
export function emailIdentity(user: User) {
  return {
    identity_id: emailIdentityId(user.id),
    id: user.id,
    user_id: user.id,
    identity_data: {
      email: user.email,
      email_verified: user.emailConfirmedAt !== null,
      phone_verified: false,
      sub: user.id,
    },
    provider: 'email',
    last_sign_in_at: (user.lastSignInAt ?? user.createdAt).toISOString(),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    email: user.email,
  };
}

/**
 * A user as GoTrue describes one, which is what @supabase/auth-js expects. `factors` appears when the user has
 * any (GoTrue leaves it out otherwise); auth-js reads the next assurance level from the verified ones.
 */
export function userResponse(user: User, factors: MfaFactor[] = []) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: user.emailConfirmedAt?.toISOString() ?? null,
    confirmed_at: user.emailConfirmedAt?.toISOString() ?? null,
    phone: '',
    last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: user.userMetadata,
    identities: [emailIdentity(user)],
    ...(factors.length > 0
      ? {
          factors: factors.map((factor) => ({
            id: factor.id,
            friendly_name: factor.friendlyName,
            factor_type: factor.factorType,
            status: factor.status,
            created_at: factor.createdAt.toISOString(),
            updated_at: factor.updatedAt.toISOString(),
          })),
        }
      : {}),
    ...(user.emailChange ? { new_email: user.emailChange } : {}),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: false,
  };
}

export type UserResponse = ReturnType<typeof userResponse>;
