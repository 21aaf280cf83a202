import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp, waitForMail } from '../../../test/helper.ts';

/**
 * The unsubscribe link of a customer's e-mails (decision 030): it is in every appointment e-mail (and its
 * List-Unsubscribe address), shows whose messages it stops, and stops them all at once — the number listed, its
 * consent record written, calls and texts refused and the next e-mail reminder skipped.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInUser(t, { plan: 'professional' });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: owner.headers, ...(payload ? { payload } : {}) });

describe('the unsubscribe link', () => {
  it('comes in the reminder e-mail and stops every call, text and e-mail from the business', async () => {
    const phone = '+12025550161';
    const email = 'nora@example.com';
    const contact = await post('/v1/contacts', {
      name: 'Nora Quinn',
      phone,
      email,
      company: 'Example Co',
      consent: 'informational',
      consent_source: 'Signed the intake form',
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const contactId = contact.json().id as string;
    // Two appointments: the default rule e-mails 48 hours before each.
    const startsAt = (hours: number) => {
      const at = new Date(Date.now() + hours * HOUR);
      at.setUTCSeconds(0, 0);
      return at.toISOString();
    };
    for (const hours of [49, 73]) {
      const res = await post('/v1/appointments', { contact_id: contactId, starts_at: startsAt(hours) });
      expect(res.statusCode, res.body).toBe(201);
    }
    await t.services.appointmentEmails.sendDue(new Date(Date.now() + 1.5 * HOUR));
    const mail = await waitForMail(t.app, email, /^Reminder: your appointment on /);
    const link = /Stop all calls, texts and e-mails from .+: (\S+)/.exec(mail.text)?.[1] ?? '';
    expect(link).toBe(t.services.unsubscribeLinks.url(contactId));
    expect(mail.html).toContain(`href="${link}"`);
    const token = link.split('/').at(-1) as string;

    const seen = await t.app.inject({ url: `/v1/unsubscribe/${token}` });
    expect(seen.statusCode).toBe(200);
    const business = (
      await t.database.executeSql('SELECT name FROM accounts WHERE id = $1', [owner.accountId])
    ).rows[0] as { name: string };
    expect(seen.json()).toEqual({
      business_name: business.name,
      phone_hint: '•••• 0161',
      unsubscribed: false,
    });

    // A mail client's one-click unsubscribe (RFC 8058): a form POST to the List-Unsubscribe address (the page's).
    expect(new URL(link).pathname).toBe(`/u/${token}`);
    const done = await t.app.inject({
      method: 'POST',
      url: `/u/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().unsubscribed).toBe(true);
    const again = await t.app.inject({ method: 'POST', url: `/v1/unsubscribe/${token}` });
    expect(again.json().unsubscribed).toBe(true);

    const listed = (await t.app.inject({ url: `/v1/do-not-call?q=0161`, headers: owner.headers })).json()
      .data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ phone, source: 'unsubscribed' });
    const records = (
      await t.app.inject({ url: `/v1/consent-records?contact_id=${contactId}`, headers: owner.headers })
    ).json().data;
    expect(records[0]).toMatchObject({
      action: 'revoked',
      purpose: 'all',
      channel: 'all',
      method: 'email_link',
      recorded_by: 'The person',
    });
    expect(records.filter((record: { action: string }) => record.action === 'revoked')).toHaveLength(1);

    // Every channel: calls and texts refused, the next e-mail reminder skipped.
    const call = await post('/v1/calls', {
      contact_id: contactId,
      call_type: 'appointment-reminder',
      message: 'A reminder.',
    });
    expect(call.json().error?.code).toBe('do_not_call');
    const text = await post('/v1/messages', { contact_id: contactId, body: 'Hello' });
    expect(text.json().error?.code).toBe('do_not_call');
    await t.services.appointmentEmails.sendDue(new Date(Date.now() + 25.5 * HOUR));
    const { rows } = await t.database.executeSql(
      `SELECT status, error FROM appointment_emails WHERE account_id = $1 ORDER BY send_at`,
      [owner.accountId],
    );
    expect(rows).toEqual([
      { status: 'sent', error: null },
      { status: 'skipped', error: 'the person opted out of messages' },
    ]);
  });

  it('a forged or garbled link is refused and changes nothing', async () => {
    const forged = `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.${'A'.repeat(43)}`;
    for (const token of [forged, 'nonsense']) {
      const res = await t.app.inject({ method: 'POST', url: `/v1/unsubscribe/${token}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(
        'This link is not valid. Check that you opened the whole link from the e-mail.',
      );
    }
  });
});
