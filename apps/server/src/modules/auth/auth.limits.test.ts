import { createAccountWithUser, updateUser } from '@callwise/db/queries/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, waitForMail } from '../../../test/helper.ts';
import { hashPassword } from './passwords.ts';

let t: TestApp;
const json = { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };
const PASSWORD = 'Orchid-Canyon-58';

beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_5_MIN: '3' } });
});
afterAll(async () => {
  await t.close();
});

describe('rate limits', () => {
  it('answers 429 in GoTrue shape after the per-IP limit, with Retry-After, per client address', async () => {
    const attempt = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: json,
        remoteAddress: ip,
        payload: { email: 'someone@example.com', password: 'Whatever-123' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt('10.1.1.1')).statusCode).toBe(400);
    const limited = await attempt('10.1.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(300);
    // Another address is not affected.
    expect((await attempt('10.1.1.2')).statusCode).toBe(400);
  });

  it('sends one reset e-mail per address per minute', async () => {
    const email = `limit-${Date.now()}@example.com`;
    const first = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/recover',
      headers: json,
      payload: { email },
      remoteAddress: '10.2.0.1',
    });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/recover',
      headers: json,
      payload: { email },
      remoteAddress: '10.2.0.2',
    });
    expect(second.statusCode).toBe(429);
    expect(second.json().code).toBe('over_email_send_rate_limit');
    expect(second.json().message).toMatch(/only request this after \d+ seconds/);
  });
});

/** Median duration of `run` over `n` calls, in ms. */
/** The median time of each of two requests, taken in turns `n` times. */
async function medianPairMs(
  n: number,
  runs: [(i: number) => Promise<unknown>, (i: number) => Promise<unknown>],
) {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < n; i++) {
    for (const [index, run] of runs.entries()) {
      const start = performance.now();
      await run(i);
      times[index as 0 | 1].push(performance.now() - start);
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(n / 2)] as number;
  return [median(times[0]), median(times[1])] as const;
}

describe('no user enumeration', () => {
  const known = `known-${Date.now()}@example.com`;
  let ip = 0;
  const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

  beforeAll(async () => {
    // A confirmed user made directly, so that no sign-up e-mail was sent to the address yet.
    const user = await createAccountWithUser(t.database.db, {
      businessName: 'Known Clinic',
      email: known,
      passwordHash: await hashPassword(PASSWORD),
      userMetadata: {},
    });
    await updateUser(t.database.db, user.id, { emailConfirmedAt: new Date() });
  });

  const shape = (body: Record<string, unknown>) => Object.keys(body).sort();

  it('sign-up answers a registered address exactly like a new one', async () => {
    const signUp = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/v1/signup',
        headers: json,
        payload: { email, password: PASSWORD, data: { first_name: 'A' } },
        remoteAddress: nextIp(),
      });
    const fresh = await signUp(`fresh-${Date.now()}@example.com`);
    const again = await signUp(known);
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(shape(again.json())).toEqual(shape(fresh.json()));
    expect(again.json().email_confirmed_at).toBeNull();
    expect(again.json().user_metadata).toEqual({ first_name: 'A' });
    expect(again.json().id).not.toBe(fresh.json().id);
    // One e-mail identity on both (an empty list would tell a registered address apart), made from the answer's
    // own random id.
    expect(again.json().identities).toHaveLength(1);
    expect(fresh.json().identities).toHaveLength(1);
    expect(shape(again.json().identities[0])).toEqual(shape(fresh.json().identities[0]));
    expect(again.json().identities[0]).toMatchObject({
      id: again.json().id,
      user_id: again.json().id,
      identity_data: { email: known, email_verified: false, phone_verified: false, sub: again.json().id },
    });
    // Its owner is told instead.
    await waitForMail(t.app, known, /already have a Callwise account/);

    const [newTime, knownTime] = await medianPairMs(9, [
      (i) => signUp(`timing-${Date.now()}-${i}@example.com`),
      () => signUp(known),
    ]);
    // A leak would be a hundredfold (no hash at all); 0.25 leaves room for a busy machine.
    expect(knownTime / newTime).toBeGreaterThan(0.25);
    expect(knownTime / newTime).toBeLessThan(2);
  });

  it('password sign-in answers an unknown address exactly like a wrong password, in comparable time', async () => {
    const signIn = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: json,
        payload: { email, password: 'Wrong-Password-1' },
        remoteAddress: nextIp(),
      });
    const unknown = await signIn(`nobody-${Date.now()}@example.com`);
    const wrong = await signIn(known);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.body).toBe(wrong.body);
    // Taken in turns, so that a busy machine slows both alike.
    const [unknownTime, wrongTime] = await medianPairMs(9, [
      (i) => signIn(`nobody-${Date.now()}-${i}@example.com`),
      () => signIn(known),
    ]);
    // Without the dummy hash an unknown address answers in about 1 ms against about 100 ms.
    expect(unknownTime / wrongTime).toBeGreaterThan(0.25);
    expect(unknownTime / wrongTime).toBeLessThan(2);
  });

  it('recovery answers the same for known and unknown addresses', async () => {
    const recover = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/v1/recover',
        headers: json,
        payload: { email },
        remoteAddress: nextIp(),
      });
    const knownRes = await recover(known);
    const unknownRes = await recover(`nobody-${Date.now()}@example.com`);
    expect(knownRes.statusCode).toBe(200);
    expect(unknownRes.statusCode).toBe(200);
    expect(knownRes.body).toBe(unknownRes.body);
  });
});
