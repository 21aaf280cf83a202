import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMaria, bookAppointment } from '../../../test/customers.ts';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';

/**
 * A call about an appointment (issue #17): the appointment's facts fill the message, and the callee's answer is
 * written back to it — pressing 1 confirms it, 2 cancels it (its slot is free again), 3 asks to reschedule. Placed
 * by the simulated carrier, whose callees at …0100 and …0105 press 1 and 2, and at …0110 press 3 and then 0 to be
 * called back (…0106 takes a time offered: reschedule-call.test.ts).
 */
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let owner: User;

beforeAll(async () => {
  t = await buildTestApp({ engine: true, env: { SIMULATOR_SPEED: '200' } });
  owner = await signedInUser(t, { plan: 'professional' });
  const zone = await t.app.inject({
    method: 'PATCH',
    url: '/v1/me',
    headers: owner.headers,
    payload: { timezone: 'America/Chicago' },
  });
  expect(zone.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const TERMINAL = ['completed', 'busy', 'no-answer', 'failed', 'canceled'];

async function waitForEnd(id: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const call = (await t.app.inject({ url: `/v1/calls/${id}`, headers: owner.headers })).json();
    if (TERMINAL.includes(call.status) && call.outcome !== null) return call;
    if (Date.now() > deadline) throw new Error(`call ${id} did not end: ${JSON.stringify(call)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function contactWithAppointment(user: User, phone: string, startsAt: string) {
  const contact = await addMaria(t, user, { phone, consent: 'informational' });
  const appointmentId = await bookAppointment(t, user, {
    contact_id: contact.id,
    starts_at: startsAt,
    duration_minutes: 45,
    service: 'Cleaning',
    staff: 'Dr. Patel',
    location: '12 Pier St',
  });
  return { contactId: contact.id, appointmentId };
}

const remind = (user: User, contactId: string, appointmentId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/calls',
    headers: user.headers,
    payload: {
      contact_id: contactId,
      appointment_id: appointmentId,
      call_type: 'appointment-reminder',
      message:
        'Hi {{first_name}}, your {{service}} with {{staff}} is on {{date}} at {{time}}, at {{location}}.',
    },
  });

describe('a call about an appointment', () => {
  it('speaks its facts in the business’s time zone, and writes each answer back to it', async () => {
    const cases = [
      { phone: '+12025550100', startsAt: '2027-02-02T15:00:00Z', status: 'confirmed', outcome: 'confirmed' },
      { phone: '+12025550105', startsAt: '2027-02-03T15:00:00Z', status: 'cancelled', outcome: 'cancelled' },
      {
        phone: '+12025550110',
        startsAt: '2027-02-04T15:00:00Z',
        status: 'reschedule_requested',
        outcome: 'reschedule_requested',
      },
    ];
    const started = [];
    for (const item of cases) {
      const { contactId, appointmentId } = await contactWithAppointment(owner, item.phone, item.startsAt);
      const call = await remind(owner, contactId, appointmentId);
      expect(call.statusCode, call.body).toBe(201);
      expect(call.json().appointment_id).toBe(appointmentId);
      started.push({
        ...item,
        appointmentId,
        callId: call.json().id as string,
        message: call.json().message,
      });
    }
    // 15:00 UTC is 9:00 AM in Chicago.
    expect(started[0]?.message).toBe(
      'Hi Maria, your Cleaning with Dr. Patel is on Tuesday, February 2 at 9:00 AM, at 12 Pier St.',
    );

    for (const item of started) {
      const call = await waitForEnd(item.callId);
      expect(call).toMatchObject({ status: 'completed', outcome: item.outcome });
      const appointment = await t.app.inject({
        url: `/v1/appointments/${item.appointmentId}`,
        headers: owner.headers,
      });
      expect(appointment.json().status, item.phone).toBe(item.status);
    }

    // The cancelled one's slot is free again.
    const freed = await t.app.inject({
      method: 'GET',
      url: `/v1/appointments/${started[1]?.appointmentId}`,
      headers: owner.headers,
    });
    const rebook = await t.app.inject({
      method: 'POST',
      url: '/v1/appointments',
      headers: owner.headers,
      payload: {
        contact_id: freed.json().contact_id,
        starts_at: freed.json().starts_at,
        staff: 'Dr. Patel',
      },
    });
    expect(rebook.statusCode).toBe(201);
  });

  it('never reopens a cancelled appointment: a confirming answer leaves it cancelled', async () => {
    // Any number outside the simulator's test range answers like …0100: it presses 1.
    const { contactId, appointmentId } = await contactWithAppointment(
      owner,
      '+12025550171',
      '2027-02-05T15:00:00Z',
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/v1/appointments/${appointmentId}/cancel`,
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(200);
    const call = await remind(owner, contactId, appointmentId);
    expect((await waitForEnd(call.json().id)).outcome).toBe('confirmed');
    const appointment = await t.app.inject({
      url: `/v1/appointments/${appointmentId}`,
      headers: owner.headers,
    });
    expect(appointment.json().status).toBe('cancelled');
  });

  it('refuses an appointment of another contact or another account, naming appointment_id, and places nothing', async () => {
    const mine = await contactWithAppointment(owner, '+12025550141', '2027-02-06T15:00:00Z');
    const other = await contactWithAppointment(owner, '+12025550142', '2027-02-07T15:00:00Z');
    // The appointment's own reminder calls are there from its booking; nothing more may be added.
    const callsTo = async (phone: string) =>
      (await t.app.inject({ url: '/v1/calls?limit=100', headers: owner.headers }))
        .json()
        .data.filter((call: { phone: string }) => call.phone === phone)
        .map((call: { id: string }) => call.id);
    const before = await callsTo('+12025550141');
    const crossed = await remind(owner, mine.contactId, other.appointmentId);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().error.details).toEqual([
      { field: 'appointment_id', message: 'This appointment is with another contact' },
    ]);

    const stranger = await signedInUser(t, { plan: 'professional' });
    const theirs = await contactWithAppointment(stranger, '+12025550143', '2027-02-08T15:00:00Z');
    const foreign = await remind(owner, mine.contactId, theirs.appointmentId);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.details).toEqual([
      { field: 'appointment_id', message: 'No appointment with this id in your account' },
    ]);
    expect(await callsTo('+12025550141')).toEqual(before);
  });
});
