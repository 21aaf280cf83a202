import { localTime, spokenTime, zonedTime } from '@callwise/shared/calling-window';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMaria, bookAppointment } from '../../../test/customers.ts';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';
import { parseTimeWish } from '../../engine/index.ts';
import { chosenOffer, offerText, RescheduleDialogue } from './reschedule-dialogue.ts';

/**
 * Moving an appointment during its call (issue #17, decision 017), end to end with the simulated carrier: the
 * callee at …0106 presses 3 and takes the first time offered (the appointment moves, confirmed, and the call's
 * outcome is `rescheduled`); at …0110 presses 3 and then 0 (it stays `reschedule_requested`). A time taken between
 * the offer and the answer is replaced by the next ones; a repeated answer books nothing twice. At …0112 the callee
 * says "Can we do Thursday afternoon instead?" and is offered next Thursday afternoon's times, then presses 1.
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

const TERMINAL = ['completed', 'busy', 'no-answer', 'failed', 'canceled'];

async function waitForEnd(id: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const call = (await t.app.inject({ url: `/v1/calls/${id}`, headers: owner.headers })).json();
    if (TERMINAL.includes(call.status) && call.outcome !== null) return call;
    if (Date.now() > deadline) throw new Error(`call ${id} did not end: ${JSON.stringify(call)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function contactAndAppointment(phone: string, startsAt: string) {
  const contact = await addMaria(t, owner, { phone, consent: 'informational' });
  const appointmentId = await bookAppointment(t, owner, {
    contact_id: contact.id,
    starts_at: startsAt,
    service: 'Cleaning',
    staff: 'Dr. Patel',
  });
  return { contactId: contact.id, appointmentId };
}

const callAbout = (contactId: string, appointmentId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/calls',
    headers: owner.headers,
    payload: {
      contact_id: contactId,
      appointment_id: appointmentId,
      call_type: 'appointment-reminder',
      message: 'Hi {{first_name}}, your {{service}} is on {{date}} at {{time}}.',
    },
  });

const getAppointment = async (id: string) =>
  (await t.app.inject({ url: `/v1/appointments/${id}`, headers: owner.headers })).json();

describe('rescheduling during the call', () => {
  it('offers the open times nearest the old one and books the one pressed (…0106 takes the first)', async () => {
    // Wednesday 10:00 AM in New York, 30 minutes; the business is open 9 to 5 with slots every 30 minutes.
    const { contactId, appointmentId } = await contactAndAppointment(
      '+12025550106',
      '2030-12-04T10:00:00-05:00',
    );
    const call = await callAbout(contactId, appointmentId);
    expect(call.statusCode, call.body).toBe(201);
    const ended = await waitForEnd(call.json().id);
    expect(ended.outcome).toBe('rescheduled');
    const lines = ended.transcript.map(
      (line: { speaker: string; text: string }) => `${line.speaker}: ${line.text}`,
    );
    // 10:00 itself is held by the appointment: 9:30 and 10:30 are nearest, then 9:00; spoken in time order.
    expect(lines.slice(1)).toEqual([
      'callee: Pressed 3',
      'ai: No problem. For Wednesday, December 4 at 9:00 AM, press 1. For Wednesday, December 4 at 9:30 AM, press 2. For Wednesday, December 4 at 10:30 AM, press 3. To have us call you back instead, press 0.',
      'callee: Pressed 1',
      "ai: You're booked for Wednesday, December 4 at 9:00 AM with Dr. Patel. Your appointment is confirmed. Goodbye.",
    ]);
    const old = await getAppointment(appointmentId);
    expect(old.status).toBe('rescheduled');
    const moved = await getAppointment(old.rescheduled_to);
    expect(moved).toMatchObject({
      status: 'confirmed',
      starts_at: '2030-12-04T14:00:00.000Z',
      ends_at: '2030-12-04T14:30:00.000Z',
      staff: 'Dr. Patel',
      service: 'Cleaning',
      rescheduled_from: appointmentId,
    });
    // Confirmed by the callee: no reminder calls for the new one; the old one's are cancelled.
    const reminders = await t.database.executeSql(
      `SELECT appointment_id, status FROM calls WHERE reminder_minutes_before IS NOT NULL AND appointment_id = ANY($1::uuid[])`,
      [[appointmentId, moved.id]],
    );
    expect(
      (reminders.rows as unknown as { appointment_id: string; status: string }[]).map((row) => [
        row.appointment_id === appointmentId ? 'old' : 'new',
        row.status,
      ]),
    ).toEqual([
      ['old', 'canceled'],
      ['old', 'canceled'],
    ]);
  });

  it('leaves the appointment asking to reschedule when the callee presses 0 (…0110)', async () => {
    const { contactId, appointmentId } = await contactAndAppointment(
      '+12025550110',
      '2030-12-05T11:00:00-05:00',
    );
    const call = await callAbout(contactId, appointmentId);
    const ended = await waitForEnd(call.json().id);
    expect(ended.outcome).toBe('reschedule_requested');
    expect(ended.transcript.at(-2).text).toBe('Pressed 0');
    expect(ended.transcript.at(-1).text).toMatch(
      /^No problem\. Someone from .+ will call you to find a new time\. Goodbye\.$/,
    );
    expect((await getAppointment(appointmentId)).status).toBe('reschedule_requested');
  });

  it('offers the next times when the one chosen was taken meanwhile, and books nothing twice', async () => {
    const { appointmentId } = await contactAndAppointment('+12025551402', '2030-12-06T14:00:00-05:00');
    const dialogue = new RescheduleDialogue({ db: t.database.db, appointments: t.app.services.appointments });
    const offer = await dialogue.offer(owner.accountId, appointmentId);
    if (offer?.dialogue.stage !== 'offering') throw new Error('no offer');
    const [first] = offer.dialogue.offers;
    // Someone else books the first time offered before the callee answers.
    const other = await contactAndAppointment('+12025551403', first?.starts_at ?? '');
    expect(other.appointmentId).toBeTruthy();
    const retry = await dialogue.choose(owner.accountId, offer.dialogue, { digits: '1' }, 'Harbor Dental');
    expect(retry.gather).toBe(true);
    expect(retry.reply).toMatch(/^Sorry, that time was just taken\. For /);
    if (retry.dialogue.stage !== 'offering') throw new Error('not offering');
    expect(retry.dialogue.offers.map((item) => item.starts_at)).not.toContain(first?.starts_at);

    const booked = await dialogue.choose(
      owner.accountId,
      retry.dialogue,
      { speech: 'the second one' },
      'Harbor Dental',
    );
    expect(booked).toMatchObject({ gather: false, outcome: 'rescheduled' });
    // The same answer reported again books nothing more: it answers with the booking made.
    const again = await dialogue.choose(
      owner.accountId,
      retry.dialogue,
      { speech: 'the second one' },
      'Harbor Dental',
    );
    expect(again.reply).toBe(booked.reply);
    const rows = await t.database.executeSql(
      `SELECT count(*)::int AS n FROM appointments WHERE rescheduled_from_id = $1`,
      [appointmentId],
    );
    expect((rows.rows[0] as { n: number }).n).toBe(1);
  });
});

describe('a time wished for in words (issue #17)', () => {
  const zone = 'America/New_York';

  it('offers next Thursday afternoon to "Can we do Thursday afternoon instead?" and books the one pressed (…0112)', async () => {
    // Next Thursday in New York after today (said on a Thursday, "Thursday" is next week's), from the real clock
    // the call runs on; the appointment is the Monday after it at 10:00.
    const today = localTime(new Date(), zone);
    const todayUtc = Date.UTC(today.year, today.month - 1, today.day);
    const weekday = new Date(todayUtc).getUTCDay();
    const thursday = new Date(todayUtc + (((4 - weekday + 6) % 7) + 1) * 86_400_000);
    const day = (offset: number) => {
      const date = new Date(thursday.getTime() + offset * 86_400_000);
      return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
    };
    const at = (minutes: number, offset = 0) => zonedTime(day(offset), minutes, zone);
    const { contactId, appointmentId } = await contactAndAppointment(
      '+12025550112',
      at(10 * 60, 4).toISOString(),
    );
    const call = await callAbout(contactId, appointmentId);
    expect(call.statusCode, call.body).toBe(201);
    const ended = await waitForEnd(call.json().id);
    expect(ended.outcome).toBe('rescheduled');
    const lines = ended.transcript.map(
      (line: { speaker: string; text: string }) => `${line.speaker}: ${line.text}`,
    );
    // The afternoon from noon, nearest the old 10:00 kept inside it: 12:00, 12:30 and 1:00 PM.
    const offers = [12 * 60, 12 * 60 + 30, 13 * 60].map((minutes) => ({
      starts_at: at(minutes).toISOString(),
      ends_at: at(minutes + 30).toISOString(),
      staff: 'Dr. Patel',
    }));
    expect(lines.slice(1)).toEqual([
      'callee: Can we do Thursday afternoon instead?',
      `ai: No problem. ${offerText(offers, zone)}`,
      'callee: Pressed 1',
      `ai: You're booked for ${spokenTime(at(12 * 60), zone)} with Dr. Patel. Your appointment is confirmed. Goodbye.`,
    ]);
    expect(lines[2]).toMatch(/^ai: No problem\. For Thursday, \w+ \d+ at 12:00 PM, press 1\./);
    const old = await getAppointment(appointmentId);
    expect(old.status).toBe('rescheduled');
    expect(await getAppointment(old.rescheduled_to)).toMatchObject({
      status: 'confirmed',
      starts_at: at(12 * 60).toISOString(),
      ends_at: at(12 * 60 + 30).toISOString(),
      staff: 'Dr. Patel',
      rescheduled_from: appointmentId,
    });
    // The wish is on the call's conversation.
    const rows = await t.database.executeSql(`SELECT dialogue FROM calls WHERE id = $1`, [call.json().id]);
    expect((rows.rows[0] as { dialogue: { stage: string } }).dialogue.stage).toBe('booked');
  });

  // Monday, December 2, 2030, 8:00 AM in New York: the moment these answers are heard.
  const monday = new Date('2030-12-02T13:00:00Z');
  const dialogue = () =>
    new RescheduleDialogue({
      db: t.database.db,
      appointments: t.app.services.appointments,
      now: () => monday,
    });
  const heard = (speech: string) => parseTimeWish(speech, { now: monday, timezone: zone });
  const times = (offers: { starts_at: string }[]) =>
    offers.map((offer) => new Date(offer.starts_at).toISOString());

  it('offers the exact time asked, or says none is open and offers the nearest', async () => {
    // Wednesday, December 4, 2030 at 10:00 AM (Dr. Patel).
    const { appointmentId } = await contactAndAppointment('+12025551410', '2030-12-04T10:00:00-05:00');
    // "at 3 instead": that day at 3 PM (3 AM is no open time).
    const three = await dialogue().offer(owner.accountId, appointmentId, heard('at 3 instead'));
    expect(three?.reply).toBe(
      'No problem. For Wednesday, December 4 at 3:00 PM, press 1. To have us call you back instead, press 0.',
    );
    // "at 6 instead": neither 6 AM nor 6 PM is open; the nearest are the end of that afternoon.
    const six = await dialogue().offer(owner.accountId, appointmentId, heard('at 6 instead'));
    expect(six?.reply).toMatch(/^Sorry, there is no open time then\. These are the nearest\. For Wednesday/);
    if (six?.dialogue.stage !== 'offering') throw new Error('no offer');
    expect(times(six.dialogue.offers)).toEqual([
      '2030-12-04T20:30:00.000Z',
      '2030-12-04T21:00:00.000Z',
      '2030-12-04T21:30:00.000Z',
    ]);
    expect(six.dialogue.wish).toMatchObject({ times: [18 * 60, 6 * 60] });
    // Saturday is closed: the Friday afternoon's last times are nearer than Monday's first.
    const saturday = await dialogue().offer(owner.accountId, appointmentId, heard('Saturday'));
    if (saturday?.dialogue.stage !== 'offering') throw new Error('no offer');
    expect(times(saturday.dialogue.offers)).toEqual([
      '2030-12-06T20:30:00.000Z',
      '2030-12-06T21:00:00.000Z',
      '2030-12-06T21:30:00.000Z',
    ]);
  });

  it('takes a wish on a later turn ("none of those, anything next week?") and keeps it when a time is taken', async () => {
    const { appointmentId } = await contactAndAppointment('+12025551411', '2030-12-11T11:00:00-05:00');
    const offer = await dialogue().offer(owner.accountId, appointmentId);
    if (offer?.dialogue.stage !== 'offering') throw new Error('no offer');
    expect(offer.dialogue.wish).toBeUndefined();
    const nextWeek = await dialogue().choose(
      owner.accountId,
      offer.dialogue,
      { speech: 'None of those, anything next week?' },
      'Harbor Dental',
    );
    expect(nextWeek.gather).toBe(true);
    if (nextWeek.dialogue.stage !== 'offering') throw new Error('not offering');
    // Next week from Monday, December 2 is December 9 to 15: Monday's times around the old 11:00.
    expect(nextWeek.reply).toMatch(/^Sure\. For Monday, December 9 at 10:30 AM, press 1\./);
    expect(times(nextWeek.dialogue.offers)).toEqual([
      '2030-12-09T15:30:00.000Z',
      '2030-12-09T16:00:00.000Z',
      '2030-12-09T16:30:00.000Z',
    ]);
    expect(nextWeek.dialogue).toMatchObject({ turns: 2, wish: { said: 'next week' } });
    // Someone else takes the first before the callee presses 1: the next times still within next week.
    await contactAndAppointment('+12025551412', '2030-12-09T10:30:00-05:00');
    const retry = await dialogue().choose(
      owner.accountId,
      nextWeek.dialogue,
      { digits: '1' },
      'Harbor Dental',
    );
    expect(retry.reply).toMatch(/^Sorry, that time was just taken\. For Monday, December 9/);
    if (retry.dialogue.stage !== 'offering') throw new Error('not offering');
    // 10:30, 11:00 and 11:30 were offered: 10:00 and 12:00 are nearest 11:00, then 9:30 (before 12:30, as near).
    expect(times(retry.dialogue.offers)).toEqual([
      '2030-12-09T14:30:00.000Z',
      '2030-12-09T15:00:00.000Z',
      '2030-12-09T17:00:00.000Z',
    ]);
    // Said in words: "Monday at 12" names the third.
    const booked = await dialogue().choose(
      owner.accountId,
      retry.dialogue,
      { speech: 'Monday at 12' },
      'Harbor Dental',
    );
    expect(booked).toMatchObject({ gather: false, outcome: 'rescheduled' });
    expect(booked.reply).toMatch(/^You're booked for Monday, December 9 at 12:00 PM with Dr\. Patel\./);
  });

  it('"call me back tomorrow" while offering is a request to be called back, not a wish', async () => {
    const { appointmentId } = await contactAndAppointment('+12025551413', '2030-12-12T11:00:00-05:00');
    const offer = await dialogue().offer(owner.accountId, appointmentId);
    if (offer?.dialogue.stage !== 'offering') throw new Error('no offer');
    const answer = await dialogue().choose(
      owner.accountId,
      offer.dialogue,
      { speech: 'Just call me back tomorrow' },
      'Harbor Dental',
    );
    expect(answer).toMatchObject({ gather: false, dialogue: { stage: 'declined' } });
  });
});

describe('choosing among the times offered', () => {
  const offers = [
    { starts_at: '2030-12-04T14:00:00.000Z', ends_at: '2030-12-04T14:30:00.000Z', staff: '' },
    { starts_at: '2030-12-05T20:00:00.000Z', ends_at: '2030-12-05T20:30:00.000Z', staff: '' },
    { starts_at: '2030-12-06T15:30:00.000Z', ends_at: '2030-12-06T16:00:00.000Z', staff: '' },
  ];
  const zone = 'America/New_York';

  it('takes a key, an ordinal, a weekday or a time; 0 or "call me back" declines; anything else is unclear', () => {
    expect(chosenOffer(offers, { digits: '2' }, zone)).toBe(offers[1]);
    expect(chosenOffer(offers, { digits: '0' }, zone)).toBe('decline');
    expect(chosenOffer(offers, { digits: '7' }, zone)).toBeNull();
    expect(chosenOffer(offers, { speech: 'The third one please' }, zone)).toBe(offers[2]);
    expect(chosenOffer(offers, { speech: 'Thursday works' }, zone)).toBe(offers[1]);
    expect(chosenOffer(offers, { speech: 'at 10:30 am' }, zone)).toBe(offers[2]);
    expect(chosenOffer(offers, { speech: 'Friday at 9' }, zone)).toBeNull();
    expect(chosenOffer(offers, { speech: 'Can you call me back later?' }, zone)).toBe('decline');
    expect(chosenOffer(offers, { speech: 'hmm' }, zone)).toBeNull();
    expect(chosenOffer(offers, {}, zone)).toBeNull();
  });

  it('speaks each time with its key in the business’s time zone', () => {
    expect(offerText(offers.slice(0, 2), zone)).toBe(
      'For Wednesday, December 4 at 9:00 AM, press 1. For Thursday, December 5 at 3:00 PM, press 2. To have us call you back instead, press 0.',
    );
  });
});
