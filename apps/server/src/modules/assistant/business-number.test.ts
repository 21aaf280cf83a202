import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createApiKey, signedInUser, type TestApp } from '../../../test/helper.ts';
import {
  type FakeTwilio,
  fakeSid,
  startFakeTwilio,
} from '../../engine/carriers/twilio/twilio-test-server.ts';

/** Assigning a Twilio number as the business number (issue #18, decision 026), against the fake Twilio. */

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'business-number-test-token-0123456789';
const PUBLIC_URL = 'https://calls.example.com';
const VOICE_URL = `${PUBLIC_URL}/telephony/twilio/incoming`;
const STATUS_URL = `${PUBLIC_URL}/telephony/twilio/inbound-status`;
const SMS_URL = `${PUBLIC_URL}/telephony/twilio/message`;

const FIRST = '+13125550141';
const SECOND = '+13125550142';
const THIRD = '+13125550143';
const ELSEWHERE = 'https://elsewhere.example.com/voice';

let t: TestApp;
let fake: FakeTwilio;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  fake = await startFakeTwilio({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  fake.addNumber(FIRST, { voiceUrl: ELSEWHERE });
  fake.addNumber(SECOND);
  fake.addNumber(THIRD);
  fake.availableNumbers.push(
    { phoneNumber: '+13125550190', locality: 'Chicago', region: 'IL' },
    { phoneNumber: '+13125550191', locality: 'Chicago', region: 'IL' },
    { phoneNumber: '+14155550100', locality: 'San Francisco', region: 'CA' },
  );
  t = await buildTestApp({
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
  other = await signedInUser(t, { plan: 'professional' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type User = typeof owner;
const listNumbers = (user: User) => t.app.inject({ url: '/v1/assistant/numbers', headers: user.headers });
const assign = (user: User, phone: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/v1/assistant/business-number',
    headers: user.headers,
    payload: { phone_number: phone },
  });
const buy = (user: User, phone: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/assistant/numbers',
    headers: user.headers,
    payload: { phone_number: phone },
  });
const stateOf = async (user: User) =>
  Object.fromEntries(
    (await listNumbers(user))
      .json()
      .numbers.map((n: { phone_number: string; state: string }) => [n.phone_number, n.state]),
  );
const numberAt = (phone: string) => [...fake.numbers.values()].find((n) => n.phoneNumber === phone);

describe('the Twilio account’s numbers', () => {
  it('lists them, none assigned yet, none configured for us', async () => {
    const res = await listNumbers(owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      business_number: null,
      numbers: expect.arrayContaining([
        { phone_number: FIRST, friendly_name: '(312) 555-0141', state: 'free', configured: false },
        { phone_number: SECOND, friendly_name: '(312) 555-0142', state: 'free', configured: false },
      ]),
    });
    expect(res.json().numbers).toHaveLength(3);
  });

  it('assigns one typed as dialled: configures its voice and status URLs at Twilio, then keeps it', async () => {
    const res = await assign(owner, '(312) 555-0141');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      business_number: FIRST,
      friendly_name: '(312) 555-0141',
      configured: true,
    });
    const update = fake.requests.find(
      (r) => r.method === 'POST' && r.path.endsWith(`/IncomingPhoneNumbers/${numberAt(FIRST)?.sid}.json`),
    );
    expect(Object.fromEntries(update?.form ?? [])).toEqual({
      VoiceUrl: VOICE_URL,
      VoiceMethod: 'POST',
      StatusCallback: STATUS_URL,
      StatusCallbackMethod: 'POST',
      SmsUrl: SMS_URL,
      SmsMethod: 'POST',
    });
    expect(numberAt(FIRST)).toMatchObject({
      voiceUrl: VOICE_URL,
      statusCallback: STATUS_URL,
      smsUrl: SMS_URL,
    });

    const settings = await t.app.inject({ url: '/v1/assistant', headers: owner.headers });
    expect(settings.json().business_number).toBe(FIRST);
    const { rows } = await t.database.executeSql(
      'SELECT business_number, business_number_sid FROM accounts WHERE id = $1',
      [owner.accountId],
    );
    expect(rows[0]).toEqual({ business_number: FIRST, business_number_sid: numberAt(FIRST)?.sid });

    expect(await stateOf(owner)).toEqual({ [FIRST]: 'yours', [SECOND]: 'free', [THIRD]: 'free' });
    // Another account sees it taken, never whose.
    const seen = await listNumbers(other);
    expect(seen.json().business_number).toBeNull();
    expect(seen.json().numbers.find((n: { phone_number: string }) => n.phone_number === FIRST)).toEqual({
      phone_number: FIRST,
      friendly_name: '(312) 555-0141',
      state: 'taken',
      configured: true,
    });
    expect(seen.body).not.toContain(owner.accountId);
  });

  it('works with an API key too', async () => {
    const key = await createApiKey(t, other);
    const res = await t.app.inject({ url: '/v1/assistant/numbers', headers: key.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().numbers).toHaveLength(3);
  });

  it('refuses another account’s number with 409 naming phone_number, leaving it where it is', async () => {
    const before = fake.requests.length;
    const res = await assign(other, FIRST);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'conflict',
      details: [{ field: 'phone_number', message: expect.stringContaining('another account') }],
    });
    expect(res.body).not.toContain(owner.accountId);
    // Nothing asked of Twilio.
    expect(fake.requests.length).toBe(before);
    expect(await stateOf(owner)).toMatchObject({ [FIRST]: 'yours' });
  });

  it('refuses a number the Twilio account does not have, and one that is no number, naming phone_number', async () => {
    const missing = await assign(other, '+13125550999');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(/^phone_number: .*not one of the Twilio account/),
      details: [{ field: 'phone_number' }],
    });
    const garbage = await assign(other, 'call me');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.details[0].field).toBe('phone_number');
    const empty = await assign(other, '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details[0].field).toBe('phone_number');
  });

  it('reassigning frees the old number and leaves its Twilio settings as they are', async () => {
    const res = await assign(owner, SECOND);
    expect(res.statusCode).toBe(200);
    expect(numberAt(SECOND)).toMatchObject({ voiceUrl: VOICE_URL, statusCallback: STATUS_URL });
    expect(numberAt(FIRST)).toMatchObject({ voiceUrl: VOICE_URL, statusCallback: STATUS_URL });
    expect(await stateOf(other)).toEqual({ [FIRST]: 'free', [SECOND]: 'taken', [THIRD]: 'free' });
    // Now the other account may have the first one.
    expect((await assign(other, FIRST)).statusCode).toBe(200);
    expect(await stateOf(owner)).toEqual({ [FIRST]: 'taken', [SECOND]: 'yours', [THIRD]: 'free' });
  });
});

