import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createApiKey,
  signedInMember,
  signedInUser,
  type TestApp,
  waitForMail,
} from '../../../test/helper.ts';
import { INVITATION_RATE_LIMIT } from './invitation.routes.ts';

let t: TestApp;
type Caller = { headers: Record<string, string> };

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

let ip = 0;
const send = (who: Caller | null, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: who?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
    // The invitation's page is rate-limited per address: each request its own.
    remoteAddress: `198.51.${Math.floor(++ip / 250) % 250}.${ip % 250}`,
  });

/** Invites an address through the API and returns the token of the link e-mailed to it. */
async function invite(who: Caller, email: string, role: string) {
  const res = await send(who, 'POST', '/v1/invitations', { email, role });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await waitForMail(t.app, email, /invited to join/);
  const token = /\/invite\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation link in ${mail.text}`);
  return { id: res.json().id as string, token, mail };
}

const accept = (token: string, password = 'Quiet-Harbor-Lamp-19') =>
  send(null, 'POST', '/v1/invitation/accept', { token, password, first_name: 'Rosa', last_name: 'Diaz' });

describe('invitations', () => {
  it('lets the invitee join with the invited role, once, and records both in the audit log', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const email = `rosa-${Date.now()}@example.com`;
    const { token, mail } = await invite(owner, email, 'staff');
    expect(mail.subject).toMatch(/^You're invited to join Business \d+ on Callwise$/);
    expect(mail.text).toContain('as staff');

    const preview = await send(null, 'GET', `/v1/invitation?token=${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ email, role: 'staff', invited_by: 'Test Owner' });

    const weak = await accept(token, 'password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.details[0].field).toBe('password');

    const joined = await accept(token);
    expect(joined.statusCode, joined.body).toBe(200);
    const session = joined.json() as { access_token: string; user: { id: string; email: string } };
    expect(session.user.email).toBe(email);
    const member = { headers: { authorization: `Bearer ${session.access_token}` } };
    const me = (await send(member, 'GET', '/v1/me')).json();
    expect(me).toMatchObject({ email, role: 'staff', account: { id: owner.accountId }, first_name: 'Rosa' });

    // The link works once.
    expect((await accept(token)).json().error.code).toBe('invitation_invalid');
    expect((await send(null, 'GET', `/v1/invitation?token=${token}`)).statusCode).toBe(404);

    const members = (await send(member, 'GET', '/v1/members')).json();
    expect(members.data.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [email, 'staff'],
    ]);
    expect(members.data[1].is_you).toBe(true);
    expect((await send(owner, 'GET', '/v1/invitations')).json().data).toEqual([]);

    const log = (await send(owner, 'GET', '/v1/audit-log')).json().data as Array<{
      action: string;
      actor: string;
    }>;
    expect(log.slice(0, 2).map((e) => [e.action, e.actor])).toEqual([
      ['member.joined', email],
      ['member.invited', owner.email],
    ]);
  });

  it('replaces the link when sent again, stops it when revoked, and refuses it when expired', async () => {
    const owner = await signedInUser(t);
    const email = `sam-${Date.now()}@example.com`;
    const first = await invite(owner, email, 'admin');
    expect((await send(owner, 'POST', '/v1/invitations', { email, role: 'admin' })).json().error.code).toBe(
      'already_member',
    );
    const resent = await send(owner, 'POST', `/v1/invitations/${first.id}/resend`);
    expect(resent.statusCode).toBe(200);
    // The new link's e-mail is a job: wait for it.
    const tokensSent = async () =>
      ((await t.app.inject('/_dev/mail.json')).json() as Array<{ to: string; text: string }>)
        .filter((m) => m.to === email)
        .map((m) => /\/invite\?token=([\w-]+)/.exec(m.text)?.[1]);
    let tokens = await tokensSent();
    for (let tries = 0; tokens.length < 2 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      tokens = await tokensSent();
    }
    expect(tokens).toHaveLength(2);
    const second = tokens.find((token) => token !== first.token) as string;
    expect((await send(null, 'GET', `/v1/invitation?token=${first.token}`)).statusCode).toBe(404);
    expect((await send(null, 'GET', `/v1/invitation?token=${second}`)).statusCode).toBe(200);

    await t.database.executeSql(
      "UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = $1",
      [first.id],
    );
    expect((await send(null, 'GET', `/v1/invitation?token=${second}`)).json().error.code).toBe(
      'link_expired',
    );
    expect((await accept(second)).statusCode).toBe(410);

    expect((await send(owner, 'DELETE', `/v1/invitations/${first.id}`)).statusCode).toBe(204);
    expect((await send(owner, 'GET', '/v1/invitations')).json().data).toEqual([]);
    expect((await accept(second)).json().error.code).toBe('invitation_invalid');
    expect((await send(owner, 'DELETE', `/v1/invitations/${first.id}`)).statusCode).toBe(404);
  });

  it('refuses an address that already signs in, and owners invited by an admin', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const taken = await send(owner, 'POST', '/v1/invitations', {
      email: other.email.toUpperCase(),
      role: 'staff',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('already_member');
    const admin = await signedInMember(t, owner.accountId, 'admin');
    const res = await send(admin, 'POST', '/v1/invitations', { email: 'boss@example.com', role: 'owner' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden_role');
    const bad = await send(admin, 'POST', '/v1/invitations', { email: 'not-an-address', role: 'staff' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('email');
  });

  it('keeps another account’s invitations and members out of reach', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const { id } = await invite(a, `ines-${Date.now()}@example.com`, 'staff');
    const staff = await signedInMember(t, a.accountId, 'staff');
    expect((await send(b, 'DELETE', `/v1/invitations/${id}`)).statusCode).toBe(404);
    expect((await send(b, 'POST', `/v1/invitations/${id}/resend`)).statusCode).toBe(404);
    expect((await send(b, 'PATCH', `/v1/members/${staff.userId}`, { role: 'admin' })).statusCode).toBe(404);
    expect((await send(b, 'DELETE', `/v1/members/${staff.userId}`)).statusCode).toBe(404);
    expect((await send(b, 'POST', `/v1/members/${staff.userId}/transfer-ownership`)).statusCode).toBe(404);
    expect((await send(b, 'GET', '/v1/members')).json().data).toHaveLength(1);
  });
});

describe('the invitation page’s rate limit', () => {
  it('answers 429 to the 31st request of a minute from one address, on both routes, and not to another address', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const { token } = await invite(owner, `limit-${Date.now()}@example.com`, 'staff');
    const from = (address: string, method: 'GET' | 'POST') =>
      t.app.inject({
        method,
        url: method === 'GET' ? `/v1/invitation?token=${token}` : '/v1/invitation/accept',
        ...(method === 'POST'
          ? { payload: { token, password: 'short', first_name: 'R', last_name: 'D' } }
          : {}),
        remoteAddress: address,
      });
    const address = `203.0.113.${Date.now() % 250}`;
    // Both routes count against the address's one budget: 15 looks and 15 refused joins (a password too short).
    for (let i = 0; i < INVITATION_RATE_LIMIT.limit / 2; i++) {
      expect((await from(address, 'GET')).statusCode).toBe(200);
      expect((await from(address, 'POST')).statusCode).toBe(400);
    }
    for (const method of ['GET', 'POST'] as const) {
      const refused = await from(address, method);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('rate_limited');
      expect(refused.json().error.message).toMatch(
        /^Too many requests from this address\. Try again in \d+ seconds\.$/,
      );
    }
    expect((await from('192.0.2.77', 'GET')).statusCode).toBe(200);
    // Nothing was used up: the invitation still lets its invitee join.
    expect((await accept(token)).statusCode).toBe(200);
  });
});

describe('roles', () => {
  it('lets staff do the daily work and nothing of the settings, billing or exports', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const staff = await signedInMember(t, owner.accountId, 'staff');
    const admin = await signedInMember(t, owner.accountId, 'admin');
    const contact = await send(staff, 'POST', '/v1/contacts', {
      name: 'Ana Lima',
      phone: '+12025550180',
      email: 'ana@example.com',
      company: 'Lima Bakery',
    });
    expect(contact.statusCode, contact.body).toBe(201);
    expect((await send(staff, 'GET', '/v1/contacts')).json().data).toHaveLength(1);
    for (const [method, url] of [
      ['GET', '/v1/contacts/export.csv'],
      ['GET', '/v1/api-keys'],
      ['GET', '/v1/audit-log'],
      ['PATCH', '/v1/account/calling-rules'],
      ['GET', '/v1/invitations'],
      ['GET', '/v1/billing'],
    ]) {
      const res = await send(staff, method as string, url as string, method === 'PATCH' ? {} : undefined);
      expect([url, res.statusCode], res.body).toEqual([url, 403]);
      expect(res.json().error).toEqual({
        code: 'forbidden_role',
        message:
          url === '/v1/billing'
            ? 'Your role (staff) does not allow this: ask an owner.'
            : 'Your role (staff) does not allow this: ask an owner or admin.',
        details: { role: 'staff', required: url === '/v1/billing' ? ['owner'] : ['owner', 'admin'] },
      });
    }
    expect((await send(admin, 'GET', '/v1/api-keys')).statusCode).toBe(200);
    expect((await send(admin, 'GET', '/v1/billing')).json().error.details).toEqual({
      role: 'admin',
      required: ['owner'],
    });
    // Their own name, yes; the business's name, no (and nothing of the refused request is kept).
    const rename = await send(staff, 'PUT', '/auth/v1/user', {
      data: { first_name: 'Ana', business_name: 'Mine' },
    });
    expect(rename.statusCode).toBe(403);
    expect((await send(staff, 'GET', '/v1/me')).json().first_name).toBe('Test');
    expect((await send(staff, 'PUT', '/auth/v1/user', { data: { first_name: 'Ana' } })).statusCode).toBe(200);
    // Their own phone number, yes; the business's time zone, no.
    expect((await send(staff, 'PATCH', '/v1/me', { phone_number: '+12025550181' })).statusCode).toBe(200);
    expect((await send(staff, 'PATCH', '/v1/me', { timezone: 'America/Chicago' })).statusCode).toBe(403);
    // An API key acts as an admin.
    const key = await createApiKey(t, admin);
    expect((await send(key, 'GET', '/v1/contacts/export.csv')).statusCode).toBe(200);
  });

  it('applies a new role, and a removal, to open sessions at once', async () => {
    const owner = await signedInUser(t);
    const member = await signedInMember(t, owner.accountId, 'staff');
    expect((await send(member, 'GET', '/v1/api-keys')).statusCode).toBe(403);
    const promoted = await send(owner, 'PATCH', `/v1/members/${member.userId}`, { role: 'admin' });
    expect(promoted.json()).toMatchObject({ role: 'admin', email: member.email });
    expect((await send(member, 'GET', '/v1/api-keys')).statusCode).toBe(200);
    expect((await send(owner, 'DELETE', `/v1/members/${member.userId}`)).statusCode).toBe(204);
    expect((await send(member, 'GET', '/v1/contacts')).statusCode).toBe(401);
    const signIn = await send(null, 'POST', '/auth/v1/token?grant_type=password', {
      email: member.email,
      password: 'Harbor-Lantern-64',
    });
    expect(signIn.statusCode).toBe(400);
    const actions = (await send(owner, 'GET', '/v1/audit-log'))
      .json()
      .data.map((e: { action: string }) => e.action);
    expect(actions.slice(0, 2)).toEqual(['member.removed', 'member.role_changed']);
  });

  it('keeps the owner role for owners to give, and the last owner in place', async () => {
    const owner = await signedInUser(t);
    const admin = await signedInMember(t, owner.accountId, 'admin');
    const staff = await signedInMember(t, owner.accountId, 'staff');
    const code = async (res: Promise<{ json(): { error?: { code: string } }; statusCode: number }>) => {
      const done = await res;
      return done.statusCode === 204 ? 204 : (done.json().error?.code ?? done.statusCode);
    };
    expect(await code(send(admin, 'PATCH', `/v1/members/${staff.userId}`, { role: 'owner' }))).toBe(
      'forbidden_role',
    );
    expect(await code(send(admin, 'PATCH', `/v1/members/${owner.userId}`, { role: 'staff' }))).toBe(
      'forbidden_role',
    );
    expect(await code(send(admin, 'DELETE', `/v1/members/${owner.userId}`))).toBe('forbidden_role');
    expect(await code(send(staff, 'PATCH', `/v1/members/${admin.userId}`, { role: 'staff' }))).toBe(
      'forbidden_role',
    );
    expect(await code(send(staff, 'DELETE', `/v1/members/${admin.userId}`))).toBe('forbidden_role');
    expect(await code(send(owner, 'PATCH', `/v1/members/${owner.userId}`, { role: 'admin' }))).toBe(
      'last_owner',
    );
    expect(await code(send(owner, 'DELETE', `/v1/members/${owner.userId}`))).toBe('last_owner');
    // Staff may leave.
    expect(await code(send(staff, 'DELETE', `/v1/members/${staff.userId}`))).toBe(204);

    // Transfer: the admin becomes the owner, the owner an admin.
    const after = await send(owner, 'POST', `/v1/members/${admin.userId}/transfer-ownership`);
    expect(after.statusCode).toBe(200);
    expect(after.json().data.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [admin.email, 'owner'],
      [owner.email, 'admin'],
    ]);
    expect(await code(send(owner, 'GET', '/v1/billing'))).toBe('forbidden_role');
    expect(await code(send(admin, 'GET', '/v1/billing'))).toBe(200);
    const actions = (await send(admin, 'GET', '/v1/audit-log'))
      .json()
      .data.map((e: { action: string }) => e.action);
    expect(actions.slice(0, 2)).toEqual(['member.ownership_transferred', 'member.left']);
  });

  it('leaves one owner when two owners demote each other at the same moment', async () => {
    const first = await signedInUser(t);
    const second = await signedInMember(t, first.accountId, 'owner');
    const answers = await Promise.all([
      send(first, 'PATCH', `/v1/members/${second.userId}`, { role: 'admin' }),
      send(second, 'PATCH', `/v1/members/${first.userId}`, { role: 'admin' }),
    ]);
    const outcomes = answers.map((res) => res.json().error?.code ?? res.statusCode);
    // The second change was checked after the first committed: either it is refused as the last owner's, or
    // its caller had just lost the owner role.
    expect(outcomes.filter((outcome) => outcome === 200)).toHaveLength(1);
    const { rows } = await t.database.executeSql(
      "SELECT count(*)::int AS n FROM users WHERE account_id = $1 AND role = 'owner'",
      [first.accountId],
    );
    expect(rows[0]?.n).toBe(1);
  });
});

