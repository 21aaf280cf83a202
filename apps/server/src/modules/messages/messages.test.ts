import { isListed } from '@callwise/db/queries/do-not-call';
import type { Message } from '@callwise/shared/schemas/messages';
import { describe, expect, it } from 'vitest';
import { createApiKey } from '../../../test/helper.ts';
import { other, owner, t, useTwoBusinesses } from '../../../test/two-businesses.ts';

/**
 * Text messages end to end with the simulated carrier (decision 029): sent through the outbox and the job,
 * delivered, answered by the simulated phones (…0120 "C", …0121 "STOP", …0122 never), keywords acted on, the
 * revocation by text blocking calls in the same transaction, and one account never seeing another's texts.
 */
type User = typeof owner;
useTwoBusinesses({ engine: true, env: { SIMULATOR_SPEED: '20' } });

type Method = 'GET' | 'POST' | 'PUT';
function send(as: User, method: Method, url: string, payload?: object) {
  return t.app.inject({ method, url, headers: as.headers, ...(payload ? { payload } : {}) });
}

const AREAS = [
  '202',
  '212',
  '213',
  '215',
  '303',
  '305',
  '312',
  '404',
  '415',
  '503',
  '512',
  '602',
  '617',
  '702',
];
const AREAS_MORE = [
  '713',
  '718',
  '804',
  '808',
  '813',
  '857',
  '901',
  '904',
  '907',
  '912',
  '917',
  '919',
  '937',
];
let serial = 0;
/** A fresh number in the fictional range ending in `code` (its simulated phone's behaviour). */
function numberEnding(code: string): string {
  const areas = [...AREAS, ...AREAS_MORE];
  const area = areas[serial++ % areas.length];
  return `+1${area}555${code}`;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const until = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const conversation = async (as: User, phone: string): Promise<Message[]> =>
  (await send(as, 'GET', `/v1/messages?phone=${encodeURIComponent(phone)}&limit=100`)).json().data;

async function businessName(as: User): Promise<string> {
  const { rows } = await t.database.executeSql('SELECT name FROM accounts WHERE id = $1', [as.accountId]);
  return (rows[0] as { name: string }).name;
}

async function contact(as: User, name: string, phone: string): Promise<string> {
  const res = await send(as, 'POST', '/v1/contacts', {
    name,
    phone,
    email: `${name.split(' ')[0]?.toLowerCase()}${serial}@example.com`,
    company: 'Example Co',
    consent: 'informational',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function appointment(as: User, contactId: string, inHours: number): Promise<string> {
  const startsAt = new Date(Date.now() + inHours * 3_600_000);
  startsAt.setUTCSeconds(0, 0);
  const res = await send(as, 'POST', '/v1/appointments', {
    contact_id: contactId,
    starts_at: startsAt.toISOString(),
    duration_minutes: 30,
    service: 'Cleaning',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describe('sending a text', () => {
  it('queues it, hands it to the carrier from the business number, and records delivery, segments and cost', async () => {
    const phone = numberEnding('0122');
    const res = await send(owner, 'POST', '/v1/messages', {
      to: phone,
      body: 'Your order is ready for pickup.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const queued = res.json() as Message;
    expect(queued).toMatchObject({
      direction: 'outbound',
      kind: 'manual',
      status: 'queued',
      phone,
      body: 'Your order is ready for pickup.',
      segments: 1,
      encoding: 'GSM-7',
      cost: null,
    });
    const delivered = await waitFor(
      async () => (await send(owner, 'GET', `/v1/messages/${queued.id}`)).json() as Message,
      (message) => message.status === 'delivered',
      'delivery',
    );
    expect(delivered.cost).toBeCloseTo(0.0079, 4);
    expect(delivered.business_number).toMatch(/^\+1\d{10}$/);
    expect(delivered.sent_at).not.toBeNull();
    expect(delivered.delivered_at).not.toBeNull();
    // …0122 never answers: the conversation is the one text.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await conversation(owner, phone)).map((message) => message.id)).toEqual([queued.id]);
  });

  it('fills a contact’s variables, and counts an emoji’s text as UCS-2 segments', async () => {
    const phone = numberEnding('0122');
    const id = await contact(owner, 'Dora Diaz', phone);
    const body = `{{first_name}}, your table is ready 🍽️ ${'and waiting '.repeat(5)}`.trim();
    const res = await send(owner, 'POST', '/v1/messages', { contact_id: id, body });
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json() as Message;
    expect(message.body.startsWith('Dora, your table is ready 🍽️')).toBe(true);
    expect(message).toMatchObject({
      contact_id: id,
      contact_name: 'Dora Diaz',
      encoding: 'UCS-2',
      segments: 2,
    });
    const delivered = await waitFor(
      async () => (await send(owner, 'GET', `/v1/messages/${message.id}`)).json() as Message,
      (row) => row.status === 'delivered',
      'delivery',
    );
    expect(delivered.cost).toBeCloseTo(2 * 0.0079, 4);
  });

  it('a number that is not delivered to says why', async () => {
    const phone = numberEnding('0123');
    const id = (await send(owner, 'POST', '/v1/messages', { to: phone, body: 'Hello' })).json().id;
    const row = await waitFor(
      async () => (await send(owner, 'GET', `/v1/messages/${id}`)).json() as Message,
      (message) => message.status === 'undelivered',
      'the undelivered report',
    );
    expect(row.error).toContain('30003');
  });

  it('refuses bad input naming the field, and keeps nothing', async () => {
    const cases: Array<[object, string]> = [
      [{ to: 'not a number', body: 'Hi' }, 'to'],
      [{ to: numberEnding('0122'), body: '   ' }, 'body'],
      [{ to: numberEnding('0122'), body: 'x'.repeat(1601) }, 'body'],
      [{ body: 'Hi' }, 'to'],
      [{ to: numberEnding('0122'), contact_id: '00000000-0000-4000-8000-000000000000', body: 'Hi' }, 'to'],
      [{ contact_id: '00000000-0000-4000-8000-000000000000', body: 'Hi' }, 'contact_id'],
      [{ to: numberEnding('0122'), body: 'Hi', extra: 1 }, ''],
    ];
    for (const [payload, field] of cases) {
      const res = await send(owner, 'POST', '/v1/messages', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const error = res.json().error;
      expect(error.code).toBe('validation_failed');
      if (field) expect(error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
    const id = await contact(owner, 'Lee', numberEnding('0122'));
    const missing = await send(owner, 'POST', '/v1/messages', { contact_id: id, body: 'Dear {{last_name}}' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details[0].field).toBe('body');
  });
});

describe('answers by text', () => {
  it('C confirms the contact’s next appointment and thanks them; the owner sees both in the conversation', async () => {
    const phone = numberEnding('0120');
    const contactId = await contact(owner, 'Maria Garcia', phone);
    const appointmentId = await appointment(owner, contactId, 30);
    const sent = await send(owner, 'POST', '/v1/messages', {
      contact_id: contactId,
      body: 'Reminder: your cleaning tomorrow. Reply C to confirm.',
    });
    expect(sent.statusCode).toBe(201);
    const texts = await waitFor(
      () => conversation(owner, phone),
      (rows) => rows.some((row) => row.kind === 'keyword_reply' && row.status === 'delivered'),
      'the confirmation',
    );
    const [thanks, reply, reminder] = texts;
    expect(reminder?.id).toBe(sent.json().id);
    expect(reply).toMatchObject({
      direction: 'inbound',
      status: 'received',
      body: 'C',
      contact_id: contactId,
    });
    expect(thanks?.body).toMatch(/your appointment on .+ is confirmed\.$/);
    expect(thanks?.appointment_id).toBe(appointmentId);
    const booked = (await send(owner, 'GET', `/v1/appointments/${appointmentId}`)).json();
    expect(booked.status).toBe('confirmed');
  });

  it('STOP lists the number for calls and texts at once, cancels its waiting calls, and is confirmed once', async () => {
    const phone = numberEnding('0121');
    const contactId = await contact(owner, 'Sam Stone', phone);
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const call = await send(owner, 'POST', '/v1/calls', {
      contact_id: contactId,
      call_type: 'follow-up',
      message: 'A quick follow-up about your visit.',
      scheduled_at: later,
    });
    expect(call.statusCode, call.body).toBe(201);
    await send(owner, 'POST', '/v1/messages', { to: phone, body: 'How was your visit?' });
    const texts = await waitFor(
      () => conversation(owner, phone),
      (rows) => rows.some((row) => row.kind === 'keyword_reply'),
      'STOP’s confirmation',
    );
    expect(texts[1]).toMatchObject({ direction: 'inbound', body: 'STOP' });
    expect(texts[0]?.body).toContain('no more texts or calls');
    expect(await isListed(t.database.db, owner.accountId, [phone])).toEqual(new Set([phone]));
    const entry = (await send(owner, 'GET', `/v1/do-not-call?q=${phone.slice(2)}`)).json().data[0];
    expect(entry).toMatchObject({ phone, source: 'texted_stop' });
    expect((await send(owner, 'GET', `/v1/calls/${call.json().id}`)).json().status).toBe('canceled');

    // Nothing more goes to the number, by text or call.
    const text = await send(owner, 'POST', '/v1/messages', { to: phone, body: 'One more thing' });
    expect(text.statusCode).toBe(409);
    expect(text.json().error.code).toBe('do_not_call');
    const again = await send(owner, 'POST', '/v1/calls', {
      contact_id: contactId,
      call_type: 'follow-up',
      message: 'Another call.',
      scheduled_at: later,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('do_not_call');
  });

  it('HELP names the business; START undoes a STOP sent by text, but not a listing by the owner', async () => {
    const phone = numberEnding('0122');
    const texting = async (body: string) => {
      const res = await send(owner, 'POST', '/v1/simulator/inbound-messages', { from: phone, body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const replies = async (count: number) =>
      (
        await waitFor(
          () => conversation(owner, phone),
          (rows) => rows.filter((row) => row.kind === 'keyword_reply').length >= count,
          `${count} replies`,
        )
      ).filter((row) => row.kind === 'keyword_reply');

    await texting('help');
    expect((await replies(1))[0]?.body).toMatch(
      /appointment reminders and updates\. Call \+1 .+ for help\. Reply STOP/,
    );

    await texting('Stop.');
    await replies(2);
    expect((await isListed(t.database.db, owner.accountId, [phone])).size).toBe(1);
    await texting('START');
    expect((await replies(3))[0]?.body).toContain('texts are on again');
    expect((await isListed(t.database.db, owner.accountId, [phone])).size).toBe(0);

    // Listed by the owner: START changes nothing and is not answered.
    expect((await send(owner, 'POST', '/v1/do-not-call', { phone })).statusCode).toBe(201);
    await texting('START');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await replies(3)).length).toBe(3);
    expect((await isListed(t.database.db, owner.accountId, [phone])).size).toBe(1);
  });

  it('words are read by the calls’ intent engine: a yes confirms, "please stop texting me" revokes, a question waits', async () => {
    const phone = numberEnding('0122');
    const contactId = await contact(owner, 'Ivy Nash', phone);
    const appointmentId = await appointment(owner, contactId, 50);
    const texting = async (body: string) => {
      const res = await send(owner, 'POST', '/v1/simulator/inbound-messages', { from: phone, body });
      expect(res.statusCode, res.body).toBe(201);
    };
    await texting('Can we talk about parking?');
    await texting('Yes, I will be there');
    await waitFor(
      () => conversation(owner, phone),
      (rows) => rows.some((row) => row.kind === 'keyword_reply'),
      'the confirmation',
    );
    expect((await send(owner, 'GET', `/v1/appointments/${appointmentId}`)).json().status).toBe('confirmed');
    const replies = (await conversation(owner, phone)).filter((row) => row.kind === 'keyword_reply');
    expect(replies).toHaveLength(1);
    expect(replies[0]?.body).toMatch(/is confirmed\.$/);

    await texting('Please stop texting me');
    expect(await isListed(t.database.db, owner.accountId, [phone])).toEqual(new Set([phone]));
  });

  it('the same text delivered twice by the carrier is one text, acted on once', async () => {
    const phone = numberEnding('0122');
    const to = await t.services.engine.businessNumber(owner.accountId);
    const inbound = {
      providerMessageId: `SM${'ab'.repeat(16)}`,
      from: phone,
      to: to as string,
      body: 'HELP',
      at: new Date(),
    };
    await t.services.messages.host.onInboundMessage(inbound);
    await t.services.messages.host.onInboundMessage(inbound);
    const rows = await waitFor(
      () => conversation(owner, phone),
      (list) => list.some((row) => row.kind === 'keyword_reply'),
      'the reply',
    );
    expect(rows.filter((row) => row.direction === 'inbound')).toHaveLength(1);
    expect(rows.filter((row) => row.kind === 'keyword_reply')).toHaveLength(1);
  });
});

describe('the lists', () => {
  it('conversations, newest first, with the contact’s name; filters; another account sees none of it', async () => {
    const first = numberEnding('0122');
    const second = numberEnding('0122');
    await contact(owner, 'Ana Ames', second);
    await send(owner, 'POST', '/v1/messages', { to: first, body: 'One' });
    await send(owner, 'POST', '/v1/messages', { to: second, body: 'Two' });
    await send(owner, 'POST', '/v1/messages', { to: first, body: 'Three' });
    const threads = (await send(owner, 'GET', '/v1/messages/threads?limit=2')).json();
    expect(threads.data.map((thread: { phone: string }) => thread.phone)).toEqual([first, second]);
    expect(threads.data[0]).toMatchObject({ message_count: 2, contact_name: null });
    expect(threads.data[0].last_message.body).toBe('Three');
    expect(threads.data[1]).toMatchObject({ message_count: 1, contact_name: 'Ana Ames' });
    const next = (
      await send(owner, 'GET', `/v1/messages/threads?limit=2&cursor=${threads.next_cursor}`)
    ).json();
    expect(next.data.map((thread: { phone: string }) => thread.phone)).not.toContain(first);

    const inbound = (await send(owner, 'GET', '/v1/messages?direction=inbound&limit=100')).json().data;
    expect(inbound.every((row: Message) => row.direction === 'inbound')).toBe(true);
    const bad = await send(owner, 'GET', '/v1/messages?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('status');

    const theirs = (await send(other, 'GET', '/v1/messages/threads')).json().data;
    expect(theirs).toEqual([]);
    const one = threads.data[0].last_message.id;
    expect((await send(other, 'GET', `/v1/messages/${one}`)).statusCode).toBe(404);
    expect((await send(other, 'GET', `/v1/messages?phone=${encodeURIComponent(first)}`)).json().data).toEqual(
      [],
    );
  });

  it('an API key sends and lists texts too', async () => {
    const key = (await createApiKey(t, owner, 'Texts')).key;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/messages',
      headers: { authorization: `Bearer ${key}` },
      payload: { to: numberEnding('0122'), body: 'Sent by the API' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const list = await t.app.inject({ url: '/v1/messages', headers: { authorization: `Bearer ${key}` } });
    expect(list.json().data.map((row: Message) => row.id)).toContain(res.json().id);
  });
});

describe('texts after calls', () => {
  it('a reminder call that reaches voicemail is followed by the account’s text; a follow-up call’s is not (not a type texted after)', async () => {
    const phone = numberEnding('0104');
    const contactId = await contact(owner, 'Vera Voss', phone);
    const placed = async (callType: string) => {
      const res = await send(owner, 'POST', '/v1/calls', {
        contact_id: contactId,
        call_type: callType,
        message: 'A reminder of your visit tomorrow at ten.',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const reminder = await placed('appointment-reminder');
    const texts = await waitFor(
      () => conversation(owner, phone),
      (rows) => rows.some((row) => row.kind === 'call_follow_up' && row.status === 'delivered'),
      'the follow-up text',
    );
    const followUp = texts.find((row) => row.kind === 'call_follow_up');
    expect(followUp).toMatchObject({ call_id: reminder, contact_id: contactId });
    expect(followUp?.body).toBe(
      `Hi Vera, ${await businessName(owner)} tried to call you. Reply C to confirm your appointment, R to pick a new time.`,
    );
    // Found again by the next run (or a run repeated after a crash): not written twice.
    await t.services.textFollowUps.run();
    const promotion = await placed('follow-up');
    await waitFor(
      async () => (await send(owner, 'GET', `/v1/calls/${promotion}`)).json(),
      (call) => call.status === 'completed',
      'the other call to end',
    );
    await t.services.textFollowUps.run();
    const after = await conversation(owner, phone);
    expect(after.filter((row) => row.kind === 'call_follow_up')).toHaveLength(1);
  });

  it('a call to the business nobody took is answered by one text a day per caller, unless turned off', async () => {
    const caller = numberEnding('0122');
    const missed = async () => {
      const { rows } = await t.database.executeSql(
        `INSERT INTO calls (account_id, recipient_name, phone, message, voice, status, direction, ended_at)
         VALUES ($1, 'Caller', $2, '', 'aria', 'completed', 'inbound', now()) RETURNING id`,
        [owner.accountId, caller],
      );
      return (rows[0] as { id: string }).id;
    };
    const first = await missed();
    await missed();
    await t.services.textFollowUps.run();
    await t.services.textFollowUps.run();
    const texts = (await conversation(owner, caller)).filter((row) => row.kind === 'missed_call');
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toBe(
      `Sorry we missed your call to ${await businessName(owner)}. Reply here and we will get back to you, or call us again.`,
    );
    expect(texts[0]?.call_id).toBe(first);

    const off = await send(owner, 'PUT', '/v1/text-settings', { missed_call_text_back: false });
    expect(off.statusCode, off.body).toBe(200);
    const other = numberEnding('0122');
    await t.database.executeSql(
      `INSERT INTO calls (account_id, recipient_name, phone, message, voice, status, direction, ended_at)
       VALUES ($1, 'Caller', $2, '', 'aria', 'no-answer', 'inbound', now())`,
      [owner.accountId, other],
    );
    await t.services.textFollowUps.run();
    expect(await conversation(owner, other)).toEqual([]);
    await send(owner, 'PUT', '/v1/text-settings', { missed_call_text_back: true });
  });

  it('the settings: read, changed in part, and a text with an unknown variable refused naming its field', async () => {
    const before = (await send(owner, 'GET', '/v1/text-settings')).json();
    expect(before).toMatchObject({
      follow_up_call_types: ['appointment-reminder'],
      missed_call_text_back: true,
    });
    const changed = await send(owner, 'PUT', '/v1/text-settings', {
      follow_up_call_types: ['appointment-reminder', 'follow-up'],
      follow_up_text: 'Hi {{first_name}}, sorry we missed you. {{business_name}}',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      follow_up_call_types: ['appointment-reminder', 'follow-up'],
      follow_up_text: 'Hi {{first_name}}, sorry we missed you. {{business_name}}',
      missed_call_text: before.missed_call_text,
    });
    for (const [payload, field] of [
      [{ follow_up_text: 'Hi {{last_name}}' }, 'follow_up_text'],
      [{ missed_call_text: '' }, 'missed_call_text'],
      [{ follow_up_call_types: ['robocall'] }, 'follow_up_call_types'],
    ] as const) {
      const res = await send(owner, 'PUT', '/v1/text-settings', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].field).toContain(field);
    }
    await send(owner, 'PUT', '/v1/text-settings', {
      follow_up_call_types: before.follow_up_call_types,
      follow_up_text: before.follow_up_text,
    });
  });
});