describe('a call to the assigned number', () => {
  const incoming = (sid: string, from: string, to: string) => {
    const params = {
      AccountSid: ACCOUNT_SID,
      CallSid: sid,
      Direction: 'inbound',
      From: from,
      To: to,
      CallStatus: 'ringing',
    };
    return t.app.inject({
      method: 'POST',
      url: '/telephony/twilio/incoming',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, VOICE_URL, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
  };

  it('is the account’s inbound call, and only its own', async () => {
    const sid = fakeSid('CA');
    const answer = await incoming(sid, '+13125550901', SECOND);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<Gather');
    const callId = /call=([0-9a-f-]{36})/.exec(answer.body)?.[1] as string;
    const mine = await t.app.inject({ url: `/v1/calls/${callId}`, headers: owner.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ direction: 'inbound', phone: '+13125550901' });
    const theirs = await t.app.inject({ url: `/v1/calls/${callId}`, headers: other.headers });
    expect(theirs.statusCode).toBe(404);
  });

  it('is turned away when the number is no account’s', async () => {
    const answer = await incoming(fakeSid('CA'), '+13125550902', THIRD);
    expect(answer.body).toContain('<Reject');
  });
});

describe('buying a number', () => {
  it('searches an area code', async () => {
    const res = await t.app.inject({
      url: '/v1/assistant/numbers/available?area_code=312',
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      area_code: '312',
      numbers: [
        { phone_number: '+13125550190', friendly_name: '(312) 555-0190', locality: 'Chicago', region: 'IL' },
        { phone_number: '+13125550191', friendly_name: '(312) 555-0191', locality: 'Chicago', region: 'IL' },
      ],
    });
    const search = fake.requests.findLast((r) => r.path.endsWith('/AvailablePhoneNumbers/US/Local.json'));
    expect(search?.query.get('AreaCode')).toBe('312');
    const none = await t.app.inject({
      url: '/v1/assistant/numbers/available?area_code=505',
      headers: owner.headers,
    });
    expect(none.json().numbers).toEqual([]);
  });

  it('refuses an area code that is none, naming area_code', async () => {
    for (const code of ['12', '1234', '012', 'abc']) {
      const res = await t.app.inject({
        url: `/v1/assistant/numbers/available?area_code=${code}`,
        headers: owner.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].field).toBe('area_code');
    }
  });

  it('buys one configured with our URLs and assigns it', async () => {
    const res = await buy(owner, '312-555-0190');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      business_number: '+13125550190',
      friendly_name: '(312) 555-0190',
      configured: true,
    });
    const purchase = fake.requests.findLast(
      (r) =>
        r.method === 'POST' && r.path === `/2010-04-01/Accounts/${ACCOUNT_SID}/IncomingPhoneNumbers.json`,
    );
    expect(Object.fromEntries(purchase?.form ?? [])).toEqual({
      PhoneNumber: '+13125550190',
      VoiceUrl: VOICE_URL,
      VoiceMethod: 'POST',
      StatusCallback: STATUS_URL,
      StatusCallbackMethod: 'POST',
      SmsUrl: SMS_URL,
      SmsMethod: 'POST',
    });
    expect(numberAt('+13125550190')).toMatchObject({
      voiceUrl: VOICE_URL,
      statusCallback: STATUS_URL,
      smsUrl: SMS_URL,
    });
    const settings = await t.app.inject({ url: '/v1/assistant', headers: owner.headers });
    expect(settings.json().business_number).toBe('+13125550190');
    expect(await stateOf(owner)).toMatchObject({ '+13125550190': 'yours', [SECOND]: 'free' });
  });

  it('says so when the number can no longer be bought (Twilio 21422), naming phone_number', async () => {
    const res = await buy(other, '+13125550199');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('no longer available'),
      details: [{ field: 'phone_number' }],
    });
  });
});

