import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMaria } from '../../../test/customers.ts';
import { buildTestApp, createApiKey, signedInUser, type TestApp } from '../../../test/helper.ts';

/**
 * Appointments through the API (issue #17, first step): booking, the no-overlap guarantee of the database
 * (concurrent bookings of one slot: exactly one wins, on PGlite and on PostgreSQL), confirm / cancel / reschedule,
 * field errors, and account isolation.
 */
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let owner: User;
let contactId: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInUser(t, { plan: 'professional' });
  contactId = await addContact(owner, '+12025550143');
});
afterAll(async () => {
  await t.close();
});

async function addContact(user: User, phone: string): Promise<string> {
  return (await addMaria(t, user, { phone })).id;
}

const book = (user: User, payload: object, headers: Record<string, string> = user.headers) =>
  t.app.inject({ method: 'POST', url: '/v1/appointments', headers, payload });
const post = (user: User, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });

/** A distinct day for each test, so that their slots never meet. */
let day = 0;
const nextDay = () => {
  day += 1;
  return new Date(Date.UTC(2027, 0, day, 15, 0, 0));
};
const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000).toISOString();

describe('booking', () => {
  it('books with the account’s contact and answers the appointment; the session books as manual, a key as api', async () => {
    const base = nextDay();
    const res = await book(owner, {
      contact_id: contactId,
      starts_at: at(base, 0).replace('Z', '+00:00'),
      duration_minutes: 45,
      service: 'Cleaning',
      staff: 'Dr. Patel',
      location: 'Room 2',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      contact_id: contactId,
      starts_at: at(base, 0),
      ends_at: at(base, 45),
      duration_minutes: 45,
      timezone: 'America/New_York',
      service: 'Cleaning',
      staff: 'Dr. Patel',
      location: 'Room 2',
      notes: null,
      source: 'manual',
      status: 'scheduled',
      rescheduled_to: null,
      rescheduled_from: null,
    });
    const got = await t.app.inject({ url: `/v1/appointments/${res.json().id}`, headers: owner.headers });
    expect(got.json()).toEqual(res.json());

    const key = (await createApiKey(t, owner, 'Practice system')).key;
    const viaKey = await book(
      owner,
      { contact_id: contactId, starts_at: at(base, 60), external_id: 'pms-1' },
      { authorization: `Bearer ${key}` },
    );
    expect(viaKey.statusCode).toBe(201);
    expect(viaKey.json()).toMatchObject({
      source: 'api',
      external_id: 'pms-1',
      duration_minutes: 30,
      staff: null,
    });
    const again = await book(
      owner,
      { contact_id: contactId, starts_at: at(base, 120), external_id: 'pms-1' },
      { authorization: `Bearer ${key}` },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('conflict');
  });

  it.each([
    [{ starts_at: '2027-03-01T10:00:00' }, 'starts_at'],
    [{ starts_at: 'tomorrow' }, 'starts_at'],
    [{ duration_minutes: 2 }, 'duration_minutes'],
    [{ duration_minutes: 1441 }, 'duration_minutes'],
    [{ duration_minutes: 30.5 }, 'duration_minutes'],
    [{ contact_id: 'nope' }, 'contact_id'],
    [{ service: 'x'.repeat(201) }, 'service'],
    [{ colour: 'blue' }, ''],
  ])('refuses %j with 400 naming %s, and books nothing', async (change, field) => {
    const before = await t.app.inject({ url: '/v1/appointments?limit=100', headers: owner.headers });
    const res = await book(owner, { contact_id: contactId, starts_at: '2027-03-01T10:00:00Z', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    if (field) expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    const after = await t.app.inject({ url: '/v1/appointments?limit=100', headers: owner.headers });
    expect(after.json().data).toHaveLength(before.json().data.length);
  });

  it('refuses a contact of another account, naming contact_id', async () => {
    const other = await signedInUser(t);
    const theirs = await addContact(other, '+12025550144');
    const res = await book(owner, { contact_id: theirs, starts_at: at(nextDay(), 0) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: 'contact_id', message: 'No contact with this id in your account' },
    ]);
  });
});

describe('one slot, one appointment', () => {
  it('refuses an overlap of the same staff member, not of another, nor a back-to-back one; a cancel frees it', async () => {
    const base = nextDay();
    const first = await book(owner, {
      contact_id: contactId,
      starts_at: at(base, 0),
      duration_minutes: 60,
      staff: 'A',
    });
    expect(first.statusCode).toBe(201);
    const overlap = await book(owner, { contact_id: contactId, starts_at: at(base, 30), staff: 'A' });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error.code).toBe('slot_taken');
    expect(
      (await book(owner, { contact_id: contactId, starts_at: at(base, 30), staff: 'B' })).statusCode,
    ).toBe(201);
    expect(
      (await book(owner, { contact_id: contactId, starts_at: at(base, 60), staff: 'A' })).statusCode,
    ).toBe(201);
    expect(
      (await book(owner, { contact_id: contactId, starts_at: at(base, -30), staff: 'A' })).statusCode,
    ).toBe(201);

    const cancelled = await post(owner, `/v1/appointments/${first.json().id}/cancel`);
    expect(cancelled.json().status).toBe('cancelled');
    expect(
      (await book(owner, { contact_id: contactId, starts_at: at(base, 15), staff: 'A' })).statusCode,
    ).toBe(201);
    // Another account's calendar is its own.
    const other = await signedInUser(t);
    const theirs = await addContact(other, '+12025550145');
    expect((await book(other, { contact_id: theirs, starts_at: at(base, 15), staff: 'A' })).statusCode).toBe(
      201,
    );
  });

  it('of twelve concurrent bookings of one slot, exactly one wins', async () => {
    const base = nextDay();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        book(owner, {
          contact_id: contactId,
          starts_at: at(base, i % 3),
          duration_minutes: 30,
          staff: 'Chair 1',
        }),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, ...Array(11).fill(409)]);
    const held = await t.database.executeSql(
      `SELECT count(*)::int AS n FROM appointments WHERE account_id = $1 AND staff = 'Chair 1'`,
      [owner.accountId],
    );
    expect(held.rows[0]).toEqual({ n: 1 });
  });

  it('a PATCH to a taken time is refused and changes nothing', async () => {
    const base = nextDay();
    const a = (await book(owner, { contact_id: contactId, starts_at: at(base, 0) })).json();
    const b = (await book(owner, { contact_id: contactId, starts_at: at(base, 60) })).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v1/appointments/${b.id}`,
      headers: owner.headers,
      payload: { starts_at: at(base, 15), notes: 'moved up' },
    });
    expect(res.statusCode).toBe(409);
    const still = await t.app.inject({ url: `/v1/appointments/${b.id}`, headers: owner.headers });
    expect(still.json()).toMatchObject({ starts_at: b.starts_at, notes: null });
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/v1/appointments/${a.id}`,
      headers: owner.headers,
      payload: { duration_minutes: 60, notes: 'Longer visit' },
    });
    expect(ok.json()).toMatchObject({ ends_at: at(base, 60), duration_minutes: 60, notes: 'Longer visit' });
  });
});

