import { DEFAULT_CALLING_WINDOW } from '@callwise/shared/calling-window';
import { DEFAULT_BOOKING_SETTINGS } from '@callwise/shared/schemas/booking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMaria } from '../../../test/customers.ts';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';
import { planReminders, reminderMessage } from './appointments.service.ts';

/**
 * Reminder calls timed from the appointment (issue #17, decision 015): created with it, moved with it, cancelled
 * when it is confirmed, cancelled, moved or deleted, all in the same transaction; earlier into the calling window,
 * never after; left out when the calling rules refuse them. The simulated callee at …0100 presses 1.
 */
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let owner: User;

beforeAll(async () => {
  t = await buildTestApp({ engine: true, env: { SIMULATOR_SPEED: '200' } });
  owner = await signedInUser(t, { plan: 'professional' });
});
afterAll(async () => {
  await t.close();
});

interface ReminderRow {
  id: string;
  status: string;
  scheduled_at: string;
  reminder_minutes_before: number;
  message: string;
}

async function remindersOf(appointmentId: string): Promise<ReminderRow[]> {
  const result = await t.database.executeSql(
    `SELECT id, status, scheduled_at, reminder_minutes_before, message FROM calls
      WHERE appointment_id = $1 AND reminder_minutes_before IS NOT NULL ORDER BY scheduled_at`,
    [appointmentId],
  );
  return (result.rows as unknown as ReminderRow[]).map((row) => ({
    ...row,
    scheduled_at: new Date(row.scheduled_at).toISOString(),
  }));
}

let phoneNumber = 0;
async function addContact(user: User, consent = 'informational', phone?: string) {
  phoneNumber += 1;
  const contact = await addMaria(t, user, {
    phone: phone ?? `+1202555${String(1200 + phoneNumber)}`,
    consent,
  });
  return contact.id;
}

async function book(user: User, payload: object) {
  const res = await t.app.inject({ method: 'POST', url: '/v1/appointments', headers: user.headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; starts_at: string };
}

const post = (user: User, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });

