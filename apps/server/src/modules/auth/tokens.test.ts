import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_SECONDS, signAccessToken, verifyAccessToken } from './tokens.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const ISSUER = 'http://localhost/auth/v1';
const claims = {
  sub: '6f1d1f5e-0d5e-4d55-9d55-5d0d5e6f1d1f',
  email: 'owner@example.com',
  session_id: '0c3f3a52-8e2e-4c4e-9b1f-2a3b4c5d6e7f',
  user_metadata: {},
  method: 'password',
};

afterEach(() => {
  vi.useRealTimers();
});

describe('verifyAccessToken', () => {
  it('reads the claims, and again from what it checked before', async () => {
    const { token, expiresAt } = await signAccessToken(SECRET, ISSUER, claims);
    const first = await verifyAccessToken(SECRET, ISSUER, token);
    expect(first).toMatchObject({ userId: claims.sub, sessionId: claims.session_id, expiresAt });
    expect(await verifyAccessToken(SECRET, ISSUER, token)).toEqual(first);
  });

  it('refuses a token it checked before once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z'), toFake: ['Date'] });
    const { token } = await signAccessToken(SECRET, ISSUER, { ...claims, email: 'expiring@example.com' });
    await expect(verifyAccessToken(SECRET, ISSUER, token)).resolves.toMatchObject({ userId: claims.sub });
    vi.setSystemTime(new Date(Date.now() + ACCESS_TOKEN_SECONDS * 1000 + 1000));
    await expect(verifyAccessToken(SECRET, ISSUER, token)).rejects.toThrow(/exp/);
  });

  it('refuses under another secret or issuer a token it checked under its own', async () => {
    const { token } = await signAccessToken(SECRET, ISSUER, { ...claims, email: 'other@example.com' });
    await verifyAccessToken(SECRET, ISSUER, token);
    await expect(verifyAccessToken(`${SECRET}-rotated`, ISSUER, token)).rejects.toThrow();
    await expect(verifyAccessToken(SECRET, 'https://elsewhere.example/auth/v1', token)).rejects.toThrow();
  });
});
