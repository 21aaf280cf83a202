import { isAuthApiError } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { verifyLinkOf, waitForMail } from '../../../test/helper.ts';
import {
  followLink,
  json,
  newClient,
  PASSWORD,
  t,
  uniqueEmail,
  useListeningApp,
} from './auth-contract-test-setup.ts';

useListeningApp();

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
