import { AuthClient, AuthWeakPasswordError, isAuthApiError } from '@supabase/auth-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listenTestApp,
  TEST_JWT_SECRET,
  type TestApp,
  verifyLinkOf,
  waitForMail,
} from '../../../test/helper.ts';

let t: TestApp & { baseUrl: string };
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;
const PASSWORD = 'Tulip-Harbor-42';

function memoryStorage() {
  const store = new Map<string, string>();
  return {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  };
}

type Client = ReturnType<typeof newClient>;

/** The real auth-js client, as the web app and supabase-js use it. */
const newClient = () =>
  new AuthClient({
    url: `${t.baseUrl}/auth/v1`,
    storage: memoryStorage(),
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: false,
  });

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON bodies
const json = async (res: Response): Promise<any> => res.json();

/** Follows an e-mail link like a browser and returns the tokens from the redirect's URL fragment. */
async function followLink(link: string) {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const location = res.headers.get('location') ?? '';
  const [target, fragment = ''] = location.split('#');
  return { target, params: Object.fromEntries(new URLSearchParams(fragment)) };
}

async function signUpAndVerify(email: string, password = PASSWORD) {
  const client = newClient();
  const { error } = await client.signUp({
    email,
    password,
    options: { data: { first_name: 'Dana', last_name: 'Reyes', business_name: 'Reyes Physio' } },
  });
  expect(error).toBeNull();
  const mail = await waitForMail(t.app, email, /Confirm your Callwise account/);
  await followLink(verifyLinkOf(mail));
  return client;
}

