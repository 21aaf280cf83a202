import { seedCall } from '@callwise/db/seed/factories';
import { describe, expect, it } from 'vitest';
import { addMaria, bookAppointment } from '../../../../test/customers.ts';
import type { TwilioCarrier } from './twilio.ts';
import {
  callParams,
  callRow,
  fake,
  fromTwilio,
  hookPath,
  nextNumber,
  owner,
  type Placed,
  PUBLIC_URL,
  placedCall,
  status,
  t,
  useTwilioApp,
  waitFor,
} from './twilio-routes-test-setup.ts';

useTwilioApp();

describe('a conversation of several turns', () => {
  it('asked to reschedule, offers times in another Gather (turn 2), books the one pressed; a replayed turn changes nothing', async () => {
    const contact = await addMaria(t, owner, { phone: nextNumber(), consent: 'informational' });
    const appointmentId = await bookAppointment(t, owner, {
      contact_id: contact.id,
      starts_at: '2030-12-04T10:00:00-05:00',
    });
    const seeded = await seedCall(t.database.db, owner.accountId, {
      status: 'queued',
      phone: contact.phone,
      contactId: contact.id,
      appointmentId,
      callType: 'appointment-reminder',
    });
    const row = await waitFor(seeded.id, (item) => item.provider_call_id !== null);
    const call = { id: seeded.id, phone: seeded.phone, sid: row.provider_call_id as string, attempt: 1 };
    await fromTwilio(
      hookPath('voice', call),
      callParams(call, { CallStatus: 'in-progress', AnsweredBy: 'human' }),
    );

    const first = () =>
      fromTwilio(hookPath('gather', call), callParams(call, { CallStatus: 'in-progress', Digits: '3' }));
    const asked = await first();
    expect(asked.statusCode, asked.body).toBe(200);
    const next = `${PUBLIC_URL}${hookPath('gather', call)}&turn=2`.replaceAll('&', '&amp;');
    expect(asked.body).toContain(`action="${next}"`);
    expect(asked.body).not.toContain('<Hangup/>');
    // Twilio retrying the first answer hears the same question, and nothing is chosen by it.
    const retried = await first();
    expect(retried.body).toContain(`action="${next}"`);
    expect((await callRow(call.id)).outcome).toBe('reschedule_requested');

    const second = `${hookPath('gather', call)}&turn=2`;
    const chose = await fromTwilio(second, callParams(call, { CallStatus: 'in-progress', Digits: '1' }));
    expect(chose.statusCode, chose.body).toBe(200);
    expect(chose.body).toMatch(/<Play>[^<]+<\/Play><Hangup\/><\/Response>$/);
    expect((await callRow(call.id)).outcome).toBe('rescheduled');
    const again = await fromTwilio(second, callParams(call, { CallStatus: 'in-progress', Digits: '1' }));
    expect(again.body).toMatch(/<Hangup\/>/);
    const moves = await t.database.executeSql(
      'SELECT count(*)::int AS n FROM appointments WHERE rescheduled_from_id = $1',
      [appointmentId],
    );
    expect((moves.rows[0] as { n: number }).n).toBe(1);
  });
});

describe('other ends of a call', () => {
  it('a machine gets our message after the beep, then we hang up', async () => {
    const call = await placedCall();
    const answered = await fromTwilio(
      hookPath('voice', call),
      callParams(call, { CallStatus: 'in-progress', AnsweredBy: 'machine_end_beep' }),
    );
    expect(answered.statusCode).toBe(200);
    expect(answered.body).not.toContain('<Gather');
    expect(answered.body).toMatch(/<Response><Play>[^<]+<\/Play><Hangup\/><\/Response>$/);
    expect(await callRow(call.id)).toMatchObject({ answered_by: 'machine', outcome: 'voicemail' });
  });

  it('canceled and failed calls fail with the reason', async () => {
    const canceled = await placedCall();
    await status(canceled, 'canceled');
    expect(await callRow(canceled.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'The call was canceled before it was answered.',
    });
    const failed = await placedCall();
    await status(failed, 'failed', { SipResponseCode: '404' });
    expect(await callRow(failed.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'Twilio could not connect the call (SIP 404: the number does not exist).',
    });
  });

  it('a number Twilio refuses fails the call with a clear reason', async () => {
    const phone = nextNumber();
    fake.createAnswers.push({
      status: 400,
      body: { code: 21211, message: `The 'To' number ${phone} is not a valid phone number.`, status: 400 },
    });
    const call = await seedCall(t.database.db, owner.accountId, { status: 'queued', phone });
    expect(await waitFor(call.id, (row) => row.status === 'failed')).toMatchObject({
      failure_reason: `${phone} is not a valid phone number.`,
      provider_call_id: null,
    });
  });

  it('a report that overtakes the dispatcher records the placement itself, and a busy call is retried', async () => {
    // Held by a dispatcher that has asked Twilio but not yet written down the answer.
    const seeded = await seedCall(t.database.db, owner.accountId, {
      status: 'queued',
      phone: nextNumber(),
      claimedUntil: new Date(Date.now() + 60_000),
    });
    const carrier = t.services.engine.carrier as TwilioCarrier;
    const request = { idempotencyKey: `${seeded.id}:1`, callId: seeded.id, to: seeded.phone, attempt: 1 };
    const { providerCallId } = await carrier.place(request);
    expect((await callRow(seeded.id)).provider_call_id).toBeNull();
    const first: Placed = { id: seeded.id, sid: providerCallId, phone: seeded.phone, attempt: 1 };

    await status(first, 'ringing');
    await status(first, 'busy');
    // Attempt 1 is on record, so the retry is attempt 2 with a key of its own: a new Twilio call.
    const retried = await waitFor(
      seeded.id,
      (row) => row.provider_call_id !== null && row.provider_call_id !== providerCallId,
    );
    expect(retried.attempts).toBe(2);
    expect(retried.status).toBe('queued');
    const second: Placed = { ...first, sid: retried.provider_call_id as string, attempt: 2 };

    // A late report of the first attempt changes nothing of the second.
    await status(first, 'completed', { CallDuration: '30' });
    expect(await callRow(seeded.id)).toEqual(retried);
    await status(second, 'ringing');
    expect((await callRow(seeded.id)).status).toBe('ringing');
    const attempts = await t.database.executeSql(
      'SELECT attempt, status, provider_call_id FROM call_attempts WHERE call_id = $1 ORDER BY attempt',
      [seeded.id],
    );
    expect(attempts.rows).toEqual([{ attempt: 1, status: 'busy', provider_call_id: providerCallId }]);
  });
});

/** An address in a TwiML attribute, unescaped. */
