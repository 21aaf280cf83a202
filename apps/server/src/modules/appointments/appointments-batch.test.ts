import { describe, expect, it } from 'vitest';
import { createApiKey } from '../../../test/helper.ts';
import { other, owner, t, useTwoBusinesses } from '../../../test/two-businesses.ts';

/**
 * Many appointments in one request (POST /v1/appointments/batch, issue #17): each booked with its reminder calls as
 * a single booking is, those refused reported by position (an unknown or another account's contact, a slot taken
 * in the database or by an earlier one of the batch, an external id already used), the rest booked; a slot taken
 * between the check and the insert still books every other one; idempotent; account-scoped.
 */
type User = typeof owner;
useTwoBusinesses();

let phoneNumber = 0;
async function addContact(user: User) {
  phoneNumber += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/contacts',
    headers: user.headers,
    payload: {
      name: `Patient ${phoneNumber}`,
      phone: `+1202555${String(1700 + phoneNumber)}`,
      email: `patient${phoneNumber}@example.com`,
      company: 'Harbor Dental',
      consent: 'informational',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const batch = (user: User, appointments: object[], headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/appointments/batch',
    headers: { ...user.headers, ...headers },
    payload: { appointments },
  });

interface BatchAnswer {
  created: Array<{
    id: string;
    contact_id: string;
    starts_at: string;
    ends_at: string;
    staff: string | null;
  }>;
  failed: Array<{ index: number; code: string; field: string; message: string }>;
}

async function reminderCount(appointmentIds: string[]) {
  const result = await t.database.executeSql(
    `SELECT count(*)::int AS n FROM calls WHERE appointment_id = ANY($1::uuid[]) AND reminder_minutes_before IS NOT NULL`,
    [appointmentIds],
  );
  return (result.rows[0] as { n: number }).n;
}

/** A distinct day for each test, so that their slots never meet. */
let day = 0;
const nextDay = () => {
  day += 1;
  return new Date(Date.UTC(2031, 1, day, 15, 0, 0));
};
const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000).toISOString();

