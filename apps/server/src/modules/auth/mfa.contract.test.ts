import { isAuthApiError } from '@supabase/auth-js';
import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, newAuthClient, signedInUser, type TestApp } from '../../../test/helper.ts';

let t: TestApp & { baseUrl: string };

/** The real auth-js client, as the web app uses it. */
const newClient = () => newAuthClient(t.baseUrl);
type Client = ReturnType<typeof newClient>;

const PASSWORD = 'Harbor-Lantern-64';

/** A user (confirmed, signed in through auth-js) with a client of their own. */
async function userWithClient() {
  const user = await signedInUser(t);
  const client = newClient();
  const { error } = await client.signInWithPassword({ email: user.email, password: PASSWORD });
  expect(error).toBeNull();
  return { ...user, client };
}

const tokenOf = async (client: Client) => (await client.getSession()).data.session?.access_token ?? '';
const claimsOf = async (client: Client) => decodeJwt(await tokenOf(client));
/** The methods of the session's `amr`, latest first (auth-js types an entry as an object or a bare name). */
const methodsOf = (entries: ReadonlyArray<string | { method: string }> = []) =>
  entries.map((entry) => (typeof entry === 'string' ? entry : entry.method));

/** An API request with the client's session. */
async function api(client: Client, path = '/v1/me') {
  return fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${await tokenOf(client)}` } });
}

async function authFetch(client: Client, path: string, method = 'GET') {
  return fetch(`${t.baseUrl}/auth/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${await tokenOf(client)}` },
  });
}

/** A TOTP code of the secret for a time step after `afterStep` (waits for the next 30 s when needed). */
async function freshCode(secret: string, afterStep = -1): Promise<{ code: string; step: number }> {
  let step = Math.floor(Date.now() / 30_000);
  if (step <= afterStep) {
    await new Promise((resolve) => setTimeout(resolve, (afterStep + 1) * 30_000 - Date.now() + 50));
    step = Math.floor(Date.now() / 30_000);
  }
  return { code: await generate({ secret, epoch: step * 30 }), step };
}

/** Enrols and verifies a TOTP factor through auth-js; returns its id, secret and the step last used. */
async function turnOn(client: Client) {
  const enrolled = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  expect(enrolled.error).toBeNull();
  const factor = enrolled.data;
  if (factor?.type !== 'totp') throw new Error('no totp factor');
  const { code, step } = await freshCode(factor.totp.secret);
  const verified = await client.mfa.challengeAndVerify({ factorId: factor.id, code });
  expect(verified.error).toBeNull();
  return { id: factor.id, secret: factor.totp.secret, step };
}

beforeAll(async () => {
  t = await listenTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('two-factor sign-in through @supabase/auth-js (GoTrue MFA API)', () => {
  // Waits for the next 30-second TOTP step once.
  it('enrols, verifies, asks for the code at sign-in, accepts a recovery code once, and unenrols', {
    timeout: 90_000,
  }, async () => {
    const owner = await userWithClient();
    const { client } = owner;
    // A session signed in elsewhere before two-factor is turned on.
    const elsewhere = newClient();
    await elsewhere.signInWithPassword({ email: owner.email, password: PASSWORD });

    let aal = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const enrolled = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data;
    if (factor?.type !== 'totp') throw new Error('no totp factor');
    expect(factor.friendly_name).toBe('Phone');
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    // Usable as it is as an image address: nothing in it ends the address early.
    expect(factor.totp.qr_code).not.toContain('#');
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(factor.totp.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(factor.totp.secret);
    expect(uri.searchParams.get('issuer')).toBe('Callwise');
    expect(decodeURIComponent(uri.pathname)).toContain(owner.email);

    // Kept sealed: the database holds no readable secret.
    const stored = await t.database.executeSql('SELECT secret, status FROM mfa_factors WHERE id = $1', [
      factor.id,
    ]);
    expect(stored.rows[0]?.status).toBe('unverified');
    expect(String(stored.rows[0]?.secret)).toMatch(/^v1:/);
    expect(String(stored.rows[0]?.secret)).not.toContain(factor.totp.secret);

    // Unverified: the user is not asked for a code yet, the API still answers.
    expect((await client.mfa.listFactors()).data?.all.map((f) => f.status)).toEqual(['unverified']);
    expect((await api(client)).status).toBe(200);

    const wrong = await client.mfa.challengeAndVerify({ factorId: factor.id, code: '000000' });
    expect(isAuthApiError(wrong.error) && wrong.error.code).toBe('mfa_verification_failed');
    expect(wrong.error?.status).toBe(422);

    const first = await freshCode(factor.totp.secret);
    const verified = await client.mfa.challengeAndVerify({ factorId: factor.id, code: first.code });
    expect(verified.error).toBeNull();
    aal = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(methodsOf(aal.data?.currentAuthenticationMethods)).toEqual(['totp', 'password']);
    expect((await client.mfa.listFactors()).data?.totp.map((f) => f.id)).toEqual([factor.id]);
    expect((await api(client)).status).toBe(200);
    // The session still at aal1 elsewhere was ended when the factor was verified (GoTrue does the same).
    // (auth-js words the server's 403 session_not_found as its AuthSessionMissingError.)
    const gone = await elsewhere.getUser();
    expect(gone.error?.name).toBe('AuthSessionMissingError');
    expect(gone.data.user).toBeNull();

    // A code works once: the same code against a new challenge is refused.
    const replay = await client.mfa.challengeAndVerify({ factorId: factor.id, code: first.code });
    expect(isAuthApiError(replay.error) && replay.error.code).toBe('mfa_verification_failed');

    // Recovery codes: ten, shown once, stored hashed.
    const made = await authFetch(client, '/recovery_codes', 'POST');
    expect(made.status).toBe(200);
    const { codes } = (await made.json()) as { codes: string[] };
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
    const hashes = await t.database.executeSql(
      'SELECT code_hash FROM mfa_recovery_codes WHERE user_id = $1',
      [owner.userId],
    );
    expect(hashes.rows.map((row) => row.code_hash)).not.toContain(codes[0]);
    expect(await (await authFetch(client, '/recovery_codes')).json()).toMatchObject({ remaining: 10 });

    // A refresh keeps the level.
    await client.refreshSession();
    expect((await claimsOf(client)).aal).toBe('aal2');

    // Next sign-in: aal1 until a code is verified; the API refuses it meanwhile.
    const later = newClient();
    await later.signInWithPassword({ email: owner.email, password: PASSWORD });
    aal = await later.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const refused = await api(later);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('mfa_required');
    expect((await api(later, '/v1/calls?limit=5')).status).toBe(403);
    // Removing a verified factor needs aal2.
    const early = await later.mfa.unenroll({ factorId: factor.id });
    expect(isAuthApiError(early.error) && early.error.code).toBe('insufficient_aal');
    // Nor may an aal1 session make new recovery codes.
    expect((await authFetch(later, '/recovery_codes', 'POST')).status).toBe(422);

    // A recovery code in place of the TOTP code, typed in capitals with spaces around.
    const recovery = codes[3] ?? '';
    const byCode = await later.mfa.challengeAndVerify({
      factorId: factor.id,
      code: ` ${recovery.toUpperCase()} `,
    });
    expect(byCode.error).toBeNull();
    aal = await later.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data?.currentLevel).toBe('aal2');
    expect(methodsOf(aal.data?.currentAuthenticationMethods)[0]).toBe('recovery_code');
    expect((await api(later)).status).toBe(200);
    expect(await (await authFetch(later, '/recovery_codes')).json()).toMatchObject({ remaining: 9 });
    // ... once.
    const third = newClient();
    await third.signInWithPassword({ email: owner.email, password: PASSWORD });
    const again = await third.mfa.challengeAndVerify({ factorId: factor.id, code: recovery });
    expect(isAuthApiError(again.error) && again.error.code).toBe('mfa_verification_failed');
    // The next TOTP code works there.
    const next = await freshCode(factor.totp.secret, first.step);
    expect((await third.mfa.challengeAndVerify({ factorId: factor.id, code: next.code })).error).toBeNull();

    // Turned off from an aal2 session: every session back to aal1, the codes gone, the API open at aal1.
    const off = await client.mfa.unenroll({ factorId: factor.id });
    expect(off.error).toBeNull();
    expect(off.data).toMatchObject({ id: factor.id });
    expect((await client.mfa.listFactors()).data?.all).toEqual([]);
    expect(await (await authFetch(client, '/recovery_codes')).json()).toMatchObject({ remaining: 0 });
    await later.refreshSession();
    expect((await claimsOf(later)).aal).toBe('aal1');
    const plain = newClient();
    await plain.signInWithPassword({ email: owner.email, password: PASSWORD });
    expect((await plain.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ nextLevel: 'aal1' });
    expect((await api(plain)).status).toBe(200);
  });

  it('keeps factors to their user and refuses bad requests with GoTrue errors', async () => {
    const owner = await userWithClient();
    const stranger = await userWithClient();
    const mine = await turnOn(owner.client);

    // Another user's factor is not found, for every verb.
    const challenge = await stranger.client.mfa.challenge({ factorId: mine.id });
    expect(isAuthApiError(challenge.error) && challenge.error.code).toBe('mfa_factor_not_found');
    expect(challenge.error?.status).toBe(404);
    const remove = await stranger.client.mfa.unenroll({ factorId: mine.id });
    expect(isAuthApiError(remove.error) && remove.error.code).toBe('mfa_factor_not_found');
    const notUuid = await stranger.client.mfa.challenge({ factorId: 'not-a-factor' });
    expect(notUuid.error?.status).toBe(404);

    // Phone factors are not offered; a name already taken is refused.
    const phone = await owner.client.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(isAuthApiError(phone.error) && phone.error.code).toBe('mfa_phone_enroll_not_enabled');
    const same = await owner.client.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(isAuthApiError(same.error) && same.error.code).toBe('mfa_factor_name_conflict');

    // A challenge is answered within five minutes, once.
    const { data: old } = await owner.client.mfa.challenge({ factorId: mine.id });
    await t.database.executeSql(
      "UPDATE mfa_challenges SET created_at = now() - interval '6 minutes' WHERE id = $1",
      [old?.id],
    );
    // (The challenge is checked before the code.)
    const late = { code: '123456' };
    const expired = await owner.client.mfa.verify({
      factorId: mine.id,
      challengeId: old?.id ?? '',
      code: late.code,
    });
    expect(isAuthApiError(expired.error) && expired.error.code).toBe('mfa_challenge_expired');
    const badId = await owner.client.mfa.verify({ factorId: mine.id, challengeId: 'x', code: late.code });
    expect(isAuthApiError(badId.error) && badId.error.code).toBe('validation_failed');

    // Guessing is cut off: ten tries in five minutes for a user, from any of their sessions (three were made
    // above: the first code, the expired challenge, the bad challenge id).
    const guesser = newClient();
    await guesser.signInWithPassword({ email: owner.email, password: PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const guess = await guesser.mfa.challengeAndVerify({ factorId: mine.id, code: String(100000 + i) });
      statuses.push(guess.error?.status ?? 200);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 422, 422, 429]);
  });
  // Waits for the next 30-second TOTP step once.
  it('accepts one code once when two sessions send it at the same moment', { timeout: 90_000 }, async () => {
    const owner = await userWithClient();
    const factor = await turnOn(owner.client);
    const [a, b] = [newClient(), newClient()];
    for (const client of [a, b]) await client.signInWithPassword({ email: owner.email, password: PASSWORD });
    const { code } = await freshCode(factor.secret, factor.step);
    const [first, second] = await Promise.all(
      [a, b].map((client) => client.mfa.challengeAndVerify({ factorId: factor.id, code })),
    );
    // The loser is refused: the code was spent, or (when the winner committed first) its session, still aal1,
    // was ended by the winner's verification.
    const outcomes = [first, second].map((result) =>
      !result?.error
        ? 'verified'
        : isAuthApiError(result.error) && result.error.code === 'mfa_verification_failed'
          ? 'refused'
          : result.error.name === 'AuthSessionMissingError'
            ? 'refused'
            : result.error.message,
    );
    expect(outcomes.sort()).toEqual(['refused', 'verified']);
  });
});