describe('bookable members', () => {
  it('puts a member in the booking settings’ staff list by name, and takes them out of booking', async () => {
    const owner = await signedInUser(t);
    const staff = await signedInMember(t, owner.accountId, 'staff');
    const on = await send(owner, 'PATCH', `/v1/members/${staff.userId}`, { bookable: true });
    expect(on.json()).toMatchObject({ bookable: true, role: 'staff' });
    const settings = async () => (await send(owner, 'GET', '/v1/booking-settings')).json().staff;
    expect(await settings()).toEqual([{ name: 'Test staff', bookable: true, hours: null }]);
    const slots = await send(staff, 'GET', '/v1/availability?staff=Test%20staff');
    expect(slots.statusCode, slots.body).not.toBe(403);
    await send(owner, 'PATCH', `/v1/members/${staff.userId}`, { bookable: false });
    expect(await settings()).toEqual([{ name: 'Test staff', bookable: false, hours: null }]);
    const listed = (await send(staff, 'GET', '/v1/members')).json().data;
    expect(listed.map((m: { bookable: boolean }) => m.bookable)).toEqual([false, false]);
    // Staff do not change who takes bookings.
    expect((await send(staff, 'PATCH', `/v1/members/${staff.userId}`, { bookable: true })).statusCode).toBe(
      403,
    );
    expect((await send(owner, 'PATCH', `/v1/members/${staff.userId}`, {})).statusCode).toBe(400);
  });
});

