import { claimDueAppointmentEmail, listAppointmentEmails } from '@callwise/db/queries/appointment-emails';
import { getAppointment } from '@callwise/db/queries/appointments';
import { DEFAULT_BOOKING_SETTINGS } from '@callwise/shared/schemas/booking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  signedInUser,
  TEST_JWT_SECRET,
  type TestApp,
  waitForMail,
} from '../../../test/helper.ts';
import { createMailProvider, type MailProvider } from '../mail/mail.provider.ts';
import {
  AppointmentEmailSender,
  formatAppointmentTime,
  planAppointmentEmails,
  planEmailReminders,
} from './appointment-emails.ts';
import { SelfServiceLinks } from './self-service-link.ts';

/**
 * E-mail reminders of appointments and the notice of a move (issue #17, decision 019): planned with the
 * appointment in its transaction, checked again at send time, sent at most once.
 */
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let owner: User;
let other: User;
let links: SelfServiceLinks;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInUser(t, { plan: 'professional' });
  other = await signedInUser(t, { plan: 'professional' });
  links = new SelfServiceLinks({ secret: TEST_JWT_SECRET, publicUrl: t.config.PUBLIC_URL });
});
afterAll(async () => {
  await t.close();
});

const sender = (mail?: MailProvider) =>
  new AppointmentEmailSender({
    db: t.database.db,
    mail: mail ?? createMailProvider({ from: 'test@callwise.local', db: t.database.db }),
    links,
  });

