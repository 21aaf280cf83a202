import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMaria } from '../../../test/customers.ts';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';

/**
 * Booking settings and open slots through the API (issue #17): defaults, a full replace with field errors,
 * availability around appointments (with buffers), per staff member, account isolation.
 */
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let owner: User;
let other: User;
let contactId: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInUser(t, { plan: 'professional' });
  other = await signedInUser(t, { plan: 'professional' });
  contactId = (await addMaria(t, owner, { phone: '+12025550143' })).id;
});
afterAll(async () => {
  await t.close();
});

const get = (user: User, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });
const put = (user: User, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/v1/booking-settings', headers: user.headers, payload });

const weekdays = [
  { opens: '09:00', closes: '12:00' },
  { opens: '13:00', closes: '17:00' },
];
const clinic = {
  hours: {
    sunday: [],
    monday: weekdays,
    tuesday: weekdays,
    wednesday: weekdays,
    thursday: weekdays,
    friday: weekdays,
    saturday: [],
  },
  staff: [
    { name: 'Dr. Patel', bookable: true, hours: null },
    { name: 'Dr. Kim', bookable: true, hours: null },
    { name: 'Room 3', bookable: false, hours: null },
  ],
  services: [{ name: 'Cleaning', duration_minutes: 45, buffer_minutes: 15, reminders: null }],
  closures: [{ starts_on: '2030-12-25', ends_on: '2030-12-25', staff: null, reason: 'Christmas' }],
  slot_step_minutes: 30,
  min_notice_minutes: 60,
  reminders: [{ channel: 'call', minutes_before: 1440, only_if_unconfirmed: false }],
};

describe('booking settings', () => {
  it('answers the defaults until saved, then what was saved, in the business’s time zone', async () => {
    const before = await get(other, '/v1/booking-settings');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      timezone: 'America/New_York',
      updated_at: null,
      staff: [],
      hours: { monday: [{ opens: '09:00', closes: '17:00' }], sunday: [] },
      reminders: [
        { channel: 'email', minutes_before: 2880 },
        { channel: 'call', minutes_before: 1440 },
        { channel: 'call', minutes_before: 120, only_if_unconfirmed: true },
      ],
    });
    const saved = await put(owner, clinic);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().updated_at).not.toBeNull();
    const after = await get(owner, '/v1/booking-settings');
    expect(after.json()).toMatchObject({ ...clinic, timezone: 'America/New_York' });
    // Another account still has the defaults.
    expect((await get(other, '/v1/booking-settings')).json().staff).toEqual([]);
  });

  it('names the field of each mistake and keeps what was saved', async () => {
    const cases: [object, string][] = [
      [
        { ...clinic, hours: { ...clinic.hours, monday: [{ opens: '10:00', closes: '09:00' }] } },
        'hours.monday.0.closes',
      ],
      [
        { ...clinic, hours: { ...clinic.hours, friday: [{ opens: '9am', closes: '17:00' }] } },
        'hours.friday.0.opens',
      ],
      [{ ...clinic, staff: [{ name: 'Ann' }, { name: 'ann' }] }, 'staff'],
      [{ ...clinic, services: [{ name: 'Cut', duration_minutes: 2 }] }, 'services.0.duration_minutes'],
      [{ ...clinic, closures: [{ starts_on: '2030-12-26', ends_on: '2030-12-25' }] }, 'closures.0.ends_on'],
      [
        { ...clinic, closures: [{ starts_on: '2030-12-24', ends_on: '2030-12-24', staff: 'Nobody' }] },
        'closures.0.staff',
      ],
      [{ ...clinic, reminders: [{ channel: 'fax', minutes_before: 60 }] }, 'reminders.0.channel'],
    ];
    for (const [body, field] of cases) {
      const res = await put(owner, body);
      expect(res.statusCode, field).toBe(400);
      expect(
        res.json().error.details.map((detail: { field: string }) => detail.field),
        field,
      ).toContain(field);
    }
    expect((await get(owner, '/v1/booking-settings')).json().staff).toHaveLength(3);
  });
});

