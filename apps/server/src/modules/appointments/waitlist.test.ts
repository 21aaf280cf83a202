import { describe, expect, it } from 'vitest';
import { other, owner, t, useTwoBusinesses } from '../../../test/two-businesses.ts';
import { entryWants, offerMessage } from './waitlist.service.ts';

/**
 * Waitlist fill (issue #17, decision 021), end to end with the simulated carrier: a cancelled appointment's slot is
 * offered by call to the waiting contacts it suits, one after another, longest waiting first; …0105 presses 2 (the
 * next is called), any other number presses 1 and gets it; nobody after is called; someone answering later hears it was taken.
 */
type User = typeof owner;
useTwoBusinesses({ engine: true, env: { SIMULATOR_SPEED: '200' } });

let phoneSuffix = 0;
async function addContact(user: User, name: string, phone?: string) {
  phoneSuffix += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/contacts',
    headers: user.headers,
    payload: {
      name,
      phone: phone ?? `+1202555${String(1800 + phoneSuffix)}`,
      email: `${name.split(' ')[0]?.toLowerCase()}${phoneSuffix}@example.com`,
      company: 'Harbor Dental',
      consent: 'informational',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const wait = (user: User, payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/waitlist', headers: user.headers, payload });

async function book(contactId: string, startsAt: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/appointments',
    headers: owner.headers,
    payload: { contact_id: contactId, starts_at: startsAt, service: 'Cleaning', staff: 'Dr. Patel' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; starts_at: string };
}

interface Offer {
  id: string;
  status: string;
  starts_at: string;
  filled_appointment_id: string | null;
  filled_contact_id: string | null;
  calls: Array<{
    contact_id: string;
    call_id: string | null;
    call_status: string | null;
    outcome: string | null;
  }>;
}

async function offers(user: User): Promise<Offer[]> {
  const res = await t.app.inject({ url: '/v1/waitlist/offers', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Runs the waitlist job's passes until the offer settles (its calls ending in between). */
async function settle(offerId: string): Promise<Offer> {
  const deadline = Date.now() + 25_000;
  for (;;) {
    await t.app.services.waitlist.advance();
    const offer = (await offers(owner)).find((item) => item.id === offerId);
    if (offer && offer.status !== 'open') return offer;
    if (Date.now() > deadline) throw new Error(`offer did not settle: ${JSON.stringify(offer)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe('the waitlist', () => {
  it('takes entries with their wishes, naming a bad field, and keeps them to the account', async () => {
    const maria = await addContact(owner, 'Maria Garcia');
    const added = await wait(owner, {
      contact_id: maria,
      service: 'Cleaning',
      days: ['thursday', 'tuesday', 'thursday'],
      earliest: '09:00',
      latest: '12:30',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      contact_id: maria,
      service: 'Cleaning',
      staff: null,
      days: ['tuesday', 'thursday'],
      earliest: '09:00',
      latest: '12:30',
      status: 'waiting',
    });
    // Waiting twice for the same service and staff member: refused; for another service: a second entry.
    const twice = await wait(owner, { contact_id: maria, service: 'Cleaning', days: ['monday'] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.details[0].field).toBe('contact_id');
    const otherService = await wait(owner, { contact_id: maria, service: 'Whitening' });
    expect(otherService.statusCode, otherService.body).toBe(201);
    const bad = await wait(owner, { contact_id: maria, earliest: '14:00', latest: '09:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('latest');
    const badDay = await wait(owner, { contact_id: maria, days: ['funday'] });
    expect(badDay.json().error.details[0].field).toBe('days.0');
    const theirs = await addContact(other, 'Tom Lee');
    const stranger = await wait(owner, { contact_id: theirs });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.details[0].field).toBe('contact_id');

    const list = await t.app.inject({ url: '/v1/waitlist', headers: owner.headers });
    expect(list.json().data.map((entry: { id: string }) => entry.id)).toContain(added.json().id);
    expect((await t.app.inject({ url: '/v1/waitlist', headers: other.headers })).json().data).toEqual([]);
    const notTheirs = await t.app.inject({
      method: 'DELETE',
      url: `/v1/waitlist/${added.json().id}`,
      headers: other.headers,
    });
    expect(notTheirs.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v1/waitlist/${added.json().id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    const removedList = await t.app.inject({ url: '/v1/waitlist?status=removed', headers: owner.headers });
    expect(removedList.json().data.map((entry: { id: string }) => entry.id)).toContain(added.json().id);
    // Once removed, the contact may wait for it again.
    const again = await wait(owner, { contact_id: maria, service: 'Cleaning' });
    expect(again.statusCode).toBe(201);
    await t.app.inject({ method: 'DELETE', url: `/v1/waitlist/${again.json().id}`, headers: owner.headers });
    await t.app.inject({
      method: 'DELETE',
      url: `/v1/waitlist/${otherService.json().id}`,
      headers: owner.headers,
    });
  });

  it('calls the entries a freed slot suits one after another; the first who presses 1 gets it', async () => {
    // Thursday, December 5, 2030, 10:00 AM in New York with Dr. Patel.
    const holder = await addContact(owner, 'Ann Holder');
    const appointment = await book(holder, '2030-12-05T10:00:00-05:00');
    const declines = await addContact(owner, 'Dan Declines', '+12025550105');
    const wantsOther = await addContact(owner, 'Wes Whitening');
    const afternoons = await addContact(owner, 'Pat Afternoons');
    const takes = await addContact(owner, 'Tia Takes');
    const later = await addContact(owner, 'Lou Later');
    for (const entry of [
      { contact_id: declines, service: 'Cleaning' },
      { contact_id: wantsOther, service: 'Whitening' },
      { contact_id: afternoons, earliest: '13:00' },
      { contact_id: takes, days: ['thursday'], staff: 'Dr. Patel' },
      { contact_id: later },
    ]) {
      expect((await wait(owner, entry)).statusCode).toBe(201);
    }

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/v1/appointments/${appointment.id}/cancel`,
      headers: owner.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [opened] = (await offers(owner)).filter((offer) => offer.starts_at === appointment.starts_at);
    expect(opened?.status).toBe('open');

    const offer = await settle(opened?.id ?? '');
    expect(offer.status).toBe('filled');
    expect(offer.filled_contact_id).toBe(takes);
    // Longest waiting first, only those it suits, the next only after the last call ended.
    expect(offer.calls.map((call) => [call.contact_id, call.outcome])).toEqual([
      [declines, 'cancelled'],
      [takes, 'confirmed'],
    ]);
    const booked = (
      await t.app.inject({ url: `/v1/appointments/${offer.filled_appointment_id}`, headers: owner.headers })
    ).json();
    expect(booked).toMatchObject({
      contact_id: takes,
      starts_at: appointment.starts_at,
      staff: 'Dr. Patel',
      service: 'Cleaning',
      source: 'waitlist',
      status: 'confirmed',
    });
    const call = (
      await t.app.inject({ url: `/v1/calls/${offer.calls[1]?.call_id}`, headers: owner.headers })
    ).json();
    expect(call.transcript.map((line: { text: string }) => line.text).slice(-1)).toEqual([
      "You're booked for Thursday, December 5 at 10:00 AM with Dr. Patel. See you then. Goodbye.",
    ]);
    // The dashboard counts it.
    const dashboard = (await t.app.inject({ url: '/v1/dashboard', headers: owner.headers })).json();
    expect(dashboard.slots_refilled).toBe(1);
    expect((await t.app.inject({ url: '/v1/dashboard', headers: other.headers })).json().slots_refilled).toBe(
      0,
    );
    const waiting = (
      await t.app.inject({ url: '/v1/waitlist?status=booked', headers: owner.headers })
    ).json();
    expect(waiting.data.map((entry: { contact_id: string }) => entry.contact_id)).toEqual([takes]);

    // Someone answering this offer later (the first callee pressing 1 after all) hears it was taken.
    const [first] = (
      await t.database.executeSql('SELECT id, account_id, slot_offer_id FROM calls WHERE id = $1', [
        offer.calls[0]?.call_id,
      ])
    ).rows as Array<{ id: string; account_id: string; slot_offer_id: string }>;
    const late = await t.app.services.waitlist.answer(
      { id: first?.id ?? '', accountId: first?.account_id ?? '', slotOfferId: first?.slot_offer_id ?? null },
      'confirm',
    );
    expect(late?.reply).toMatch(/^Sorry, that time was just taken/);
    // A repeated report of the winner's answer finds its own booking, and books nothing more.
    const [winner] = (
      await t.database.executeSql('SELECT id, account_id, slot_offer_id FROM calls WHERE id = $1', [
        offer.calls[1]?.call_id,
      ])
    ).rows as Array<{ id: string; account_id: string; slot_offer_id: string }>;
    const again = await t.app.services.waitlist.answer(
      {
        id: winner?.id ?? '',
        accountId: winner?.account_id ?? '',
        slotOfferId: winner?.slot_offer_id ?? null,
      },
      'confirm',
    );
    expect(again?.outcome).toBe('confirmed');
    const count = await t.database.executeSql(
      `SELECT count(*)::int AS n FROM appointments WHERE source = 'waitlist' AND starts_at = $1`,
      [appointment.starts_at],
    );
    expect((count.rows[0] as { n: number }).n).toBe(1);
  });

  it('closes an offer whose slot was booked otherwise meanwhile, calling nobody', async () => {
    const holder = await addContact(owner, 'Bea Holder');
    const appointment = await book(holder, '2030-12-06T11:00:00-05:00');
    const waiter = await addContact(owner, 'Will Waiter');
    expect((await wait(owner, { contact_id: waiter })).statusCode).toBe(201);
    await t.app.inject({
      method: 'POST',
      url: `/v1/appointments/${appointment.id}/cancel`,
      headers: owner.headers,
    });
    const [opened] = (await offers(owner)).filter((offer) => offer.starts_at === appointment.starts_at);
    // The front desk books the slot by phone before the job's next pass.
    await book(await addContact(owner, 'Walk In'), '2030-12-06T11:00:00-05:00');
    const offer = await settle(opened?.id ?? '');
    expect(offer.status).toBe('taken');
    expect(offer.calls).toEqual([]);
  });

  it('calls one person when two passes run at once, and fills an offer a crash left booked but open', async () => {
    // Only these two wait (the earlier tests' entries are taken off).
    const earlier = (await t.app.inject({ url: '/v1/waitlist', headers: owner.headers })).json().data;
    for (const entry of earlier as Array<{ id: string }>) {
      await t.app.inject({ method: 'DELETE', url: `/v1/waitlist/${entry.id}`, headers: owner.headers });
    }
    const holder = await addContact(owner, 'Dee Holder');
    const appointment = await book(holder, '2030-12-09T14:00:00-05:00');
    const first = await addContact(owner, 'Fay First');
    const second = await addContact(owner, 'Sid Second');
    const entries: string[] = [];
    for (const contact of [first, second]) {
      const res = await wait(owner, { contact_id: contact });
      entries.push(res.json().id);
    }
    await t.app.inject({
      method: 'POST',
      url: `/v1/appointments/${appointment.id}/cancel`,
      headers: owner.headers,
    });
    const [opened] = (await offers(owner)).filter((offer) => offer.starts_at === appointment.starts_at);
    // Two workers' passes together: the attempt's key lets one call go out, to the longest waiting.
    await Promise.all([t.app.services.waitlist.advance(), t.app.services.waitlist.advance()]);
    const once = (await offers(owner)).find((offer) => offer.id === opened?.id);
    expect(once?.calls.map((call) => call.contact_id)).toEqual([first]);
    const calls = await t.database.executeSql(
      'SELECT count(*)::int AS n FROM calls WHERE slot_offer_id = $1',
      [opened?.id],
    );
    expect((calls.rows[0] as { n: number }).n).toBe(1);
    await settle(opened?.id ?? '');

    // A second freed slot, offered to Sid, who pressed 1: booked, then the process died before marking the
    // offer filled. The next pass finds the offer's own booking and fills it for him (not "taken").
    const other = await book(holder, '2030-12-10T14:00:00-05:00');
    await t.app.inject({
      method: 'POST',
      url: `/v1/appointments/${other.id}/cancel`,
      headers: owner.headers,
    });
    const [next] = (await offers(owner)).filter((offer) => offer.starts_at === other.starts_at);
    const account = owner.accountId;
    await t.database.executeSql(
      'INSERT INTO slot_offer_attempts (offer_id, entry_id, account_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [next?.id, entries[1], account],
    );
    const booked = await t.app.services.appointments.create(
      account,
      {
        contactId: second,
        startsAt: new Date(other.starts_at),
        endsAt: new Date(new Date(other.starts_at).getTime() + 30 * 60_000),
        staff: 'Dr. Patel',
        source: 'waitlist',
        externalId: `offer:${next?.id}`,
      },
      { confirmed: true },
    );
    const filled = await settle(next?.id ?? '');
    expect(filled).toMatchObject({
      status: 'filled',
      filled_contact_id: second,
      filled_appointment_id: booked.id,
    });
  });

  it('opens no offer for a slot less than two hours ahead', async () => {
    const holder = await addContact(owner, 'Cy Soon');
    const soon = new Date(Date.now() + 90 * 60_000);
    soon.setUTCSeconds(0, 0);
    const appointment = await book(holder, soon.toISOString());
    await t.app.inject({
      method: 'POST',
      url: `/v1/appointments/${appointment.id}/cancel`,
      headers: owner.headers,
    });
    expect((await offers(owner)).some((offer) => offer.starts_at === appointment.starts_at)).toBe(false);
  });

  it('takes the notice from the booking settings: nearer slots open no offer, and an open one expires', async () => {
    const saved = (await t.app.inject({ url: '/v1/booking-settings', headers: owner.headers })).json();
    expect(saved.waitlist_notice_hours).toBe(2);
    const { timezone: _zone, updated_at: _at, ...document } = saved;
    const notice = (hours: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/v1/booking-settings',
        headers: owner.headers,
        payload: { ...document, waitlist_notice_hours: hours },
      });
    const bad = await notice(-1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('waitlist_notice_hours');
    expect((await wait(owner, { contact_id: await addContact(owner, 'Di Later') })).statusCode).toBe(201);
    const cancel = (id: string) =>
      t.app.inject({ method: 'POST', url: `/v1/appointments/${id}/cancel`, headers: owner.headers });
    const hoursAhead = (hours: number) => {
      const when = new Date(Date.now() + hours * 3_600_000);
      when.setUTCMinutes(0, 0, 0);
      return when.toISOString();
    };
    try {
      expect((await notice(48)).statusCode).toBe(200);
      const near = await book(await addContact(owner, 'Ed Near'), hoursAhead(30));
      await cancel(near.id);
      expect((await offers(owner)).some((offer) => offer.starts_at === near.starts_at)).toBe(false);

      expect((await notice(24)).statusCode).toBe(200);
      const far = await book(await addContact(owner, 'Flo Far'), hoursAhead(36));
      await cancel(far.id);
      const opened = (await offers(owner)).find((offer) => offer.starts_at === far.starts_at);
      expect(opened?.status).toBe('open');
      // The business asks for more notice now: calling about it stops.
      expect((await notice(72)).statusCode).toBe(200);
      await t.app.services.waitlist.advance();
      const after = (await offers(owner)).find((offer) => offer.id === opened?.id);
      expect(after?.status).toBe('expired');
    } finally {
      await notice(2);
    }
  });
});

describe('matching an entry to a freed slot', () => {
  const offer = { service: 'Cleaning', staff: 'Dr. Patel', startsAt: new Date('2030-12-05T15:00:00Z') };
  const entry = { service: null, staff: null, days: [], earliestMinute: null, latestMinute: null };
  it('takes any service, staff member, day and time unless the entry names them (in the business’s zone)', () => {
    expect(entryWants(entry, offer, 'America/New_York')).toBe(true);
    expect(entryWants({ ...entry, service: 'cleaning' }, offer, 'America/New_York')).toBe(true);
    expect(entryWants({ ...entry, service: 'Whitening' }, offer, 'America/New_York')).toBe(false);
    expect(entryWants({ ...entry, staff: 'Dr. Lee' }, offer, 'America/New_York')).toBe(false);
    // 10:00 AM on a Thursday in New York; 3:00 PM in London.
    expect(entryWants({ ...entry, days: [4] }, offer, 'America/New_York')).toBe(true);
    expect(entryWants({ ...entry, days: [1, 2] }, offer, 'America/New_York')).toBe(false);
    expect(entryWants({ ...entry, latestMinute: 12 * 60 }, offer, 'America/New_York')).toBe(true);
    expect(entryWants({ ...entry, latestMinute: 12 * 60 }, offer, 'Europe/London')).toBe(false);
    expect(
      entryWants({ ...entry, earliestMinute: 10 * 60, latestMinute: 10 * 60 }, offer, 'America/New_York'),
    ).toBe(true);
  });

  it('says what opened and offers its own keys', () => {
    expect(offerMessage(offer, 'America/New_York')).toBe(
      'Hi {{first_name}}, good news: a Cleaning appointment with Dr. Patel just opened up on Thursday, December 5 at 10:00 AM. Press 1 to book it, or 2 if it does not suit you.',
    );
  });
});
