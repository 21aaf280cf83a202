import { seedCall } from '@callwise/db/seed/factories';
import twilio from 'twilio';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../../test/helper.ts';
import { decodeWav, encodeWav, pcmDurationSeconds, silence } from '../../../providers/speech/audio.ts';
import type { TwilioCarrier } from './twilio.ts';
import { type FakeTwilio, fakeSid, startFakeTwilio } from './twilio-test-server.ts';

const ACCOUNT_SID = `AC${'fedcba9876543210'.repeat(2)}`;
const AUTH_TOKEN = 'twilio-routes-test-token-0123456789';
const FROM = '+12025550123';
const PUBLIC_URL = 'https://calls.example.com';

let t: TestApp;
let fake: FakeTwilio;
let owner: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  fake = await startFakeTwilio({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  t = await buildTestApp({
    engine: true,
    env: {
      PUBLIC_URL,
      TELEPHONY_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM_NUMBER: FROM,
      TWILIO_API_BASE_URL: fake.url,
      TWILIO_CALLS_PER_SECOND: '20',
      CALL_RETRY_DELAY_SECONDS: '1',
      CALL_RATE_PER_MINUTE_USD: '0.05',
    },
  });
  owner = await signedInUser(t, { plan: 'professional' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.createAnswers.length = 0;
});

let numbers = 0;
const nextNumber = () => `+1312555${String(2000 + ++numbers)}`;

interface Placed {
  id: string;
  phone: string;
  sid: string;
  attempt: number;
}

/** A call due now, as the API creates it; the dispatcher hands it to (fake) Twilio. */
async function placedCall(): Promise<Placed> {
  const call = await seedCall(t.database.db, owner.accountId, { status: 'queued', phone: nextNumber() });
  const row = await waitFor(call.id, (row) => row.provider_call_id !== null);
  return { id: call.id, phone: call.phone, sid: row.provider_call_id as string, attempt: 1 };
}

/** The address of one of our webhooks for a placement, as the carrier gave it to Twilio. */
const hookPath = (hook: string, call: Placed) =>
  `/telephony/twilio/${hook}?call=${call.id}&attempt=${call.attempt}`;

async function callRow(id: string) {
  const { rows } = await t.database.executeSql(
    'SELECT status, version, attempts, provider_call_id, outcome, duration, answered_by, failure_reason, scheduled_at FROM calls WHERE id = $1',
    [id],
  );
  return rows[0] as Record<string, unknown>;
}

async function waitFor(id: string, done: (row: Record<string, unknown>) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await callRow(id);
    if (done(row)) return row;
    if (Date.now() > deadline) throw new Error(`call ${id} did not get there: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const getCall = async (id: string) =>
  (await t.app.inject({ url: `/v1/calls/${id}`, headers: owner.headers })).json();

/** A request as Twilio sends it: form-encoded, signed for PUBLIC_URL + path + query with the auth token. */
function fromTwilio(
  path: string,
  params: Record<string, string>,
  options: { signature?: string; token?: string } = {},
) {
  const signature =
    options.signature ??
    twilio.getExpectedTwilioSignature(options.token ?? AUTH_TOKEN, `${PUBLIC_URL}${path}`, params);
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: new URLSearchParams(params).toString(),
  });
}

const callParams = (call: Placed, extra: Record<string, string> = {}) => ({
  AccountSid: ACCOUNT_SID,
  ApiVersion: '2010-04-01',
  CallSid: call.sid,
  Direction: 'outbound-api',
  From: FROM,
  To: call.phone,
  ...extra,
});

function status(call: Placed, callStatus: string, extra = {}) {
  return fromTwilio(
    hookPath('status', call),
    callParams(call, { CallStatus: callStatus, Timestamp: new Date().toUTCString(), ...extra }),
  );
}

/** The audio a TwiML document plays, fetched the way Twilio does (no session, the signed URL). */
function playedUrl(twiml: string): string {
  const match = /<Play>([^<]+)<\/Play>/.exec(twiml);
  if (!match?.[1]) throw new Error(`nothing played in ${twiml}`);
  return match[1].replaceAll('&amp;', '&');
}
const fetchAudio = (url: string) => t.app.inject({ url: url.slice(PUBLIC_URL.length) });

describe('a call answered by a person, end to end', () => {
  it('rings, plays our prompt, hears a key, replies, completes, and keeps the recording', async () => {
    const call = await placedCall();
    const creation = fake.creations().find((request) => request.form.get('To') === call.phone);
    expect(creation?.form.get('Url')).toBe(`${PUBLIC_URL}${hookPath('voice', call)}`);

    expect((await status(call, 'initiated')).statusCode).toBe(204);
    expect((await callRow(call.id)).status).toBe('queued');
    expect((await status(call, 'ringing')).statusCode).toBe(204);
    expect((await callRow(call.id)).status).toBe('ringing');

    const answered = await fromTwilio(
      hookPath('voice', call),
      callParams(call, { CallStatus: 'in-progress', AnsweredBy: 'human' }),
    );
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.headers['content-type']).toMatch(/^text\/xml/);
    const gatherAction = `${PUBLIC_URL}${hookPath('gather', call).replace('&', '&amp;')}`;
    expect(answered.body).toContain(
      `<Gather input="dtmf speech" numDigits="1" timeout="5" speechTimeout="auto" action="${gatherAction}" method="POST" actionOnEmptyResult="true"><Play>`,
    );
    expect(await callRow(call.id)).toMatchObject({ status: 'in-progress', answered_by: 'human' });
    const prompt = playedUrl(answered.body);
    expect(prompt).toMatch(
      new RegExp(
        `^${PUBLIC_URL}/telephony/twilio/audio/${call.id}/prompt-${call.sid}\\.wav\\?expires=\\d+&signature=`,
      ),
    );
    const audio = await fetchAudio(prompt);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(pcmDurationSeconds(decodeWav(audio.rawPayload))).toBeGreaterThan(2);

    const heard = await fromTwilio(
      hookPath('gather', call),
      callParams(call, { CallStatus: 'in-progress', Digits: '1', FinishedOnKey: '' }),
    );
    expect(heard.statusCode, heard.body).toBe(200);
    expect(heard.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><Response><Play>[^<]+<\/Play><Hangup\/><\/Response>$/,
    );
    expect((await fetchAudio(playedUrl(heard.body))).statusCode).toBe(200);
    expect((await callRow(call.id)).outcome).toBe('confirmed');

    expect((await status(call, 'completed', { CallDuration: '23' })).statusCode).toBe(204);
    const completed = await callRow(call.id);
    expect(completed).toMatchObject({ status: 'completed', duration: 23, attempts: 1 });
    expect((await getCall(call.id)).cost).toBeCloseTo(0.05, 4);
    // The call is over: its audio goes.
    expect((await fetchAudio(prompt)).statusCode).toBe(404);

    const recordingSid = fakeSid('RE');
    const wav = encodeWav(silence(1500, 8000));
    fake.recordings.set(recordingSid, wav);
    const recorded = await fromTwilio(
      hookPath('recording', call),
      callParams(call, {
        RecordingSid: recordingSid,
        RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/${recordingSid}`,
        RecordingStatus: 'completed',
        RecordingDuration: '2',
        RecordingChannels: '1',
        RecordingSource: 'OutboundAPI',
      }),
    );
    expect(recorded.statusCode, recorded.body).toBe(204);
    const download = fake.requests.find((request) => request.path.endsWith(`${recordingSid}.wav`));
    expect(download?.method).toBe('GET');
    expect(download?.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/${recordingSid}.wav`);
    expect(download?.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
    );
    const kept = await t.app.inject({ url: `/v1/calls/${call.id}/recording`, headers: owner.headers });
    expect(kept.statusCode).toBe(200);
    expect(Buffer.compare(kept.rawPayload, wav)).toBe(0);
    // Our copy is kept; Twilio's is deleted.
    expect(fake.recordings.has(recordingSid)).toBe(false);
  });

  it('replayed and out-of-order reports never move the call back or change it twice', async () => {
    const call = await placedCall();
    await status(call, 'ringing');
    await status(call, 'in-progress', { AnsweredBy: 'human' });
    await status(call, 'completed', { CallDuration: '61' });
    const done = await callRow(call.id);
    expect(done).toMatchObject({ status: 'completed', duration: 61 });

    for (const [late, extra] of [
      ['ringing', {}],
      ['in-progress', { AnsweredBy: 'machine_start' }],
      ['completed', { CallDuration: '5' }],
      ['no-answer', {}],
      ['failed', {}],
      ['initiated', {}],
    ] as const) {
      expect((await status(call, late, extra)).statusCode).toBe(204);
    }
    expect(await callRow(call.id)).toEqual(done);
    expect((await getCall(call.id)).cost).toBeCloseTo(0.1, 4);
  });

  it('the first answer wins: a second gather and a replayed recording report change nothing', async () => {
    const call = await placedCall();
    await status(call, 'ringing');
    await fromTwilio(
      hookPath('voice', call),
      callParams(call, { CallStatus: 'in-progress', AnsweredBy: 'human' }),
    );
    const gather = (digits: string) =>
      fromTwilio(hookPath('gather', call), callParams(call, { CallStatus: 'in-progress', Digits: digits }));
    const first = await gather('1');
    expect(first.statusCode, first.body).toBe(200);
    const answered = await callRow(call.id);
    expect(answered.outcome).toBe('confirmed');
    // Signed and valid, for the same attempt, but a different key: the callee's answer was already given.
    const second = await gather('2');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.body).toMatch(/<Play>[^<]+<\/Play><Hangup\/>/);
    // The same reply is played again.
    const firstReply = await fetchAudio(playedUrl(first.body));
    const secondReply = await fetchAudio(playedUrl(second.body));
    expect(Buffer.compare(firstReply.rawPayload, secondReply.rawPayload)).toBe(0);
    expect(await callRow(call.id)).toEqual(answered);

    await status(call, 'completed', { CallDuration: '9' });
    const recordingSid = fakeSid('RE');
    fake.recordings.set(recordingSid, encodeWav(silence(1000, 8000)));
    const recordingReport = () =>
      fromTwilio(
        hookPath('recording', call),
        callParams(call, {
          RecordingSid: recordingSid,
          RecordingStatus: 'completed',
          RecordingDuration: '1',
        }),
      );
    expect((await recordingReport()).statusCode).toBe(204);
    const touches = () => fake.requests.filter((request) => request.path.includes(recordingSid)).length;
    const afterFirst = touches();
    expect(afterFirst).toBe(2); // downloaded, then deleted at Twilio
    expect((await recordingReport()).statusCode).toBe(204);
    expect(touches()).toBe(afterFirst);
    const kept = await t.app.inject({ url: `/v1/calls/${call.id}/recording`, headers: owner.headers });
    expect(kept.statusCode).toBe(200);
  });

  it('"answered" before machine detection has decided leaves it to the voice request', async () => {
    const call = await placedCall();
    await status(call, 'ringing');
    await status(call, 'in-progress');
    expect((await callRow(call.id)).status).toBe('ringing');
    await fromTwilio(
      hookPath('voice', call),
      callParams(call, { CallStatus: 'in-progress', AnsweredBy: 'fax' }),
    );
    expect(await callRow(call.id)).toMatchObject({ status: 'in-progress', answered_by: 'machine' });
  });

  it('a completed report arriving before ringing and answered ends the call once', async () => {
    const call = await placedCall();
    await status(call, 'completed', { CallDuration: '12' });
    const done = await callRow(call.id);
    expect(done).toMatchObject({ status: 'completed', duration: 12 });
    await status(call, 'ringing');
    await status(call, 'in-progress');
    expect(await callRow(call.id)).toEqual(done);
  });
});

describe('a conversation of several turns', () => {
  it('asked to reschedule, offers times in another Gather (turn 2), books the one pressed; a replayed turn changes nothing', async () => {
    const contact = await t.app.inject({
      method: 'POST',
      url: '/v1/contacts',
      headers: owner.headers,
      payload: {
        name: 'Maria Garcia',
        phone: nextNumber(),
        email: 'maria@example.com',
        company: 'Garcia Bakery',
        consent: 'informational',
      },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/v1/appointments',
      headers: owner.headers,
      payload: { contact_id: contact.json().id, starts_at: '2030-12-04T10:00:00-05:00' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const seeded = await seedCall(t.database.db, owner.accountId, {
      status: 'queued',
      phone: contact.json().phone,
      contactId: contact.json().id,
      appointmentId: booked.json().id,
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
      [booked.json().id],
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
function attribute(twiml: string, pattern: RegExp): string {
  const found = pattern.exec(twiml)?.[1];
  if (!found) throw new Error(`${pattern} not in ${twiml}`);
  return found.replaceAll('&amp;', '&');
}

describe('calls to the business number, and transfers (decision 026)', () => {
  const BUSINESS = '+13125550777';
  const ALL_WEEK = Object.fromEntries(
    ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((day) => [
      day,
      [{ opens: '00:00', closes: '24:00' }],
    ]),
  );

  beforeAll(async () => {
    await t.database.executeSql('UPDATE accounts SET business_number = $1 WHERE id = $2', [
      BUSINESS,
      owner.accountId,
    ]);
    const settings = (await t.app.inject({ url: '/v1/booking-settings', headers: owner.headers })).json();
    const { timezone: _zone, updated_at: _at, ...rest } = settings;
    await t.app.inject({
      method: 'PUT',
      url: '/v1/booking-settings',
      headers: owner.headers,
      payload: { ...rest, hours: ALL_WEEK },
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v1/assistant',
      headers: owner.headers,
      payload: { transfer_number: '+12025550199', transfer_ring_seconds: 15 },
    });
    expect(saved.json().business_number).toBe(BUSINESS);
  });

  const incoming = (sid: string, from: string, to = BUSINESS) =>
    fromTwilio('/telephony/twilio/incoming', {
      AccountSid: ACCOUNT_SID,
      CallSid: sid,
      Direction: 'inbound',
      From: from,
      To: to,
      CallStatus: 'ringing',
    });

  it('answers a caller with the greeting, records the call, and takes the turns of its conversation', async () => {
    const sid = fakeSid('CA');
    const answer = await incoming(sid, '+13125550901');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatch(
      /<Gather[^>]*action="[^"]*\/telephony\/twilio\/gather\?call=[0-9a-f-]{36}&amp;attempt=1"/,
    );
    const callId = /call=([0-9a-f-]{36})/.exec(answer.body)?.[1] as string;
    const greeting = await fetchAudio(playedUrl(answer.body));
    expect(greeting.statusCode).toBe(200);
    expect(fake.recordingStarts.find((start) => start.callSid === sid)?.callback).toBe(
      `${PUBLIC_URL}/telephony/twilio/recording?call=${callId}&attempt=1`,
    );
    expect(await getCall(callId)).toMatchObject({
      direction: 'inbound',
      status: 'in-progress',
      phone: '+13125550901',
      recipient_name: 'Caller',
    });

    const placed = { id: callId, phone: '+13125550901', sid, attempt: 1 };
    const question = await fromTwilio(`${hookPath('gather', placed)}`, {
      ...callParams(placed),
      SpeechResult: 'Who is this?',
    });
    expect(question.body).toMatch(/<Gather[^>]*turn=2/);
    // Twilio repeats the request: the same reply, nothing taken twice.
    const again = await fromTwilio(`${hookPath('gather', placed)}`, {
      ...callParams(placed),
      SpeechResult: 'Who is this?',
    });
    expect(again.body).toMatch(/<Gather[^>]*turn=2/);
    expect((await getCall(callId)).transcript).toHaveLength(3);

    const done = await fromTwilio('/telephony/twilio/inbound-status', {
      AccountSid: ACCOUNT_SID,
      CallSid: sid,
      CallStatus: 'completed',
      CallDuration: '42',
      Timestamp: new Date().toUTCString(),
    });
    expect(done.statusCode).toBe(204);
    expect(await getCall(callId)).toMatchObject({ status: 'completed', duration: 42, cost: 0.05 });
  });

  it('refuses a call to a number that is nobody’s', async () => {
    const answer = await incoming(fakeSid('CA'), '+13125550902', '+13125550000');
    expect(answer.body).toContain('<Reject reason="busy"/>');
  });

  it('puts a caller asking for a person through with <Dial>, whispering to the staff member; no answer takes a message', async () => {
    const sid = fakeSid('CA');
    const answer = await incoming(sid, '+13125550903');
    const callId = /call=([0-9a-f-]{36})/.exec(answer.body)?.[1] as string;
    const placed = { id: callId, phone: '+13125550903', sid, attempt: 1 };
    const dial = await fromTwilio(hookPath('gather', placed), { ...callParams(placed), Digits: '0' });
    expect(dial.body).toContain('<Dial action="');
    expect(dial.body).toContain('timeout="15"');
    expect(dial.body).toContain('callerId="+13125550903"');
    expect(dial.body).toMatch(
      /<Number url="[^"]*\/telephony\/twilio\/whisper\?[^"]*text=[^"]+" method="POST">\+12025550199<\/Number>/,
    );
    const whisperUrl = attribute(dial.body, /<Number url="([^"]+)"/);
    const whisper = await fromTwilio(whisperUrl.slice(PUBLIC_URL.length), {
      AccountSid: ACCOUNT_SID,
      CallSid: fakeSid('CA'),
    });
    expect(whisper.body).toMatch(
      /<Say>A caller at \+1 312 555 0903 is on the line from your automated assistant\.<\/Say>/,
    );

    const actionUrl = attribute(dial.body, /<Dial action="([^"]+)"/);
    const missed = await fromTwilio(actionUrl.slice(PUBLIC_URL.length), {
      ...callParams(placed),
      DialCallStatus: 'no-answer',
    });
    expect(missed.body).toMatch(/<Gather[^>]*turn=2/);
    const message = await fromTwilio(`${hookPath('gather', placed)}&turn=2`, {
      ...callParams(placed),
      SpeechResult: 'Please call me back about my invoice.',
    });
    expect(message.body).toContain('<Hangup/>');
    expect((await getCall(callId)).outcome).toBe('message_taken');
  });

  it('an answered transfer ends our part of the call as transferred', async () => {
    const sid = fakeSid('CA');
    const answer = await incoming(sid, '+13125550904');
    const callId = /call=([0-9a-f-]{36})/.exec(answer.body)?.[1] as string;
    const placed = { id: callId, phone: '+13125550904', sid, attempt: 1 };
    const dial = await fromTwilio(hookPath('gather', placed), {
      ...callParams(placed),
      SpeechResult: 'Can I talk to a person?',
    });
    const actionUrl = attribute(dial.body, /<Dial action="([^"]+)"/);
    const joined = await fromTwilio(actionUrl.slice(PUBLIC_URL.length), {
      ...callParams(placed),
      DialCallStatus: 'completed',
    });
    expect(joined.body).toContain('<Hangup/>');
    expect((await getCall(callId)).outcome).toBe('transferred');
  });
});

describe('only Twilio gets in', () => {
  it('a missing, forged or misplaced signature is refused with 403, and changes nothing', async () => {
    const call = await placedCall();
    const before = await callRow(call.id);
    const path = hookPath('status', call);
    const params = callParams(call, { CallStatus: 'completed', CallDuration: '10' });
    const attempts = [
      fromTwilio(path, params, { signature: '' }),
      fromTwilio(path, params, { token: 'some-other-token-0123456789' }),
      fromTwilio(path, params, { signature: 'RSOYDt4T1cUTdK1PDd93/VVr8B8=' }),
      // Signed for another call's address.
      fromTwilio(path, params, {
        signature: twilio.getExpectedTwilioSignature(
          AUTH_TOKEN,
          `${PUBLIC_URL}/telephony/twilio/status?call=x`,
          params,
        ),
      }),
      // Signed, then a parameter changed on the way.
      fromTwilio(path, params, {
        signature: twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${PUBLIC_URL}${path}`, {
          ...params,
          CallDuration: '1',
        }),
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: { code: 'forbidden', message: 'This request does not carry a valid Twilio signature.' },
      });
    }
    for (const hook of ['voice', 'gather', 'recording']) {
      const res = await fromTwilio(hookPath(hook, call), params, { signature: 'x' });
      expect(res.statusCode).toBe(403);
    }
    expect(await callRow(call.id)).toEqual(before);
  });

  it('audio only at the address we signed, and only until it expires', async () => {
    const call = await placedCall();
    const answered = await fromTwilio(
      hookPath('voice', call),
      callParams(call, { CallStatus: 'in-progress', AnsweredBy: 'human' }),
    );
    const url = playedUrl(answered.body);
    expect((await fetchAudio(url)).statusCode).toBe(200);
    const expires = Number(new URL(url).searchParams.get('expires'));
    const forged = [
      url.replace(/signature=[^&]+/, 'signature=AAAA'),
      url.replace(`expires=${expires}`, `expires=${expires + 3600}`),
      url.replace(`prompt-${call.sid}`, `reply-${call.sid}`),
    ];
    for (const address of forged) {
      const res = await fetchAudio(address);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    const expired = url.replace(`expires=${expires}`, 'expires=1000');
    expect((await fetchAudio(expired)).statusCode).toBe(403);
  });

  it('with the simulated carrier there are no Twilio routes', async () => {
    const simulated = await buildTestApp();
    try {
      const res = await simulated.app.inject({
        method: 'POST',
        url: '/telephony/twilio/status?call=x&attempt=1',
        payload: 'CallSid=CA1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await simulated.close();
    }
  });
});
