import { createHash } from 'node:crypto';
import type { calendar_v3 } from '@googleapis/calendar';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  fromGoogleEvent,
  GOOGLE_CALENDAR_SCOPES,
  GoogleApiError,
  GoogleCalendarClient,
  type GoogleCalendarClientOptions,
  GoogleInvalidGrantError,
  GoogleMissingRefreshTokenError,
  GoogleOAuth,
  GoogleScopeError,
  wallTimeIn,
  withoutCallwiseLine,
} from './google-calendar.ts';
import { type FakeGoogle, googleError, startFakeGoogle } from './google-calendar-test-server.ts';

const REDIRECT_URI = 'https://app.callwise.test/v1/calendar-connections/google/callback';
const NOW = new Date('2026-11-26T09:00:00Z');
const HORIZON = { from: new Date('2026-11-25T00:00:00Z'), to: new Date('2027-02-24T00:00:00Z') };
const at = (iso: string) => new Date(iso);

let fake: FakeGoogle;
let oauth: GoogleOAuth;
let sleeps: number[];

beforeAll(async () => {
  fake = await startFakeGoogle();
  oauth = new GoogleOAuth({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    redirectUri: REDIRECT_URI,
    endpoints: { authUrl: fake.authUrl, tokenUrl: fake.tokenUrl, revokeUrl: fake.revokeUrl },
  });
});
afterAll(() => fake.close());

beforeEach(() => {
  fake.requests.length = 0;
  fake.answers.length = 0;
  fake.calendars.clear();
  fake.grantScopes = null;
  fake.accessTokenTtlSeconds = 3600;
  sleeps = [];
});

/** The user goes to the consent URL and Google redirects back: the callback's query. */
async function consent(url: string): Promise<URLSearchParams> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  return location.searchParams;
}

async function connect(): Promise<string> {
  const { url, codeVerifier } = await oauth.authorizationUrl('state-1');
  const callback = await consent(url);
  const tokens = await oauth.exchangeCode(callback.get('code') ?? '', codeVerifier);
  return tokens.refreshToken;
}

async function client(options: Partial<GoogleCalendarClientOptions> = {}) {
  const refreshToken = await connect();
  fake.requests.length = 0;
  return new GoogleCalendarClient({
    auth: oauth.authorizedClient(refreshToken),
    rootUrl: fake.url,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    pageSize: 2,
    now: () => NOW,
    ...options,
  });
}

const apiRequests = () => fake.requests.filter((request) => request.path.startsWith('/calendar/v3/'));
const tokenRequests = () => fake.requests.filter((request) => request.path === '/token');

