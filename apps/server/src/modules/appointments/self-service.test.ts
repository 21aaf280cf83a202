import { isAppPath } from '@callwise/shared/routes';
import { SELF_SERVICE_RATE_LIMIT } from '@callwise/shared/schemas/self-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMaria } from '../../../test/customers.ts';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';
import { SELF_SERVICE_MESSAGES } from './self-service.routes.ts';
import { SELF_SERVICE_PATH, SelfServiceLinks } from './self-service-link.ts';

/**
 * The customer's self-service page through HTTP (issue #17): the signed link shows the appointment and confirms,
 * cancels or moves it to an open slot through the same service as the owner's API (reminders follow); forged
 * links answer 404, expired ones 410, a started appointment refuses changes, and the routes are rate-limited.
 */
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let owner: User;
let contactId: string;

const HOUR = 60 * 60_000;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInUser(t, { plan: 'professional' });
  contactId = await addContact(owner, '+12025550143');
});
afterAll(async () => {
  await t.close();
});

async function addContact(user: User, phone: string): Promise<string> {
  return (await addMaria(t, user, { phone, consent: 'informational' })).id;
}

interface Booked {
  id: string;
  starts_at: string;
  self_service_url: string;
}

/** Each test its own staff member, so that their slots never meet. */
let staffCounter = 0;
async function book(user: User, contact: string, startsAt: Date, staff = `Staff ${++staffCounter}`) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/appointments',
    headers: user.headers,
    payload: {
      contact_id: contact,
      starts_at: startsAt.toISOString(),
      duration_minutes: 30,
      service: 'Cleaning',
      staff,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Booked;
}

const tokenOf = (url: string) => {
  const prefix = `${t.config.PUBLIC_URL}${SELF_SERVICE_PATH}/`;
  expect(url.startsWith(prefix)).toBe(true);
  return url.slice(prefix.length);
};

/** Each test its own client address, so that the rate limit counts only its requests. */
let ipCounter = 0;
const nextIp = () => `203.0.113.${++ipCounter}`;

