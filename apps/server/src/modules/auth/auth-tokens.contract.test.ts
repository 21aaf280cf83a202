import { isAuthApiError } from '@supabase/auth-js';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../../../test/helper.ts';
import {
  json,
  newClient,
  PASSWORD,
  signUpAndVerify,
  t,
  uniqueEmail,
  useListeningApp,
} from './auth-contract-test-setup.ts';

useListeningApp();

describe('access tokens', () => {
  const issuer = () => `${t.baseUrl}/auth/v1`;
  async function signedInToken() {
    const email = uniqueEmail('jwt');
    const client = await signUpAndVerify(email);
    const { data } = await client.signInWithPassword({ email, password: PASSWORD });
    return data.session?.access_token as string;
  }
  const call = (token: string) =>
    fetch(`${t.baseUrl}/v1/me`, { headers: { authorization: `Bearer ${token}` } });

  it('accepts a good token', async () => {
    expect((await call(await signedInToken())).status).toBe(200);
  });

  it('refuses a tampered token', async () => {
    const token = await signedInToken();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: crypto.randomUUID() })).toString('base64url');
    expect((await call(`${header}.${forged}.${signature}`)).status).toBe(401);
    expect((await call(`${header}.${payload}.${(signature as string).slice(0, -2)}xx`)).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const token = await signedInToken();
    const claims = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const res = await call(expired);
    expect(res.status).toBe(401);
    expect((await json(res)).error.message).toMatch(/invalid or has expired/);
  });

  it('refuses alg "none" and tokens signed with another secret', async () => {
    const token = await signedInToken();
    const payload = token.split('.')[1];
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect((await call(none)).status).toBe(401);
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    const other = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(issuer())
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await call(other)).status).toBe(401);
  });

  it('refuses a well-signed token that lacks exp, iat, sub or session_id', async () => {
    const token = await signedInToken();
    const claims = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
    // The same token, re-signed with our secret, is accepted: only the missing claim makes the difference.
    const resign = (payload: Record<string, unknown>) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await call(await resign(claims))).status).toBe(200);
    for (const claim of ['exp', 'iat', 'sub', 'session_id']) {
      const { [claim]: _left, ...rest } = claims;
      const stripped = await resign(rest);
      const v1 = await call(stripped);
      expect(v1.status, claim).toBe(401);
      expect((await json(v1)).error.code, claim).toBe('unauthorized');
      const user = await fetch(`${t.baseUrl}/auth/v1/user`, {
        headers: { authorization: `Bearer ${stripped}`, 'x-supabase-api-version': '2024-01-01' },
      });
      expect(user.status, claim).toBe(403);
      expect((await json(user)).code, claim).toBe('bad_jwt');
    }
  });

  it('refuses a request with no token', async () => {
    const res = await fetch(`${t.baseUrl}/v1/me`);
    expect(res.status).toBe(401);
    expect((await json(res)).error.code).toBe('unauthorized');
  });
});

describe('notification switches', () => {
  it('are stored per user', async () => {
    const email = uniqueEmail('notify');
    const client = await signUpAndVerify(email);
    const { data } = await client.signInWithPassword({ email, password: PASSWORD });
    const headers = {
      authorization: `Bearer ${data.session?.access_token}`,
      'content-type': 'application/json',
    };
    const initial = await json(await fetch(`${t.baseUrl}/v1/me`, { headers }));
    expect(initial.notifications).toEqual({
      email_notifications: true,
      call_summaries: true,
      failure_alerts: true,
      message_alerts: true,
    });
    const patched = await fetch(`${t.baseUrl}/v1/me/notifications`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ call_summaries: false }),
    });
    expect(patched.status).toBe(200);
    const reread = await json(await fetch(`${t.baseUrl}/v1/me`, { headers }));
    expect(reread.notifications).toEqual({
      email_notifications: true,
      call_summaries: false,
      failure_alerts: true,
      message_alerts: true,
    });
    const bad = await fetch(`${t.baseUrl}/v1/me/notifications`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ call_summaries: 'yes' }),
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.details[0].field).toBe('call_summaries');
  });
});

describe('errors auth-js understands', () => {
  it('wrong password is invalid_credentials', async () => {
    const email = uniqueEmail('wrong');
    await signUpAndVerify(email);
    const { error } = await newClient().signInWithPassword({ email, password: 'Not-The-Password-1' });
    expect(isAuthApiError(error)).toBe(true);
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.status).toBe(400);
    expect(error?.message).toBe('Invalid login credentials');
  });
});