describe('requiring two-factor sign-in', () => {
  const post = async (url: string, payload: unknown, headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Sets up an authenticator through GoTrue's endpoints; the session it answers is raised to aal2. */
  const secondFactor = async (headers: Record<string, string>) => {
    const factor = await post('/auth/v1/factors', { factor_type: 'totp' }, headers);
    const challenge = await post(`/auth/v1/factors/${factor.id}/challenge`, {}, headers);
    const verified = await post(
      `/auth/v1/factors/${factor.id}/verify`,
      { challenge_id: challenge.id, code: await generate({ secret: factor.totp.secret }) },
      headers,
    );
    return { headers: { authorization: `Bearer ${verified.access_token}` } };
  };

  it('sends a member without a second factor to set one up, and lets them in once they have', async () => {
    const owner = await signedInUser(t);
    const staff = await signedInMember(t, owner.accountId, 'staff');
    const byStaff = await send(staff, 'PUT', '/v1/members/security', { require_two_factor: true });
    expect(byStaff.statusCode).toBe(403);
    // The owner cannot lock themselves out: a second factor of their own first.
    const refused = await send(owner, 'PUT', '/v1/members/security', { require_two_factor: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Set up two-factor sign-in for yourself first (Settings → Security), then require it for everyone.',
    );
    const ownerAal2 = await secondFactor(owner.headers);
    const set = await send(ownerAal2, 'PUT', '/v1/members/security', { require_two_factor: true });
    expect(set.json()).toEqual({ require_two_factor: true });

    // The staff member's open session is told at once.
    const blocked = await send(staff, 'GET', '/v1/contacts');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('mfa_enrollment_required');
    expect((await send(staff, 'GET', '/v1/me')).json()).toMatchObject({
      require_two_factor: true,
      role: 'staff',
    });
    expect((await send(staff, 'GET', '/v1/members')).statusCode).toBe(403);

    const raised = await secondFactor(staff.headers);
    expect((await send(raised, 'GET', '/v1/contacts')).statusCode).toBe(200);
    const members = (await send(ownerAal2, 'GET', '/v1/members')).json();
    expect(members.require_two_factor).toBe(true);
    expect(members.data.find((m: { email: string }) => m.email === staff.email).two_factor).toBe(true);
    const actions = (await send(ownerAal2, 'GET', '/v1/audit-log'))
      .json()
      .data.map((e: { action: string }) => e.action);
    expect(actions).toContain('team.two_factor_requirement_changed');
  });
});