describe('POST /v1/appointments/batch', () => {
  it('books each with its reminder calls, in order, and reports by position those it cannot book', async () => {
    const base = nextDay();
    const [first, second, third] = [
      await addContact(owner),
      await addContact(owner),
      await addContact(owner),
    ];
    const stranger = await addContact(other);
    // Someone else's (the daily cap of 3 calls a person would otherwise leave reminders out).
    const earlier = await addContact(owner);
    // Already in the calendar: Dr. Patel at base+120 for 30 minutes; an API appointment with external id ext-1.
    const existing = await t.app.inject({
      method: 'POST',
      url: '/v1/appointments',
      headers: owner.headers,
      payload: { contact_id: earlier, starts_at: at(base, 120), duration_minutes: 30, staff: 'Dr. Patel' },
    });
    expect(existing.statusCode, existing.body).toBe(201);
    const key = (await createApiKey(t, owner, 'Practice system')).key;
    const apiHeaders = { authorization: `Bearer ${key}` };
    const byApi = await t.app.inject({
      method: 'POST',
      url: '/v1/appointments',
      headers: apiHeaders,
      payload: { contact_id: earlier, starts_at: at(base, 600), external_id: 'ext-1' },
    });
    expect(byApi.statusCode, byApi.body).toBe(201);

    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/appointments/batch',
      headers: apiHeaders,
      payload: {
        appointments: [
          { contact_id: first, starts_at: at(base, 0), duration_minutes: 30, staff: 'Dr. Patel' },
          // Overlaps the first of this batch.
          { contact_id: second, starts_at: at(base, 15), staff: 'Dr. Patel' },
          // Another staff member at the same time: fine.
          { contact_id: second, starts_at: at(base, 15), staff: 'Dr. Lee', external_id: 'ext-2' },
          // Overlaps the one already booked.
          { contact_id: third, starts_at: at(base, 130), duration_minutes: 10, staff: 'Dr. Patel' },
          // Not this account's contact.
          { contact_id: stranger, starts_at: at(base, 300) },
          // External id used before, then twice in this batch.
          { contact_id: third, starts_at: at(base, 400), external_id: 'ext-1' },
          { contact_id: third, starts_at: at(base, 420), external_id: 'ext-2' },
          { contact_id: third, starts_at: at(base, 60), duration_minutes: 30, staff: 'Dr. Patel' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as BatchAnswer;
    expect(answer.created.map((row) => [row.contact_id, row.starts_at, row.staff])).toEqual([
      [first, at(base, 0), 'Dr. Patel'],
      [second, at(base, 15), 'Dr. Lee'],
      [third, at(base, 60), 'Dr. Patel'],
    ]);
    expect(answer.created[0]?.ends_at).toBe(at(base, 30));
    expect(answer.failed.map(({ index, code, field }) => [index, code, field])).toEqual([
      [1, 'slot_taken', 'starts_at'],
      [3, 'slot_taken', 'starts_at'],
      [4, 'validation_failed', 'contact_id'],
      [5, 'conflict', 'external_id'],
      [6, 'conflict', 'external_id'],
    ]);
    expect(answer.failed[3]?.message).toBe('An appointment with external_id ext-1 already exists');
    // Two reminder calls each (the account's rules: 24 h and 2 h before), as a single booking gets.
    expect(await reminderCount(answer.created.map((row) => row.id))).toBe(6);
    const list = await t.app.inject({
      url: `/v1/appointments?from=${encodeURIComponent(at(base, -1))}&to=${encodeURIComponent(at(base, 24 * 60))}`,
      headers: owner.headers,
    });
    expect(list.json().data).toHaveLength(5);
    // The other account sees none of them.
    const theirs = await t.app.inject({
      url: `/v1/appointments/${answer.created[0]?.id}`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('books 1,000 in one request, each with its reminders', async () => {
    const base = nextDay();
    const contact = await addContact(owner);
    const appointments = Array.from({ length: 1000 }, (_, index) => ({
      contact_id: contact,
      starts_at: at(base, index * 20),
      duration_minutes: 20,
      staff: 'Room 1',
    }));
    const res = await batch(owner, appointments);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const answer = res.json() as BatchAnswer;
    expect(answer.failed).toEqual([]);
    expect(answer.created).toHaveLength(1000);
    // One contact: the daily cap (3 calls a day per person) leaves out what exceeds it, never the appointment.
    const reminders = await reminderCount(answer.created.map((row) => row.id));
    expect(reminders).toBeGreaterThan(0);
    expect(reminders).toBeLessThan(2000);
  });

  it('answers the same result for the same Idempotency-Key, booking once', async () => {
    const base = nextDay();
    const contact = await addContact(owner);
    const body = [{ contact_id: contact, starts_at: at(base, 0), staff: 'Dr. Patel' }];
    const headers = { 'idempotency-key': `batch-${base.getTime()}` };
    const first = await batch(owner, body, headers);
    const again = await batch(owner, body, headers);
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((first.json() as BatchAnswer).created).toHaveLength(1);
  });

  it('refuses a bad item with 400 naming its field, and more than 1,000 items', async () => {
    const contact = await addContact(owner);
    const bad = await batch(owner, [
      { contact_id: contact, starts_at: at(nextDay(), 0) },
      { contact_id: contact, starts_at: 'tomorrow' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('appointments.1.starts_at');
    const many = await batch(
      owner,
      Array.from({ length: 1001 }, () => ({ contact_id: contact, starts_at: at(nextDay(), 0) })),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().error.details[0].field).toBe('appointments');
    const none = await batch(owner, []);
    expect(none.statusCode).toBe(400);
  });

  it('still books the others when a slot is taken between its check and its insert', async () => {
    const base = nextDay();
    const contact = await addContact(owner);
    // A booking that wins the race: inserted straight into the database while the batch is being planned.
    const [row] = (await t.database.executeSql('SELECT account_id FROM contacts WHERE id = $1', [contact]))
      .rows as Array<{ account_id: string }>;
    const service = t.app.services.appointments;
    const planned = service.createMany(row?.account_id ?? '', [
      {
        contactId: contact,
        startsAt: new Date(at(base, 0)),
        endsAt: new Date(at(base, 30)),
        staff: 'Dr. Kim',
      },
      {
        contactId: contact,
        startsAt: new Date(at(base, 60)),
        endsAt: new Date(at(base, 90)),
        staff: 'Dr. Kim',
      },
    ]);
    await t.database.executeSql(
      `INSERT INTO appointments (account_id, starts_at, ends_at, staff) VALUES ($1, $2, $3, 'Dr. Kim')`,
      [row?.account_id, at(base, 60), at(base, 75)],
    );
    const { created, failed } = await planned;
    // Whichever came first, exactly one of the two times is free for the batch's second; the first is booked.
    expect(created[0]?.startsAt.toISOString()).toBe(at(base, 0));
    expect(created.length + failed.length).toBe(2);
    const holding = await t.database.executeSql(
      `SELECT count(*)::int AS n FROM appointments WHERE staff = 'Dr. Kim' AND starts_at >= $1 AND starts_at < $2`,
      [at(base, 60), at(base, 90)],
    );
    expect((holding.rows[0] as { n: number }).n).toBe(1);
  });
});