describe('GoogleOAuth', () => {
  it('builds the consent URL: offline access, consent prompt, the narrow scopes, state and an S256 PKCE challenge', async () => {
    const { url, codeVerifier } = await oauth.authorizationUrl('signed.state.value');
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(fake.authUrl);
    const query = Object.fromEntries(parsed.searchParams);
    expect(query).toEqual({
      access_type: 'offline',
      prompt: 'consent',
      scope:
        'https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.calendarlist.readonly',
      state: 'signed.state.value',
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
      include_granted_scopes: 'false',
      response_type: 'code',
      client_id: fake.clientId,
      redirect_uri: REDIRECT_URI,
    });
    expect(codeVerifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
    await expect(oauth.authorizationUrl('')).rejects.toThrow(/state/);
  });

  it('exchanges the code with the PKCE verifier for a refresh token', async () => {
    const { url, codeVerifier } = await oauth.authorizationUrl('state-2');
    const callback = await consent(url);
    expect(callback.get('state')).toBe('state-2');
    const tokens = await oauth.exchangeCode(callback.get('code') ?? '', codeVerifier);
    expect(tokens.refreshToken).toMatch(/^1\/\/fake-/);
    expect(tokens.accessToken).toMatch(/^ya29\.fake-/);
    expect(tokens.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(tokens.scopes).toEqual([...GOOGLE_CALENDAR_SCOPES]);
    const exchange = tokenRequests().at(-1);
    expect(exchange?.body).toEqual({
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      code: callback.get('code'),
      code_verifier: codeVerifier,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
    });
  });

  it('refuses a code with the wrong verifier, or one used twice, as invalid_grant', async () => {
    const { url, codeVerifier } = await oauth.authorizationUrl('state-3');
    const code = (await consent(url)).get('code') ?? '';
    const other = await oauth.authorizationUrl('state-4');
    const wrong = oauth.exchangeCode(code, other.codeVerifier);
    await expect(wrong).rejects.toBeInstanceOf(GoogleInvalidGrantError);
    await expect(wrong).rejects.toMatchObject({ description: 'Invalid code verifier.' });
    await oauth.exchangeCode(code, codeVerifier);
    await expect(oauth.exchangeCode(code, codeVerifier)).rejects.toBeInstanceOf(GoogleInvalidGrantError);
  });

  it('says so when Google gives no refresh token (a consent without prompt=consent after an earlier one)', async () => {
    await connect();
    const { url, codeVerifier } = await oauth.authorizationUrl('state-5');
    const withoutPrompt = new URL(url);
    withoutPrompt.searchParams.delete('prompt');
    const code = (await consent(withoutPrompt.toString())).get('code') ?? '';
    await expect(oauth.exchangeCode(code, codeVerifier)).rejects.toBeInstanceOf(
      GoogleMissingRefreshTokenError,
    );
  });

  it('says which scope the user unticked on the consent screen', async () => {
    fake.grantScopes = ['https://www.googleapis.com/auth/calendar.calendarlist.readonly'];
    const { url, codeVerifier } = await oauth.authorizationUrl('state-6');
    const code = (await consent(url)).get('code') ?? '';
    const exchange = oauth.exchangeCode(code, codeVerifier);
    await expect(exchange).rejects.toBeInstanceOf(GoogleScopeError);
    await expect(exchange).rejects.toMatchObject({
      missing: ['https://www.googleapis.com/auth/calendar.events'],
    });
  });

  it('gets an access token from the refresh token, refreshes it when it expires, and verifies a token', async () => {
    fake.addCalendar({ id: 'owner@example.com', primary: true });
    const calendars = await client();
    await calendars.listCalendars();
    expect(tokenRequests().map((request) => (request.body as { grant_type: string }).grant_type)).toEqual([
      'refresh_token',
    ]);
    const first = apiRequests()[0]?.headers.authorization;
    expect(first).toMatch(/^Bearer ya29\.fake-/);

    // Still valid: no refresh.
    await calendars.listCalendars();
    expect(tokenRequests()).toHaveLength(1);

    // Refused by Google before its time (401): one refresh, then the request again.
    fake.expireAccessTokens();
    await calendars.listCalendars();
    expect(tokenRequests()).toHaveLength(2);
    const statuses = apiRequests().map((request) => request.headers.authorization);
    expect(statuses[3]).not.toBe(first);

    await expect(oauth.verify(await connect())).resolves.toBeUndefined();
  });

  it('refreshes ahead of expiry (tokens within five minutes of it)', async () => {
    fake.addCalendar({ id: 'owner@example.com', primary: true });
    fake.accessTokenTtlSeconds = 120;
    const calendars = await client();
    await calendars.listCalendars();
    await calendars.listCalendars();
    expect(tokenRequests()).toHaveLength(2);
  });

  it('turns a revoked refresh token into GoogleInvalidGrantError', async () => {
    fake.addCalendar({ id: 'owner@example.com', primary: true });
    const refreshToken = await connect();
    fake.revokeRefreshToken(refreshToken);
    const calendars = new GoogleCalendarClient({
      auth: oauth.authorizedClient(refreshToken),
      rootUrl: fake.url,
    });
    const listing = calendars.listCalendars();
    await expect(listing).rejects.toBeInstanceOf(GoogleInvalidGrantError);
    await expect(listing).rejects.toMatchObject({ description: 'Token has been expired or revoked.' });
    await expect(oauth.verify(refreshToken)).rejects.toBeInstanceOf(GoogleInvalidGrantError);
    expect(apiRequests()).toHaveLength(0);
  });

  it('revokes a grant on disconnect (a token already gone counts as revoked)', async () => {
    const refreshToken = await connect();
    await oauth.revoke(refreshToken);
    const revoke = fake.requests.at(-1);
    expect(revoke?.path).toBe('/revoke');
    expect(revoke?.query).toEqual({ token: refreshToken });
    await expect(oauth.verify(refreshToken)).rejects.toBeInstanceOf(GoogleInvalidGrantError);
    await expect(oauth.revoke(refreshToken)).resolves.toBeUndefined();
  });
});

describe('GoogleCalendarClient.listCalendars', () => {
  it('lists the calendars, the primary one first', async () => {
    fake.addCalendar({
      id: 'team@group.calendar.google.com',
      summary: 'Front desk',
      timeZone: 'Europe/Berlin',
    });
    fake.addCalendar({
      id: 'owner@example.com',
      summary: 'owner@example.com',
      timeZone: 'America/New_York',
      primary: true,
    });
    fake.addCalendar({
      id: 'holidays@group.v.calendar.google.com',
      summary: 'Holidays',
      accessRole: 'reader',
    });
    const calendars = await client();
    expect(await calendars.listCalendars()).toEqual([
      {
        id: 'owner@example.com',
        summary: 'owner@example.com',
        primary: true,
        timeZone: 'America/New_York',
        accessRole: 'owner',
      },
      {
        id: 'team@group.calendar.google.com',
        summary: 'Front desk',
        primary: false,
        timeZone: 'Europe/Berlin',
        accessRole: 'owner',
      },
      {
        id: 'holidays@group.v.calendar.google.com',
        summary: 'Holidays',
        primary: false,
        timeZone: 'UTC',
        accessRole: 'reader',
      },
    ]);
    expect(apiRequests()[0]?.path).toBe('/calendar/v3/users/me/calendarList');
  });
});

const CAL = 'owner@example.com';
const ZONE = 'America/New_York';

function seedCalendar() {
  fake.addCalendar({ id: CAL, primary: true, timeZone: ZONE });
  const haircut = fake.addEvent(CAL, {
    summary: 'Haircut — Ana Lima',
    description: 'Call her on +1 415 555 0199 if late',
    location: '12 Main St',
    start: { dateTime: at('2026-12-01T15:00:00Z'), timeZone: ZONE },
    end: { dateTime: at('2026-12-01T15:45:00Z'), timeZone: ZONE },
    organizer: { email: CAL, self: true },
    attendees: [
      { email: CAL, organizer: true, self: true, responseStatus: 'accepted' },
      { email: 'room-1@resource.calendar.google.com', displayName: 'Chair 1', resource: true },
      { email: 'ana@example.com', displayName: 'Ana Lima', responseStatus: 'needsAction' },
    ],
  });
  const weekly = fake.addEvent(CAL, {
    summary: 'Physio — Tom Reed',
    start: { dateTime: at('2026-12-02T14:00:00Z'), timeZone: ZONE },
    end: { dateTime: at('2026-12-02T14:30:00Z'), timeZone: ZONE },
    recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'],
  });
  const allDay = fake.addEvent(CAL, {
    summary: 'Closed for the holidays',
    start: { date: '2026-12-24' },
    end: { date: '2026-12-27' },
  });
  const later = fake.addEvent(CAL, {
    summary: 'Next year',
    start: { dateTime: at('2027-06-01T15:00:00Z'), timeZone: ZONE },
    end: { dateTime: at('2027-06-01T16:00:00Z'), timeZone: ZONE },
  });
  const deleted = fake.addEvent(CAL, {
    summary: 'Deleted before we looked',
    start: { dateTime: at('2026-12-03T15:00:00Z'), timeZone: ZONE },
    end: { dateTime: at('2026-12-03T16:00:00Z'), timeZone: ZONE },
  });
  fake.deleteEvent(CAL, deleted.id);
  const extra = fake.addEvent(CAL, {
    summary: 'Massage',
    start: { dateTime: at('2026-12-10T18:00:00Z'), timeZone: ZONE },
    end: { dateTime: at('2026-12-10T19:00:00Z'), timeZone: ZONE },
  });
  return { haircut, weekly, allDay, later, deleted, extra };
}

const mapped = (events: calendar_v3.Schema$Event[], zone: string | null) =>
  events.map((event) => fromGoogleEvent(event, zone)).filter((event) => event !== null);

describe('GoogleCalendarClient.syncEvents', () => {
  it('first sync: the horizon, every page, recurring events expanded, all-day ones skipped by the mapping', async () => {
    const { haircut, weekly } = seedCalendar();
    const calendars = await client();
    const result = await calendars.syncEvents(CAL, null, HORIZON);
    expect(result.fullResync).toBe(false);
    expect(result.complete).toBe(true);
    expect(result.timeZone).toBe(ZONE);
    expect(result.nextSyncToken).toMatch(/^sync-/);

    const lists = apiRequests();
    expect(lists.length).toBe(3); // 6 listed (haircut, 3 occurrences, all-day, massage), 2 a page
    expect(lists[0]?.query).toEqual({
      singleEvents: 'true',
      maxResults: '2',
      timeMin: HORIZON.from.toISOString(),
      timeMax: HORIZON.to.toISOString(),
    });
    expect(lists[1]?.query.pageToken).toMatch(/^page-/);
    expect(lists[2]?.query.pageToken).toMatch(/^page-/);

    const events = mapped(result.events, result.timeZone);
    expect(events.map((event) => [event.externalId, event.startsAt.toISOString(), event.cancelled])).toEqual([
      [haircut.id, '2026-12-01T15:00:00.000Z', false],
      [`${weekly.id}/2026-12-02T14:00:00.000Z`, '2026-12-02T14:00:00.000Z', false],
      [`${weekly.id}/2026-12-09T14:00:00.000Z`, '2026-12-09T14:00:00.000Z', false],
      [events[3]?.externalId, '2026-12-10T18:00:00.000Z', false],
      [`${weekly.id}/2026-12-16T14:00:00.000Z`, '2026-12-16T14:00:00.000Z', false],
    ]);
    expect(events[0]).toEqual({
      externalId: haircut.id,
      startsAt: at('2026-12-01T15:00:00Z'),
      endsAt: at('2026-12-01T15:45:00Z'),
      cancelled: false,
      title: 'Haircut — Ana Lima',
      location: '12 Main St',
      description: 'Call her on +1 415 555 0199 if late',
      attendee: { name: 'Ana Lima', email: 'ana@example.com', phone: '+1 415 555 0199' },
    });
  });

  it('incremental sync: a change, a deletion and a cancelled occurrence; nothing when nothing changed', async () => {
    const { haircut, weekly, extra } = seedCalendar();
    const calendars = await client();
    const first = await calendars.syncEvents(CAL, null, HORIZON);
    fake.requests.length = 0;

    fake.updateEvent(CAL, haircut.id, {
      start: { dateTime: at('2026-12-01T16:00:00Z'), timeZone: ZONE },
      end: { dateTime: at('2026-12-01T16:45:00Z'), timeZone: ZONE },
    });
    fake.deleteEvent(CAL, extra.id);
    fake.cancelOccurrence(CAL, weekly.id, at('2026-12-09T14:00:00Z'));

    const second = await calendars.syncEvents(CAL, first.nextSyncToken, HORIZON);
    expect(second.fullResync).toBe(false);
    expect(second.complete).toBe(false);
    expect(second.nextSyncToken).not.toBe(first.nextSyncToken);
    expect(apiRequests()[0]?.query).toEqual({
      singleEvents: 'true',
      maxResults: '2',
      syncToken: first.nextSyncToken,
    });
    const deletedRaw = second.events.find((event) => event.id === extra.id);
    expect(deletedRaw).toEqual({
      kind: 'calendar#event',
      etag: expect.any(String),
      id: extra.id,
      status: 'cancelled',
    });

    const events = mapped(second.events, second.timeZone);
    expect(
      events.map((event) => [
        event.externalId,
        event.cancelled,
        event.cancelled ? null : event.startsAt.toISOString(),
      ]),
    ).toEqual([
      [haircut.id, false, '2026-12-01T16:00:00.000Z'],
      [`${weekly.id}/2026-12-09T14:00:00.000Z`, true, null],
      [extra.id, true, null],
    ]);
    expect(events[1]?.startsAt).toEqual(at('2026-12-09T14:00:00Z'));

    const third = await calendars.syncEvents(CAL, second.nextSyncToken, HORIZON);
    expect(third.events).toEqual([]);
  });

  it('410 fullSyncRequired: drops the token and lists the horizon again, saying so', async () => {
    const { haircut } = seedCalendar();
    const calendars = await client();
    const first = await calendars.syncEvents(CAL, null, HORIZON);
    fake.invalidateSyncTokens();
    fake.requests.length = 0;

    const again = await calendars.syncEvents(CAL, first.nextSyncToken, HORIZON);
    expect(again.fullResync).toBe(true);
    expect(again.complete).toBe(true);
    const lists = apiRequests();
    expect(lists[0]?.query.syncToken).toBe(first.nextSyncToken);
    expect(lists[1]?.query).toMatchObject({ timeMin: HORIZON.from.toISOString() });
    expect(lists[1]?.query.syncToken).toBeUndefined();
    expect(mapped(again.events, again.timeZone).map((event) => event.externalId)).toContain(haircut.id);
    expect(sleeps).toEqual([]);
  });

  it('retries 429 (waiting the Retry-After asked), 500 and 403 rateLimitExceeded with backoff', async () => {
    fake.addCalendar({ id: CAL, primary: true, timeZone: ZONE });
    const calendars = await client();
    fake.answers.push(
      {
        status: 429,
        headers: { 'retry-after': '2' },
        body: googleError(429, 'Rate Limit Exceeded', 'rateLimitExceeded'),
      },
      { status: 500, body: googleError(500, 'Backend Error', 'backendError') },
      { status: 403, body: googleError(403, 'Rate Limit Exceeded', 'rateLimitExceeded') },
    );
    const result = await calendars.syncEvents(CAL, null, HORIZON);
    expect(result.events).toEqual([]);
    expect(sleeps).toEqual([2000, 1000, 2000]);
    expect(apiRequests()).toHaveLength(4);
  });

  it('gives up after the retries, and does not retry a 403 that is not a rate limit', async () => {
    fake.addCalendar({ id: CAL, primary: true, timeZone: ZONE });
    const calendars = await client({ maxRetries: 2 });
    for (let i = 0; i < 3; i++) fake.answers.push({ status: 503 });
    const failing = calendars.syncEvents(CAL, null, HORIZON);
    await expect(failing).rejects.toBeInstanceOf(GoogleApiError);
    await expect(failing).rejects.toMatchObject({ status: 503 });
    expect(apiRequests()).toHaveLength(3);
    expect(sleeps).toEqual([500, 1000]);

    fake.requests.length = 0;
    fake.answers.push({ status: 403, body: googleError(403, 'Forbidden', 'forbidden') });
    await expect(calendars.syncEvents(CAL, null, HORIZON)).rejects.toMatchObject({
      status: 403,
      reason: 'forbidden',
    });
    expect(apiRequests()).toHaveLength(1);

    fake.requests.length = 0;
    fake.answers.push({ status: 429, headers: { 'retry-after': '120' } });
    await expect(calendars.syncEvents(CAL, null, HORIZON)).rejects.toMatchObject({ status: 429 });
    expect(apiRequests()).toHaveLength(1);
  });

  it('times out: a read is tried again, a write is not', async () => {
    const { haircut } = seedCalendar();
    const calendars = await client({ timeoutMs: 150 });
    fake.answers.push({ status: 200, body: {}, delayMs: 600 });
    const result = await calendars.syncEvents(CAL, null, HORIZON);
    expect(result.nextSyncToken).toMatch(/^sync-/);
    expect(sleeps).toEqual([500]);

    fake.requests.length = 0;
    fake.answers.push({ status: 200, body: {}, delayMs: 600, method: 'PATCH' });
    const write = calendars.writeBack(CAL, haircut.id, { status: 'confirmed' });
    await expect(write).rejects.toMatchObject({ status: 0, reason: 'TIMEOUT' });
    expect(apiRequests().filter((request) => request.method === 'PATCH')).toHaveLength(1);
  });
});

describe('GoogleCalendarClient.writeBack', () => {
  it('confirms: our private properties and our description line, the owner text kept, If-Match, no e-mails', async () => {
    const { haircut } = seedCalendar();
    fake.updateEvent(CAL, haircut.id, { extendedProperties: { private: { ownerKey: 'kept' } } });
    const calendars = await client();
    const etag = fake.eventJson(CAL, haircut.id)?.etag;
    await calendars.writeBack(CAL, haircut.id, {
      status: 'confirmed',
      note: 'Ana confirmed,\n will be on time',
    });

    const [get, patch] = apiRequests();
    expect(get?.method).toBe('GET');
    expect(get?.path).toBe(`/calendar/v3/calendars/${encodeURIComponent(CAL)}/events/${haircut.id}`);
    expect(patch?.method).toBe('PATCH');
    expect(patch?.path).toBe(get?.path);
    expect(patch?.query).toEqual({ sendUpdates: 'none' });
    expect(patch?.headers['if-match']).toBe(etag);
    expect(patch?.body).toEqual({
      description:
        'Call her on +1 415 555 0199 if late\n\n[Callwise] Confirmed by reminder call (2026-11-26 09:00 UTC): Ana confirmed, will be on time',
      extendedProperties: {
        private: {
          ownerKey: 'kept',
          callwiseStatus: 'confirmed',
          callwiseUpdatedAt: '2026-11-26T09:00:00.000Z',
        },
      },
    });

    // A later write replaces our line, and the sync does not read it back as the owner's words.
    fake.requests.length = 0;
    await calendars.writeBack(CAL, haircut.id, { status: 'cancelled', note: 'Customer cancelled' });
    expect(apiRequests()[1]?.body).toEqual({
      description:
        'Call her on +1 415 555 0199 if late\n\n[Callwise] Cancelled by reminder call (2026-11-26 09:00 UTC): Customer cancelled',
      extendedProperties: {
        private: {
          ownerKey: 'kept',
          callwiseStatus: 'cancelled',
          callwiseUpdatedAt: '2026-11-26T09:00:00.000Z',
        },
      },
      summary: 'Cancelled: Haircut — Ana Lima',
      transparency: 'transparent',
    });
    const stored = fake.eventJson(CAL, haircut.id) as calendar_v3.Schema$Event;
    expect(stored.summary).toBe('Cancelled: Haircut — Ana Lima');
    expect(fromGoogleEvent(stored, ZONE)?.description).toBe('Call her on +1 415 555 0199 if late');
  });

  it('moves an occurrence named by its series and original start, keeping its time zone', async () => {
    const { weekly } = seedCalendar();
    const calendars = await client();
    const first = await calendars.syncEvents(CAL, null, HORIZON);
    fake.requests.length = 0;
    const externalId = `${weekly.id}/2026-12-09T14:00:00.000Z`;
    await calendars.writeBack(CAL, externalId, {
      status: 'rescheduled',
      startsAt: at('2026-12-10T15:00:00Z'),
      endsAt: at('2026-12-10T15:30:00Z'),
    });
    const [instances, get, patch] = apiRequests();
    expect(instances?.path).toBe(
      `/calendar/v3/calendars/${encodeURIComponent(CAL)}/events/${weekly.id}/instances`,
    );
    expect(instances?.query).toMatchObject({ originalStart: '2026-12-09T14:00:00.000Z' });
    expect(get?.path).toMatch(new RegExp(`/events/${weekly.id}_20261209T140000Z$`));
    expect(patch?.path).toBe(get?.path);
    expect(patch?.body).toEqual({
      description: '[Callwise] Moved to 2026-12-10 15:00 UTC by reminder call (2026-11-26 09:00 UTC)',
      extendedProperties: {
        private: { callwiseStatus: 'rescheduled', callwiseUpdatedAt: '2026-11-26T09:00:00.000Z' },
      },
      start: { dateTime: '2026-12-10T15:00:00.000Z', timeZone: ZONE },
      end: { dateTime: '2026-12-10T15:30:00.000Z', timeZone: ZONE },
    });

    // The next sync sees the occurrence at its new time, under the same external id.
    const next = await calendars.syncEvents(CAL, first.nextSyncToken, HORIZON);
    const moved = mapped(next.events, next.timeZone);
    expect(moved.map((event) => [event.externalId, event.startsAt.toISOString(), event.description])).toEqual(
      [[externalId, '2026-12-10T15:00:00.000Z', null]],
    );
  });

  it('reads and patches again when the owner edited the event in between (412)', async () => {
    const { haircut } = seedCalendar();
    const calendars = await client();
    fake.answers.push({
      status: 412,
      method: 'PATCH',
      body: googleError(412, 'Precondition Failed', 'conditionNotMet'),
    });
    await calendars.writeBack(CAL, haircut.id, { status: 'confirmed' });
    expect(apiRequests().map((request) => request.method)).toEqual(['GET', 'PATCH', 'GET', 'PATCH']);
    expect(fake.eventJson(CAL, haircut.id)?.extendedProperties).toEqual({
      private: { callwiseStatus: 'confirmed', callwiseUpdatedAt: '2026-11-26T09:00:00.000Z' },
    });
  });

  it('answers 404 for an occurrence that does not exist', async () => {
    const { weekly } = seedCalendar();
    const calendars = await client();
    await expect(
      calendars.writeBack(CAL, `${weekly.id}/2030-01-01T00:00:00.000Z`, { status: 'confirmed' }),
    ).rejects.toMatchObject({ status: 404, reason: 'notFound' });
  });
});

describe('fromGoogleEvent', () => {
  const base = (fields: calendar_v3.Schema$Event): calendar_v3.Schema$Event => ({
    kind: 'calendar#event',
    id: 'abc123',
    status: 'confirmed',
    summary: 'Visit',
    ...fields,
  });

  it('reads times with an offset as they are, and times without one in the event’s, then the calendar’s zone', () => {
    const withOffset = fromGoogleEvent(
      base({
        start: { dateTime: '2026-12-01T10:00:00-05:00', timeZone: 'America/New_York' },
        end: { dateTime: '2026-12-01T10:30:00-05:00', timeZone: 'America/New_York' },
      }),
      'Europe/Berlin',
    );
    expect(withOffset?.startsAt.toISOString()).toBe('2026-12-01T15:00:00.000Z');

    const eventZone = fromGoogleEvent(
      base({
        start: { dateTime: '2026-07-01T10:00:00', timeZone: 'Europe/Berlin' },
        end: { dateTime: '2026-07-01T11:00:00', timeZone: 'Europe/Berlin' },
      }),
      'America/New_York',
    );
    expect(eventZone?.startsAt.toISOString()).toBe('2026-07-01T08:00:00.000Z');

    const calendarZone = fromGoogleEvent(
      base({ start: { dateTime: '2026-03-08T03:30:00' }, end: { dateTime: '2026-03-08T04:00:00' } }),
      'America/New_York',
    );
    // 8 March 2026 is the first day of daylight time in New York: 03:30 is EDT (UTC-4).
    expect(calendarZone?.startsAt.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(wallTimeIn('2026-01-15T09:00:00', 'Asia/Kolkata')?.toISOString()).toBe('2026-01-15T03:30:00.000Z');
  });

  it('skips all-day events (and occurrences of all-day series), and events without a length', () => {
    expect(
      fromGoogleEvent(base({ start: { date: '2026-12-24' }, end: { date: '2026-12-25' } }), 'UTC'),
    ).toBeNull();
    expect(
      fromGoogleEvent(
        base({
          status: 'cancelled',
          recurringEventId: 'series',
          originalStartTime: { date: '2026-12-24' },
        }),
        'UTC',
      ),
    ).toBeNull();
    expect(
      fromGoogleEvent(
        base({ start: { dateTime: '2026-12-01T10:00:00Z' }, end: { dateTime: '2026-12-01T10:00:00Z' } }),
        'UTC',
      ),
    ).toBeNull();
  });

  it('names an occurrence by its series and original start, even once moved; a cancellation keeps that id', () => {
    const moved = fromGoogleEvent(
      base({
        id: 'series_20261209T140000Z',
        recurringEventId: 'series',
        originalStartTime: { dateTime: '2026-12-09T09:00:00-05:00', timeZone: 'America/New_York' },
        start: { dateTime: '2026-12-10T10:00:00-05:00' },
        end: { dateTime: '2026-12-10T10:30:00-05:00' },
      }),
      'America/New_York',
    );
    expect(moved?.externalId).toBe('series/2026-12-09T14:00:00.000Z');
    expect(moved?.startsAt.toISOString()).toBe('2026-12-10T15:00:00.000Z');

    const removed = fromGoogleEvent(
      {
        kind: 'calendar#event',
        id: 'series_20261209T140000Z',
        status: 'cancelled',
        recurringEventId: 'series',
        originalStartTime: { dateTime: '2026-12-09T09:00:00-05:00', timeZone: 'America/New_York' },
      },
      'America/New_York',
    );
    expect(removed).toMatchObject({ externalId: 'series/2026-12-09T14:00:00.000Z', cancelled: true });
    expect(fromGoogleEvent({ id: 'gone', status: 'cancelled' }, 'UTC')).toMatchObject({
      externalId: 'gone',
      cancelled: true,
      startsAt: new Date(0),
    });
  });

  it('picks the first attendee who is neither the organizer nor a room, and a phone from the text', () => {
    const event = fromGoogleEvent(
      base({
        location: 'Call +44 20 7946 0958',
        description: 'Booked on 2026-12-01<br>[Callwise] Confirmed by reminder call (2026-11-26 09:00 UTC)',
        organizer: { email: 'Desk@Example.com' },
        attendees: [
          { email: 'desk@example.com', displayName: 'Desk' },
          { email: 'room@resource.calendar.google.com', resource: true },
          { email: 'owner@example.com', organizer: true },
          { email: 'sam@example.com', displayName: ' Sam Patel ' },
        ],
        start: { dateTime: '2026-12-01T10:00:00Z' },
        end: { dateTime: '2026-12-01T10:30:00Z' },
      }),
      'UTC',
    );
    expect(event?.attendee).toEqual({
      name: 'Sam Patel',
      email: 'sam@example.com',
      phone: '+44 20 7946 0958',
    });
    expect(event?.description).toBe('Booked on 2026-12-01');
    expect(withoutCallwiseLine('[Callwise] Confirmed')).toBeNull();
  });
});
