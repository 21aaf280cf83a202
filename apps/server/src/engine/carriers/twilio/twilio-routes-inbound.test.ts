import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_SID,
  callParams,
  fake,
  fetchAudio,
  fromTwilio,
  getCall,
  hookPath,
  owner,
  PUBLIC_URL,
  playedUrl,
  t,
  useTwilioApp,
} from './twilio-routes-test-setup.ts';
import { fakeSid } from './twilio-test-server.ts';

useTwilioApp();

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
