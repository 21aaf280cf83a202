import type { DatabaseHandle } from '@callwise/db/client';
import { markCallsPlaced } from '@callwise/db/queries/call-dispatch';
import { countLiveCarrierCalls, findCarrierRequest } from '@callwise/db/queries/carrier-requests';
import { seedAccount, seedCall } from '@callwise/db/seed/factories';
import { createTestDatabase } from '@callwise/db/testing';
import twilio from 'twilio';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CarrierDeferredError, CarrierRejectedError } from '../carrier.ts';
import { answeredByOf, carrierStatusOf, TwilioCarrier, type TwilioCarrierOptions } from './twilio.ts';
import { Backoff, type Clock, TokenBucket } from './twilio-pace.ts';
import { isValidTwilioSignature, twilioSignature } from './twilio-signature.ts';
import { type FakeTwilio, fakeSid, startFakeTwilio } from './twilio-test-server.ts';
import { askTwiml, hangUpTwiml, playAndHangUpTwiml } from './twiml.ts';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'twilio-test-auth-token-0123456789';
const FROM = '+12025550199';
const PUBLIC_URL = 'https://calls.example.com';

let database: DatabaseHandle;
let fake: FakeTwilio;
let accountId: string;
const problems: string[] = [];
const log = {
  warn: () => undefined,
  error: (_obj: object, msg: string) => void problems.push(msg),
};

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeTwilio({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  accountId = (await seedAccount(database.db)).id;
});
afterAll(async () => {
  await fake.close();
  await database.close();
});
beforeEach(() => {
  fake.createAnswers.length = 0;
  fake.createDelayMs = 0;
  problems.length = 0;
});

function carrier(overrides: Partial<TwilioCarrierOptions> = {}) {
  return TwilioCarrier.open({
    db: database.db,
    log,
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    fromNumber: FROM,
    publicUrl: PUBLIC_URL,
    apiBaseUrl: fake.url,
    callsPerSecond: 50,
    maxConcurrentCalls: 1000,
    maxBatchMs: 2000,
    pruneEveryMs: 0,
    ...overrides,
  });
}

let numbers = 0;
/** A call waiting to be placed (as the dispatcher leaves it), to a number of its own. */
async function queuedCall() {
  numbers += 1;
  const phone = `+1415555${String(1000 + numbers).padStart(4, '0')}`;
  const call = await seedCall(database.db, accountId, { status: 'queued', phone });
  return { call, request: { idempotencyKey: `${call.id}:1`, callId: call.id, to: phone, attempt: 1 } };
}

const createdAgo = async (key: string, seconds: number) =>
  database.executeSql(
    `UPDATE carrier_requests SET created_at = now() - make_interval(secs => $2) WHERE idempotency_key = $1`,
    [key, seconds],
  );