describe('Twilio’s errors', () => {
  it('a failure at Twilio is a carrier error with its words', async () => {
    fake.numberAnswers.push({
      status: 500,
      body: { code: 20500, message: 'Internal Server Error', more_info: '', status: 500 },
    });
    const res = await listNumbers(owner);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({
      code: 'carrier_error',
      message: expect.stringContaining('20500'),
    });
  });

  it('refused credentials say which settings to check', async () => {
    fake.numberAnswers.push({
      status: 401,
      body: { code: 20003, message: 'Authenticate', more_info: '', status: 401 },
    });
    const res = await t.app.inject({
      url: '/v1/assistant/numbers/available?area_code=312',
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toContain('TWILIO_AUTH_TOKEN');
  });

  it('a number gone between the look-up and the update (20404) names phone_number', async () => {
    // The look-up finds it; the update answers 20404.
    const lookUp = fake.requests.length;
    fake.numberAnswers.push({
      status: 200,
      body: {
        incoming_phone_numbers: [
          { sid: fakeSid('PN'), phone_number: THIRD, friendly_name: '(312) 555-0143', voice_url: '' },
        ],
        next_page_uri: null,
        page: 0,
        page_size: 20,
      },
    });
    fake.numberAnswers.push({
      status: 404,
      body: { code: 20404, message: 'The requested resource was not found', more_info: '', status: 404 },
    });
    const res = await assign(other, THIRD);
    expect(fake.requests.length).toBe(lookUp + 2);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('phone_number');
  });
});

describe('paging', () => {
  it('lists every page of a Twilio account with many numbers', async () => {
    for (let i = 0; i < 120; i++) fake.addNumber(`+1646555${String(1000 + i)}`);
    const res = await listNumbers(owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().numbers.length).toBe(fake.numbers.size);
    expect(fake.requests.filter((r) => r.query.get('Page') === '1').length).toBeGreaterThan(0);
  });
});

describe('with the simulated carrier', () => {
  let sim: TestApp;
  let user: User;
  beforeAll(async () => {
    sim = await buildTestApp();
    user = await signedInUser(sim);
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('every route answers 409 and the fictional number stays', async () => {
    const answers = await Promise.all([
      sim.app.inject({ url: '/v1/assistant/numbers', headers: user.headers }),
      sim.app.inject({ url: '/v1/assistant/numbers/available?area_code=312', headers: user.headers }),
      sim.app.inject({
        method: 'PUT',
        url: '/v1/assistant/business-number',
        headers: user.headers,
        payload: { phone_number: FIRST },
      }),
      sim.app.inject({
        method: 'POST',
        url: '/v1/assistant/numbers',
        headers: user.headers,
        payload: { phone_number: FIRST },
      }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toContain('simulated carrier');
    }
    const settings = await sim.app.inject({ url: '/v1/assistant', headers: user.headers });
    expect(settings.json().business_number).toMatch(/^\+1\d{3}55501\d\d$/);
  });
});
