import { seedCall } from '@callwise/db/seed/factories';
import twilio from 'twilio';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../../test/helper.ts';
import { type FakeTwilio, startFakeTwilio } from './twilio-test-server.ts';

// What the Twilio route tests share: a server whose carrier is Twilio, on the local fake of Twilio's API, and
// requests signed as Twilio signs them.

export const ACCOUNT_SID = `AC${'fedcba9876543210'.repeat(2)}`;
export const AUTH_TOKEN = 'twilio-routes-test-token-0123456789';
export const FROM = '+12025550123';
export const PUBLIC_URL = 'https://calls.example.com';

export let t: TestApp;
export let fake: FakeTwilio;
export let owner: Awaited<ReturnType<typeof signedInUser>>;

let numbers = 0;
export const nextNumber = () => `+1312555${String(2000 + ++numbers)}`;

export interface Placed {
  id: string;
  phone: string;
  sid: string;
  attempt: number;
}

/** A call due now, as the API creates it; the dispatcher hands it to (fake) Twilio. */
export async function placedCall(): Promise<Placed> {
  const call = await seedCall(t.database.db, owner.accountId, { status: 'queued', phone: nextNumber() });
  const row = await waitFor(call.id, (row) => row.provider_call_id !== null);
  return { id: call.id, phone: call.phone, sid: row.provider_call_id as string, attempt: 1 };
}

/** The address of one of our webhooks for a placement, as the carrier gave it to Twilio. */
export const hookPath = (hook: string, call: Placed) =>
  `/telephony/twilio/${hook}?call=${call.id}&attempt=${call.attempt}`;

export async function callRow(id: string) {
  const { rows } = await t.database.executeSql(
    'SELECT status, version, attempts, provider_call_id, outcome, duration, answered_by, failure_reason, scheduled_at FROM calls WHERE id = $1',
    [id],
  );
  return rows[0] as Record<string, unknown>;
}

export async function waitFor(
  id: string,
  done: (row: Record<string, unknown>) => boolean,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await callRow(id);
    if (done(row)) return row;
    if (Date.now() > deadline) throw new Error(`call ${id} did not get there: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const getCall = async (id: string) =>
  (await t.app.inject({ url: `/v1/calls/${id}`, headers: owner.headers })).json();

/** A request as Twilio sends it: form-encoded, signed for PUBLIC_URL + path + query with the auth token. */
export function fromTwilio(
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

export const callParams = (call: Placed, extra: Record<string, string> = {}) => ({
  AccountSid: ACCOUNT_SID,
  ApiVersion: '2010-04-01',
  CallSid: call.sid,
  Direction: 'outbound-api',
  From: FROM,
  To: call.phone,
  ...extra,
});

export function status(call: Placed, callStatus: string, extra = {}) {
  return fromTwilio(
    hookPath('status', call),
    callParams(call, { CallStatus: callStatus, Timestamp: new Date().toUTCString(), ...extra }),
  );
}

/** The audio a TwiML document plays, fetched the way Twilio does (no session, the signed URL). */
export function playedUrl(twiml: string): string {
  const match = /<Play>([^<]+)<\/Play>/.exec(twiml);
  if (!match?.[1]) throw new Error(`nothing played in ${twiml}`);
  return match[1].replaceAll('&amp;', '&');
}
export const fetchAudio = (url: string) => t.app.inject({ url: url.slice(PUBLIC_URL.length) });

/** Starts what the tests need before them and stops it after them: call it once at the top of a test file. */
export function useTwilioApp(): void {
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
}
