import { AUTH_STORAGE_KEY } from '@/lib/auth-client';

/** The signed-in user of the component tests. */
export const TEST_USER = {
  id: '5b0f3c1e-3f7a-4a8e-9d55-0c2f1b7e9a01',
  email: 'owner@example.com',
  firstName: 'Olivia',
  lastName: 'Owner',
  businessName: 'Sunny Dental',
} as const;

const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** An access token shaped as the server's (a JWT with `sub`, `exp` and `aal`); its signature is never checked here. */
export function accessToken(aal: 'aal1' | 'aal2' = 'aal1'): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    sub: TEST_USER.id,
    email: TEST_USER.email,
    role: 'authenticated',
    aal,
    iat: now,
    exp: now + 3600,
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

/** The auth server's user object (GET /auth/v1/user). */
export function authUser() {
  return {
    id: TEST_USER.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: TEST_USER.email,
    email_confirmed_at: '2026-01-05T10:00:00.000Z',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {
      first_name: TEST_USER.firstName,
      last_name: TEST_USER.lastName,
      business_name: TEST_USER.businessName,
    },
    factors: [],
    created_at: '2026-01-05T10:00:00.000Z',
    updated_at: '2026-01-05T10:00:00.000Z',
  };
}

/** A session as the auth server answers a sign-in (POST /auth/v1/token). */
export function authSession() {
  const now = Math.floor(Date.now() / 1000);
  return {
    access_token: accessToken(),
    refresh_token: 'test-refresh-token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: now + 3600,
    user: authUser(),
  };
}

/**
 * Signs the browser in as the app finds a session after a sign-in: stored where the auth client keeps it (the
 * e2e tests do the same). The real auth provider and API client then read it through the real auth client.
 */
export function storeSession(): void {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(authSession()));
}