describe('availability', () => {
  // Monday 2030-12-02 in New York.
  const monday = '/v1/availability?from=2030-12-02T00:00:00-05:00&to=2030-12-03T00:00:00-05:00';

  it('offers each bookable staff member’s slots around appointments and their buffers', async () => {
    await put(owner, clinic);
    const book = await t.app.inject({
      method: 'POST',
      url: '/v1/appointments',
      headers: owner.headers,
      payload: {
        contact_id: contactId,
        starts_at: '2030-12-02T10:00:00-05:00',
        service: 'Cleaning',
        staff: 'Dr. Patel',
      },
    });
    expect(book.statusCode, book.body).toBe(201);
    // The service gives the length when none is given.
    expect(book.json().duration_minutes).toBe(45);
    const res = await get(owner, `${monday}&service=Cleaning&staff=dr.%20patel`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ timezone: 'America/New_York', service: 'Cleaning', duration_minutes: 45 });
    const morning = body.slots
      .map((slot: { starts_at: string }) => slot.starts_at)
      .filter((start: string) => start < '2030-12-02T17:00:00.000Z');
    // 9:00 needs 9:00–10:00 (with its buffer): free. 9:30 would run into 10:00. The appointment and its buffer
    // hold 10:00–11:00; 11:00 would end at 11:45 + buffer, inside the 9–12 stretch: free. 11:30 ends after noon.
    expect(morning).toEqual(['2030-12-02T14:00:00.000Z', '2030-12-02T16:00:00.000Z']);
    // Without a staff member: both bookable ones (not Room 3), Dr. Kim free at 9:30.
    const all = (await get(owner, `${monday}&service=Cleaning`)).json();
    const staffAt930 = all.slots
      .filter((slot: { starts_at: string }) => slot.starts_at === '2030-12-02T14:30:00.000Z')
      .map((slot: { staff: string }) => slot.staff);
    expect(staffAt930).toEqual(['Dr. Kim']);
    expect(new Set(all.slots.map((slot: { staff: string }) => slot.staff))).toEqual(
      new Set(['Dr. Kim', 'Dr. Patel']),
    );
  });

  it('frees the slot again when the appointment is cancelled', async () => {
    const list = (await get(owner, '/v1/appointments?staff=Dr.%20Patel')).json();
    const id = list.data[0].id;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/v1/appointments/${id}/cancel`,
      headers: owner.headers,
    });
    expect(cancel.statusCode).toBe(200);
    const slots = (await get(owner, `${monday}&service=Cleaning&staff=Dr.%20Patel`)).json().slots;
    expect(slots.map((slot: { starts_at: string }) => slot.starts_at)).toContain('2030-12-02T15:00:00.000Z');
  });

  it('is empty on a closure and refuses unknown services, unknown staff and too long a stretch', async () => {
    const christmas = await get(
      owner,
      '/v1/availability?from=2030-12-25T00:00:00-05:00&to=2030-12-26T00:00:00-05:00',
    );
    expect(christmas.json().slots).toEqual([]);
    const refusals: [string, string][] = [
      [`${monday}&service=Whitening`, 'service'],
      [`${monday}&staff=Dr.%20Who`, 'staff'],
      ['/v1/availability?from=2030-12-02T00:00:00Z&to=2030-12-01T00:00:00Z', 'to'],
      ['/v1/availability?from=2030-12-01T00:00:00Z&to=2031-01-15T00:00:00Z', 'to'],
      ['/v1/availability?from=tomorrow', 'from'],
      [`${monday}&duration_minutes=3`, 'duration_minutes'],
    ];
    for (const [url, field] of refusals) {
      const res = await get(owner, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toContain(field);
    }
  });

  it('answers from what it keeps, and follows every write at once: the API, raw SQL, settings, time zone', async () => {
    const url = `${monday}&service=Cleaning&staff=Dr.%20Patel`;
    const starts = async () =>
      (await get(owner, url)).json().slots.map((slot: { starts_at: string }) => slot.starts_at) as string[];
    const before = await starts();
    expect(before).toContain('2030-12-02T19:00:00.000Z');
    // Kept: the next read asks the database nothing (the embedded engine keeps it; PostgreSQL always reads).
    if (t.database.kind === 'pglite') {
      let reads = 0;
      const off = t.app.services.availability.settings(owner.accountId, async () => {
        reads += 1;
        throw new Error('read again');
      });
      await off;
      expect(reads).toBe(0);
    }
    // Booked through the API: gone from the very next answer.
    const booked = await t.app.inject({
      method: 'POST',
      url: '/v1/appointments',
      headers: owner.headers,
      payload: {
        contact_id: contactId,
        starts_at: '2030-12-02T14:00:00-05:00',
        service: 'Cleaning',
        staff: 'Dr. Patel',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await starts()).not.toContain('2030-12-02T19:00:00.000Z');
    // Freed by a statement of another path (a callee's answer, a calendar): back at once.
    await t.database.executeSql("UPDATE appointments SET status = 'cancelled' WHERE id = $1", [
      booked.json().id,
    ]);
    expect(await starts()).toContain('2030-12-02T19:00:00.000Z');
    // Taken by a row written directly: gone at once.
    await t.database.executeSql(
      `INSERT INTO appointments (account_id, starts_at, ends_at, staff, service)
       VALUES ($1, '2030-12-02T19:00:00Z', '2030-12-02T19:45:00Z', 'Dr. Patel', 'Cleaning')`,
      [owner.accountId],
    );
    expect(await starts()).not.toContain('2030-12-02T19:00:00.000Z');
    await t.database.executeSql(
      "DELETE FROM appointments WHERE account_id = $1 AND starts_at = '2030-12-02T19:00:00Z'",
      [owner.accountId],
    );
    expect(await starts()).toContain('2030-12-02T19:00:00.000Z');
    // New hours: followed at once.
    const closedMonday = { ...clinic, hours: { ...clinic.hours, monday: [] } };
    expect((await put(owner, closedMonday)).statusCode).toBe(200);
    expect(await starts()).toEqual([]);
    expect((await put(owner, clinic)).statusCode).toBe(200);
    expect(await starts()).toEqual(before);
    // Another time zone: the same wall-clock hours, other instants.
    await t.database.executeSql("UPDATE accounts SET timezone = 'America/Los_Angeles' WHERE id = $1", [
      owner.accountId,
    ]);
    const west = (await get(owner, url)).json();
    expect(west.timezone).toBe('America/Los_Angeles');
    await t.database.executeSql("UPDATE accounts SET timezone = 'America/New_York' WHERE id = $1", [
      owner.accountId,
    ]);
    expect(await starts()).toEqual(before);
  });

  it('never sees another account’s appointments or settings', async () => {
    const res = await get(other, `${monday}&duration_minutes=45`);
    expect(res.statusCode).toBe(200);
    // The other account has the defaults: 9–5 without a lunch break, one business calendar.
    const starts = res.json().slots.map((slot: { starts_at: string; staff: null }) => slot.starts_at);
    expect(starts).toContain('2030-12-02T17:00:00.000Z');
    expect(res.json().slots.every((slot: { staff: string | null }) => slot.staff === null)).toBe(true);
  });
});