describe('placing a call', () => {
  it("creates it at Twilio's REST host with our webhooks, machine detection and recording", async () => {
    const { call, request } = await queuedCall();
    const before = fake.creations().length;
    const placed = await (await carrier()).place(request);

    const creations = fake.creations();
    expect(creations).toHaveLength(before + 1);
    const sent = creations.at(-1);
    expect(sent?.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Calls.json`);
    expect(sent?.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
    );
    const form = sent?.form as URLSearchParams;
    const hook = (name: string) => `${PUBLIC_URL}/telephony/twilio/${name}?call=${call.id}&attempt=1`;
    expect(Object.fromEntries(form)).toMatchObject({
      To: request.to,
      From: FROM,
      Url: hook('voice'),
      Method: 'POST',
      StatusCallback: hook('status'),
      StatusCallbackMethod: 'POST',
      MachineDetection: 'DetectMessageEnd',
      Record: 'true',
      RecordingStatusCallback: hook('recording'),
      RecordingStatusCallbackMethod: 'POST',
    });
    expect(form.getAll('StatusCallbackEvent')).toEqual(['initiated', 'ringing', 'answered', 'completed']);
    expect(form.getAll('RecordingStatusCallbackEvent')).toEqual(['completed']);

    expect(placed.providerCallId).toMatch(/^CA[0-9a-f]{32}$/);
    expect(fake.calls.get(placed.providerCallId)?.to).toBe(request.to);
    expect((await findCarrierRequest(database.db, request.idempotencyKey))?.providerCallId).toBe(
      placed.providerCallId,
    );
  });

  it('answers the same key again with the same call, without asking Twilio (in any process)', async () => {
    const { request } = await queuedCall();
    const first = await (await carrier()).place(request);
    const before = fake.creations().length;
    expect(await (await carrier()).place(request)).toEqual(first);
    expect(await (await carrier()).placeAll([request, request])).toEqual([first, first]);
    expect(fake.creations()).toHaveLength(before);
  });

  it('never requests a call that was cancelled meanwhile', async () => {
    const { call, request } = await queuedCall();
    await database.executeSql(`UPDATE calls SET status = 'canceled' WHERE id = $1`, [call.id]);
    const before = fake.creations().length;
    const [result] = await (await carrier()).placeAll([request]);
    expect(result && 'error' in result && result.error).toBeInstanceOf(CarrierDeferredError);
    expect(fake.creations()).toHaveLength(before);
    expect(await findCarrierRequest(database.db, request.idempotencyKey)).toBeUndefined();
  });

  it('two workers placing the same key at the same moment ring the phone once', async () => {
    const { request } = await queuedCall();
    fake.createDelayMs = 300;
    const before = fake.creations().length;
    const [a, b] = await Promise.all([
      (await carrier()).placeAll([request]),
      (await carrier()).placeAll([request]),
    ]);
    expect(fake.creations()).toHaveLength(before + 1);
    const results = [a?.[0], b?.[0]];
    expect(results.filter((result) => result && 'providerCallId' in result)).toHaveLength(1);
    const other = results.find((result) => result && 'error' in result);
    expect(other && 'error' in other && other.error).toBeInstanceOf(CarrierDeferredError);
  });
});

describe('a request cut off by a crash (a ledger row without a Twilio call id)', () => {
  it('adopts the call Twilio placed for it, without placing another', async () => {
    const { request } = await queuedCall();
    fake.createAnswers.push({ status: 500, body: { code: 20500, message: 'Internal error', status: 500 } });
    const [lost] = await (await carrier()).placeAll([request]);
    expect(lost && 'error' in lost && lost.error).toBeInstanceOf(CarrierDeferredError);
    const row = await findCarrierRequest(database.db, request.idempotencyKey);
    expect(row?.providerCallId).toBeNull();
    await createdAgo(request.idempotencyKey, 60);
    // Twilio did place it (the answer was lost on the way): ringing since 50 seconds.
    const sid = fakeSid('CA');
    fake.calls.set(sid, {
      sid,
      to: request.to,
      from: FROM,
      status: 'in-progress',
      dateCreated: new Date(Date.now() - 55_000),
      startTime: new Date(Date.now() - 50_000),
      endTime: null,
      duration: null,
      answeredBy: 'human',
    });
    const before = fake.requests.length;
    const creations = fake.creations().length;

    expect(await (await carrier()).place(request)).toEqual({ providerCallId: sid });
    expect(fake.creations()).toHaveLength(creations);
    const lookups = fake.requests.slice(before).filter((r) => r.method === 'GET');
    expect(lookups.length).toBeGreaterThan(0);
    for (const lookup of lookups) {
      expect(lookup.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Calls.json`);
      expect(lookup.query.get('To')).toBe(request.to);
      expect(lookup.query.get('From')).toBe(FROM);
    }
    const since = lookups.find((lookup) => lookup.query.has('StartTime>'))?.query.get('StartTime>');
    expect(Date.parse(since ?? '')).toBeLessThanOrEqual((row?.createdAt.getTime() ?? 0) - 60_000);
    expect((await findCarrierRequest(database.db, request.idempotencyKey))?.providerCallId).toBe(sid);
  });

  it('places it when Twilio has no such call', async () => {
    const { request } = await queuedCall();
    fake.createAnswers.push({ status: 503, body: { code: 20503, message: 'Unavailable', status: 503 } });
    await (await carrier()).placeAll([request]);
    await createdAgo(request.idempotencyKey, 60);
    const creations = fake.creations().length;
    const placed = await (await carrier()).place(request);
    expect(fake.creations()).toHaveLength(creations + 1);
    expect(fake.calls.get(placed.providerCallId)?.to).toBe(request.to);
  });

  it('does not take a call another request of ours holds', async () => {
    const first = await queuedCall();
    const placed = await (await carrier()).place(first.request);
    const call = fake.calls.get(placed.providerCallId);
    if (!call) throw new Error('no call');
    call.startTime = new Date();
    // A second call to the same number whose request was cut off.
    const second = await seedCall(database.db, accountId, { status: 'queued', phone: first.request.to });
    const request = { ...first.request, callId: second.id, idempotencyKey: `${second.id}:1` };
    fake.createAnswers.push({ status: 502, body: { code: 20500, message: 'Bad gateway', status: 502 } });
    await (await carrier()).placeAll([request]);
    await createdAgo(request.idempotencyKey, 30);
    const again = await (await carrier()).place(request);
    expect(again.providerCallId).not.toBe(placed.providerCallId);
  });

  it('waits while the request may still be on its way', async () => {
    const { request } = await queuedCall();
    fake.createAnswers.push({ status: 500, body: { code: 20500, message: 'Internal error', status: 500 } });
    await (await carrier()).placeAll([request]);
    const creations = fake.creations().length;
    const [result] = await (await carrier()).placeAll([request]);
    expect(result && 'error' in result && result.error).toBeInstanceOf(CarrierDeferredError);
    expect(fake.creations()).toHaveLength(creations);
  });
});

