import { listAppointmentEmails } from '@callwise/db/queries/appointment-emails';
import { DEFAULT_BOOKING_SETTINGS, type ReminderRule } from '@callwise/shared/schemas/booking';
import { smsSize } from '@callwise/shared/sms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, TEST_JWT_SECRET, type TestApp } from '../../../test/helper.ts';
import { createMailProvider } from '../mail/mail.provider.ts';
import { AppointmentEmailSender, planEmailReminders } from './appointment-emails.ts';
import { SelfServiceLinks } from './self-service-link.ts';

/**
 * Text reminders ("text 2 h before"): the sms rules are planned into the appointment e-mails' outbox like the
 * e-mail rules, stopped by the same rules at send time, and written once to the messages outbox (kind reminder).
 */
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let owner: User;
let links: SelfServiceLinks;
let woken = 0;

const RULES: ReminderRule[] = [
  { channel: 'email', minutes_before: 2880, only_if_unconfirmed: false },
  { channel: 'sms', minutes_before: 120, only_if_unconfirmed: false },
];

async function saveRules(user: User, reminders: ReminderRule[]) {
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/v1/booking-settings',
    headers: user.headers,
    payload: { ...DEFAULT_BOOKING_SETTINGS, reminders },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInUser(t, { plan: 'professional' });
  links = new SelfServiceLinks({ secret: TEST_JWT_SECRET, publicUrl: t.config.PUBLIC_URL });
  await saveRules(owner, RULES);
});
afterAll(async () => {
  await t.close();
});

const sender = () =>
  new AppointmentEmailSender({
    db: t.database.db,
    mail: createMailProvider({ from: 'test@callwise.local', db: t.database.db }),
    links,
    onMessagesDue: () => {
      woken += 1;
    },
  });

