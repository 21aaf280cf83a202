import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/helper.ts';
import { pcmDurationSeconds } from '../providers/speech/audio.ts';
import { createCall, t, useCallEngineApp, waitForEnd } from './call-engine-test-setup.ts';

useCallEngineApp();

describe('the rules on a call', () => {
  it('opens with the disclosure naming the business and the opt-out offer, in the account’s wording', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await t.database.executeSql(
      `UPDATE accounts SET name = 'Harbor Dental', disclosure = 'Hello, this is an automated call from {{business_name}}.' WHERE id = $1`,
      [owner.accountId],
    );
    const res = await createCall(owner, { phone: '+12025550100', message: 'Your cleaning is on Friday.' });
    const call = await waitForEnd(owner, res.json().id);
    expect(call.transcript[0].text).toMatch(
      /^Hello, this is an automated call from Harbor Dental\. To stop these calls, press 9\. Your cleaning is on Friday\./,
    );
    // The opening is one utterance: the offer follows the disclosure with no pause, before the message.
    const opening = await t.services.engine.host.opening(owner.accountId, 'aria');
    const offerAlone = await t.services.speech.speak(
      'aria',
      'Hello, this is an automated call from Harbor Dental.',
    );
    expect(pcmDurationSeconds(opening)).toBeGreaterThan(pcmDurationSeconds(offerAlone));
    expect(pcmDurationSeconds(opening) - pcmDurationSeconds(offerAlone)).toBeLessThan(3);
  });

  it('puts a number that opts out on the do-not-call list at once and cancels its next call', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const next = await createCall(owner, {
      phone: '+12025550107',
      message: 'Next week',
      scheduled_at: tomorrow,
    });
    expect(next.json().status).toBe('scheduled');
    // 555-0107 answers and presses 9.
    const now = await createCall(owner, { phone: '+12025550107', message: 'A reminder' });
    const ended = await waitForEnd(owner, now.json().id);
    expect(ended.outcome).toBe('opted_out');
    const listed = await t.database.executeSql(
      'SELECT source, call_id FROM do_not_call WHERE account_id = $1 AND phone = $2',
      [owner.accountId, '+12025550107'],
    );
    expect(listed.rows).toEqual([{ source: 'opted_out', call_id: now.json().id }]);
    const after = (await t.app.inject({ url: `/v1/calls/${next.json().id}`, headers: owner.headers })).json();
    expect(after.status).toBe('canceled');
    expect(after.failure_reason).toMatch(/do-not-call list/);
    const again = await createCall(owner, {
      phone: '+12025550107',
      message: 'Hello?',
      scheduled_at: tomorrow,
    });
    expect(again.statusCode).toBe(409);
  });

  it('keeps every attempt of a retried call', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    // 555-0101 is busy every time: the first try and two retries.
    const res = await createCall(owner, { phone: '+12025550101', message: 'Busy?' });
    const call = await waitForEnd(owner, res.json().id, 30_000);
    expect(call).toMatchObject({ status: 'busy', attempts: 3 });
    const attempts = await t.app.inject({ url: `/v1/calls/${call.id}/attempts`, headers: owner.headers });
    expect(attempts.statusCode).toBe(200);
    expect(
      attempts.json().data.map((a: { attempt: number; status: string }) => [a.attempt, a.status]),
    ).toEqual([
      [1, 'busy'],
      [2, 'busy'],
      [3, 'busy'],
    ]);
    const stranger = await signedInUser(t);
    expect(
      (await t.app.inject({ url: `/v1/calls/${call.id}/attempts`, headers: stranger.headers })).statusCode,
    ).toBe(404);
  });
});

describe('what the callee hears', () => {
  const menuCount = (text: string) => text.match(/press 1/gi)?.length ?? 0;

  it('is one key menu: the engine’s after a message without one, none after a message with its own', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const plain = await createCall(owner, { phone: '+12025550100', message: 'Your cleaning is on Friday.' });
    const withMenu = await createCall(owner, {
      phone: '+12025550100',
      // A script written before the engine appended its menu (stored scripts are the user's: never rewritten).
      message: 'Your cleaning is on Friday. Press 1 to confirm, 2 to cancel, or 3 to reschedule.',
    });
    const [first, second] = await Promise.all([
      waitForEnd(owner, plain.json().id),
      waitForEnd(owner, withMenu.json().id),
    ]);
    expect(first.transcript[0].text).toMatch(
      /Your cleaning is on Friday\. Press 1 to confirm, 2 to cancel, 3 to reschedule, or 9 to stop receiving these calls\.$/,
    );
    expect(menuCount(first.transcript[0].text)).toBe(1);
    expect(second.transcript[0].text).toMatch(
      /Your cleaning is on Friday\. Press 1 to confirm, 2 to cancel, or 3 to reschedule\.$/,
    );
    expect(menuCount(second.transcript[0].text)).toBe(1);
    // The keys work the same: the callee pressed 1.
    expect([first.outcome, second.outcome]).toEqual(['confirmed', 'confirmed']);
    // The recording holds one menu too: the script's own menu is shorter than the engine's.
    expect(second.duration).toBeLessThan(first.duration);
  });

  it('greets a contact by first name: its own when set, else the first word of its name', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const addContact = async (payload: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/contacts',
        headers: owner.headers,
        payload: { email: 'x@example.com', company: 'Acme', consent: 'informational', ...payload },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const maria = await addContact({ name: 'Maria Lopez Garcia', phone: '+12025550141' });
    const ana = await addContact({ name: 'Dr. Ana Silva', first_name: 'Ana', phone: '+12025550142' });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const message = 'Hi {{first_name}}, this is for {{name}} ({{last_name}}).';
    const toMaria = await createCall(owner, { contact_id: maria.id, message, scheduled_at: later });
    expect(toMaria.json()).toMatchObject({
      recipient_name: 'Maria Lopez Garcia',
      message: 'Hi Maria, this is for Maria Lopez Garcia (Lopez Garcia).',
    });
    const toAna = await createCall(owner, { contact_id: ana.id, message, scheduled_at: later });
    expect(toAna.json().message).toBe('Hi Ana, this is for Dr. Ana Silva (Silva).');
    // A value given for the call wins; a typed recipient's first word is the first name.
    const given = await createCall(owner, {
      contact_id: ana.id,
      message,
      variables: { first_name: 'Annie' },
      scheduled_at: later,
    });
    expect(given.json().message).toBe('Hi Annie, this is for Dr. Ana Silva (Silva).');
    const typed = await createCall(owner, {
      phone: '+12025550143',
      recipient_name: 'Sam Ortiz',
      message,
      scheduled_at: later,
    });
    expect(typed.json().message).toBe('Hi Sam, this is for Sam Ortiz (Ortiz).');
    // No name at all: "there"; a one-word name has no last name to say.
    const nobody = await createCall(owner, {
      phone: '+12025550144',
      message: 'Hi {{first_name}}!',
      scheduled_at: later,
    });
    expect(nobody.json().message).toBe('Hi there!');
    const cher = await createCall(owner, {
      phone: '+12025550145',
      recipient_name: 'Cher',
      message: 'Dear {{last_name}}',
    });
    expect(cher.statusCode).toBe(400);
    expect(cher.json().error.details).toEqual([
      { field: 'variables.last_name', message: 'needs a value (the recipient’s name has none)' },
    ]);
  });
});