let contactNumber = 0;
async function addContact(user: User, email: string) {
  contactNumber += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/contacts',
    headers: user.headers,
    payload: {
      name: 'Maria Garcia',
      phone: `+1202555${String(1400 + contactNumber)}`,
      email: email || 'blank@example.com',
      company: 'Garcia Bakery',
      consent: 'informational',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  // The API asks for an address; contacts from an import or a calendar may have none.
  if (!email) await t.database.executeSql(`UPDATE contacts SET email = '' WHERE id = $1`, [id]);
  return id;
}

async function book(user: User, payload: object) {
  const res = await t.app.inject({ method: 'POST', url: '/v1/appointments', headers: user.headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; starts_at: string };
}

const post = (user: User, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });

async function emailsOf(user: User, appointmentId: string) {
  return listAppointmentEmails(t.database.db, user.accountId, appointmentId);
}

async function mailsTo(to: string) {
  const res = await t.app.inject('/_dev/mail.json?limit=200');
  return (res.json() as Array<{ to: string; subject: string; text: string; html: string }>).filter(
    (mail) => mail.to === to,
  );
}

const at = (iso: string) => new Date(iso);

describe('planning e-mail reminders', () => {
  it('follows the e-mail rules of the service, else of the account, dropping past ones', () => {
    const settings = {
      ...DEFAULT_BOOKING_SETTINGS,
      services: [
        {
          name: 'Cleaning',
          duration_minutes: 30,
          buffer_minutes: 0,
          reminders: [
            { channel: 'email' as const, minutes_before: 4320, only_if_unconfirmed: false },
            { channel: 'email' as const, minutes_before: 60, only_if_unconfirmed: true },
            { channel: 'call' as const, minutes_before: 1440, only_if_unconfirmed: false },
          ],
        },
      ],
    };
    const startsAt = at('2030-12-10T15:00:00Z');
    const now = at('2030-12-01T00:00:00Z');
    expect(planEmailReminders(settings, { startsAt, service: null, status: 'scheduled' }, now)).toEqual([
      { channel: 'email', minutesBefore: 2880, onlyIfUnconfirmed: false, sendAt: at('2030-12-08T15:00:00Z') },
    ]);
    expect(planEmailReminders(settings, { startsAt, service: 'cleaning', status: 'scheduled' }, now)).toEqual(
      [
        {
          channel: 'email',
          minutesBefore: 4320,
          onlyIfUnconfirmed: false,
          sendAt: at('2030-12-07T15:00:00Z'),
        },
        { channel: 'email', minutesBefore: 60, onlyIfUnconfirmed: true, sendAt: at('2030-12-10T14:00:00Z') },
      ],
    );
    // 30 hours ahead: the 48-hour e-mail is already past.
    expect(
      planEmailReminders(
        settings,
        { startsAt, service: null, status: 'scheduled' },
        at('2030-12-09T09:00:00Z'),
      ),
    ).toEqual([]);
    expect(planEmailReminders(settings, { startsAt, service: null, status: 'confirmed' }, now)).toEqual([]);
  });

  it('writes them with the appointment through the API; a contact without e-mail gets none', async () => {
    const contactId = await addContact(owner, 'plan@example.com');
    const appointment = await book(owner, { contact_id: contactId, starts_at: '2030-12-03T10:00:00-05:00' });
    const rows = await emailsOf(owner, appointment.id);
    expect(rows.map((row) => [row.kind, row.minutesBefore, row.sendAt.toISOString(), row.status])).toEqual([
      ['reminder', 2880, '2030-12-01T15:00:00.000Z', 'pending'],
    ]);
    expect(rows[0]?.accountId).toBe(owner.accountId);

    const silent = await addContact(owner, '');
    const unreachable = await book(owner, { contact_id: silent, starts_at: '2030-12-03T12:00:00-05:00' });
    expect(await emailsOf(owner, unreachable.id)).toEqual([]);
    const moved = await post(owner, `/v1/appointments/${unreachable.id}/reschedule`, {
      starts_at: '2030-12-04T12:00:00-05:00',
    });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(await emailsOf(owner, moved.json().id)).toEqual([]);
  });

  it('plans many appointments in one call, never the same reminder twice', async () => {
    const contactId = await addContact(owner, 'bulk@example.com');
    const first = await book(owner, { contact_id: contactId, starts_at: '2030-11-20T10:00:00-05:00' });
    const second = await book(owner, { contact_id: contactId, starts_at: '2030-11-21T10:00:00-05:00' });
    const rows = [first, second].map((item) => ({
      id: item.id,
      contactId,
      startsAt: new Date(item.starts_at),
      service: null,
      status: 'scheduled',
    }));
    // Both were planned at booking: planning them again (twice in one statement, too) writes nothing.
    const written = await t.database.db.transaction((tx) =>
      planAppointmentEmails(tx, owner.accountId, [...rows, ...rows]),
    );
    expect(written).toBe(0);
    expect((await emailsOf(owner, first.id)).length).toBe(1);
    expect((await emailsOf(owner, second.id)).length).toBe(1);
  });
});

describe('sending appointment e-mails', () => {
  it('sends a due reminder once, in the business’s time zone, with the self-service link', async () => {
    const to = 'send@example.com';
    const contactId = await addContact(owner, to);
    const appointment = await book(owner, {
      contact_id: contactId,
      starts_at: '2030-12-03T15:00:00-05:00',
      service: 'Cleaning',
      staff: 'Dr. Patel',
      location: '12 Main St',
    });
    // Not due yet: nothing.
    await sender().sendDue(at('2030-12-01T19:59:00Z'));
    expect(await mailsTo(to)).toEqual([]);
    // Due: sent; a second run (and a third) sends nothing more.
    const run = await sender().sendDue(at('2030-12-01T20:00:30Z'));
    expect(run.sent).toBeGreaterThanOrEqual(1);
    await sender().sendDue(at('2030-12-01T20:01:30Z'));
    await sender().sendDue(at('2030-12-02T20:00:00Z'));
    const mails = await mailsTo(to);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Reminder: your appointment on Tue, Dec 3 at 3:00 PM',
    ]);
    const [mail] = mails;
    expect(mail?.text).toContain('Hi Maria,');
    expect(mail?.text).toMatch(/your appointment with Business \d+\./);
    expect(mail?.text).toContain('What: Cleaning');
    expect(mail?.text).toContain('With: Dr. Patel');
    expect(mail?.text).toContain('Where: 12 Main St');
    const link = links.url({ id: appointment.id, startsAt: new Date(appointment.starts_at) });
    expect(mail?.text).toContain(`Manage your appointment: ${link}`);
    expect(mail?.html).toContain(link);
    const [row] = await emailsOf(owner, appointment.id);
    expect([row?.status, row?.attempts, row?.sentAt instanceof Date]).toEqual(['sent', 1, true]);
  });

  it('stops a pending reminder once the appointment is confirmed, cancelled, moved, corrected or started', async () => {
    const to = 'stop@example.com';
    const contactId = await addContact(owner, to);
    const ids: Record<string, string> = {};
    const days = { started: '09', confirm: '10', cancel: '11', reschedule: '12', patch: '13' };
    for (const action of ['confirm', 'cancel', 'reschedule', 'patch', 'started'] as const) {
      const appointment = await book(owner, {
        contact_id: contactId,
        starts_at: `2031-01-${days[action]}T10:00:00-05:00`,
      });
      ids[action] = appointment.id;
      if (action === 'reschedule') {
        const moved = await post(owner, `/v1/appointments/${appointment.id}/reschedule`, {
          starts_at: '2031-01-20T10:00:00-05:00',
        });
        expect(moved.statusCode, moved.body).toBe(201);
        ids.movedTo = moved.json().id;
      } else if (action === 'patch') {
        const patched = await t.app.inject({
          method: 'PATCH',
          url: `/v1/appointments/${appointment.id}`,
          headers: owner.headers,
          payload: { starts_at: '2031-01-13T11:00:00-05:00' },
        });
        expect(patched.statusCode, patched.body).toBe(200);
      } else if (action !== 'started') {
        const res = await post(owner, `/v1/appointments/${appointment.id}/${action}`);
        expect(res.statusCode, res.body).toBeLessThan(300);
      }
    }
    // The notice of the move goes out at once (the job is woken).
    const notice = await waitForMail(t.app, to, /has moved/);
    expect(notice.subject).toBe('Your appointment has moved to Mon, Jan 20 at 10:00 AM');
    expect(notice.text).toContain(
      links.url({ id: ids.movedTo as string, startsAt: at('2031-01-20T15:00:00Z') }),
    );

    // Long after every reminder was due, but before the corrected appointment starts at 11:00.
    await sender().sendDue(at('2031-01-13T15:30:00Z'));
    const statusOf = async (id: string) =>
      (await emailsOf(owner, id)).map((row) => [row.kind, row.status, row.error]);
    expect(await statusOf(ids.confirm as string)).toEqual([
      ['reminder', 'skipped', 'the appointment is confirmed'],
    ]);
    expect(await statusOf(ids.cancel as string)).toEqual([
      ['reminder', 'skipped', 'the appointment was cancelled'],
    ]);
    expect(await statusOf(ids.reschedule as string)).toEqual([
      ['reminder', 'skipped', 'the appointment moved'],
    ]);
    // A correction in place: the old time's reminder stops, the new time's goes.
    expect(await statusOf(ids.patch as string)).toEqual([
      ['reminder', 'skipped', 'the appointment’s time changed since it was planned'],
      ['reminder', 'sent', null],
    ]);
    // The new appointment: its notice sent, its own reminder (Jan 18) waiting.
    expect(await statusOf(ids.movedTo as string)).toEqual([
      ['moved', 'sent', null],
      ['reminder', 'pending', null],
    ]);
    // One whose reminder was not sent before the appointment began (the server was down): never after.
    expect(await statusOf(ids.started as string)).toEqual([
      ['reminder', 'skipped', 'the appointment has started'],
    ]);

    const subjects = (await mailsTo(to)).map((mail) => mail.subject).sort();
    expect(subjects).toEqual([
      'Reminder: your appointment on Mon, Jan 13 at 11:00 AM',
      'Your appointment has moved to Mon, Jan 20 at 10:00 AM',
    ]);
  });

  it('sends a move’s notice once, even when the customer chose the time (confirmed)', async () => {
    const to = 'moved@example.com';
    const contactId = await addContact(owner, to);
    const appointment = await book(owner, { contact_id: contactId, starts_at: '2031-02-03T10:00:00-05:00' });
    const current = await getAppointment(t.database.db, owner.accountId, appointment.id);
    if (!current) throw new Error('appointment not found');
    // As a call does when the customer picks a new time (decision 017).
    const moved = await t.services.appointments.reschedule(
      owner.accountId,
      current,
      { startsAt: at('2031-02-04T15:00:00Z'), endsAt: at('2031-02-04T15:30:00Z') },
      { confirmed: true },
    );
    expect(moved?.created.status).toBe('confirmed');
    await waitForMail(t.app, to, /has moved/);
    await sender().sendDue();
    await sender().sendDue(at('2031-02-04T14:00:00Z'));
    expect((await mailsTo(to)).map((mail) => mail.subject)).toEqual([
      'Your appointment has moved to Tue, Feb 4 at 10:00 AM',
    ]);
    // Confirmed: no reminder planned for the new time.
    const rows = await emailsOf(owner, moved?.created.id as string);
    expect(rows.map((row) => [row.kind, row.status])).toEqual([['moved', 'sent']]);
  });

  it('tries again later when the mail provider refuses, and never re-sends one a crash left sending', async () => {
    const to = 'retry@example.com';
    const contactId = await addContact(owner, to);
    const first = await book(owner, { contact_id: contactId, starts_at: '2031-03-10T10:00:00-05:00' });
    const refusing: MailProvider = {
      kind: 'outbox',
      send: async () => {
        throw new Error('SMTP 451 try later');
      },
    };
    const now = at('2031-03-08T15:00:30Z');
    await sender(refusing).sendDue(now);
    let [row] = await emailsOf(owner, first.id);
    expect([row?.status, row?.attempts, row?.error]).toEqual(['pending', 1, 'SMTP 451 try later']);
    expect(row?.sendAt.toISOString()).toBe('2031-03-08T15:02:30.000Z');
    await sender().sendDue(at('2031-03-08T15:03:00Z'));
    [row] = await emailsOf(owner, first.id);
    expect([row?.status, row?.attempts]).toEqual(['sent', 2]);

    // A sender claims the next one and dies before the provider is asked: after 10 minutes it is `unknown`.
    const second = await book(owner, { contact_id: contactId, starts_at: '2031-03-12T10:00:00-05:00' });
    const claimed = await claimDueAppointmentEmail(t.database.db, at('2031-03-10T15:00:30Z'));
    expect(claimed?.appointmentId).toBe(second.id);
    const run = await sender().sendDue(at('2031-03-10T15:01:00Z'));
    expect(run.abandoned).toBe(1);
    [row] = await emailsOf(owner, second.id);
    expect(row?.status).toBe('unknown');
    expect((await mailsTo(to)).length).toBe(1);
  });
});