describe('confirm, cancel, reschedule', () => {
  it('confirms (again: no change), cancels, and refuses to confirm a cancelled one', async () => {
    const id = (await book(owner, { contact_id: contactId, starts_at: at(nextDay(), 0) })).json().id;
    expect((await post(owner, `/v1/appointments/${id}/confirm`)).json().status).toBe('confirmed');
    expect((await post(owner, `/v1/appointments/${id}/confirm`)).json().status).toBe('confirmed');
    expect((await post(owner, `/v1/appointments/${id}/cancel`)).json().status).toBe('cancelled');
    expect((await post(owner, `/v1/appointments/${id}/cancel`)).statusCode).toBe(200);
    const refused = await post(owner, `/v1/appointments/${id}/confirm`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'appointment_closed',
      message: 'This appointment is cancelled: it can no longer be confirmed.',
    });
  });

  it('moves to a free slot (linked both ways, the old slot freed), and refuses a taken one changing nothing', async () => {
    const base = nextDay();
    const old = (
      await book(owner, {
        contact_id: contactId,
        starts_at: at(base, 0),
        duration_minutes: 45,
        service: 'Cleaning',
        staff: 'D',
      })
    ).json();
    const blocker = (
      await book(owner, { contact_id: contactId, starts_at: at(base, 120), staff: 'D' })
    ).json();

    const taken = await post(owner, `/v1/appointments/${old.id}/reschedule`, { starts_at: at(base, 100) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('slot_taken');
    expect(
      (await t.app.inject({ url: `/v1/appointments/${old.id}`, headers: owner.headers })).json().status,
    ).toBe('scheduled');

    const moved = await post(owner, `/v1/appointments/${old.id}/reschedule`, { starts_at: at(base, 240) });
    expect(moved.statusCode).toBe(201);
    expect(moved.json()).toMatchObject({
      starts_at: at(base, 240),
      ends_at: at(base, 285),
      service: 'Cleaning',
      staff: 'D',
      status: 'scheduled',
      rescheduled_from: old.id,
    });
    const after = (await t.app.inject({ url: `/v1/appointments/${old.id}`, headers: owner.headers })).json();
    expect(after).toMatchObject({ status: 'rescheduled', rescheduled_to: moved.json().id });
    // Its old time is free again; a moved one cannot move again.
    expect(
      (await book(owner, { contact_id: contactId, starts_at: at(base, 0), staff: 'D' })).statusCode,
    ).toBe(201);
    const again = await post(owner, `/v1/appointments/${old.id}/reschedule`, { starts_at: at(base, 400) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('appointment_closed');
    expect(blocker.status).toBe('scheduled');

    // A move by a few minutes overlaps only itself: allowed (the old one lets go of its slot in the same transaction).
    const nudged = await post(owner, `/v1/appointments/${moved.json().id}/reschedule`, {
      starts_at: at(base, 255),
    });
    expect(nudged.statusCode).toBe(201);
    expect(nudged.json()).toMatchObject({ starts_at: at(base, 255), rescheduled_from: moved.json().id });
  });

  it('lists by window, status, staff and contact, in start order, page by page', async () => {
    const user = await signedInUser(t);
    const contact = await addContact(user, '+12025550146');
    const base = new Date(Date.UTC(2027, 5, 1, 13, 0, 0));
    for (const [offset, staff] of [
      [180, 'A'],
      [0, 'A'],
      [60, 'B'],
      [24 * 60, 'A'],
    ] as const) {
      expect((await book(user, { contact_id: contact, starts_at: at(base, offset), staff })).statusCode).toBe(
        201,
      );
    }
    const list = async (query: string) =>
      (await t.app.inject({ url: `/v1/appointments?${query}`, headers: user.headers })).json();
    const day = `from=${encodeURIComponent(at(base, -60))}&to=${encodeURIComponent(at(base, 12 * 60))}`;
    expect((await list(day)).data.map((a: { starts_at: string }) => a.starts_at)).toEqual([
      at(base, 0),
      at(base, 60),
      at(base, 180),
    ]);
    expect((await list(`${day}&staff=A`)).data).toHaveLength(2);
    expect((await list(`contact_id=${contact}`)).data).toHaveLength(4);
    const first = await list('limit=3');
    expect(first.data).toHaveLength(3);
    const second = await list(`limit=3&cursor=${first.next_cursor}`);
    expect(second.data.map((a: { starts_at: string }) => a.starts_at)).toEqual([at(base, 24 * 60)]);
    expect(second.next_cursor).toBeNull();
    expect((await list('status=confirmed')).data).toHaveLength(0);
    expect(
      (await t.app.inject({ url: '/v1/appointments?status=maybe', headers: user.headers })).statusCode,
    ).toBe(400);
  });
});

describe('isolation', () => {
  it('another account’s appointment is not found, whatever the verb', async () => {
    const id = (await book(owner, { contact_id: contactId, starts_at: at(nextDay(), 0) })).json().id;
    const other = await signedInUser(t);
    const headers = other.headers;
    for (const [method, url, payload] of [
      ['GET', `/v1/appointments/${id}`, undefined],
      ['PATCH', `/v1/appointments/${id}`, { notes: 'x' }],
      ['POST', `/v1/appointments/${id}/confirm`, undefined],
      ['POST', `/v1/appointments/${id}/cancel`, undefined],
      ['POST', `/v1/appointments/${id}/reschedule`, { starts_at: '2027-09-01T10:00:00Z' }],
      ['DELETE', `/v1/appointments/${id}`, undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.app.inject({ url: '/v1/appointments', headers })).json().data).toEqual([]);
    const mine = await t.app.inject({ url: `/v1/appointments/${id}`, headers: owner.headers });
    expect(mine.json()).toMatchObject({ status: 'scheduled', notes: null });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/v1/appointments/${id}`, headers: owner.headers }))
        .statusCode,
    ).toBe(204);
  });
});
