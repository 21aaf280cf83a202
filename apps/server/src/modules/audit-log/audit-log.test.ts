import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createApiKey,
  signedInUser,
  type TestApp,
  verifyLinkOf,
  waitForMail,
} from '../../../test/helper.ts';

let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const send = (who: { headers: Record<string, string> }, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: '203.0.113.7',
  });

async function log(who: User, query = '') {
  const res = await send(who, 'GET', `/v1/audit-log${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: Array<{ action: string; summary: string; actor: string; actor_type: string; ip: string | null }>;
    next_cursor: string | null;
  };
}

describe('the audit log', () => {
  it('records who did what through the API, newest first, and nothing for a request that failed', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const key = await createApiKey(t, owner, 'Zapier');
    const keyId = (await send(owner, 'GET', '/v1/api-keys')).json().data[0].id;

    expect(
      (
        await send(owner, 'PATCH', '/v1/account/calling-rules', {
          calling_window_start: '09:00',
          daily_call_cap: 3,
        })
      ).statusCode,
    ).toBe(200);
    // Unchanged rules are no event.
    expect((await send(owner, 'PATCH', '/v1/account/calling-rules', { daily_call_cap: 3 })).statusCode).toBe(
      200,
    );
    expect((await send(owner, 'PATCH', '/v1/billing/budget', { monthly_budget_usd: 250 })).statusCode).toBe(
      200,
    );
    expect((await send(owner, 'POST', '/v1/billing/plan', { plan: 'enterprise' })).statusCode).toBe(200);

    const contact = (
      await send(owner, 'POST', '/v1/contacts', {
        name: 'Maria Garcia',
        phone: '+12025550143',
        email: 'maria@example.com',
        company: 'Garcia Bakery',
      })
    ).json();
    for (const phone of ['+12025550144', '+12025550145']) {
      await send(owner, 'POST', '/v1/contacts', {
        name: 'Bulk Person',
        phone,
        email: 'bulk@example.com',
        company: 'Bulk Co',
      });
    }
    expect((await send(owner, 'DELETE', `/v1/contacts/${contact.id}`)).statusCode).toBe(204);
    const bulk = await send(owner, 'POST', '/v1/contacts/bulk', { filter: { q: 'Bulk' }, action: 'delete' });
    expect(bulk.json()).toMatchObject({ changed: 2 });
    // The API key exports the contacts: the key is who did it.
    const exported = await t.app.inject({
      url: '/v1/contacts/export.csv',
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(exported.statusCode).toBe(200);
    expect((await send(owner, 'DELETE', `/v1/api-keys/${keyId}`)).statusCode).toBe(204);

    // Failed requests record nothing: an unknown key, a contact already gone, a refused plan.
    expect((await send(owner, 'DELETE', `/v1/api-keys/${keyId}`)).statusCode).toBe(404);
    expect((await send(owner, 'DELETE', `/v1/contacts/${contact.id}`)).statusCode).toBe(404);
    expect((await send(owner, 'PATCH', '/v1/account/calling-rules', { daily_call_cap: 99 })).statusCode).toBe(
      400,
    );

    const { data } = await log(owner);
    expect(data.map((event) => [event.action, event.summary])).toEqual([
      ['api_key.revoked', 'Revoked the API key “Zapier”'],
      ['data.exported', 'Downloaded the contacts as CSV'],
      ['contacts.deleted', 'Deleted 2 contacts'],
      ['contacts.deleted', 'Deleted the contact “Maria Garcia”'],
      ['plan.changed', 'Changed the plan from Professional to Enterprise'],
      ['budget.changed', 'Set the monthly budget to $250.00'],
      ['calling_rules.changed', 'Changed the calling rules: calling hours, calls per contact per day'],
      ['api_key.created', 'Created the API key “Zapier”'],
      ['session.signed_in', 'Signed in with the password'],
    ]);
    expect(data[1]).toMatchObject({ actor_type: 'api_key', actor: 'Zapier' });
    expect(data[0]).toMatchObject({ actor_type: 'user', actor: owner.email, ip: '203.0.113.7' });

    // One kind; pages.
    expect((await log(owner, '?action=api_key.created')).data.map((event) => event.summary)).toEqual([
      'Created the API key “Zapier”',
    ]);
    const first = await log(owner, '?limit=4');
    expect(first.data).toHaveLength(4);
    const second = await log(owner, `?limit=5&cursor=${encodeURIComponent(first.next_cursor ?? '')}`);
    expect([...first.data, ...second.data].map((event) => event.summary)).toEqual(data.map((e) => e.summary));
    expect(second.next_cursor).toBeNull();
    expect((await send(owner, 'GET', '/v1/audit-log?action=coffee.made')).statusCode).toBe(400);
  });

  it('keeps each account to its own, refuses API keys, and downloads as CSV (the download recorded)', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const stranger = await signedInUser(t, { plan: 'professional' });
    await send(owner, 'PATCH', '/v1/billing/budget', { monthly_budget_usd: null });
    expect((await log(stranger)).data.map((event) => event.action)).toEqual(['session.signed_in']);

    const key = await createApiKey(t, owner);
    const byKey = await t.app.inject({
      url: '/v1/audit-log',
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().error.code).toBe('session_required');

    const csv = await send(owner, 'GET', '/v1/audit-log/export.csv');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('created_at,actor,actor_type,action,summary,target_type,target_id,ip');
    expect(lines.slice(1).map((line) => line.split(',')[3])).toEqual([
      'api_key.created',
      'budget.changed',
      'session.signed_in',
    ]);
    expect(lines[2]).toContain('Removed the monthly budget');
    expect((await log(owner)).data[0]).toMatchObject({
      action: 'data.exported',
      summary: 'Downloaded the audit log as CSV',
    });
  });

  it('records password and e-mail changes and two-factor sign-in turned on and off', async () => {
    const owner = await signedInUser(t);
    const auth = (method: string, url: string, payload?: unknown) =>
      send(owner, method, `/auth/v1${url}`, payload);
    expect(
      (
        await auth('PUT', '/user', {
          password: 'Brand-New-Lantern-77',
          current_password: 'Harbor-Lantern-64',
        })
      ).statusCode,
    ).toBe(200);
    expect((await auth('PUT', '/user', { email: `new-${owner.email}` })).statusCode).toBe(200);
    // A profile change alone is no event.
    expect((await auth('PUT', '/user', { data: { first_name: 'Dana' } })).statusCode).toBe(200);

    const factor = (
      await auth('POST', '/factors', { factor_type: 'totp', friendly_name: 'Work phone' })
    ).json();
    const challenge = (await auth('POST', `/factors/${factor.id}/challenge`, {})).json();
    const code = await generate({ secret: factor.totp.secret });
    const verified = await auth('POST', `/factors/${factor.id}/verify`, { challenge_id: challenge.id, code });
    expect(verified.statusCode).toBe(200);
    // The session is aal2 now: its new token.
    owner.headers = { authorization: `Bearer ${verified.json().access_token}` };
    expect((await auth('POST', '/recovery_codes')).statusCode).toBe(200);
    expect((await auth('DELETE', `/factors/${factor.id}`)).statusCode).toBe(200);

    expect((await log(owner)).data.map((event) => event.summary)).toEqual([
      'Removed “Work phone” from two-factor sign-in',
      'Created new recovery codes',
      'Turned on two-factor sign-in with “Work phone”',
      `Asked to change the e-mail address to new-${owner.email}`,
      'Changed the password',
      'Signed in with the password',
    ]);
  });

  it('records a sign-in through an e-mail link (sign-up’s confirmation, a password reset)', async () => {
    const email = `linked-${Date.now()}@example.com`;
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email, password: 'Harbor-Lantern-64', data: { first_name: 'Lee' } },
    });
    expect(signUp.statusCode).toBe(200);
    const link = new URL(verifyLinkOf(await waitForMail(t.app, email, /Confirm/)));
    const followed = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(followed.statusCode).toBe(303);
    const token = new URLSearchParams(String(followed.headers.location).split('#')[1]).get('access_token');
    const events = await log({ headers: { authorization: `Bearer ${token}` } } as User);
    expect(events.data.map((event) => [event.action, event.summary, event.actor])).toEqual([
      ['session.signed_in', 'Signed in with the link confirming the e-mail address', email],
    ]);
  });
});
