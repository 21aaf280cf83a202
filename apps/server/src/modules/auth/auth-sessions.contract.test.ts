import { describe, expect, it } from 'vitest';
import { verifyLinkOf, waitForMail } from '../../../test/helper.ts';
import {
  type Client,
  followLink,
  json,
  newClient,
  PASSWORD,
  signUpAndVerify,
  t,
  uniqueEmail,
  useListeningApp,
} from './auth-contract-test-setup.ts';

useListeningApp();

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
