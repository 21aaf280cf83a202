import type { calendar_v3 } from '@googleapis/calendar';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { GoogleCalendarClient, type GoogleCalendarClientOptions } from './google-calendar.ts';
import { type FakeGoogle, startFakeGoogle } from './google-calendar-test-server.ts';
import { fromGoogleEvent } from './google-events.ts';
import { GoogleOAuth } from './google-oauth.ts';

// What the Google Calendar tests share: the local fake of Google (OAuth and Calendar API) started once and
// emptied before each test, an OAuth client and a Calendar client on it, and a calendar seeded with events.

export const REDIRECT_URI = 'https://app.callwise.test/v1/calendar-connections/google/callback';
const NOW = new Date('2026-11-26T09:00:00Z');
export const HORIZON = { from: new Date('2026-11-25T00:00:00Z'), to: new Date('2027-02-24T00:00:00Z') };
export const at = (iso: string) => new Date(iso);

export let fake: FakeGoogle;
export let oauth: GoogleOAuth;
export let sleeps: number[];

/** The user goes to the consent URL and Google redirects back: the callback's query. */
export async function consent(url: string): Promise<URLSearchParams> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  return location.searchParams;
}

export async function connect(): Promise<string> {
  const { url, codeVerifier } = await oauth.authorizationUrl('state-1');
  const callback = await consent(url);
  const tokens = await oauth.exchangeCode(callback.get('code') ?? '', codeVerifier);
  return tokens.refreshToken;
}

export async function client(options: Partial<GoogleCalendarClientOptions> = {}) {
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

export const apiRequests = () => fake.requests.filter((request) => request.path.startsWith('/calendar/v3/'));
export const tokenRequests = () => fake.requests.filter((request) => request.path === '/token');

export const CAL = 'owner@example.com';
export const ZONE = 'America/New_York';

export function seedCalendar() {
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

export const mapped = (events: calendar_v3.Schema$Event[], zone: string | null) =>
  events.map((event) => fromGoogleEvent(event, zone)).filter((event) => event !== null);

/** Starts what the tests need before them and stops it after them: call it once at the top of a test file. */
export function useFakeGoogle(): void {
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
}
