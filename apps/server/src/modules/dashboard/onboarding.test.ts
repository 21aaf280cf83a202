import { seedCall } from '@callwise/db/seed/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp, verifyLinkOf, waitForMail } from '../../../test/helper.ts';

/** Issue #16 item 16: the business time zone (GET/PATCH /v1/me) and the dashboard's first-run checklist. */
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = (user: User) => t.app.inject({ url: '/v1/me', headers: user.headers });
const patchMe = (user: User, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/v1/me', headers: user.headers, payload });
const dashboard = async (user: User) =>
  (await t.app.inject({ url: '/v1/dashboard', headers: user.headers })).json();
const doneSteps = (onboarding: { steps: Array<{ id: string; done: boolean }> }) =>
  onboarding.steps.filter((step) => step.done).map((step) => step.id);

describe('the business time zone', () => {
  it('starts at America/New_York, changes with PATCH /v1/me and is the dashboard’s zone', async () => {
    const user = await signedInUser(t);
    expect((await me(user)).json().timezone).toBe('America/New_York');

    const res = await patchMe(user, { timezone: 'Asia/Tokyo' });
    expect(res.statusCode).toBe(200);
    expect(res.json().timezone).toBe('Asia/Tokyo');
    expect((await me(user)).json().timezone).toBe('Asia/Tokyo');
    expect((await dashboard(user)).timezone).toBe('Asia/Tokyo');
  });

  it.each(['Mars/Olympus_Mons', 'america/new_york', '+05:00', ''])(
    'refuses %j with a 400 naming timezone, and keeps the zone',
    async (timezone) => {
      const user = await signedInUser(t);
      const res = await patchMe(user, { timezone });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.details).toEqual([
        {
          field: 'timezone',
          message: 'Choose a time zone from the list (an IANA name such as America/New_York).',
        },
      ]);
      expect((await me(user)).json().timezone).toBe('America/New_York');
    },
  );

  it('keeps your own phone number in E.164, refuses one that is not a number naming phone_number, and removes it', async () => {
    const user = await signedInUser(t);
    expect((await me(user)).json().phone_number).toBeNull();

    const saved = await patchMe(user, { phone_number: '(202) 555-0143' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().phone_number).toBe('+12025550143');
    expect((await me(user)).json().phone_number).toBe('+12025550143');

    // Refused whole: neither the number nor the zone given with it changes.
    const refused = await patchMe(user, { phone_number: '555', timezone: 'Asia/Tokyo' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('validation_failed');
    expect(refused.json().error.details).toEqual([{ field: 'phone_number', message: expect.any(String) }]);
    expect((await me(user)).json()).toMatchObject({
      phone_number: '+12025550143',
      timezone: 'America/New_York',
    });

    expect((await patchMe(user, { phone_number: '' })).json().phone_number).toBeNull();
    expect((await patchMe(user, { phone_number: '+12025550143' })).statusCode).toBe(200);
    expect((await patchMe(user, { phone_number: null })).json().phone_number).toBeNull();
  });

  it('refuses fields it does not know', async () => {
    const user = await signedInUser(t);
    const res = await patchMe(user, { plan: 'enterprise' });
    expect(res.statusCode).toBe(400);
  });

  it('takes the zone a sign-up sends (the browser’s), ignoring an unknown one', async () => {
    const signUp = async (email: string, timezone: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/signup',
        payload: {
          email,
          password: 'Harbor-Lantern-64',
          data: { first_name: 'Maria', last_name: 'Lopez', business_name: 'Lopez Salon', timezone },
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user_metadata).not.toHaveProperty('timezone');
      const verify = await t.app.inject({ url: verifyLinkOf(await waitForMail(t.app, email, /confirm/i)) });
      const token = new URLSearchParams(new URL(verify.headers.location as string).hash.slice(1)).get(
        'access_token',
      );
      return t.app.inject({ url: '/v1/me', headers: { authorization: `Bearer ${token}` } });
    };
    const berlin = await signUp(`berlin-${Date.now()}@example.com`, 'Europe/Berlin');
    expect(berlin.json()).toMatchObject({ timezone: 'Europe/Berlin', first_name: 'Maria' });
    const nowhere = await signUp(`nowhere-${Date.now()}@example.com`, 'Nowhere/Special');
    expect(nowhere.json().timezone).toBe('America/New_York');
  });
});

describe('the first-run checklist', () => {
  it('starts with nothing done and follows the account’s own data, step by step', async () => {
    const user = await signedInUser(t);
    const neighbour = await signedInUser(t);
    const first = (await dashboard(user)).onboarding;
    expect(first).toEqual({
      steps: [
        { id: 'profile', done: false },
        { id: 'contacts', done: false },
        { id: 'script', done: false },
        { id: 'test_call', done: false },
        { id: 'upgrade', done: false },
      ],
      done: 0,
      total: 5,
      hidden: false,
    });

    // Saving the profile (even without a change of zone) completes the first step.
    expect((await patchMe(user, {})).statusCode).toBe(200);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: user.headers, payload });
    expect(
      (
        await post('/v1/contacts', {
          name: 'Ann Lee',
          phone: '+12025550100',
          email: 'ann@example.com',
          company: 'Lee',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await post('/v1/scripts', { title: 'Reminder', content: 'Hello {{name}}', category: 'Reminder' }))
        .statusCode,
    ).toBe(201);
    expect(doneSteps((await dashboard(user)).onboarding)).toEqual(['profile', 'contacts', 'script']);

    // The test call is one that completed to your own number: one to somebody else, or one still waiting, is not.
    await seedCall(t.database.db, user.accountId, { status: 'completed', phone: '+12025550100' });
    await seedCall(t.database.db, user.accountId, { status: 'scheduled', phone: '+12025550143' });
    expect((await dashboard(user)).onboarding.done).toBe(3);
    expect((await patchMe(user, { phone_number: '+1 202 555 0143' })).statusCode).toBe(200);
    expect((await dashboard(user)).onboarding.done).toBe(3);
    // Another account's person with that number does not make it a test call here, nor this one there.
    expect((await patchMe(neighbour, { phone_number: '+12025550100' })).statusCode).toBe(200);
    expect((await dashboard(user)).onboarding.done).toBe(3);
    await seedCall(t.database.db, user.accountId, { status: 'completed', phone: '+12025550143' });
    await t.database.executeSql('UPDATE accounts SET plan = $1 WHERE id = $2', ['starter', user.accountId]);
    expect((await dashboard(user)).onboarding).toMatchObject({ done: 5, total: 5, hidden: false });

    // Nothing of it shows in another account (whose profile was saved: one step).
    expect(doneSteps((await dashboard(neighbour)).onboarding)).toEqual(['profile']);
  });

  it('hides for the whole account and shows again', async () => {
    const user = await signedInUser(t);
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/v1/dashboard/onboarding', headers: user.headers, payload });
    const hidden = await patch({ hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ hidden: true, done: 0, total: 5 });
    expect((await dashboard(user)).onboarding.hidden).toBe(true);
    expect((await patch({ hidden: 'yes' })).statusCode).toBe(400);
    expect((await patch({ hidden: false })).json().hidden).toBe(false);
    expect((await dashboard(user)).onboarding.hidden).toBe(false);
  });
});