describe('account isolation', () => {
  it('plans nothing for another account’s appointment, and its owner’s move of it is refused', async () => {
    const contactId = await addContact(owner, 'isolated@example.com');
    const appointment = await book(owner, { contact_id: contactId, starts_at: '2031-04-03T10:00:00-05:00' });
    const [row] = await emailsOf(owner, appointment.id);
    expect(row).toBeDefined();
    expect(await emailsOf(other, appointment.id)).toEqual([]);
    // Planning under another account: its contact is not theirs, so nothing is written.
    const written = await t.database.db.transaction((tx) =>
      planAppointmentEmails(tx, other.accountId, [
        {
          id: appointment.id,
          contactId,
          startsAt: at('2031-04-05T15:00:00Z'),
          service: null,
          status: 'scheduled',
          moved: true,
        },
      ]),
    );
    expect(written).toBe(0);
    const moved = await post(other, `/v1/appointments/${appointment.id}/reschedule`, {
      starts_at: '2031-04-04T10:00:00-05:00',
    });
    expect(moved.statusCode).toBe(404);
    expect((await emailsOf(owner, appointment.id)).length).toBe(1);
  });

  it('formats the time in the given zone', () => {
    expect(formatAppointmentTime(at('2030-12-01T20:00:00Z'), 'America/New_York')).toBe(
      'Sun, Dec 1 at 3:00 PM',
    );
    expect(formatAppointmentTime(at('2030-12-01T20:00:00Z'), 'Europe/Berlin')).toBe('Sun, Dec 1 at 9:00 PM');
  });
});