describe("Twilio's refusals", () => {
  it('an invalid number (21211) fails the call for good, with a clear reason', async () => {
    const { request } = await queuedCall();
    fake.createAnswers.push({
      status: 400,
      body: {
        code: 21211,
        message: `The 'To' number ${request.to} is not a valid phone number.`,
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      },
    });
    const [result] = await (await carrier()).placeAll([request]);
    const error = result && 'error' in result ? result.error : null;
    expect(error).toBeInstanceOf(CarrierRejectedError);
    expect((error as Error).message).toBe(`${request.to} is not a valid phone number.`);
    expect(await findCarrierRequest(database.db, request.idempotencyKey)).toBeUndefined();
  });

  it('an unknown 400 keeps Twilio’s words and code', async () => {
    const { request } = await queuedCall();
    fake.createAnswers.push({
      status: 400,
      body: { code: 21614, message: 'Not a mobile number', status: 400 },
    });
    fake.createAnswers.push({ status: 400, body: { code: 13999, message: 'Something new', status: 400 } });
    const [a] = await (await carrier()).placeAll([request]);
    const [b] = await (await carrier()).placeAll([request]);
    expect(a && 'error' in a && (a.error as Error).message).toBe(
      `${request.to} is not a number that can take this call.`,
    );
    expect(b && 'error' in b && (b.error as Error).message).toBe(
      'Twilio refused the call: Something new (error 13999).',
    );
  });

  it('wrong credentials leave the call to be tried again, and say what to check', async () => {
    const { request } = await queuedCall();
    const [result] = await (await carrier({ authToken: 'not-the-token-0123456789' })).placeAll([request]);
    const error = result && 'error' in result ? result.error : null;
    expect(error).toBeInstanceOf(CarrierDeferredError);
    expect((error as Error).message).toMatch(/TWILIO_AUTH_TOKEN/);
    expect(problems).toHaveLength(1);
    expect(await findCarrierRequest(database.db, request.idempotencyKey)).toBeUndefined();
  });
});

