import { AuthWeakPasswordError, isAuthApiError } from '@supabase/auth-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listenTestApp,
  newAuthClient,
  TEST_JWT_SECRET,
  type TestApp,
  verifyLinkOf,
  waitForMail,
} from '../../../test/helper.ts';

let t: TestApp & { baseUrl: string };
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;
const PASSWORD = 'Tulip-Harbor-42';

/** The real auth-js client, as the web app uses it. */
const newClient = () => newAuthClient(t.baseUrl);
type Client = ReturnType<typeof newClient>;

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

  /** The newest reset link to an address that is not `previous`, once its e-mail is in the outbox. */
  async function nextResetLink(email: string, previous?: string) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const link = verifyLinkOf(await waitForMail(t.app, email, /Reset your Callwise password/));
      if (link !== previous) return link;
      if (Date.now() > deadline) throw new Error(`no new reset link to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  /** Lets the address be sent another reset e-mail now (one a minute otherwise). */
  const allowAnotherResetMail = (email: string) =>
    t.database.executeSql('DELETE FROM rate_limits WHERE key = $1', [`auth:email:recovery:${email}`]);

  it('ends a reset link still outstanding when the password is changed from Settings', async () => {
    const email = uniqueEmail('reset-then-change');
    await signUpAndVerify(email);
    expect((await newClient().resetPasswordForEmail(email)).error).toBeNull();
    const link = await nextResetLink(email);

    const client = newClient();
    await client.signInWithPassword({ email, password: PASSWORD });
    const changed = await client.updateUser({ password: 'Birch-Meadow-31', current_password: PASSWORD });
    expect(changed.error).toBeNull();

    // The link sent before the change no longer signs anyone in.
    const followed = await followLink(link);
    expect(followed.params.error_code).toBe('otp_expired');
    expect(followed.params.access_token).toBeUndefined();
  });

  it('ends the other reset links when a reset is completed', async () => {
    const email = uniqueEmail('reset-twice');
    await signUpAndVerify(email);
    expect((await newClient().resetPasswordForEmail(email)).error).toBeNull();
    const first = await nextResetLink(email);
    const { params } = await followLink(first);
    expect(params.type).toBe('recovery');

    // Another link is asked for (the same person, or someone else) before the new password is set.
    await allowAnotherResetMail(email);
    expect((await newClient().resetPasswordForEmail(email)).error).toBeNull();
    const second = await nextResetLink(email, first);

    const client = newClient();
    await client.setSession({
      access_token: params.access_token as string,
      refresh_token: params.refresh_token as string,
    });
    expect((await client.updateUser({ password: 'Willow-Harbor-86' })).error).toBeNull();

    const followed = await followLink(second);
    expect(followed.params.error_code).toBe('otp_expired');
    expect(followed.params.access_token).toBeUndefined();
    // And the new password is the one that works.
    expect((await newClient().signInWithPassword({ email, password: 'Willow-Harbor-86' })).error).toBeNull();
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

describe('GoTrue parity: unknown routes and sign-up without credentials', () => {
  it('answers an unknown /auth/v1 path in GoTrue’s shape, so auth-js reads its message', async () => {
    // auth-js asks for routes we do not serve (here: resending a confirmation).
    const { error } = await newClient().resend({ type: 'signup', email: uniqueEmail('resend') });
    expect(isAuthApiError(error)).toBe(true);
    expect(error?.status).toBe(404);
    expect(error?.code).toBe('not_found');
    expect(error?.message).toBe('No route for POST /auth/v1/resend');

    const legacy = await fetch(`${t.baseUrl}/auth/v1/no-such-thing?x=1`);
    expect(legacy.status).toBe(404);
    expect(await json(legacy)).toEqual({
      code: 404,
      error_code: 'not_found',
      msg: 'No route for GET /auth/v1/no-such-thing',
    });
    const versioned = await fetch(`${t.baseUrl}/auth/v1/admin/users`, {
      method: 'DELETE',
      headers: { 'x-supabase-api-version': '2024-01-01' },
    });
    expect(versioned.status).toBe(404);
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await json(versioned)).toEqual({
      code: 'not_found',
      message: 'No route for DELETE /auth/v1/admin/users',
    });
    // /v1 keeps its own shape.
    expect(await json(await fetch(`${t.baseUrl}/v1/no-such-thing`))).toMatchObject({
      error: { code: 'not_found' },
    });
  });

  it('answers a sign-up without an address as GoTrue does with anonymous sign-ins off (422)', async () => {
    const anonymous = await newClient().signInAnonymously();
    expect(isAuthApiError(anonymous.error)).toBe(true);
    expect(anonymous.error?.status).toBe(422);
    expect(anonymous.error?.code).toBe('anonymous_provider_disabled');
    expect(anonymous.error?.message).toBe('Anonymous sign-ins are disabled');

    const signUp = (body: unknown) =>
      fetch(`${t.baseUrl}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const empty = await signUp({});
    expect(empty.status).toBe(422);
    expect(await json(empty)).toEqual({
      code: 422,
      error_code: 'anonymous_provider_disabled',
      msg: 'Anonymous sign-ins are disabled',
    });
    expect(await json(await signUp({ email: '', password: PASSWORD }))).toMatchObject({
      error_code: 'anonymous_provider_disabled',
    });
    const noPassword = await signUp({ email: uniqueEmail('nopass') });
    expect(noPassword.status).toBe(422);
    expect(await json(noPassword)).toMatchObject({
      error_code: 'validation_failed',
      msg: 'Signup requires a valid password',
    });
    const phone = await signUp({ phone: '+12025550100', password: PASSWORD });
    expect(phone.status).toBe(422);
    expect(await json(phone)).toMatchObject({ error_code: 'phone_provider_disabled' });
    const badEmail = await signUp({ email: 42, password: PASSWORD });
    expect(badEmail.status).toBe(400);
    expect(await json(badEmail)).toMatchObject({
      error_code: 'validation_failed',
      msg: 'Unable to validate email address: invalid format',
    });
  });
});