let contactNumber = 0;
async function addContact(user: User, email: string) {
  contactNumber += 1;
  const phone = `+1202555${String(1700 + contactNumber)}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/contacts',
    headers: user.headers,
    payload: {
      name: 'Maria Garcia',
      phone,
      email: email || 'blank@example.com',
      company: 'Garcia Bakery',
      consent: 'informational',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  if (!email) await t.database.executeSql(`UPDATE contacts SET email = '' WHERE id = $1`, [id]);
  return { id, phone };
}

async function book(user: User, payload: object) {
  const res = await t.app.inject({ method: 'POST', url: '/v1/appointments', headers: user.headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; starts_at: string };
}

const plannedOf = async (user: User, appointmentId: string) =>
  (await listAppointmentEmails(t.database.db, user.accountId, appointmentId)).map((row) => ({
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    minutesBefore: row.minutesBefore,
    sendAt: row.sendAt.toISOString(),
    status: row.status,
    error: row.error,
  }));

async function textsOf(appointmentId: string) {
  const { rows } = await t.database.executeSql(
    `SELECT account_id, kind, phone, contact_id, body, segments, encoding, dedupe_key
       FROM messages WHERE appointment_id = $1 ORDER BY created_at`,
    [appointmentId],
  );
  return rows as Array<Record<string, unknown>>;
}

const at = (iso: string) => new Date(iso);

describe('planning text reminders', () => {
  it('plans sms rules like e-mail rules: same times, one per channel and time, past ones dropped', () => {
    const settings = {
      ...DEFAULT_BOOKING_SETTINGS,
      reminders: [
        { channel: 'email' as const, minutes_before: 120, only_if_unconfirmed: false },
        { channel: 'sms' as const, minutes_before: 120, only_if_unconfirmed: false },
        { channel: 'sms' as const, minutes_before: 120, only_if_unconfirmed: true },
        { channel: 'sms' as const, minutes_before: 2880, only_if_unconfirmed: false },
        { channel: 'call' as const, minutes_before: 60, only_if_unconfirmed: false },
      ],
    };
    const startsAt = at('2030-12-10T15:00:00Z');
    expect(
      planEmailReminders(
        settings,
        { startsAt, service: null, status: 'scheduled' },
        at('2030-12-09T00:00:00Z'),
      ),
    ).toEqual([
      { channel: 'email', minutesBefore: 120, onlyIfUnconfirmed: false, sendAt: at('2030-12-10T13:00:00Z') },
      { channel: 'sms', minutesBefore: 120, onlyIfUnconfirmed: false, sendAt: at('2030-12-10T13:00:00Z') },
    ]);
    expect(
      planEmailReminders(
        settings,
        { startsAt, service: null, status: 'confirmed' },
        at('2030-12-01T00:00:00Z'),
      ),
    ).toEqual([]);
  });

  it('writes an sms row with the appointment; a contact without e-mail gets only the text', async () => {
    const contact = await addContact(owner, 'sms-plan@example.com');
    const appointment = await book(owner, { contact_id: contact.id, starts_at: '2030-12-03T10:00:00-05:00' });
    expect(
      (await plannedOf(owner, appointment.id)).map((row) => [row.channel, row.minutesBefore, row.sendAt]),
    ).toEqual([
      ['email', 2880, '2030-12-01T15:00:00.000Z'],
      ['sms', 120, '2030-12-03T13:00:00.000Z'],
    ]);
    const silent = await addContact(owner, '');
    const other = await book(owner, { contact_id: silent.id, starts_at: '2030-12-03T12:00:00-05:00' });
    expect((await plannedOf(owner, other.id)).map((row) => [row.channel, row.kind])).toEqual([
      ['sms', 'reminder'],
    ]);
    // A move's notice stays an e-mail: none for a contact without an address, the new time's text planned.
    const moved = await t.app.inject({
      method: 'POST',
      url: `/v1/appointments/${other.id}/reschedule`,
      headers: owner.headers,
      payload: { starts_at: '2030-12-04T12:00:00-05:00' },
    });
    expect(moved.statusCode, moved.body).toBe(201);
    expect((await plannedOf(owner, moved.json().id)).map((row) => [row.channel, row.kind])).toEqual([
      ['sms', 'reminder'],
    ]);
  });
});

describe('sending text reminders', () => {
  it('writes one queued reminder text when due, marks the row sent, and never writes it again', async () => {
    const contact = await addContact(owner, 'sms-send@example.com');
    const appointment = await book(owner, {
      contact_id: contact.id,
      starts_at: '2031-02-04T15:00:00-05:00',
      service: 'Cleaning',
    });
    const sms = (await plannedOf(owner, appointment.id)).find((row) => row.channel === 'sms');
    expect(sms?.sendAt).toBe('2031-02-04T18:00:00.000Z');
    // Not due yet: no text.
    await sender().sendDue(at('2031-02-04T17:59:00Z'));
    expect(await textsOf(appointment.id)).toEqual([]);

    const before = woken;
    const run = await sender().sendDue(at('2031-02-04T18:00:30Z'));
    expect(run.sent).toBeGreaterThanOrEqual(1);
    expect(woken).toBe(before + 1);
    const texts = await textsOf(appointment.id);
    expect(texts).toHaveLength(1);
    const [text] = texts;
    expect(text?.body).toMatch(
      /^Business \d+: reminder of your appointment on Tue, Feb 4 at 3:00 PM \(Cleaning\)\. Reply C to confirm, R to pick a new time\.$/,
    );
    const size = smsSize(String(text?.body));
    expect(text).toMatchObject({
      account_id: owner.accountId,
      kind: 'reminder',
      phone: contact.phone,
      contact_id: contact.id,
      segments: size.segments,
      encoding: size.encoding,
      dedupe_key: `reminder:${sms?.id}`,
    });
    expect((await plannedOf(owner, appointment.id)).find((row) => row.channel === 'sms')?.status).toBe(
      'sent',
    );

    // Running again writes nothing more; nor does a repeat of the same row (its dedupe key is taken).
    await sender().sendDue(at('2031-02-04T18:01:30Z'));
    expect(await textsOf(appointment.id)).toHaveLength(1);
    await t.database.executeSql(`UPDATE appointment_emails SET status = 'pending' WHERE id = $1`, [sms?.id]);
    await sender().sendDue(at('2031-02-04T18:02:30Z'));
    expect(await textsOf(appointment.id)).toHaveLength(1);
  });

  it('writes the text of a row a crash left sending (it wrote none), once', async () => {
    const contact = await addContact(owner, 'sms-crash@example.com');
    const appointment = await book(owner, { contact_id: contact.id, starts_at: '2031-03-12T15:00:00-04:00' });
    const sms = (await plannedOf(owner, appointment.id)).find((row) => row.channel === 'sms');
    // As a sender that died after its claim leaves it: sending, nothing written.
    await t.database.executeSql(
      `UPDATE appointment_emails SET status = 'sending', attempts = 1, claimed_at = $2 WHERE id = $1`,
      [sms?.id, at('2031-03-12T17:00:10Z')],
    );
    await sender().sendDue(at('2031-03-12T17:05:00Z'));
    expect(await textsOf(appointment.id)).toEqual([]);
    await sender().sendDue(at('2031-03-12T17:11:00Z'));
    await sender().sendDue(at('2031-03-12T17:12:00Z'));
    expect((await textsOf(appointment.id)).map((text) => text.dedupe_key)).toEqual([`reminder:${sms?.id}`]);
    expect((await plannedOf(owner, appointment.id)).find((row) => row.channel === 'sms')?.status).toBe(
      'sent',
    );
  });

  it('skips the text of a confirmed appointment', async () => {
    const contact = await addContact(owner, 'sms-confirmed@example.com');
    const appointment = await book(owner, { contact_id: contact.id, starts_at: '2031-03-05T15:00:00-05:00' });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/v1/appointments/${appointment.id}/confirm`,
      headers: owner.headers,
    });
    expect(confirmed.statusCode, confirmed.body).toBeLessThan(300);
    await sender().sendDue(at('2031-03-05T18:00:30Z'));
    const sms = (await plannedOf(owner, appointment.id)).find((row) => row.channel === 'sms');
    expect([sms?.status, sms?.error]).toEqual(['skipped', 'the appointment is confirmed']);
    expect(await textsOf(appointment.id)).toEqual([]);
  });

  it('texts a contact without an e-mail address', async () => {
    const contact = await addContact(owner, '');
    const appointment = await book(owner, { contact_id: contact.id, starts_at: '2031-04-08T15:00:00-04:00' });
    await sender().sendDue(at('2031-04-08T17:00:30Z'));
    const texts = await textsOf(appointment.id);
    expect(texts.map((text) => [text.kind, text.phone])).toEqual([['reminder', contact.phone]]);
    expect(String(texts[0]?.body)).toContain(
      'reminder of your appointment on Tue, Apr 8 at 3:00 PM. Reply C',
    );
  });

  it('skips the text once its sms rule was removed (the e-mail rule still applies)', async () => {
    const other = await signedInUser(t, { plan: 'professional' });
    await saveRules(other, RULES);
    const contact = await addContact(other, 'sms-removed@example.com');
    const appointment = await book(other, { contact_id: contact.id, starts_at: '2031-05-06T15:00:00-04:00' });
    await saveRules(other, [RULES[0] as ReminderRule, { ...(RULES[1] as ReminderRule), channel: 'email' }]);
    await sender().sendDue(at('2031-05-06T17:00:30Z'));
    const sms = (await plannedOf(other, appointment.id)).find((row) => row.channel === 'sms');
    expect([sms?.status, sms?.error]).toEqual(['skipped', 'its reminder rule was removed']);
    expect(await textsOf(appointment.id)).toEqual([]);
  });
});