beforeAll(async () => {
  t = await listenTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('sign-up, verification, sessions and sign-out through @supabase/auth-js', () => {
  it('runs the whole life of a session', async () => {
    const email = uniqueEmail('dana');
    const client = newClient();

    const signUp = await client.signUp({
      email,
      password: PASSWORD,
      options: {
        data: { first_name: 'Dana', last_name: 'Reyes', business_name: 'Reyes Physio' },
        emailRedirectTo: `${t.baseUrl}/`,
      },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email).toBe(email);
    expect(signUp.data.user?.user_metadata).toEqual({
      first_name: 'Dana',
      last_name: 'Reyes',
      business_name: 'Reyes Physio',
    });

    // Not confirmed yet: the right password still cannot sign in.
    const early = await client.signInWithPassword({ email, password: PASSWORD });
    expect(early.error?.code).toBe('email_not_confirmed');

    const mail = await waitForMail(t.app, email, /Confirm your Callwise account/);
    expect(mail.html).toContain('Confirm my e-mail');
    expect(mail.text).toContain('Hi Dana,');
    const { target, params } = await followLink(verifyLinkOf(mail));
    expect(target).toBe(`${t.baseUrl}/`);
    expect(params.type).toBe('signup');
    expect(params.token_type).toBe('bearer');
    expect(Number(params.expires_in)).toBe(3600);

    const set = await client.setSession({
      access_token: params.access_token as string,
      refresh_token: params.refresh_token as string,
    });
    expect(set.error).toBeNull();
    expect(set.data.user?.email_confirmed_at).toBeTruthy();

    const user = await client.getUser();
    expect(user.data.user?.email).toBe(email);

    // Refresh rotates the token.
    const before = (await client.getSession()).data.session;
    const refreshed = await client.refreshSession();
    expect(refreshed.error).toBeNull();
    const after = refreshed.data.session;
    expect(after?.refresh_token).not.toBe(before?.refresh_token);
    expect(after?.user.id).toBe(user.data.user?.id);

    // Presenting the spent token again revokes the whole family, the new token included.
    const replay = await fetch(`${t.baseUrl}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ refresh_token: before?.refresh_token }),
    });
    expect(replay.status).toBe(400);
    expect(await json(replay)).toMatchObject({ code: 'refresh_token_already_used' });
    const familyGone = await client.refreshSession();
    expect(familyGone.error).not.toBeNull();

    // A fresh sign-in works, and sign-out ends that session for the API at once.
    const signIn = await client.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    const token = signIn.data.session?.access_token as string;
    const me = await fetch(`${t.baseUrl}/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(await json(me)).toMatchObject({
      email,
      business_name: 'Reyes Physio',
      account: { plan: 'trial' },
    });
    expect((await client.signOut()).error).toBeNull();
    const afterSignOut = await fetch(`${t.baseUrl}/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(afterSignOut.status).toBe(401);
    const userAfter = await fetch(`${t.baseUrl}/auth/v1/user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(userAfter.status).toBe(403);
  });

  it('uses a link once', async () => {
    const email = uniqueEmail('once');
    await newClient().signUp({ email, password: PASSWORD });
    const link = verifyLinkOf(await waitForMail(t.app, email, /Confirm/));
    expect((await followLink(link)).params.access_token).toBeTruthy();
    const again = await followLink(link);
    expect(again.params.error_code).toBe('otp_expired');
    expect(again.params.access_token).toBeUndefined();
  });

  it('never redirects to another site', async () => {
    const email = uniqueEmail('redirect');
    await newClient().signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: 'https://evil.example/' },
    });
    const { target } = await followLink(verifyLinkOf(await waitForMail(t.app, email, /Confirm/)));
    expect(target).toBe(`${t.baseUrl}/`);
  });
});

describe('sign-out scopes', () => {
  it('local ends this device, others the rest, global all', async () => {
    const email = uniqueEmail('scopes');
    await signUpAndVerify(email);
    const devices = [newClient(), newClient(), newClient()];
    for (const device of devices)
      expect((await device.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const [a, b, c] = devices as [Client, Client, Client];

    await a.signOut({ scope: 'others' });
    expect((await b.refreshSession()).error).not.toBeNull();
    expect((await c.refreshSession()).error).not.toBeNull();
    expect((await a.refreshSession()).error).toBeNull();

    const d = newClient();
    await d.signInWithPassword({ email, password: PASSWORD });
    await a.signOut({ scope: 'local' });
    expect((await d.refreshSession()).error).toBeNull();

    const e = newClient();
    await e.signInWithPassword({ email, password: PASSWORD });
    await d.signOut({ scope: 'global' });
    expect((await e.refreshSession()).error).not.toBeNull();
  });
});

describe('password recovery', () => {
  it('sends a reset link that signs in and lets the user set a new password without the old one', async () => {
    const email = uniqueEmail('reset');
    await signUpAndVerify(email);
    const client = newClient();
    const { error } = await client.resetPasswordForEmail(email, { redirectTo: `${t.baseUrl}/login` });
    expect(error).toBeNull();
    const mail = await waitForMail(t.app, email, /Reset your Callwise password/);
    const { target, params } = await followLink(verifyLinkOf(mail));
    expect(target).toBe(`${t.baseUrl}/login`);
    expect(params.type).toBe('recovery');
    await client.setSession({
      access_token: params.access_token as string,
      refresh_token: params.refresh_token as string,
    });
    const updated = await client.updateUser({ password: 'Maple-Lantern-77' });
    expect(updated.error).toBeNull();
    const oldPassword = await newClient().signInWithPassword({ email, password: PASSWORD });
    expect(oldPassword.error?.code).toBe('invalid_credentials');
    const newPassword = await newClient().signInWithPassword({ email, password: 'Maple-Lantern-77' });
    expect(newPassword.error).toBeNull();
  });

  it('answers the same for an unknown address', async () => {
    const res = await fetch(`${t.baseUrl}/auth/v1/recover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('nobody') }),
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({});
  });
});

describe('changing the password from settings', () => {
  it('needs the current password and signs out the other devices', async () => {
    const email = uniqueEmail('change');
    await signUpAndVerify(email);
    const laptop = newClient();
    const phone = newClient();
    await laptop.signInWithPassword({ email, password: PASSWORD });
    await phone.signInWithPassword({ email, password: PASSWORD });

    const missing = await laptop.updateUser({ password: 'Cedar-Window-19' });
    expect(missing.error?.code).toBe('current_password_required');
    const wrong = await laptop.updateUser({ password: 'Cedar-Window-19', current_password: 'not-it-at-all' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    const same = await laptop.updateUser({ password: PASSWORD, current_password: PASSWORD });
    expect(same.error?.code).toBe('same_password');
    const ok = await laptop.updateUser({ password: 'Cedar-Window-19', current_password: PASSWORD });
    expect(ok.error).toBeNull();

    expect((await laptop.refreshSession()).error).toBeNull();
    expect((await phone.refreshSession()).error).not.toBeNull();
    await waitForMail(t.app, email, /password was changed/);
  });

  it('changes the profile and confirms a new e-mail address through a link', async () => {
    const email = uniqueEmail('profile');
    const client = await signUpAndVerify(email);
    await client.signInWithPassword({ email, password: PASSWORD });
    const renamed = await client.updateUser({
      data: { first_name: 'Dani', business_name: 'Reyes Physio & Pilates' },
    });
    expect(renamed.data.user?.user_metadata).toMatchObject({ first_name: 'Dani', last_name: 'Reyes' });
    const token = (await client.getSession()).data.session?.access_token;
    const me = await json(
      await fetch(`${t.baseUrl}/v1/me`, { headers: { authorization: `Bearer ${token}` } }),
    );
    expect(me.account.name).toBe('Reyes Physio & Pilates');

    const next = uniqueEmail('new-address');
    const changed = await client.updateUser({ email: next });
    expect(changed.error).toBeNull();
    expect(changed.data.user?.new_email).toBe(next);
    expect(changed.data.user?.email).toBe(email);
    await waitForMail(t.app, email, /is changing/);
    await followLink(verifyLinkOf(await waitForMail(t.app, next, /Confirm your new/)));
    const signIn = await newClient().signInWithPassword({ email: next, password: PASSWORD });
    expect(signIn.error).toBeNull();
  });
});

describe('weak passwords', () => {
  it.each([
    ['password123', ['pwned']],
    ['short', ['length']],
  ])('refuses %s with reasons', async (password, reasons) => {
    const { error } = await newClient().signUp({ email: uniqueEmail('weak'), password });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect((error as AuthWeakPasswordError).reasons).toEqual(reasons);
    expect(error?.status).toBe(422);
  });

  it('refuses a password longer than 72 bytes with a clear message', async () => {
    const { error } = await newClient().signUp({
      email: uniqueEmail('long'),
      password: `A1-${'x'.repeat(70)}`,
    });
    expect(error?.status).toBe(422);
    expect(error?.message).toBe('Password cannot be longer than 72 characters.');
  });

  it('answers in the older error shape without the API version header', async () => {
    const res = await fetch(`${t.baseUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('legacy'), password: '12345678' }),
    });
    expect(res.status).toBe(422);
    expect(await json(res)).toMatchObject({
      code: 422,
      error_code: 'weak_password',
      weak_password: { reasons: ['pwned'] },
    });
  });
});

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
