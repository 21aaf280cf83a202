import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/helper.ts';
import {
  AUTH_TOKEN,
  callParams,
  callRow,
  fetchAudio,
  fromTwilio,
  hookPath,
  PUBLIC_URL,
  placedCall,
  playedUrl,
  useTwilioApp,
} from './twilio-routes-test-setup.ts';

useTwilioApp();

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
