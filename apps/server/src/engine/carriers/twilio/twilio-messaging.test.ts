import { randomUUID } from 'node:crypto';
import twilio from 'twilio';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import {
  type CarrierMessageStatusEvent,
  type InboundMessage,
  type MessageHost,
  MessageRejectedError,
} from '../messaging.ts';
import { TwilioMessaging, type TwilioMessagingOptions } from './twilio-messaging.ts';
import { type FakeTwilio, fakeSid, startFakeTwilio } from './twilio-test-server.ts';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'twilio-messaging-test-token-0123456789';
const FROM = '+12025550188';
const TO = '+13125550147';
const SERVICE_SID = `MG${'abcdef0123456789'.repeat(2)}`;
const PUBLIC_URL = 'https://calls.example.com';

let fake: FakeTwilio;
const problems: string[] = [];
const log = {
  warn: () => undefined,
  error: (_obj: object, msg: string) => void problems.push(msg),
};

beforeAll(async () => {
  fake = await startFakeTwilio({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.messageAnswers.length = 0;
  problems.length = 0;
});

function messaging(overrides: Partial<TwilioMessagingOptions> = {}) {
  return TwilioMessaging.open({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    publicUrl: PUBLIC_URL,
    apiBaseUrl: fake.url,
    log,
    ...overrides,
  });
}

/** A host that keeps what it is handed. */
function recordingHost() {
  const statuses: CarrierMessageStatusEvent[] = [];
  const inbound: InboundMessage[] = [];
  const host: MessageHost = {
    onMessageStatus: async (event) => void statuses.push(event),
    onInboundMessage: async (message) => void inbound.push(message),
  };
  return { host, statuses, inbound };
}

const twilioError = (status: number, code: number, message: string) => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

describe('sending a text', () => {
  it('posts To, From, Body and a status callback naming our message, with basic auth, and answers the SID', async () => {
    const carrier = await messaging();
    const messageId = randomUUID();
    const sent = await carrier.send({ messageId, from: FROM, to: TO, body: 'Your appointment is at 3 pm.' });

    const request = fake.messageCreations().at(-1);
    expect(request?.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
    );
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: TO,
      From: FROM,
      Body: 'Your appointment is at 3 pm.',
      StatusCallback: `${PUBLIC_URL}/telephony/twilio/message-status?message=${messageId}`,
    });
    expect(sent.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    // Twilio prices a text later: no cost at creation.
    expect(sent).toEqual({ providerMessageId: sent.providerMessageId });
    expect(fake.messages.get(sent.providerMessageId)).toMatchObject({ to: TO, from: FROM, status: 'queued' });
  });

  it('goes through the Messaging Service instead of the number when one is configured', async () => {
    const carrier = await messaging({ messagingServiceSid: SERVICE_SID });
    const messageId = randomUUID();
    const sent = await carrier.send({ messageId, from: FROM, to: TO, body: 'Hello' });
    const form = Object.fromEntries(fake.messageCreations().at(-1)?.form ?? []);
    expect(form).toEqual({
      To: TO,
      MessagingServiceSid: SERVICE_SID,
      Body: 'Hello',
      StatusCallback: `${PUBLIC_URL}/telephony/twilio/message-status?message=${messageId}`,
    });
    expect(fake.messages.get(sent.providerMessageId)?.status).toBe('accepted');
  });

  it('reads a price given at once as cents (Twilio: a negative USD amount)', async () => {
    const carrier = await messaging();
    const sid = fakeSid('SM');
    fake.messageAnswers.push({
      status: 201,
      body: { sid, status: 'sent', to: TO, from: FROM, body: 'Hi', price: '-0.00790', price_unit: 'USD' },
    });
    const sent = await carrier.send({ messageId: randomUUID(), from: FROM, to: TO, body: 'Hi' });
    expect(sent).toEqual({ providerMessageId: sid, costCents: 0.79 });
  });

  it.each([
    [21211, "The 'To' number +1234 is not a valid phone number.", 'is not a valid phone number'],
    [21610, 'Attempt to send to unsubscribed recipient', 'replied STOP'],
    [21614, "'To' number is not a valid mobile number", 'not a mobile number'],
    [21408, 'Permission to send an SMS has not been enabled for the region', 'geographic permissions'],
  ])('Twilio error %i is a permanent refusal carrying its code', async (code, message, words) => {
    const carrier = await messaging();
    fake.messageAnswers.push(twilioError(400, code, message));
    const error = await carrier
      .send({ messageId: randomUUID(), from: FROM, to: TO, body: 'Hi' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MessageRejectedError);
    expect((error as MessageRejectedError).code).toBe(code);
    expect((error as Error).message).toContain(words);
  });

  it('the fake refuses as Twilio does: an invalid To (21211), no body (21602), a body over 1600 characters (21617)', async () => {
    const carrier = await messaging();
    const codeOf = (to: string, body: string) =>
      carrier
        .send({ messageId: randomUUID(), from: FROM, to, body })
        .then(() => null)
        .catch((e: unknown) => (e instanceof MessageRejectedError ? e.code : e));
    expect(await codeOf('555-0147', 'Hi')).toBe(21211);
    expect(await codeOf(TO, '')).toBe(21602);
    expect(await codeOf(TO, 'x'.repeat(1601))).toBe(21617);
  });

  it.each([
    [429, 20429, 'Too Many Requests'],
    [500, 20500, 'Internal Server Error'],
    [503, 20503, 'Service Unavailable'],
  ])('HTTP %i is a plain error, to be tried again', async (status, code, message) => {
    const carrier = await messaging();
    fake.messageAnswers.push(twilioError(status, code, message));
    const error = await carrier
      .send({ messageId: randomUUID(), from: FROM, to: TO, body: 'Hi' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(MessageRejectedError);
  });

  it('refused credentials are a plain error, logged', async () => {
    const carrier = await messaging({ authToken: 'not-the-token-0123456789' });
    const error = await carrier
      .send({ messageId: randomUUID(), from: FROM, to: TO, body: 'Hi' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(MessageRejectedError);
    expect(problems.join('\n')).toContain('TWILIO_AUTH_TOKEN');
  });

  it('Twilio out of reach is a plain error', async () => {
    const carrier = await messaging({ apiBaseUrl: 'http://127.0.0.1:9', requestTimeoutMs: 2000 });
    const error = await carrier
      .send({ messageId: randomUUID(), from: FROM, to: TO, body: 'Hi' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(MessageRejectedError);
  });
});

describe('reports and inbound texts', () => {
  it('throws before it is started', async () => {
    const carrier = await messaging();
    await expect(carrier.receive({ MessageSid: fakeSid('SM'), From: TO, To: FROM })).rejects.toThrow();
    await expect(
      carrier.reportStatus({ MessageSid: fakeSid('SM'), MessageStatus: 'delivered' }, undefined),
    ).rejects.toThrow();
  });

  it.each([
    ['queued', null],
    ['accepted', null],
    ['scheduled', null],
    ['sending', null],
    ['sent', 'sent'],
    ['delivered', 'delivered'],
    ['read', 'delivered'],
    ['undelivered', 'undelivered'],
    ['failed', 'failed'],
  ])('MessageStatus %s is reported as %s', async (twilioStatus, ours) => {
    const carrier = await messaging();
    const { host, statuses } = recordingHost();
    carrier.startMessaging(host);
    const sid = fakeSid('SM');
    const messageId = randomUUID();
    await carrier.reportStatus({ MessageSid: sid, SmsSid: sid, MessageStatus: twilioStatus }, messageId);
    if (ours === null) expect(statuses).toEqual([]);
    else
      expect(statuses).toEqual([{ providerMessageId: sid, messageId, status: ours, at: expect.any(Date) }]);
  });

  it.each([
    ['30003', 'undelivered', 'Twilio error 30003: unreachable handset'],
    ['30005', 'undelivered', 'Twilio error 30005: unknown destination handset'],
    ['30006', 'undelivered', 'Twilio error 30006: landline or unreachable carrier'],
    ['30007', 'failed', 'Twilio error 30007: carrier filtered it as spam'],
    ['21610', 'failed', 'Twilio error 21610: the recipient replied STOP'],
    ['39999', 'failed', 'Twilio error 39999'],
  ])('ErrorCode %s comes with its reason', async (code, status, error) => {
    const carrier = await messaging();
    const { host, statuses } = recordingHost();
    carrier.startMessaging(host);
    await carrier.reportStatus({ SmsSid: fakeSid('SM'), MessageStatus: status, ErrorCode: code }, undefined);
    expect(statuses).toHaveLength(1);
    expect(statuses[0]).toMatchObject({ status, error });
    expect(statuses[0]).not.toHaveProperty('messageId');
  });

  it('an inbound text reaches the host', async () => {
    const carrier = await messaging();
    const { host, inbound } = recordingHost();
    carrier.startMessaging(host);
    const sid = fakeSid('SM');
    await carrier.receive({ MessageSid: sid, From: TO, To: FROM, Body: 'STOP', NumSegments: '1' });
    await carrier.receive({ SmsSid: sid, From: TO, To: FROM });
    expect(inbound).toEqual([
      { providerMessageId: sid, from: TO, to: FROM, body: 'STOP', at: expect.any(Date) },
      { providerMessageId: sid, from: TO, to: FROM, body: '', at: expect.any(Date) },
    ]);
  });
});

describe('the routes', () => {
  let t: TestApp;
  const recorded = recordingHost();

  beforeAll(async () => {
    t = await buildTestApp({
      engine: true,
      env: {
        PUBLIC_URL,
        TELEPHONY_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_FROM_NUMBER: FROM,
        TWILIO_API_BASE_URL: fake.url,
      },
    });
    const carrier = t.services.engine.twilio?.messaging;
    if (!carrier) throw new Error('the engine has no Twilio messaging');
    carrier.startMessaging(recorded.host);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    recorded.statuses.length = 0;
    recorded.inbound.length = 0;
  });

  /** A request as Twilio sends it: form-encoded, signed for PUBLIC_URL + path + query with the auth token. */
  function fromTwilio(path: string, params: Record<string, string>, signature?: string) {
    return t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature':
          signature ?? twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${PUBLIC_URL}${path}`, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
  }

  const statusParams = (sid: string, status: string, extra: Record<string, string> = {}) => ({
    AccountSid: ACCOUNT_SID,
    ApiVersion: '2010-04-01',
    MessageSid: sid,
    SmsSid: sid,
    SmsStatus: status,
    MessageStatus: status,
    From: FROM,
    To: TO,
    ...extra,
  });

  it('a signed status callback reaches the host with our message id', async () => {
    const messageId = randomUUID();
    const sid = fakeSid('SM');
    const res = await fromTwilio(
      `/telephony/twilio/message-status?message=${messageId}`,
      statusParams(sid, 'undelivered', { ErrorCode: '30003' }),
    );
    expect(res.statusCode).toBe(204);
    expect(recorded.statuses).toEqual([
      {
        providerMessageId: sid,
        messageId,
        status: 'undelivered',
        at: expect.any(Date),
        error: 'Twilio error 30003: unreachable handset',
      },
    ]);
  });

  it('a status still on its way is taken and says nothing', async () => {
    const res = await fromTwilio(
      `/telephony/twilio/message-status?message=${randomUUID()}`,
      statusParams(fakeSid('SM'), 'sending'),
    );
    expect(res.statusCode).toBe(204);
    expect(recorded.statuses).toEqual([]);
  });

  it('an unsigned, forged or misplaced status callback is refused with 403 and reaches nothing', async () => {
    const messageId = randomUUID();
    const path = `/telephony/twilio/message-status?message=${messageId}`;
    const params = statusParams(fakeSid('SM'), 'delivered');
    const answers = await Promise.all([
      fromTwilio(path, params, ''),
      fromTwilio(path, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8='),
      fromTwilio(
        path,
        params,
        twilio.getExpectedTwilioSignature('another-auth-token-0123456789', `${PUBLIC_URL}${path}`, params),
      ),
      // Signed for another message: the message named is part of what is signed.
      fromTwilio(
        path,
        params,
        twilio.getExpectedTwilioSignature(
          AUTH_TOKEN,
          `${PUBLIC_URL}/telephony/twilio/message-status?message=${randomUUID()}`,
          params,
        ),
      ),
      // A parameter changed after signing.
      fromTwilio(
        path,
        { ...params, MessageStatus: 'failed' },
        twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${PUBLIC_URL}${path}`, params),
      ),
    ]);
    for (const res of answers) expect(res.statusCode).toBe(403);
    expect(recorded.statuses).toEqual([]);
  });

  it('a status callback without a message SID, or with a message id that is no uuid, is a 400', async () => {
    const noSid = await fromTwilio(`/telephony/twilio/message-status?message=${randomUUID()}`, {
      MessageStatus: 'delivered',
    });
    expect(noSid.statusCode).toBe(400);
    const badId = await fromTwilio(
      '/telephony/twilio/message-status?message=not-a-uuid',
      statusParams(fakeSid('SM'), 'delivered'),
    );
    expect(badId.statusCode).toBe(400);
    expect(recorded.statuses).toEqual([]);
  });

  it('a text to a business number reaches the host and is answered with empty TwiML', async () => {
    const sid = fakeSid('SM');
    const res = await fromTwilio('/telephony/twilio/message', {
      AccountSid: ACCOUNT_SID,
      ApiVersion: '2010-04-01',
      MessageSid: sid,
      SmsMessageSid: sid,
      SmsSid: sid,
      From: TO,
      To: FROM,
      Body: 'Can I come at 4 instead?',
      NumMedia: '0',
      NumSegments: '1',
      FromCountry: 'US',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(res.body).toMatch(/<Response\/>$/);
    expect(res.body).not.toContain('<Message');
    expect(recorded.inbound).toEqual([
      { providerMessageId: sid, from: TO, to: FROM, body: 'Can I come at 4 instead?', at: expect.any(Date) },
    ]);
  });

  it('an unsigned inbound text is refused with 403 and reaches nothing', async () => {
    const params = { MessageSid: fakeSid('SM'), From: TO, To: FROM, Body: 'hi' };
    const res = await fromTwilio('/telephony/twilio/message', params, '');
    expect(res.statusCode).toBe(403);
    expect(recorded.inbound).toEqual([]);
  });
});