describe('429: backing off', () => {
  it('stops sending, leaves the calls to be retried, and sends again after the pause', async () => {
    const calls = [await queuedCall(), await queuedCall(), await queuedCall()];
    const twilioCarrier = await carrier({ callsPerSecond: 2, maxBatchMs: 3000, random: () => 1 });
    fake.createAnswers.push({
      status: 429,
      body: { code: 20429, message: 'Too Many Requests', status: 429 },
    });
    const creations = fake.creations().length;
    // A burst of 2: the first two go together, the third after its turn — by then the 429 is in.
    const results = await twilioCarrier.placeAll(calls.map((c) => c.request));
    const errors = results.map((result) => ('error' in result ? result.error : null));
    const placed = results.filter((result) => 'providerCallId' in result);
    expect(errors.filter((error) => error instanceof CarrierRejectedError)).toHaveLength(0);
    expect(errors.filter((error) => error instanceof CarrierDeferredError).length).toBeGreaterThanOrEqual(2);
    expect(fake.creations().length - creations).toBe(1 + placed.length);
    for (const [index, error] of errors.entries()) {
      if (!error) continue;
      expect((error as Error).message).toMatch(/slow down/);
      expect(
        await findCarrierRequest(database.db, calls[index]?.request.idempotencyKey ?? ''),
      ).toBeUndefined();
    }

    // After the pause (a second with this jitter) the calls go out.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await twilioCarrier.placeAll(calls.map((c) => c.request));
    expect(again.every((result) => 'providerCallId' in result)).toBe(true);
  });

  it('a 429 as an HTTP status alone counts too; nothing is sent during the pause', async () => {
    const { request } = await queuedCall();
    const twilioCarrier = await carrier({ random: () => 1 });
    fake.createAnswers.push({ status: 429, body: { message: 'Too Many Requests', status: 429 } });
    await twilioCarrier.placeAll([request]);
    const creations = fake.creations().length;
    const [result] = await twilioCarrier.placeAll([request]);
    expect(result && 'error' in result && (result.error as Error).message).toMatch(/again in 1 s/);
    expect(fake.creations()).toHaveLength(creations);
  });

  it('grows exponentially with jitter, up to a minute, and starts over after a success', () => {
    let now = 0;
    const clock: Clock = { now: () => now, sleep: async () => undefined };
    let draw = 1;
    const backoff = new Backoff({ clock, random: () => draw });
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(() => backoff.throttled())).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000,
    ]);
    expect(backoff.remainingMs()).toBe(60_000);
    now += 59_000;
    expect(backoff.remainingMs()).toBe(1000);
    backoff.succeeded();
    draw = 0;
    expect(backoff.throttled()).toBe(500);
    draw = 0.5;
    expect(backoff.throttled()).toBe(1500);
  });
});

describe('pace and lines', () => {
  it('a token bucket: a burst of the whole rate, then one every 1/rate s', async () => {
    let now = 0;
    const slept: number[] = [];
    const clock: Clock = {
      now: () => now,
      sleep: async (ms) => {
        slept.push(ms);
        now += ms;
      },
    };
    const bucket = new TokenBucket(2, clock);
    for (let i = 0; i < 5; i++) expect(await bucket.take(10_000)).toBe(true);
    expect(slept).toEqual([500, 500, 500]);
    expect(await bucket.take(now + 100)).toBe(false);
    expect(new TokenBucket(0.5, clock).burst).toBe(1);
    expect(() => new TokenBucket(0, clock)).toThrow();
  });

  it('calls go out at the configured calls per second', async () => {
    const calls = [await queuedCall(), await queuedCall(), await queuedCall(), await queuedCall()];
    const creations = fake.creations().length;
    const started = Date.now();
    const results = await (await carrier({ callsPerSecond: 2, maxBatchMs: 3000 })).placeAll(
      calls.map((c) => c.request),
    );
    // A burst of two, then one every half second: the fourth goes a second after the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(results.every((result) => 'providerCallId' in result)).toBe(true);
    const times = fake
      .creations()
      .slice(creations)
      .map((request) => request.at);
    expect(times).toHaveLength(4);
    expect((times[3] as number) - (times[1] as number)).toBeGreaterThanOrEqual(700);
  });

  it('what does not fit in the batch time is handed back, and the dispatcher batch is sized to fit', async () => {
    const calls = [await queuedCall(), await queuedCall(), await queuedCall()];
    const twilioCarrier = await carrier({ callsPerSecond: 1, maxBatchMs: 500 });
    expect(twilioCarrier.batchSize).toBe(1);
    expect((await carrier({ callsPerSecond: 1, maxBatchMs: 10_000 })).batchSize).toBe(11);
    const results = await twilioCarrier.placeAll(calls.map((c) => c.request));
    expect('providerCallId' in (results[0] ?? {})).toBe(true);
    for (const result of results.slice(1)) {
      expect(result && 'error' in result && (result.error as Error).message).toMatch(/1 a second/);
    }
  });

  it('never more calls at once than the lines allowed', async () => {
    const live = await queuedCall();
    const placed = await (await carrier()).place(live.request);
    await markCallsPlaced(database.db, [{ id: live.call.id, ...placed, attempt: 1 }]);
    await database.executeSql(`UPDATE calls SET status = 'ringing' WHERE id = $1`, [live.call.id]);
    const lines = await countLiveCarrierCalls(database.db, 'CA');
    expect(lines).toBeGreaterThanOrEqual(1);

    const waiting = [await queuedCall(), await queuedCall()];
    const creations = fake.creations().length;
    const results = await (await carrier({ maxConcurrentCalls: lines + 1 })).placeAll(
      waiting.map((c) => c.request),
    );
    expect('providerCallId' in (results[0] ?? {})).toBe(true);
    const refused = results[1];
    expect(refused && 'error' in refused && refused.error).toBeInstanceOf(CarrierDeferredError);
    expect(refused && 'error' in refused && (refused.error as Error).message).toMatch(
      /All \d+ lines are in use/,
    );
    expect(fake.creations()).toHaveLength(creations + 1);
  });
});

