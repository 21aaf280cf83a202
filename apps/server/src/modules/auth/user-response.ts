import type { User } from '@callwise/db/schema';

/** A user as GoTrue describes one, which is what @supabase/auth-js expects. */
export function userResponse(user: User) {
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
    identities: [],
    ...(user.emailChange ? { new_email: user.emailChange } : {}),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: false,
  };
}

export type UserResponse = ReturnType<typeof userResponse>;