describe('GoTrue parity: identities', () => {
  it('answers the e-mail identity on sign-up, sign-in and GET /user, with GoTrue’s fields', async () => {
    const email = uniqueEmail('identity');
    const client = newClient();
    const signUp = await client.signUp({ email, password: PASSWORD });
    expect(signUp.error).toBeNull();
    const user = signUp.data.user;
    // supabase's documented check for "already registered" is an empty identities list: a new user has one.
    expect(user?.identities).toHaveLength(1);
    const [identity] = user?.identities ?? [];
    expect(identity).toEqual({
      identity_id: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      id: user?.id,
      user_id: user?.id,
      identity_data: { email, email_verified: false, phone_verified: false, sub: user?.id },
      provider: 'email',
      last_sign_in_at: expect.any(String),
      created_at: user?.created_at,
      updated_at: expect.any(String),
      email,
    });

    await followLink(verifyLinkOf(await waitForMail(t.app, email, /Confirm your Callwise account/)));
    const signIn = await client.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.data.user?.identities?.[0]).toMatchObject({
      identity_id: identity?.identity_id,
      identity_data: { email_verified: true },
    });
    const fetched = await client.getUser();
    expect(fetched.data.user?.identities).toHaveLength(1);
    expect(fetched.data.user?.identities?.[0]).toMatchObject({
      identity_id: identity?.identity_id,
      id: user?.id,
      provider: 'email',
      identity_data: { email, email_verified: true, sub: user?.id },
    });
    // auth-js lists them too.
    const listed = await client.getUserIdentities();
    expect(listed.data?.identities.map((i) => i.provider)).toEqual(['email']);
  });
});

describe('GoTrue parity: user_metadata', () => {
  it('keeps any JSON object on sign-up and update (a null removes a key); profile fields still work', async () => {
    const email = uniqueEmail('metadata');
    const client = newClient();
    const data = {
      first_name: '  Dana ',
      last_name: 'Reyes',
      business_name: 'Reyes Physio',
      plan_interest: 'professional',
      referral: { source: 'podcast', episode: 12 },
      tags: ['clinic', 'physio'],
      newsletter: true,
    };
    const signUp = await client.signUp({ email, password: PASSWORD, options: { data } });
    expect(signUp.error).toBeNull();
    const kept = { ...data, first_name: 'Dana' };
    expect(signUp.data.user?.user_metadata).toEqual(kept);

    await followLink(verifyLinkOf(await waitForMail(t.app, email, /Confirm your Callwise account/)));
    const signIn = await client.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.data.user?.user_metadata).toEqual(kept);

    const updated = await client.updateUser({
      data: {
        referral: { source: 'friend' },
        newsletter: null,
        locale: 'en-GB',
        business_name: 'Reyes & Co',
      },
    });
    expect(updated.error).toBeNull();
    const { newsletter: _removed, ...rest } = kept;
    const expected = {
      ...rest,
      referral: { source: 'friend' },
      locale: 'en-GB',
      business_name: 'Reyes & Co',
    };
    expect(updated.data.user?.user_metadata).toEqual(expected);
    expect((await client.getUser()).data.user?.user_metadata).toEqual(expected);

    // The product's own fields still drive the profile and the account's name.
    const token = (await client.getSession()).data.session?.access_token;
    const me = await json(
      await fetch(`${t.baseUrl}/v1/me`, { headers: { authorization: `Bearer ${token}` } }),
    );
    expect(me).toMatchObject({ first_name: 'Dana', last_name: 'Reyes', business_name: 'Reyes & Co' });
    expect(me.account.name).toBe('Reyes & Co');
  });

  it('refuses metadata over 8 KB (422 validation_failed); metadata just under it still signs requests in', async () => {
    const big = (bytes: number) => ({ first_name: 'Dana', notes: 'x'.repeat(bytes - 32) });
    expect(Buffer.byteLength(JSON.stringify(big(8192)))).toBe(8192);

    const tooBig = await newClient().signUp({
      email: uniqueEmail('meta-big'),
      password: PASSWORD,
      options: { data: big(8193) },
    });
    expect(tooBig.error?.status).toBe(422);
    expect(tooBig.error?.code).toBe('validation_failed');
    expect(tooBig.error?.message).toMatch(/user_metadata is too large: at most 8192 bytes/);

    const email = uniqueEmail('meta-edge');
    const client = newClient();
    expect(
      (await client.signUp({ email, password: PASSWORD, options: { data: big(8192) } })).error,
    ).toBeNull();
    await followLink(verifyLinkOf(await waitForMail(t.app, email, /Confirm your Callwise account/)));
    const { data } = await client.signInWithPassword({ email, password: PASSWORD });
    // The metadata rides in the access token: a token at the limit still fits a request's headers.
    const me = await fetch(`${t.baseUrl}/v1/me`, {
      headers: { authorization: `Bearer ${data.session?.access_token}` },
    });
    expect(me.status).toBe(200);

    // An update that would take the stored metadata past the limit is refused, and nothing changes.
    const grown = await client.updateUser({ data: { more: 'y' } });
    expect(grown.error?.status).toBe(422);
    expect(grown.error?.code).toBe('validation_failed');
    expect((await client.getUser()).data.user?.user_metadata).toEqual(big(8192));
  });
});
