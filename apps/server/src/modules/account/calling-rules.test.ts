import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createApiKey, signedInUser, type TestApp } from '../../../test/helper.ts';

/** The account's calling rules through HTTP: defaults, changes, and every refusal with its message. */
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (user: User) => t.app.inject({ url: '/v1/account/calling-rules', headers: user.headers });
const patch = (user: User, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/v1/account/calling-rules', headers: user.headers, payload });

describe('GET /v1/account/calling-rules', () => {
  it('starts with 08:00–21:00, two calls a day and the standard disclosure', async () => {
    const user = await signedInUser(t);
    const res = await get(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      calling_window_start: '08:00',
      calling_window_end: '21:00',
      daily_call_cap: 2,
      disclosure: 'This is an automated call from {{business_name}}.',
      business_name: expect.stringMatching(/^Business \d+$/),
    });
  });

  it('needs a signed-in session (an API key gets 403)', async () => {
    const user = await signedInUser(t, { plan: 'professional' });
    const key = await createApiKey(t, user);
    const res = await t.app.inject({ url: '/v1/account/calling-rules', headers: key.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('session_required');
  });
});

describe('PATCH /v1/account/calling-rules', () => {
  it('narrows the window, changes the cap and the wording, and keeps what is not given', async () => {
    const user = await signedInUser(t);
    const neighbour = await signedInUser(t);
    const res = await patch(user, {
      calling_window_start: '09:30',
      calling_window_end: '18:00',
      daily_call_cap: 1,
      disclosure: '  Hello! This is an automated call from {{business_name}}.  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      calling_window_start: '09:30',
      calling_window_end: '18:00',
      daily_call_cap: 1,
      disclosure: 'Hello! This is an automated call from {{business_name}}.',
    });
    const only = await patch(user, { daily_call_cap: 10 });
    expect(only.json()).toMatchObject({
      calling_window_start: '09:30',
      calling_window_end: '18:00',
      daily_call_cap: 10,
    });
    expect((await get(user)).json()).toEqual(only.json());
    // Another account's rules are its own.
    expect((await get(neighbour)).json()).toMatchObject({ calling_window_start: '08:00', daily_call_cap: 2 });
    // The full legal window is allowed again.
    const widest = await patch(user, { calling_window_start: '08:00', calling_window_end: '21:00' });
    expect(widest.json()).toMatchObject({ calling_window_start: '08:00', calling_window_end: '21:00' });
  });

  it.each([
    [
      { calling_window_start: '07:30' },
      'calling_window_start',
      'Calls cannot start before 08:00 in the recipient’s time. You can only narrow the window.',
    ],
    [
      { calling_window_end: '21:30' },
      'calling_window_end',
      'Calls cannot go on after 21:00 in the recipient’s time. You can only narrow the window.',
    ],
    [
      { calling_window_start: '9:00' },
      'calling_window_start',
      'Enter a time as HH:MM on a 24-hour clock, e.g. 09:00.',
    ],
    [
      { calling_window_end: '25:00' },
      'calling_window_end',
      'Enter a time as HH:MM on a 24-hour clock, e.g. 09:00.',
    ],
    [
      { calling_window_start: '17:00', calling_window_end: '10:00' },
      'calling_window_end',
      'The window must end after it starts.',
    ],
    [
      { calling_window_start: '12:00', calling_window_end: '12:00' },
      'calling_window_end',
      'The window must end after it starts.',
    ],
    [{ daily_call_cap: 0 }, 'daily_call_cap', 'Allow between 1 and 10 calls per day.'],
    [{ daily_call_cap: 11 }, 'daily_call_cap', 'Allow between 1 and 10 calls per day.'],
    [{ daily_call_cap: 2.5 }, 'daily_call_cap', 'Enter a whole number of calls.'],
    [{ daily_call_cap: '3' }, 'daily_call_cap', 'Enter a whole number of calls.'],
    [
      { disclosure: 'This is an automated call.' },
      'disclosure',
      'Keep {{business_name}} in the disclosure: every call must say which business is calling.',
    ],
    [
      { disclosure: 'Automated call from {{ business_name }}.' },
      'disclosure',
      'Keep {{business_name}} in the disclosure: every call must say which business is calling.',
    ],
    [
      { disclosure: 'Hi {{name}}, this is an automated call from {{business_name}}.' },
      'disclosure',
      'The disclosure can only use {{business_name}}, not {{name}}.',
    ],
    [
      { disclosure: 'Hi there' },
      'disclosure',
      'Write at least 10 characters, e.g. “This is an automated call from {{business_name}}.”',
    ],
    [
      { disclosure: `{{business_name}} ${'x'.repeat(200)}` },
      'disclosure',
      'Keep the disclosure to 200 characters or fewer.',
    ],
  ])('refuses %j, saying why', async (body, field, message) => {
    const user = await signedInUser(t);
    const res = await patch(user, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'validation_failed',
      message: `${field}: ${message}`,
      details: [{ field, message }],
    });
    // Nothing changed.
    expect((await get(user)).json()).toMatchObject({
      calling_window_start: '08:00',
      calling_window_end: '21:00',
      daily_call_cap: 2,
      disclosure: 'This is an automated call from {{business_name}}.',
    });
  });

  it('checks one end of the window against the saved other end', async () => {
    const user = await signedInUser(t);
    expect((await patch(user, { calling_window_end: '12:00' })).statusCode).toBe(200);
    const res = await patch(user, { calling_window_start: '13:00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: 'calling_window_end', message: 'The window must end after it starts.' },
    ]);
    expect((await get(user)).json()).toMatchObject({
      calling_window_start: '08:00',
      calling_window_end: '12:00',
    });
  });

  it('lists every invalid field at once, and refuses fields it does not know', async () => {
    const user = await signedInUser(t);
    const res = await patch(user, { calling_window_start: '06:00', daily_call_cap: 50, disclosure: 'short' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .error.details.map((problem: { field: string }) => problem.field)
        .sort(),
    ).toEqual(['calling_window_start', 'daily_call_cap', 'disclosure']);
    const unknown = await patch(user, { timezone: 'UTC' });
    expect(unknown.statusCode).toBe(400);
  });
});
