import { setBusinessNumber } from '@callwise/db/queries/assistant';
import { isListed } from '@callwise/db/queries/do-not-call';
import type { Message } from '@callwise/shared/schemas/messages';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';
import {
  type FakeTwilio,
  fakeSid,
  startFakeTwilio,
} from '../../engine/carriers/twilio/twilio-test-server.ts';

/**
 * Texts through Twilio end to end (decision 029), against the local fake of its REST API: POST /v1/messages goes
 * out from the account's business number with our status callback, Twilio's signed callbacks move it on, and a
 * signed inbound STOP lists the number for calls and texts, its confirmation sent through Twilio too.
 */
const ACCOUNT_SID = `AC${'1234567890abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'messages-twilio-test-token-0123456789';
const PUBLIC_URL = 'https://texts.example.com';
const BUSINESS = '+13125550166';

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
      TWILIO_FROM_NUMBER: '+12025550123',
      TWILIO_API_BASE_URL: fake.url,
    },
  });
  owner = await signedInUser(t, { plan: 'professional' });
  await setBusinessNumber(t.database.db, owner.accountId, { e164: BUSINESS, sid: `PN${'0'.repeat(32)}` });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function fromTwilio(path: string, params: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${PUBLIC_URL}${path}`, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
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

const getMessage = async (id: string) =>
  (await t.app.inject({ url: `/v1/messages/${id}`, headers: owner.headers })).json() as Message;

describe('texts through Twilio', () => {
  it('sends from the business number with our status callback; the signed callback records delivery', async () => {
    const to = '+14155550142';
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/messages',
      headers: owner.headers,
      payload: { to, body: 'Your order is ready.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const sent = await waitFor(
      () => getMessage(id),
      (message) => message.status === 'sent',
      'sent',
    );
    const creations = fake.messageCreations().filter((request) => request.form.get('To') === to);
    expect(creations).toHaveLength(1);
    const form = creations[0]?.form as URLSearchParams;
    expect(form.get('From')).toBe(BUSINESS);
    expect(form.get('Body')).toBe('Your order is ready.');
    expect(form.get('StatusCallback')).toBe(`${PUBLIC_URL}/telephony/twilio/message-status?message=${id}`);
    const sid = [...fake.messages.values()].find((message) => message.to === to)?.sid as string;
    expect(sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sent.business_number).toBe(BUSINESS);

    const path = `/telephony/twilio/message-status?message=${id}`;
    const status = { AccountSid: ACCOUNT_SID, MessageSid: sid, SmsSid: sid, From: BUSINESS, To: to };
    expect((await fromTwilio(path, { ...status, MessageStatus: 'delivered' })).statusCode).toBe(204);
    // A late `sent` after `delivered` does not move it back.
    expect((await fromTwilio(path, { ...status, MessageStatus: 'sent' })).statusCode).toBe(204);
    const delivered = await getMessage(id);
    expect(delivered.status).toBe('delivered');
    expect(delivered.delivered_at).not.toBeNull();
  });

  it('a refusal by Twilio fails the text with its reason; it is not sent again', async () => {
    fake.messageAnswers.push({
      status: 400,
      body: { code: 21614, message: "'To' number is not a valid mobile number", status: 400 },
    });
    const to = '+14155550143';
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/messages',
      headers: owner.headers,
      payload: { to, body: 'Hello' },
    });
    const failed = await waitFor(
      () => getMessage(res.json().id),
      (message) => message.status === 'failed',
      'failed',
    );
    expect(failed.error).toContain('not a mobile number');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(fake.messageCreations().filter((request) => request.form.get('To') === to)).toHaveLength(1);
  });

  it('a signed inbound STOP lists the number in its transaction and is confirmed once through Twilio', async () => {
    const from = '+14155550144';
    const params = {
      AccountSid: ACCOUNT_SID,
      MessageSid: fakeSid('SM'),
      From: from,
      To: BUSINESS,
      Body: 'STOP',
      NumSegments: '1',
    };
    const res = await fromTwilio('/telephony/twilio/message', params);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<Response/>');
    expect(await isListed(t.database.db, owner.accountId, [from])).toEqual(new Set([from]));
    // Twilio retried the webhook: the same text, acted on once.
    expect((await fromTwilio('/telephony/twilio/message', params)).statusCode).toBe(200);
    await waitFor(
      async () => fake.messageCreations().filter((request) => request.form.get('To') === from),
      (requests) => requests.length === 1,
      'the confirmation',
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const creations = fake.messageCreations().filter((request) => request.form.get('To') === from);
    expect(creations).toHaveLength(1);
    expect(creations[0]?.form.get('Body')).toContain('no more texts or calls');

    const forged = await t.app.inject({
      method: 'POST',
      url: '/telephony/twilio/message',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'forged' },
      payload: new URLSearchParams({ ...params, MessageSid: fakeSid('SM'), From: '+14155550145' }).toString(),
    });
    expect(forged.statusCode).toBe(403);
    expect((await isListed(t.database.db, owner.accountId, ['+14155550145'])).size).toBe(0);
  });
});