describe('after placing', () => {
  it('hangs up through the API', async () => {
    const { request } = await queuedCall();
    const { providerCallId } = await (await carrier()).place(request);
    await (await carrier()).hangUp(providerCallId);
    const update = fake.requests.at(-1);
    expect(update?.method).toBe('POST');
    expect(update?.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Calls/${providerCallId}.json`);
    expect(update?.form.get('Status')).toBe('completed');
  });

  it('answers the sweep with what Twilio says of a call, and whether it is over', async () => {
    const { call, request } = await queuedCall();
    const { providerCallId } = await (await carrier()).place(request);
    const remote = fake.calls.get(providerCallId);
    if (!remote) throw new Error('no call');
    const twilioCarrier = await carrier();
    const asked = { providerCallId, callId: call.id, attempt: 1 };
    Object.assign(remote, { status: 'ringing' });
    expect(await twilioCarrier.lookup(asked)).toMatchObject({ ended: false, event: { status: 'ringing' } });
    Object.assign(remote, {
      status: 'completed',
      duration: '42',
      answeredBy: 'human',
      startTime: new Date(Date.now() - 43_000),
      endTime: new Date(Date.now() - 1000),
    });
    expect(await twilioCarrier.lookup(asked)).toEqual({
      ended: true,
      event: {
        providerCallId,
        callId: call.id,
        attempt: 1,
        status: 'completed',
        durationSeconds: 42,
        // Twilio's dates have whole seconds.
        at: new Date(Math.floor((remote.endTime?.getTime() ?? 0) / 1000) * 1000),
      },
    });
    const unknown = await twilioCarrier.lookup({ ...asked, providerCallId: fakeSid('CA') });
    expect(unknown).toMatchObject({
      ended: true,
      event: { status: 'failed', failureReason: 'Twilio has no record of this call.' },
    });
  });
});

describe('status reports', () => {
  const at = new Date('2026-03-02T10:00:00Z');
  const report = (status: string, extra: object = {}) =>
    carrierStatusOf({ callSid: 'CA1', status, at, ...extra }, { callId: 'call-1', attempt: 2 });

  it.each([
    ['queued', null],
    ['initiated', null],
    ['ringing', { status: 'ringing' }],
    ['in-progress', { status: 'in-progress' }],
    ['busy', { status: 'busy' }],
    ['no-answer', { status: 'no-answer' }],
    ['completed', { status: 'completed' }],
    ['failed', { status: 'failed', failureReason: 'Twilio could not connect the call.' }],
    ['canceled', { status: 'failed', failureReason: 'The call was canceled before it was answered.' }],
  ])('%s', (status, expected) => {
    const event = report(status);
    if (expected === null) expect(event).toBeNull();
    else expect(event).toEqual({ providerCallId: 'CA1', callId: 'call-1', attempt: 2, at, ...expected });
  });

  it('carries who answered, the duration and the SIP reason', () => {
    expect(report('in-progress', { answeredBy: 'machine_end_beep' })?.answeredBy).toBe('machine');
    expect(report('completed', { durationSeconds: 37 })?.durationSeconds).toBe(37);
    expect(report('failed', { sipResponseCode: '404' })?.failureReason).toBe(
      'Twilio could not connect the call (SIP 404: the number does not exist).',
    );
    expect(
      ['human', 'unknown', 'machine_start', 'machine_end_silence', 'machine_end_other', 'fax', '', 'x'].map(
        answeredByOf,
      ),
    ).toEqual(['human', 'human', 'machine', 'machine', 'machine', 'machine', undefined, undefined]);
  });
});

describe('X-Twilio-Signature', () => {
  // Twilio's published test vectors (its helper libraries' request validator tests): auth token 12345.
  const token = '12345';
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = {
    CallSid: 'CA1234567890ABCDE',
    Caller: '+14158675309',
    Digits: '1234',
    From: '+14158675309',
    To: '+18005551212',
  };

  it('matches the documented signature', () => {
    expect(twilioSignature(token, url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(isValidTwilioSignature(token, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', url, params)).toBe(true);
  });

  it('repeated parameters: their distinct values sorted', () => {
    const repeated = { Sid: 'CA123', SidAccount: 'AC123', Digits: ['5678', '1234', '1234'] };
    expect(twilioSignature(token, url, repeated)).toBe('IK+Dwps556ElfBT0I3Rgjkr1wJU=');
  });

  it('with or without the default port, as a proxy may present it', () => {
    expect(isValidTwilioSignature(token, 'kvajT1Ptam85bY51eRf/AJRuM3w=', url, params)).toBe(true);
    const http = url.replace('https', 'http');
    expect(isValidTwilioSignature(token, '0ZXoZLH/DfblKGATFgpif+LLRf4=', http, params)).toBe(true);
    const withPort = http.replace('.com', '.com:1234');
    expect(isValidTwilioSignature(token, 'Zmvh+3yNM1Phv2jhDCwEM3q5ebU=', withPort, params)).toBe(true);
  });

  it('anything changed, and it fails', () => {
    const good = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';
    expect(isValidTwilioSignature(token, good, url, { ...params, Digits: '9999' })).toBe(false);
    expect(isValidTwilioSignature(token, good, `${url}&x=1`, params)).toBe(false);
    expect(isValidTwilioSignature('54321', good, url, params)).toBe(false);
    expect(isValidTwilioSignature(token, undefined, url, params)).toBe(false);
    expect(isValidTwilioSignature(token, '', url, params)).toBe(false);
    expect(isValidTwilioSignature(token, 'RSOYDt4T1cUTdK1PDd93/VVr8B8', url, params)).toBe(false);
  });

  it("agrees with the SDK's own signer", () => {
    const signed = twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${PUBLIC_URL}/x?call=1`, {
      CallSid: 'CA9',
      SpeechResult: 'yes please, café',
    });
    expect(
      isValidTwilioSignature(AUTH_TOKEN, signed, `${PUBLIC_URL}/x?call=1`, {
        CallSid: 'CA9',
        SpeechResult: 'yes please, café',
      }),
    ).toBe(true);
  });
});

describe('TwiML', () => {
  const audio = 'https://calls.example.com/telephony/twilio/audio/c/prompt-CA1.wav?expires=1&signature=a-b_c';
  const action = 'https://calls.example.com/telephony/twilio/gather?call=c';

  it('asks: our prompt inside a Gather of one key or speech, posted back even when nothing was heard', () => {
    expect(askTwiml(audio, action)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response>' +
        '<Gather input="dtmf speech" numDigits="1" timeout="5" speechTimeout="auto" ' +
        `action="${action}" method="POST" actionOnEmptyResult="true">` +
        `<Play>${audio.replace('&', '&amp;')}</Play></Gather></Response>`,
    );
  });

  it('replies or leaves a voicemail, then hangs up; or just hangs up', () => {
    expect(playAndHangUpTwiml(`${audio}&x=<1>`)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response>' +
        `<Play>${audio.replace('&', '&amp;')}&amp;x=&lt;1&gt;</Play><Hangup/></Response>`,
    );
    expect(hangUpTwiml()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
  });
});
