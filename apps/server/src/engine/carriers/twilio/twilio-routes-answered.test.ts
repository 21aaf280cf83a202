import { describe, expect, it } from 'vitest';
import { decodeWav, encodeWav, pcmDurationSeconds, silence } from '../../../providers/speech/audio.ts';
import {
  ACCOUNT_SID,
  AUTH_TOKEN,
  callParams,
  callRow,
  fake,
  fetchAudio,
  fromTwilio,
  getCall,
  hookPath,
  owner,
  PUBLIC_URL,
  placedCall,
  playedUrl,
  status,
  t,
  useTwilioApp,
} from './twilio-routes-test-setup.ts';
import { fakeSid } from './twilio-test-server.ts';

useTwilioApp();

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
