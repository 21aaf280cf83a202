import { AuthWeakPasswordError } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { verifyLinkOf, waitForMail } from '../../../test/helper.ts';
import {
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
