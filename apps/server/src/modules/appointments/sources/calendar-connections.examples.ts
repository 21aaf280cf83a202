import type { CalendarConnection } from '@callwise/shared/schemas/calendar-connections';
import {
  deletedExample,
  EXAMPLE_IDS,
  fieldError,
  notFoundExample,
  operationExamples,
} from '../../../http/operation-examples.ts';

/** A Cal.com connection of the examples' account (its secret is never answered again). */
export const EXAMPLE_CALENDAR_CONNECTION: CalendarConnection = {
  id: EXAMPLE_IDS.calendarConnection,
  kind: 'calcom',
  name: 'Cal.com bookings',
  url: null,
  webhook_url: `https://app.callwise.example/hooks/calcom/${EXAMPLE_IDS.calendarConnection}`,
  has_api_key: false,
  staff: 'Dr. Patel',
  calendar_id: null,
  calendar_name: null,
  last_synced_at: null,
  last_error: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

/**
 * An ICS subscription of the examples' account. (Its address is on a private network, refused when added: the
 * row is written directly so that reading it shows what a failed read answers.)
 */
export const EXAMPLE_ICS_CONNECTION: CalendarConnection = {
  ...EXAMPLE_CALENDAR_CONNECTION,
  id: EXAMPLE_IDS.icsConnection,
  kind: 'ics',
  name: 'Front desk calendar',
  url: 'http://192.168.1.20/front-desk.ics',
  webhook_url: null,
  created_at: '2026-11-20T10:05:00.000Z',
  updated_at: '2026-11-20T10:05:00.000Z',
};

/** A Google calendar of the examples' account (its refresh token is never answered). */
export const EXAMPLE_GOOGLE_CONNECTION: CalendarConnection = {
  ...EXAMPLE_CALENDAR_CONNECTION,
  id: EXAMPLE_IDS.googleConnection,
  kind: 'google',
  name: 'Front desk',
  webhook_url: null,
  staff: null,
  calendar_id: 'frontdesk@harbordental.example',
  calendar_name: 'Front desk',
  last_synced_at: '2026-11-26T09:00:00.000Z',
  created_at: '2026-11-20T10:10:00.000Z',
  updated_at: '2026-11-26T09:00:00.000Z',
};

/** An .ics file with one appointment (the examples' contact, found by the phone number in its description). */
export const EXAMPLE_ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Harbor Dental//Front desk//EN',
  'BEGIN:VEVENT',
  'UID:20261204T140000-cleaning@harbordental.example',
  'DTSTAMP:20261120T100000Z',
  'DTSTART;TZID=America/New_York:20261204T090000',
  'DTEND;TZID=America/New_York:20261204T094500',
  'SUMMARY:Cleaning',
  'DESCRIPTION:Patient mobile: +1 202 555 0143',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** The examples of each operation, beside its route in calendar-connections.routes.ts. */
export const CALENDAR_CONNECTIONS_EXAMPLES = operationExamples({
  /** POST /v1/appointments/import-ics */
  importAppointmentsFromIcsFile: [
    {
      name: 'import',
      summary: 'Import an .ics file exported from a calendar',
      body: { ics: EXAMPLE_ICS },
      status: 200,
      response: { created: 1, updated: 0, cancelled: 0, unchanged: 0, skipped: [] },
    },
    {
      name: 'not_a_calendar',
      summary: 'A file that is not a calendar',
      body: { ics: 'Name,Phone\nMaria Garcia,+12025550143' },
      status: 400,
      response: fieldError(
        'ics',
        'is not a readable calendar: Not an iCalendar file: no BEGIN:VCALENDAR line',
      ),
    },
  ],
  /** GET /v1/calendar-connections */
  listCalendarConnections: [
    {
      name: 'list',
      summary: 'The account’s calendar connections',
      status: 200,
      response: {
        data: [EXAMPLE_CALENDAR_CONNECTION, EXAMPLE_ICS_CONNECTION, EXAMPLE_GOOGLE_CONNECTION],
        google_available: true,
      },
    },
  ],
  /** POST /v1/calendar-connections */
  addCalendarConnection: [
    {
      name: 'calcom',
      summary: 'Connect Cal.com: paste the webhook URL and secret into a Cal.com webhook',
      body: { kind: 'calcom', name: 'Cal.com bookings' },
      status: 201,
      response: {
        ...EXAMPLE_CALENDAR_CONNECTION,
        id: 'f5a6b7c8-d9e0-4f1a-8b2c-3d4e5f6a7b02',
        secret: '3b1f0c6e9a4d7e2f5b8c1a0d3e6f9b2c5e8a1d4f7b0c3e6a9d2f5b8e1c4a7d0f',
        sync: null,
      },
    },
    {
      name: 'ics_private_address',
      summary: 'An ICS address on this machine is refused',
      body: { kind: 'ics', name: 'Front desk', url: 'http://127.0.0.1/calendar.ics' },
      status: 400,
      response: fieldError('url', 'must be a public address: 127.0.0.1 is a loopback address'),
    },
  ],
  /** POST /v1/calendar-connections/google */
  connectGoogleCalendar: [
    {
      name: 'connect',
      summary: 'Start connecting a Google calendar: send the user to the answer’s address',
      body: { staff: 'Dr. Kim' },
      status: 200,
      response: {
        authorization_url:
          'https://accounts.google.com/o/oauth2/v2/auth?access_type=offline&prompt=consent&scope=https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fcalendar.events%20https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fcalendar.calendarlist.readonly&state=4V6dJq…&code_challenge=Qm9…&code_challenge_method=S256&response_type=code&client_id=…&redirect_uri=https%3A%2F%2Fapp.callwise.example%2Fhooks%2Fgoogle%2Fcallback',
      },
    },
    {
      name: 'unknown_staff',
      summary: 'A staff member the booking settings do not have',
      body: { staff: 'Dr. Lee' },
      status: 400,
      response: fieldError('staff', 'Dr. Lee is not a staff member in the booking settings'),
    },
  ],
  /** GET /v1/calendar-connections/{id}/calendars */
  listCalendarsOfGoogleConnection: [
    {
      name: 'calendars',
      summary: 'The calendars of the connected Google account',
      params: { id: EXAMPLE_IDS.googleConnection },
      status: 200,
      response: {
        data: [
          {
            id: 'frontdesk@harbordental.example',
            summary: 'Front desk',
            primary: true,
            time_zone: 'America/New_York',
            writable: true,
          },
          {
            id: 'c_8f2kim@group.calendar.google.com',
            summary: 'Dr. Kim',
            primary: false,
            time_zone: 'America/New_York',
            writable: true,
          },
        ],
      },
    },
    {
      name: 'not_google',
      summary: 'A Cal.com connection has no calendars to choose',
      params: { id: EXAMPLE_IDS.calendarConnection },
      status: 409,
      response: {
        error: { code: 'conflict', message: 'Only a Google connection has calendars to choose.' },
      },
    },
  ],
  /** PATCH /v1/calendar-connections/{id} */
  changeCalendarConnection: [
    {
      name: 'staff_and_key',
      summary: 'Give it to a staff member and store an API key, so cancellations and moves are written back',
      params: { id: EXAMPLE_IDS.calendarConnection },
      body: { staff: 'Dr. Kim', api_key: 'cal_live_3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e' },
      status: 200,
      response: {
        ...EXAMPLE_CALENDAR_CONNECTION,
        staff: 'Dr. Kim',
        has_api_key: true,
        updated_at: '2026-11-26T09:00:00.000Z',
      },
    },
    {
      name: 'unknown_staff',
      summary: 'A staff member the booking settings do not have',
      params: { id: EXAMPLE_IDS.calendarConnection },
      body: { staff: 'Dr. Lee' },
      status: 400,
      response: fieldError('staff', 'Dr. Lee is not a staff member in the booking settings'),
    },
  ],
  /** DELETE /v1/calendar-connections/{id} */
  removeCalendarConnection: [
    deletedExample('delete', 'Remove it (its appointments stay)', EXAMPLE_IDS.calendarConnection),
    notFoundExample('Calendar connection', 'An id that is not one of yours'),
  ],
  /** POST /v1/calendar-connections/{id}/sync */
  syncCalendarConnection: [
    {
      name: 'failed_read',
      summary: 'Read an ICS subscription now; a failed read answers why',
      params: { id: EXAMPLE_IDS.icsConnection },
      status: 200,
      response: {
        connection: {
          ...EXAMPLE_ICS_CONNECTION,
          last_synced_at: '2026-11-26T09:00:00.000Z',
          last_error:
            'The calendar address must be a public address: 192.168.1.20 is a private network address.',
          updated_at: '2026-11-26T09:00:00.000Z',
        },
        sync: null,
      },
    },
    {
      name: 'calcom',
      summary: 'A Cal.com connection is not read (Cal.com sends each booking)',
      params: { id: EXAMPLE_IDS.calendarConnection },
      status: 409,
      response: {
        error: {
          code: 'conflict',
          message: 'A Cal.com connection is not read: Cal.com sends each booking as it happens.',
        },
      },
    },
    notFoundExample('Calendar connection', 'An id that is not one of yours'),
  ],
});