const customer = (ip: string) => ({
  get: (path: string) => t.app.inject({ method: 'GET', url: `/v1/self-service/${path}`, remoteAddress: ip }),
  post: (path: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/self-service/${path}`,
      remoteAddress: ip,
      ...(payload ? { payload } : {}),
    }),
});

async function remindersOf(appointmentId: string): Promise<string[]> {
  const result = await t.database.executeSql(
    `SELECT status FROM calls WHERE appointment_id = $1 AND reminder_minutes_before IS NOT NULL ORDER BY scheduled_at`,
    [appointmentId],
  );
  return (result.rows as Array<{ status: string }>).map((row) => row.status);
}

const inDays = (days: number) => new Date(Math.ceil((Date.now() + days * 24 * HOUR) / HOUR) * HOUR);

describe('the customer’s page of an appointment', () => {
  it('shows the appointment with the business’s time zone and the first name only; the owner gets the link', async () => {
    const booked = await book(owner, contactId, inDays(3));
    const token = tokenOf(booked.self_service_url);
    const res = await customer(nextIp()).get(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      token,
      business_name: expect.any(String),
      first_name: 'Maria',
      service: 'Cleaning',
      staff: expect.stringMatching(/^Staff /),
      location: null,
      starts_at: booked.starts_at,
      ends_at: new Date(Date.parse(booked.starts_at) + 30 * 60_000).toISOString(),
      duration_minutes: 30,
      timezone: 'America/New_York',
      status: 'scheduled',
      actions: { confirm: true, cancel: true, reschedule: true },
      closed_reason: null,
    });
    // Nothing else of the customer's: no last name, phone, e-mail or notes.
    expect(res.body).not.toMatch(/Garcia|2025550143|maria@|contact_id/);
    // The link's address is a page of the web app (the server answers it with the app, status 200).
    expect(isAppPath(new URL(booked.self_service_url).pathname)).toBe(true);
  });

  it('confirms: its waiting reminders are cancelled with it', async () => {
    // Its own contact: the daily call cap would leave out a second reminder the same day for one person.
    const booked = await book(owner, await addContact(owner, '+12025550188'), inDays(3));
    expect(await remindersOf(booked.id)).toContain('scheduled');
    const ip = nextIp();
    const res = await customer(ip).post(`${tokenOf(booked.self_service_url)}/confirm`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'confirmed',
      actions: { confirm: false, cancel: true, reschedule: true },
    });
    expect((await remindersOf(booked.id)).every((status) => status === 'canceled')).toBe(true);
    const owners = await t.app.inject({ url: `/v1/appointments/${booked.id}`, headers: owner.headers });
    expect(owners.json().status).toBe('confirmed');
    // Confirming again changes nothing.
    expect((await customer(ip).post(`${tokenOf(booked.self_service_url)}/confirm`)).statusCode).toBe(200);
  });

  it('cancels; a cancelled one can no longer be confirmed or moved', async () => {
    const booked = await book(owner, contactId, inDays(4));
    const token = tokenOf(booked.self_service_url);
    const c = customer(nextIp());
    const res = await c.post(`${token}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      actions: { confirm: false, cancel: false, reschedule: false },
      closed_reason: 'This appointment was cancelled.',
    });
    expect((await remindersOf(booked.id)).every((status) => status === 'canceled')).toBe(true);
    const confirm = await c.post(`${token}/confirm`);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().error.code).toBe('appointment_closed');
    const slots = await c.get(`${token}/slots`);
    expect(slots.statusCode).toBe(409);
    expect(slots.json().error.message).toBe('This appointment was cancelled.');
  });

  it('moves it to an open slot, confirmed; the old link shows the new one', async () => {
    const booked = await book(owner, contactId, inDays(5));
    const token = tokenOf(booked.self_service_url);
    const c = customer(nextIp());
    const slots = await c.get(`${token}/slots`);
    expect(slots.statusCode, slots.body).toBe(200);
    const body = slots.json() as {
      timezone: string;
      duration_minutes: number;
      slots: Array<{ starts_at: string }>;
    };
    expect(body.timezone).toBe('America/New_York');
    expect(body.duration_minutes).toBe(30);
    expect(body.slots.length).toBeGreaterThan(0);
    // Within the next 14 days, not at the appointment's own time.
    for (const slot of body.slots) {
      expect(Date.parse(slot.starts_at)).toBeGreaterThan(Date.now());
      expect(Date.parse(slot.starts_at)).toBeLessThan(Date.now() + 14 * 24 * HOUR);
    }
    expect(body.slots.map((slot) => slot.starts_at)).not.toContain(booked.starts_at);

    const chosen = body.slots[0]?.starts_at ?? '';
    const moved = await c.post(`${token}/reschedule`, { starts_at: chosen });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ starts_at: chosen, status: 'confirmed' });
    expect(moved.json().token).not.toBe(token);

    const old = await t.app.inject({ url: `/v1/appointments/${booked.id}`, headers: owner.headers });
    expect(old.json()).toMatchObject({ status: 'rescheduled' });
    const created = await t.app.inject({
      url: `/v1/appointments/${old.json().rescheduled_to}`,
      headers: owner.headers,
    });
    expect(created.json()).toMatchObject({
      starts_at: chosen,
      status: 'confirmed',
      rescheduled_from: booked.id,
    });
    expect((await remindersOf(booked.id)).every((status) => status === 'canceled')).toBe(true);
    expect(await remindersOf(created.json().id)).toEqual([]);

    // The old link follows the move; the new token works too.
    const viaOld = await c.get(token);
    expect(viaOld.json()).toMatchObject({
      starts_at: chosen,
      status: 'confirmed',
      token: moved.json().token,
    });
    expect((await c.get(moved.json().token)).json().starts_at).toBe(chosen);
  });

  it('answers 409 for a time taken meanwhile, and changes nothing', async () => {
    const staff = 'Dr. Taken';
    const booked = await book(owner, contactId, inDays(6), staff);
    const token = tokenOf(booked.self_service_url);
    const c = customer(nextIp());
    const chosen = (await c.get(`${token}/slots`)).json().slots[0].starts_at as string;
    // Someone else books that time with the same staff member first.
    await book(owner, contactId, new Date(chosen), staff);
    const res = await c.post(`${token}/reschedule`, { starts_at: chosen });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'slot_taken', message: SELF_SERVICE_MESSAGES.slotGone });
    const still = await c.get(token);
    expect(still.json()).toMatchObject({ starts_at: booked.starts_at, status: 'scheduled' });
    // A time that was never open (outside the next 14 days) is refused the same way.
    const far = await c.post(`${token}/reschedule`, { starts_at: inDays(40).toISOString() });
    expect(far.statusCode).toBe(409);
  });

  it('answers 400 naming the field for bad input', async () => {
    const booked = await book(owner, contactId, inDays(3));
    const token = tokenOf(booked.self_service_url);
    const c = customer(nextIp());
    const bad = await c.post(`${token}/reschedule`, { starts_at: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
    expect(bad.json().error.details).toEqual([expect.objectContaining({ field: 'starts_at' })]);
    const missing = await c.post(`${token}/reschedule`, {});
    expect(missing.statusCode).toBe(400);
    const query = await c.get(`${token}/slots?from=soon`);
    expect(query.statusCode).toBe(400);
    expect(query.json().error.details).toEqual([expect.objectContaining({ field: 'from' })]);
  });

  it('refuses changes once the appointment has started, naming why', async () => {
    const booked = await book(owner, contactId, new Date(Date.now() - HOUR));
    const token = tokenOf(booked.self_service_url);
    const c = customer(nextIp());
    const res = await c.get(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      actions: { confirm: false, cancel: false, reschedule: false },
      closed_reason: SELF_SERVICE_MESSAGES.started,
    });
    for (const action of ['confirm', 'cancel']) {
      const refused = await c.post(`${token}/${action}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({
        code: 'appointment_started',
        message: SELF_SERVICE_MESSAGES.started,
      });
    }
    expect((await c.post(`${token}/reschedule`, { starts_at: inDays(2).toISOString() })).statusCode).toBe(
      409,
    );
    expect(
      (await t.app.inject({ url: `/v1/appointments/${booked.id}`, headers: owner.headers })).json().status,
    ).toBe('scheduled');
  });
});

describe('links that do not open it', () => {
  it('answers 404 for a forged or garbled token, and for another account’s appointment under a borrowed signature', async () => {
    const booked = await book(owner, contactId, inDays(3));
    const token = tokenOf(booked.self_service_url);
    const c = customer(nextIp());
    const [id, expires, signature = ''] = token.split('.');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      `${id}.${expires}.${flipped}`,
      `${id}.${Number(expires) + 86400}.${signature}`,
      'nonsense',
    ]) {
      const res = await c.get(forged);
      expect(res.statusCode, forged).toBe(404);
      expect(res.json().error).toEqual({ code: 'not_found', message: SELF_SERVICE_MESSAGES.invalid });
      expect((await c.post(`${forged}/cancel`)).statusCode).toBe(404);
    }

    // Another account's appointment cannot be reached with this account's signature.
    const other = await signedInUser(t, { plan: 'professional' });
    const theirs = await book(other, await addContact(other, '+12025550177'), inDays(3));
    const borrowed = `${theirs.id}.${expires}.${signature}`;
    expect((await c.get(borrowed)).statusCode).toBe(404);
    expect((await c.post(`${borrowed}/cancel`)).statusCode).toBe(404);
    const still = await t.app.inject({ url: `/v1/appointments/${theirs.id}`, headers: other.headers });
    expect(still.json().status).toBe('scheduled');
  });

  it('answers 410 for an expired link (a day after the start)', async () => {
    const booked = await book(owner, contactId, new Date(Date.now() - 25 * HOUR));
    const c = customer(nextIp());
    const res = await c.get(tokenOf(booked.self_service_url));
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toEqual({ code: 'link_expired', message: SELF_SERVICE_MESSAGES.expired });
    // A link checked with a clock past its expiry is expired too, and a signed one from another secret is forged.
    const future = new Date(Date.now() + 30 * 24 * HOUR).getTime();
    const links = new SelfServiceLinks({ secret: t.config.JWT_SECRET, publicUrl: '', now: () => future });
    const fresh = await book(owner, contactId, inDays(3));
    expect(links.verify(tokenOf(fresh.self_service_url))).toEqual({ ok: false, reason: 'expired' });
    const stranger = new SelfServiceLinks({
      secret: 'another-secret-another-secret-0123456789',
      publicUrl: '',
    });
    const foreign = stranger.token({ id: fresh.id, startsAt: new Date(fresh.starts_at) });
    expect((await c.get(foreign)).statusCode).toBe(404);
  });

  it(`allows ${SELF_SERVICE_RATE_LIMIT.limit} requests a minute per client address, then 429 with Retry-After`, async () => {
    const booked = await book(owner, contactId, inDays(3));
    const token = tokenOf(booked.self_service_url);
    const ip = nextIp();
    for (let i = 0; i < SELF_SERVICE_RATE_LIMIT.limit; i += 1) {
      expect((await customer(ip).get(i % 2 === 0 ? token : 'nonsense')).statusCode).not.toBe(429);
    }
    const limited = await customer(ip).get(token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await customer(ip).post(`${token}/confirm`)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await customer(nextIp()).get(token)).statusCode).toBe(200);
  });
});