describe('reminder calls of an appointment', () => {
  it('are created with it at the account’s rules, speaking its facts (New York contact, 8 AM–9 PM window)', async () => {
    const contactId = await addContact(owner);
    // Tuesday 10:00 AM in New York: a call Monday 10:00 AM and one Tuesday 8:00 AM (2 h before).
    const appointment = await book(owner, {
      contact_id: contactId,
      starts_at: '2030-12-03T10:00:00-05:00',
      service: 'Cleaning',
      staff: 'Dr. Patel',
    });
    const reminders = await remindersOf(appointment.id);
    expect(reminders.map((row) => [row.scheduled_at, row.reminder_minutes_before, row.status])).toEqual([
      ['2030-12-02T15:00:00.000Z', 1440, 'scheduled'],
      ['2030-12-03T13:00:00.000Z', 120, 'scheduled'],
    ]);
    expect(reminders[0]?.message).toBe(
      'Hi Maria, this is a reminder of your Cleaning appointment with Dr. Patel on Tuesday, December 3 at 10:00 AM.',
    );
  });

  it('show in the appointment’s timeline with its e-mails, in time order, and their fate once it is confirmed', async () => {
    const contactId = await addContact(owner);
    // Thursday 10:00 AM in New York: an e-mail Tuesday 10:00 AM (48 h), calls Wednesday 10:00 AM and Thursday 8 AM.
    const appointment = await book(owner, { contact_id: contactId, starts_at: '2030-12-05T10:00:00-05:00' });
    const timeline = async (user = owner) =>
      t.app.inject({ url: `/v1/appointments/${appointment.id}/reminders`, headers: user.headers });
    const before = await timeline();
    expect(before.statusCode, before.body).toBe(200);
    expect(
      before
        .json()
        .data.map(
          (item: { channel: string; kind: string; at: string; status: string; minutes_before: number }) => [
            item.channel,
            item.kind,
            item.minutes_before,
            item.at,
            item.status,
          ],
        ),
    ).toEqual([
      ['email', 'reminder', 2880, '2030-12-03T15:00:00.000Z', 'pending'],
      ['call', 'reminder', 1440, '2030-12-04T15:00:00.000Z', 'scheduled'],
      ['call', 'reminder', 120, '2030-12-05T13:00:00.000Z', 'scheduled'],
    ]);
    expect((await post(owner, `/v1/appointments/${appointment.id}/confirm`)).statusCode).toBe(200);
    const after = (await timeline())
      .json()
      .data.map((item: { channel: string; status: string }) => [item.channel, item.status]);
    // The calls are cancelled with the confirmation; the e-mail is stopped when its time comes (decision 019).
    expect(after).toEqual([
      ['email', 'pending'],
      ['call', 'canceled'],
      ['call', 'canceled'],
    ]);
    const other = await signedInUser(t, { plan: 'professional' });
    expect((await timeline(other)).statusCode).toBe(404);
  });

  it('follow a move, and stop when it is confirmed, cancelled or deleted', async () => {
    const contactId = await addContact(owner);
    const first = await book(owner, { contact_id: contactId, starts_at: '2030-12-10T11:00:00-05:00' });
    const moved = await post(owner, `/v1/appointments/${first.id}/reschedule`, {
      starts_at: '2030-12-12T15:00:00-05:00',
    });
    expect(moved.statusCode).toBe(201);
    expect((await remindersOf(first.id)).map((row) => row.status)).toEqual(['canceled', 'canceled']);
    const next = await remindersOf(moved.json().id);
    expect(next.map((row) => [row.scheduled_at, row.status])).toEqual([
      ['2030-12-11T20:00:00.000Z', 'scheduled'],
      ['2030-12-12T18:00:00.000Z', 'scheduled'],
    ]);

    // A correction of the time in place replaces the waiting reminders too.
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/v1/appointments/${moved.json().id}`,
      headers: owner.headers,
      payload: { starts_at: '2030-12-12T16:00:00-05:00' },
    });
    expect(patched.statusCode).toBe(200);
    const afterPatch = await remindersOf(moved.json().id);
    expect(afterPatch.filter((row) => row.status === 'scheduled').map((row) => row.scheduled_at)).toEqual([
      '2030-12-11T21:00:00.000Z',
      '2030-12-12T19:00:00.000Z',
    ]);
    // Notes change nothing of the reminders.
    await t.app.inject({
      method: 'PATCH',
      url: `/v1/appointments/${moved.json().id}`,
      headers: owner.headers,
      payload: { notes: 'Bring X-rays' },
    });
    expect(await remindersOf(moved.json().id)).toEqual(afterPatch);

    for (const action of ['confirm', 'cancel', 'delete'] as const) {
      const appointment = await book(owner, {
        contact_id: contactId,
        starts_at: `2030-12-1${action === 'confirm' ? 6 : action === 'cancel' ? 7 : 8}T12:00:00-05:00`,
      });
      expect((await remindersOf(appointment.id)).map((row) => row.status)).toEqual([
        'scheduled',
        'scheduled',
      ]);
      const ids = (await remindersOf(appointment.id)).map((row) => row.id);
      const res =
        action === 'delete'
          ? await t.app.inject({
              method: 'DELETE',
              url: `/v1/appointments/${appointment.id}`,
              headers: owner.headers,
            })
          : await post(owner, `/v1/appointments/${appointment.id}/${action}`);
      expect(res.statusCode, action).toBeLessThan(300);
      const statuses = await t.database.executeSql('SELECT status FROM calls WHERE id = ANY($1::uuid[])', [
        ids,
      ]);
      expect(
        (statuses.rows as unknown as { status: string }[]).map((row) => row.status),
        action,
      ).toEqual(['canceled', 'canceled']);
    }
  });

  it('stop when the callee confirms on another call about it', async () => {
    const contactId = await addContact(owner, 'informational', '+12025550100');
    const appointment = await book(owner, { contact_id: contactId, starts_at: '2030-12-19T10:00:00-05:00' });
    const call = await post(owner, '/v1/calls', {
      contact_id: contactId,
      appointment_id: appointment.id,
      call_type: 'appointment-reminder',
      message: 'Hi {{first_name}}, see you on {{date}} at {{time}}.',
    });
    expect(call.statusCode, call.body).toBe(201);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const status = (
        await t.app.inject({ url: `/v1/appointments/${appointment.id}`, headers: owner.headers })
      ).json().status;
      if (status === 'confirmed') break;
      if (Date.now() > deadline) throw new Error(`appointment still ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await remindersOf(appointment.id)).map((row) => row.status)).toEqual(['canceled', 'canceled']);
  });

  it('follow the service’s own rules, and are left out (the appointment kept) when the calling rules refuse them', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v1/booking-settings',
      headers: owner.headers,
      payload: {
        ...DEFAULT_BOOKING_SETTINGS,
        services: [
          {
            name: 'Consultation',
            duration_minutes: 30,
            buffer_minutes: 0,
            reminders: [{ channel: 'call', minutes_before: 2880, only_if_unconfirmed: false }],
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const contactId = await addContact(owner);
    const consult = await book(owner, {
      contact_id: contactId,
      starts_at: '2030-12-20T10:00:00-05:00',
      service: 'consultation',
    });
    expect((await remindersOf(consult.id)).map((row) => row.scheduled_at)).toEqual([
      '2030-12-18T15:00:00.000Z',
    ]);

    const noConsent = await addContact(owner, 'none');
    const kept = await book(owner, { contact_id: noConsent, starts_at: '2030-12-20T14:00:00-05:00' });
    expect(await remindersOf(kept.id)).toEqual([]);
    const read = await t.app.inject({ url: `/v1/appointments/${kept.id}`, headers: owner.headers });
    expect(read.json().status).toBe('scheduled');
  });
});

describe('with the real calling window (8 AM–9 PM, not the tests’ all-day one)', () => {
  let windowed: TestApp;
  beforeAll(async () => {
    windowed = await buildTestApp({ env: { CALLING_WINDOW_OVERRIDE: '' } });
  });
  afterAll(async () => {
    await windowed.close();
  });

  it('reminders move earlier into the calling window, never after the appointment', async () => {
    const user = await signedInUser(windowed, { plan: 'professional' });
    const contact = await windowed.app.inject({
      method: 'POST',
      url: '/v1/contacts',
      headers: user.headers,
      payload: {
        name: 'Ann Lee',
        phone: '+12025551299',
        email: 'ann@example.com',
        company: 'Lee Co',
        consent: 'informational',
      },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    // 9:00 AM: two hours before is 7:00 AM, outside the window: the evening before at 8:45 PM.
    const res = await windowed.app.inject({
      method: 'POST',
      url: '/v1/appointments',
      headers: user.headers,
      payload: { contact_id: contact.json().id, starts_at: '2030-12-05T09:00:00-05:00' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await windowed.database.executeSql(
      'SELECT scheduled_at FROM calls WHERE appointment_id = $1 ORDER BY scheduled_at',
      [res.json().id],
    );
    const times = (rows.rows as unknown as { scheduled_at: string }[]).map((row) =>
      new Date(row.scheduled_at).toISOString(),
    );
    expect(times).toEqual(['2030-12-04T14:00:00.000Z', '2030-12-05T01:45:00.000Z']);
  });
});

describe('planReminders', () => {
  const context = (now: string) => ({
    timezone: 'America/New_York',
    window: DEFAULT_CALLING_WINDOW,
    now: new Date(now),
  });
  const appointment = { startsAt: new Date('2030-12-03T15:00:00Z'), service: null, status: 'scheduled' };

  it('drops reminders already past or due within a minute, and gives a confirmed appointment none', () => {
    // Booked 3 hours before: only the 2-hour call is left.
    expect(
      planReminders(DEFAULT_BOOKING_SETTINGS, appointment, context('2030-12-03T12:00:00Z')).map((item) =>
        item.at.toISOString(),
      ),
    ).toEqual(['2030-12-03T13:00:00.000Z']);
    expect(planReminders(DEFAULT_BOOKING_SETTINGS, appointment, context('2030-12-03T12:59:30Z'))).toEqual([]);
    expect(
      planReminders(
        DEFAULT_BOOKING_SETTINGS,
        { ...appointment, status: 'confirmed' },
        context('2030-01-01T00:00:00Z'),
      ),
    ).toEqual([]);
  });

  it('keeps one call where two rules land on the same time, and ignores e-mail rules', () => {
    const settings = {
      ...DEFAULT_BOOKING_SETTINGS,
      reminders: [
        { channel: 'call' as const, minutes_before: 150, only_if_unconfirmed: false },
        { channel: 'call' as const, minutes_before: 180, only_if_unconfirmed: false },
        { channel: 'email' as const, minutes_before: 60, only_if_unconfirmed: false },
      ],
    };
    // 7:00 AM appointment: 4:30 and 4:00 AM both move to 8:45 PM the evening before.
    const early = { ...appointment, startsAt: new Date('2030-12-03T12:00:00Z') };
    expect(
      planReminders(settings, early, context('2030-01-01T00:00:00Z')).map((item) => item.at.toISOString()),
    ).toEqual(['2030-12-03T01:45:00.000Z']);
  });

  it('says the service and staff only when the appointment has them', () => {
    expect(reminderMessage({ service: null, staff: '' })).toBe(
      'Hi {{first_name}}, this is a reminder of your appointment on {{date}} at {{time}}.',
    );
  });
});
