import { encodeCursor } from '@callwise/db/queries/cursor';
import { KEY_MENU } from '@callwise/shared/call-prompt';
import type { ApiKey, CreatedApiKey } from '@callwise/shared/schemas/api-keys';
import type { Appointment } from '@callwise/shared/schemas/appointments';
import { type AssistantSettingsInput, DEFAULT_ASSISTANT_SETTINGS } from '@callwise/shared/schemas/assistant';
import { AUDIT_ACTIONS, type AuditEvent } from '@callwise/shared/schemas/audit-log';
import type {
  Billing,
  ChargeList,
  Estimate,
  InvoiceList,
  ProviderPage,
} from '@callwise/shared/schemas/billing';
import {
  type BookingSettings,
  type BookingSettingsResponse,
  DEFAULT_BOOKING_SETTINGS,
} from '@callwise/shared/schemas/booking';
import type { CalendarConnection } from '@callwise/shared/schemas/calendar-connections';
import type { Call } from '@callwise/shared/schemas/calls';
import type { Campaign, CampaignDetail } from '@callwise/shared/schemas/campaigns';
import type { ContactImport } from '@callwise/shared/schemas/contact-imports';
import type { Contact } from '@callwise/shared/schemas/contacts';
import type { DoNotCallEntry } from '@callwise/shared/schemas/do-not-call';
import type { Message } from '@callwise/shared/schemas/messages';
import type { Script } from '@callwise/shared/schemas/scripts';
import type { TestCall } from '@callwise/shared/schemas/test-calls';
import type { WaitlistEntry } from '@callwise/shared/schemas/waitlist';
import type { WebhookDelivery } from '@callwise/shared/schemas/webhooks';
import { ACCOUNT_WEBHOOK_EVENTS } from '@callwise/shared/schemas/webhooks';
import { TEAM_EXAMPLES } from './team-examples.ts';

/** One example of an operation: the request and the answer it gets (executed by test/openapi.test.ts). */
export interface OperationExample {
  /** Its key in the document's `examples` maps (unique within the operation). */
  name: string;
  summary: string;
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  body?: unknown;
  status: number;
  /** The JSON (or text) answer; absent for 204, audio and streams. */
  response?: unknown;
}

/** The billing summary of the examples' account (Professional, 3 calls this month, a $25 budget). */
export const EXAMPLE_BILLING: Billing = {
  plan: 'professional',
  plan_name: 'Professional',
  price_usd: 79,
  period_start: '2026-03-03T09:30:00.000Z',
  period_end: '2026-04-03T09:30:00.000Z',
  calls_included: 500,
  calls_used: 3,
  calls_left: 497,
  extra_call_usd: 0.5,
  overage_calls: 0,
  overage_usd: 0,
  monthly_budget_usd: 25,
  budget_left_usd: 25,
  provider: 'local',
  payment_status: 'ok',
  manage_billing: false,
};

/**
 * The account every example runs in (test/openapi.test.ts creates these rows with these ids before each
 * operation's examples): two contacts, two scripts, three calls, an import and an API key.
 */
export const EXAMPLE_IDS = {
  contact: '3f6c1a52-8e0d-4b7a-9c21-5d4e7f8a9b01',
  otherContact: '3f6c1a52-8e0d-4b7a-9c21-5d4e7f8a9b02',
  script: '7a2e9c14-1b3d-4f5e-8a6b-0c1d2e3f4a01',
  otherScript: '7a2e9c14-1b3d-4f5e-8a6b-0c1d2e3f4a02',
  call: '8f3a2b1c-5d4e-4f6a-9b7c-0d1e2f3a4b01',
  scheduledCall: '8f3a2b1c-5d4e-4f6a-9b7c-0d1e2f3a4b02',
  ringingCall: '8f3a2b1c-5d4e-4f6a-9b7c-0d1e2f3a4b03',
  contactImport: 'c4d5e6f7-0a1b-4c2d-8e3f-9a0b1c2d3e01',
  apiKey: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c01',
  campaign: 'd7e8f9a0-1b2c-4d3e-8f4a-5b6c7d8e9f01',
  pausedCampaign: 'd7e8f9a0-1b2c-4d3e-8f4a-5b6c7d8e9f02',
  appointment: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a01',
  calendarConnection: 'f5a6b7c8-d9e0-4f1a-8b2c-3d4e5f6a7b01',
  icsConnection: 'f5a6b7c8-d9e0-4f1a-8b2c-3d4e5f6a7b03',
  googleConnection: 'f5a6b7c8-d9e0-4f1a-8b2c-3d4e5f6a7b04',
  waitlistEntry: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c01',
  testCall: '6e5d4c3b-2a19-4f8e-9d7c-6b5a4f3e2d01',
  message: '4b3a2918-0f7e-4d6c-8b5a-493827160501',
  reply: '4b3a2918-0f7e-4d6c-8b5a-493827160502',
  /** An id that is nowhere (or in another account: the answer is the same). */
  missing: '0b0b0b0b-0000-4000-8000-000000000404',
} as const;

const WEBHOOK = 'https://example.com/webhooks/callwise';

export const EXAMPLE_CONTACT: Contact = {
  id: EXAMPLE_IDS.contact,
  name: 'Maria Garcia',
  first_name: null,
  last_name: null,
  phone: '+12025550143',
  email: 'maria@example.com',
  company: 'Garcia Bakery',
  tags: ['vip'],
  timezone: 'America/New_York',
  consent: 'informational',
  consent_at: '2026-01-05T14:00:00.000Z',
  consent_source: 'Signed the intake form',
  consent_recorded_by: 'owner@harbordental.example',
  existing_customer: false,
  created_at: '2026-01-05T14:00:00.000Z',
  updated_at: '2026-01-05T14:00:00.000Z',
};

export const EXAMPLE_OTHER_CONTACT: Contact = {
  ...EXAMPLE_CONTACT,
  id: EXAMPLE_IDS.otherContact,
  name: 'Tom Becker',
  phone: '+12025550144',
  email: 'tom@example.com',
  company: 'Becker Hardware',
  tags: [],
  consent: 'none',
  consent_at: null,
  consent_source: null,
  consent_recorded_by: null,
  created_at: '2026-01-04T09:30:00.000Z',
  updated_at: '2026-01-04T09:30:00.000Z',
};

export const EXAMPLE_SCRIPT: Script = {
  id: EXAMPLE_IDS.script,
  title: 'Cleaning reminder',
  content: 'Hi {{name}}, this is Harbor Dental reminding you of your cleaning on {{date}} at {{time}}.',
  category: 'Reminder',
  variables: ['name', 'date', 'time'],
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
};

export const EXAMPLE_OTHER_SCRIPT: Script = {
  ...EXAMPLE_SCRIPT,
  id: EXAMPLE_IDS.otherScript,
  title: 'Order ready',
  content: 'Hi {{name}}, your order is ready for pickup.',
  category: 'general',
  variables: ['name'],
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
};

/** Maria's cleaning with Dr. Patel, booked through the API. */
export const EXAMPLE_APPOINTMENT: Appointment = {
  id: EXAMPLE_IDS.appointment,
  contact_id: EXAMPLE_IDS.contact,
  starts_at: '2026-12-01T15:00:00.000Z',
  ends_at: '2026-12-01T15:45:00.000Z',
  duration_minutes: 45,
  timezone: 'America/New_York',
  service: 'Cleaning',
  staff: 'Dr. Patel',
  location: 'Harbor Dental, 12 Pier St',
  notes: null,
  source: 'api',
  external_id: 'pms-88412',
  status: 'scheduled',
  rescheduled_to: null,
  rescheduled_from: null,
  self_service_url: `https://app.callwise.example/a/${EXAMPLE_IDS.appointment}.1796230800.Xn3kQ0m2bV7yR1tL9cZ4pW8hJ6fD5sA0eG2uK1oM3iN`,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

/** The examples' contact waits for a cleaning on a Tuesday or Thursday morning. */
export const EXAMPLE_WAITLIST_ENTRY: WaitlistEntry = {
  id: EXAMPLE_IDS.waitlistEntry,
  contact_id: EXAMPLE_IDS.contact,
  service: 'Cleaning',
  staff: null,
  days: ['tuesday', 'thursday'],
  earliest: '09:00',
  latest: '12:00',
  notes: 'Prefers mornings',
  status: 'waiting',
  booked_appointment_id: null,
  created_at: '2026-11-20T10:00:00.000Z',
};

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
const EXAMPLE_ICS = [
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

const weekdays = [
  { opens: '08:00', closes: '12:00' },
  { opens: '13:00', closes: '18:00' },
];

/** Harbor Dental's booking settings: two dentists, weekdays with a lunch break, a Saturday morning. */
export const EXAMPLE_BOOKING_SETTINGS_INPUT: BookingSettings = {
  hours: {
    sunday: [],
    monday: weekdays,
    tuesday: weekdays,
    wednesday: weekdays,
    thursday: weekdays,
    friday: weekdays,
    saturday: [{ opens: '09:00', closes: '13:00' }],
  },
  staff: [
    { name: 'Dr. Patel', bookable: true, hours: null },
    {
      name: 'Dr. Kim',
      bookable: true,
      hours: {
        sunday: [],
        monday: [],
        tuesday: [{ opens: '10:00', closes: '18:00' }],
        wednesday: [],
        thursday: [{ opens: '10:00', closes: '18:00' }],
        friday: [],
        saturday: [],
      },
    },
  ],
  services: [
    { name: 'Cleaning', duration_minutes: 45, buffer_minutes: 15, reminders: null },
    {
      name: 'Consultation',
      duration_minutes: 30,
      buffer_minutes: 0,
      reminders: [{ channel: 'call', minutes_before: 1440, only_if_unconfirmed: false }],
    },
  ],
  closures: [{ starts_on: '2026-12-24', ends_on: '2026-12-26', staff: null, reason: 'Holidays' }],
  slot_step_minutes: 15,
  min_notice_minutes: 120,
  reminders: DEFAULT_BOOKING_SETTINGS.reminders,
  waitlist_notice_hours: 3,
};
export const EXAMPLE_BOOKING_SETTINGS: BookingSettingsResponse = {
  ...DEFAULT_BOOKING_SETTINGS,
  ...EXAMPLE_BOOKING_SETTINGS_INPUT,
  timezone: 'America/New_York',
  updated_at: '2026-11-20T10:00:00.000Z',
};

const spoken = 'Hi Maria Garcia, this is Harbor Dental reminding you of your cleaning on Friday at 10 AM.';

/** A completed call with its answer, transcript and recording. */
export const EXAMPLE_CALL: Call = {
  id: EXAMPLE_IDS.call,
  contact_id: EXAMPLE_IDS.contact,
  script_id: EXAMPLE_IDS.script,
  recipient_name: 'Maria Garcia',
  phone: '+12025550143',
  call_type: 'appointment-reminder',
  direction: 'outbound',
  message: spoken,
  script: spoken,
  voice: 'aria',
  scheduled_at: '2026-03-02T15:00:00.000Z',
  requested_at: null,
  timezone: 'America/New_York',
  schedule_note: null,
  campaign_id: null,
  appointment_id: null,
  status: 'completed',
  outcome: 'confirmed',
  attempts: 1,
  started_at: '2026-03-02T15:00:04.000Z',
  ended_at: '2026-03-02T15:00:31.000Z',
  duration: 27,
  cost: 0.05,
  recording_url: `/v1/calls/${EXAMPLE_IDS.call}/recording`,
  callback_url: WEBHOOK,
  estimated_duration: 24,
  answered_by: 'human',
  failure_reason: null,
  transcript: [
    { speaker: 'ai', text: `${spoken} ${KEY_MENU}`, at: 0 },
    { speaker: 'callee', text: 'Pressed 1', at: 1 },
    { speaker: 'ai', text: 'Thank you, your appointment is confirmed. Goodbye!', at: 2 },
  ],
  created_at: '2026-03-01T18:20:00.000Z',
  needs_attention: false,
  handled_at: null,
};

/** A call whose callee asked to reschedule: it needs attention until marked handled. */
const EXAMPLE_RESCHEDULE_CALL: Call = {
  ...EXAMPLE_CALL,
  outcome: 'reschedule_requested',
  transcript: [
    { speaker: 'ai', text: `${spoken} ${KEY_MENU}`, at: 0 },
    { speaker: 'callee', text: 'Pressed 3', at: 1 },
    { speaker: 'ai', text: 'Thank you, we will call you to find a new time. Goodbye!', at: 2 },
  ],
  needs_attention: true,
};

/** A call waiting for its time. */
export const EXAMPLE_SCHEDULED_CALL: Call = {
  ...EXAMPLE_CALL,
  id: EXAMPLE_IDS.scheduledCall,
  contact_id: EXAMPLE_IDS.otherContact,
  script_id: null,
  recipient_name: 'Tom Becker',
  phone: '+12025550144',
  call_type: 'order-confirmation',
  message: 'Hi Tom Becker, your order of 40 bags of cement is ready for pickup.',
  script: 'Hi Tom Becker, your order of 40 bags of cement is ready for pickup.',
  voice: 'roger',
  scheduled_at: '2030-01-15T16:00:00.000Z',
  status: 'scheduled',
  outcome: null,
  attempts: 0,
  started_at: null,
  ended_at: null,
  duration: null,
  cost: null,
  recording_url: null,
  callback_url: null,
  estimated_duration: 12,
  answered_by: null,
  transcript: null,
  created_at: '2026-03-01T18:10:00.000Z',
};

/** A call the carrier is ringing right now: too late to cancel. */
export const EXAMPLE_RINGING_CALL: Call = {
  ...EXAMPLE_SCHEDULED_CALL,
  id: EXAMPLE_IDS.ringingCall,
  contact_id: null,
  recipient_name: 'there',
  phone: '+12025550145',
  call_type: 'custom',
  message: 'Hi there, your table for four is booked for tonight at 7.',
  script: 'Hi there, your table for four is booked for tonight at 7.',
  voice: 'sarah',
  scheduled_at: '2026-03-01T18:00:00.000Z',
  status: 'ringing',
  attempts: 1,
  created_at: '2026-03-01T18:00:00.000Z',
};

export const EXAMPLE_IMPORT: ContactImport = {
  id: EXAMPLE_IDS.contactImport,
  status: 'completed',
  file_name: 'patients.csv',
  duplicates: 'skip',
  consent_default: 'existing_customer',
  total_rows: 3,
  processed_rows: 3,
  created: 2,
  merged: 0,
  skipped: 0,
  failed: 1,
  errors: [{ line: 4, reason: 'phone: "555" is not a phone number' }],
  created_at: '2026-02-10T09:00:00.000Z',
  finished_at: '2026-02-10T09:00:01.000Z',
};

export const EXAMPLE_API_KEY: ApiKey = {
  id: EXAMPLE_IDS.apiKey,
  name: 'Booking system',
  prefix: 'cw_live_Q7f2Kx',
  created_at: '2026-02-01T12:00:00.000Z',
  last_used_at: '2026-03-01T18:20:00.000Z',
};

/** An event of the audit log (test/openapi.test.ts inserts it): the owner moved the account to Professional. */
export const EXAMPLE_AUDIT_EVENT: AuditEvent = {
  id: 'f0e1d2c3-b4a5-4968-8776-a5b4c3d2e101',
  action: 'plan.changed',
  summary: 'Changed the plan from Starter to Professional',
  actor_type: 'user',
  actor: 'owner@harbordental.example',
  target_type: 'account',
  target_id: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d01',
  details: { from: 'starter', to: 'professional', price_usd: 79 },
  ip: '203.0.113.24',
  created_at: '2026-03-02T09:15:00.000Z',
};

/**
 * A campaign of two contacts with one call waiting (test/openapi.test.ts inserts it with that call): Tom Becker
 * was skipped, having agreed to no calls.
 */
export const EXAMPLE_CAMPAIGN: CampaignDetail = {
  id: EXAMPLE_IDS.campaign,
  name: 'January cleaning reminders',
  script_id: EXAMPLE_IDS.script,
  script_title: 'Cleaning reminder',
  call_type: 'appointment-reminder',
  voice: 'aria',
  status: 'active',
  state: 'scheduled',
  starts_at: '2030-01-15T15:00:00.000Z',
  pace_per_hour: 60,
  requested: 2,
  skipped_count: 1,
  progress: { total: 1, pending: 1, in_progress: 0, completed: 0, failed: 0, canceled: 0 },
  outcomes: {
    confirmed: 0,
    cancelled: 0,
    reschedule_requested: 0,
    rescheduled: 0,
    opted_out: 0,
    voicemail: 0,
    no_response: 0,
    transferred: 0,
    transfer_failed: 0,
    message_taken: 0,
    wrong_number: 0,
    callback_requested: 0,
  },
  next_call_at: '2030-01-15T15:00:00.000Z',
  last_call_at: '2030-01-15T15:00:00.000Z',
  created_at: '2026-03-01T17:00:00.000Z',
  updated_at: '2026-03-01T17:00:00.000Z',
  skipped: [
    {
      contact_id: EXAMPLE_IDS.otherContact,
      phone: '+12025550144',
      reason: 'no_consent',
      message:
        'This contact has not agreed to calls. Record their consent, or mark them as an existing customer, before scheduling reminders or confirmations.',
    },
  ],
};

/** A paused campaign of one contact, with its call waiting. */
export const EXAMPLE_PAUSED_CAMPAIGN: CampaignDetail = {
  ...EXAMPLE_CAMPAIGN,
  id: EXAMPLE_IDS.pausedCampaign,
  name: 'Order pickups',
  script_id: EXAMPLE_IDS.otherScript,
  script_title: 'Order ready',
  call_type: 'order-confirmation',
  voice: 'roger',
  status: 'paused',
  state: 'paused',
  pace_per_hour: null,
  requested: 1,
  skipped_count: 0,
  skipped: [],
  created_at: '2026-02-20T09:00:00.000Z',
  updated_at: '2026-02-21T09:00:00.000Z',
};

/** A campaign as listed (without the skipped contacts). */
const listedCampaign = ({ skipped: _skipped, ...campaign }: CampaignDetail): Campaign => campaign;

/** A number that opted out on the completed example call (kept apart from EXAMPLE_IDS: its own resource). */
export const EXAMPLE_DO_NOT_CALL: DoNotCallEntry = {
  id: 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e501',
  phone: '+12025550199',
  source: 'opted_out',
  note: null,
  call_id: EXAMPLE_IDS.call,
  created_at: '2026-03-02T15:00:20.000Z',
};

/** A reminder texted to Maria Garcia from the business number, delivered. */
export const EXAMPLE_MESSAGE: Message = {
  id: EXAMPLE_IDS.message,
  direction: 'outbound',
  kind: 'manual',
  status: 'delivered',
  phone: '+12025550143',
  business_number: '+12125550142',
  contact_id: EXAMPLE_IDS.contact,
  contact_name: 'Maria Garcia',
  body: 'Hi Maria, a reminder of your cleaning on Tue, Mar 3 at 10:00 AM. Reply C to confirm, R to move it.',
  segments: 1,
  encoding: 'GSM-7',
  cost: 0.0079,
  error: null,
  call_id: null,
  appointment_id: null,
  created_at: '2026-03-02T15:00:00.000Z',
  sent_at: '2026-03-02T15:00:01.000Z',
  delivered_at: '2026-03-02T15:00:03.000Z',
};

/** Her answer: C (the next appointment was confirmed and she was thanked). */
export const EXAMPLE_REPLY: Message = {
  ...EXAMPLE_MESSAGE,
  id: EXAMPLE_IDS.reply,
  direction: 'inbound',
  kind: 'reply',
  status: 'received',
  body: 'C',
  cost: null,
  created_at: '2026-03-02T15:04:10.000Z',
  sent_at: null,
  delivered_at: null,
};

/** What the list's cursor looks like: the position after EXAMPLE_SCHEDULED_CALL. */
const EXAMPLE_CURSOR = encodeCursor({ at: '2026-03-01 18:10:00+00', id: EXAMPLE_IDS.scheduledCall });

const fieldError = (field: string, message: string) => ({
  error: { code: 'validation_failed', message: `${field}: ${message}`, details: [{ field, message }] },
});
const notFound = (what: string) => ({ error: { code: 'not_found', message: `${what} not found` } });

/** A call as created just now by POST /v1/calls with `body`. */
const created = (overrides: Partial<Call>): Call => ({
  ...EXAMPLE_SCHEDULED_CALL,
  id: '5e1d2c3b-4a59-4687-9a0b-1c2d3e4f5a6b',
  contact_id: null,
  script_id: null,
  scheduled_at: '2026-03-03T09:30:00.000Z',
  status: 'queued',
  created_at: '2026-03-03T09:30:00.000Z',
  ...overrides,
});

const SPEC_MESSAGE = 'Hi {{name}}, this is Harbor Dental reminding you of your cleaning tomorrow at 10 AM.';
const SPEC_SPOKEN = 'Hi there, this is Harbor Dental reminding you of your cleaning tomorrow at 10 AM.';
const IDEMPOTENCY_KEY = '7d4f1c2e-9a3b-4e8f-b1c6-2d5e8f0a9b13';

const CALL_CSV_HEADER =
  'date,status,outcome,recipient,phone,call_type,voice,duration_seconds,cost_usd,attempts,message,id,scheduled_at,placed_at,ended_at,created_at,campaign_id,needs_attention,handled_at';
const CONTACT_CSV_HEADER =
  'name,phone,email,company,tags,timezone,consent,consent_at,consent_source,created_at,first_name,last_name,existing_customer,consent_recorded_by';

/** The delivery of the example call's last change to its callback_url. */
const EXAMPLE_DELIVERY: WebhookDelivery = {
  id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a01',
  event_type: 'call.status_changed',
  call_status: 'completed',
  url: WEBHOOK,
  state: 'delivered',
  attempts: 1,
  last_status_code: 200,
  last_error: null,
  next_attempt_at: null,
  delivered_at: '2026-03-02T15:00:31.412Z',
  created_at: '2026-03-02T15:00:31.180Z',
  data: {
    id: EXAMPLE_IDS.call,
    status: 'completed',
    previous_status: 'in-progress',
    outcome: 'confirmed',
    phone: '+12025550143',
    recipient_name: 'Maria Garcia',
    call_type: 'appointment-reminder',
    contact_id: EXAMPLE_IDS.contact,
    campaign_id: null,
    attempts: 1,
    scheduled_at: '2026-03-02T15:00:00+00:00',
    started_at: '2026-03-02T15:00:04+00:00',
    ended_at: '2026-03-02T15:00:31+00:00',
    duration: 27,
    cost: 0.05,
    answered_by: 'human',
    failure_reason: null,
    changed_at: '2026-03-02T15:00:31.180412+00:00',
  },
};

/** The examples of each operation, by "METHOD /path" as in the document. */
/** A call to the assistant taken in the browser, answered, before the caller's first answer. */
export const EXAMPLE_TEST_CALL: TestCall = {
  call_id: EXAMPLE_IDS.testCall,
  from: '+13125550142',
  status: 'in-progress',
  outcome: null,
  listening: true,
  transfer_to: null,
  lines: [
    {
      speaker: 'ai',
      text: 'Thank you for calling Harbor Dental. This is the automated assistant. You can ask me a question, leave a message, or press 0 to talk to someone.',
    },
  ],
};

/** A clinic's assistant: the front desk, and two questions callers ask. */
const EXAMPLE_ASSISTANT_INPUT = {
  greeting: 'Thank you for calling {{business_name}}. This is the automated assistant.',
  transfer_number: '(202) 555-0199',
  transfer_ring_seconds: 20,
  knowledge: [
    { topic: 'parking', question: 'Where can I park?', answer: 'There is free parking behind the building.' },
    { topic: 'prices', question: 'How much is a cleaning?', answer: 'A cleaning is 120 dollars.' },
  ],
} satisfies AssistantSettingsInput;

export const API_EXAMPLES: Record<string, OperationExample[]> = {
  ...TEAM_EXAMPLES,
  'GET /v1/calls': [
    {
      name: 'first_page',
      summary: 'The two newest calls, and the cursor of the next page',
      query: { limit: 2 },
      status: 200,
      response: { data: [EXAMPLE_CALL, EXAMPLE_SCHEDULED_CALL], next_cursor: EXAMPLE_CURSOR },
    },
    {
      name: 'next_page',
      summary: 'The page after it: the last one, so next_cursor is null',
      query: { limit: 2, cursor: EXAMPLE_CURSOR },
      status: 200,
      response: { data: [EXAMPLE_RINGING_CALL], next_cursor: null },
    },
    {
      name: 'completed_for_a_name',
      summary: 'Completed calls to someone named Garcia',
      query: { status: 'completed', q: 'garcia' },
      status: 200,
      response: { data: [EXAMPLE_CALL], next_cursor: null },
    },
    {
      name: 'needs_attention',
      summary: 'The calls to follow up: here one whose callee asked to reschedule',
      query: { view: 'needs_attention' },
      status: 200,
      response: { data: [EXAMPLE_RESCHEDULE_CALL], next_cursor: null },
    },
    {
      name: 'bad_cursor',
      summary: 'A cursor that did not come from a page',
      query: { cursor: 'page-2' },
      status: 400,
      response: fieldError('cursor', 'is not a cursor from a previous page'),
    },
  ],
  'POST /v1/calls': [
    {
      name: 'now',
      summary: 'Call a number now with a message',
      body: { phone: '+12025550143', script: SPEC_MESSAGE, voice: 'female', callback_url: WEBHOOK },
      status: 201,
      response: created({
        recipient_name: 'there',
        phone: '+12025550143',
        call_type: 'custom',
        message: SPEC_SPOKEN,
        script: SPEC_SPOKEN,
        voice: 'aria',
        callback_url: WEBHOOK,
        estimated_duration: 16,
      }),
    },
    {
      name: 'scheduled_for_a_contact',
      summary: 'Call a contact later with a script, safe to retry',
      headers: { 'idempotency-key': IDEMPOTENCY_KEY },
      body: {
        contact_id: EXAMPLE_IDS.contact,
        script_id: EXAMPLE_IDS.script,
        voice: 'sarah',
        call_type: 'appointment-reminder',
        scheduled_at: '2030-01-10T15:00:00Z',
        variables: { date: 'Friday', time: '10 AM' },
      },
      status: 201,
      response: created({
        contact_id: EXAMPLE_IDS.contact,
        script_id: EXAMPLE_IDS.script,
        recipient_name: 'Maria Garcia',
        phone: '+12025550143',
        call_type: 'appointment-reminder',
        message: spoken,
        script: spoken,
        voice: 'sarah',
        scheduled_at: '2030-01-10T15:00:00.000Z',
        status: 'scheduled',
        estimated_duration: 15,
      }),
    },
    {
      name: 'idempotency_key_reused',
      summary: 'The same Idempotency-Key with another body',
      headers: { 'idempotency-key': IDEMPOTENCY_KEY },
      body: { contact_id: EXAMPLE_IDS.contact, script_id: EXAMPLE_IDS.otherScript },
      status: 422,
      response: {
        error: {
          code: 'idempotency_key_reused',
          message:
            'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
        },
      },
    },
    {
      name: 'no_message',
      summary: 'Neither a message nor a script',
      body: { phone: '+12025550143' },
      status: 400,
      response: fieldError('message', 'Please enter a message for the call.'),
    },
    {
      name: 'missing_variable',
      summary: 'A {{variable}} without a value',
      body: { phone: '+12025550143', message: 'See you on {{date}}.' },
      status: 400,
      response: {
        error: {
          code: 'validation_failed',
          message: 'The message uses {{date}}: give a value for each in variables.',
          details: [{ field: 'variables.date', message: 'needs a value' }],
        },
      },
    },
    {
      name: 'read_only_field',
      summary: 'Fields the server sets cannot be sent',
      body: { phone: '+12025550143', message: 'Hi', status: 'completed' },
      status: 400,
      response: fieldError('body', 'Unrecognized key: "status"'),
    },
  ],
  'POST /v1/calls/batch': [
    {
      name: 'two_calls',
      summary: 'Two reminders in one request',
      body: {
        calls: [
          { contact_id: EXAMPLE_IDS.contact, message: 'Hi {{name}}, your cake is ready.' },
          {
            phone: '+12025550146',
            recipient_name: 'Ana',
            message: 'Hi {{name}}, your cake is ready.',
            voice: 'male',
          },
        ],
      },
      status: 201,
      response: {
        created: [
          created({
            contact_id: EXAMPLE_IDS.contact,
            recipient_name: 'Maria Garcia',
            phone: '+12025550143',
            call_type: 'custom',
            message: 'Hi Maria Garcia, your cake is ready.',
            script: 'Hi Maria Garcia, your cake is ready.',
            voice: 'aria',
            estimated_duration: 11,
          }),
          created({
            id: '5e1d2c3b-4a59-4687-9a0b-1c2d3e4f5a6c',
            recipient_name: 'Ana',
            phone: '+12025550146',
            call_type: 'custom',
            message: 'Hi Ana, your cake is ready.',
            script: 'Hi Ana, your cake is ready.',
            voice: 'roger',
            estimated_duration: 10,
          }),
        ],
        skipped: [],
      },
    },
    {
      name: 'one_is_wrong',
      summary: 'A problem with one call refuses the batch and names the call',
      body: {
        calls: [
          { phone: '+12025550146', message: 'Hi' },
          { phone: '+12025550147', message: 'See you on {{date}}.' },
        ],
      },
      status: 400,
      response: {
        error: {
          code: 'validation_failed',
          message: 'calls[1]: The message uses {{date}}: give a value for each in variables.',
          details: [{ field: 'calls.1.variables.date', message: 'needs a value' }],
        },
      },
    },
  ],
  'GET /v1/calls/summary': [
    {
      name: 'all',
      summary: 'Totals of the whole call history',
      status: 200,
      response: {
        total: 3,
        completed: 1,
        failed: 0,
        pending: 1,
        in_progress: 1,
        success_rate: 100,
        average_duration: 27,
        total_cost: 0.05,
        placed: 2,
        answered: 1,
        needs_attention: 0,
      },
    },
  ],
  'GET /v1/calls/export.csv': [
    {
      name: 'completed',
      summary: 'Completed calls as CSV',
      query: { status: 'completed' },
      status: 200,
      response: `${CALL_CSV_HEADER}\r\n${EXAMPLE_CALL.scheduled_at},completed,confirmed,Maria Garcia,+12025550143,appointment-reminder,aria,27,0.05,1,${spoken},${EXAMPLE_IDS.call},${EXAMPLE_CALL.scheduled_at},2026-03-02T15:00:01.000Z,${EXAMPLE_CALL.ended_at},${EXAMPLE_CALL.created_at},,false,\r\n`,
    },
  ],
  'POST /v1/calls/{id}/handled': [
    {
      name: 'handled',
      summary: 'Mark a call that needs attention handled',
      params: { id: EXAMPLE_IDS.call },
      status: 200,
      response: {
        ...EXAMPLE_RESCHEDULE_CALL,
        needs_attention: false,
        handled_at: '2026-03-02T16:10:00.000Z',
      },
    },
  ],
  'DELETE /v1/calls/{id}/handled': [
    {
      name: 'undo',
      summary: 'Undo: the call needs attention again',
      params: { id: EXAMPLE_IDS.call },
      status: 200,
      response: EXAMPLE_RESCHEDULE_CALL,
    },
  ],
  'POST /v1/calls/{id}/cancel': [
    {
      name: 'cancel',
      summary: 'Cancel a scheduled call',
      params: { id: EXAMPLE_IDS.scheduledCall },
      status: 200,
      response: { ...EXAMPLE_SCHEDULED_CALL, status: 'canceled' },
    },
    {
      name: 'too_late',
      summary: 'A call that is already ringing',
      params: { id: EXAMPLE_IDS.ringingCall },
      status: 409,
      response: {
        error: {
          code: 'conflict',
          message: 'This call can no longer be cancelled: it is already being placed or has ended.',
        },
      },
    },
  ],
  'PATCH /v1/calls/{id}': [
    {
      name: 'change',
      summary: 'Another recipient, time and message for a scheduled call',
      params: { id: EXAMPLE_IDS.scheduledCall },
      body: {
        contact_id: EXAMPLE_IDS.contact,
        scheduled_at: '2030-01-16T15:00:00.000Z',
        message: 'Hi {{first_name}}, your order of 40 bags of cement is ready for pickup.',
      },
      status: 200,
      response: {
        ...EXAMPLE_SCHEDULED_CALL,
        contact_id: EXAMPLE_IDS.contact,
        recipient_name: 'Maria Garcia',
        phone: '+12025550143',
        message: 'Hi Maria, your order of 40 bags of cement is ready for pickup.',
        script: 'Hi Maria, your order of 40 bags of cement is ready for pickup.',
        scheduled_at: '2030-01-16T15:00:00.000Z',
      },
    },
    {
      name: 'too_late',
      summary: 'A call that is already ringing',
      params: { id: EXAMPLE_IDS.ringingCall },
      body: { scheduled_at: '2030-01-16T15:00:00.000Z' },
      status: 409,
      response: {
        error: {
          code: 'call_already_placed',
          message: 'This call can no longer be changed: it has already gone out or has ended.',
        },
      },
    },
  ],
  'GET /v1/calls/{id}/recording': [
    {
      name: 'recording',
      summary: 'The recording of a completed call',
      params: { id: EXAMPLE_IDS.call },
      status: 200,
    },
    {
      name: 'no_recording',
      summary: 'A call without a recording',
      params: { id: EXAMPLE_IDS.scheduledCall },
      status: 404,
      response: notFound('Recording'),
    },
  ],
  'DELETE /v1/calls/{id}/recording': [
    { name: 'delete', summary: 'Delete a recording early', params: { id: EXAMPLE_IDS.call }, status: 204 },
  ],
  'GET /v1/calls/{id}/attempts': [
    {
      name: 'attempts',
      summary: 'A call answered on its first try',
      params: { id: EXAMPLE_IDS.call },
      status: 200,
      response: {
        data: [
          {
            attempt: 1,
            status: 'completed',
            answered_by: 'human',
            started_at: EXAMPLE_CALL.started_at,
            ended_at: EXAMPLE_CALL.ended_at,
            duration: EXAMPLE_CALL.duration,
            failure_reason: null,
          },
        ],
      },
    },
    {
      name: 'not_found',
      summary: 'An id that is not one of your calls',
      params: { id: EXAMPLE_IDS.missing },
      status: 404,
      response: notFound('Call'),
    },
  ],
  'GET /v1/calls/{id}': [
    {
      name: 'completed',
      summary: 'A completed call',
      params: { id: EXAMPLE_IDS.call },
      status: 200,
      response: EXAMPLE_CALL,
    },
    {
      name: 'not_found',
      summary: 'An id that is not one of your calls',
      params: { id: EXAMPLE_IDS.missing },
      status: 404,
      response: notFound('Call'),
    },
    {
      name: 'not_an_id',
      summary: 'Something that is not an id',
      params: { id: '42' },
      status: 400,
      response: fieldError('id', 'is not a call id'),
    },
  ],
  'GET /v1/calls/{id}/webhook-deliveries': [
    {
      name: 'deliveries',
      summary: 'The deliveries of a call’s status changes to its callback_url',
      params: { id: EXAMPLE_IDS.call },
      status: 200,
      response: { data: [EXAMPLE_DELIVERY] },
    },
    {
      name: 'not_found',
      summary: 'An id that is not one of your calls',
      params: { id: EXAMPLE_IDS.missing },
      status: 404,
      response: notFound('Call'),
    },
  ],
  'GET /v1/campaigns': [
    {
      name: 'list',
      summary: 'The campaigns, newest first, with their progress',
      status: 200,
      response: {
        data: [listedCampaign(EXAMPLE_CAMPAIGN), listedCampaign(EXAMPLE_PAUSED_CAMPAIGN)],
        next_cursor: null,
      },
    },
  ],
  'POST /v1/campaigns': [
    {
      name: 'contacts',
      summary: 'Two contacts, one call a minute: the one who agreed to no calls is skipped',
      headers: { 'idempotency-key': '0c9b8a7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d' },
      body: {
        name: 'February cleaning reminders',
        script_id: EXAMPLE_IDS.script,
        call_type: 'appointment-reminder',
        contact_ids: [EXAMPLE_IDS.contact, EXAMPLE_IDS.otherContact],
        default_variables: { date: 'Friday', time: '10 AM' },
        starts_at: '2030-02-01T15:00:00.000Z',
        pace_per_hour: 60,
      },
      status: 201,
      response: {
        ...EXAMPLE_CAMPAIGN,
        id: '2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8a90',
        name: 'February cleaning reminders',
        starts_at: '2030-02-01T15:00:00.000Z',
        next_call_at: '2030-02-01T15:00:00.000Z',
        last_call_at: '2030-02-01T15:00:00.000Z',
        created_at: '2026-03-03T09:30:00.000Z',
        updated_at: '2026-03-03T09:30:00.000Z',
      },
    },
    {
      name: 'tag',
      summary: 'Everyone with a tag, with a value for one contact',
      body: {
        name: 'VIP reminders',
        script_id: EXAMPLE_IDS.script,
        call_type: 'appointment-reminder',
        voice: 'sarah',
        tag: 'vip',
        default_variables: { date: 'Monday', time: '10 AM' },
        variables: { [EXAMPLE_IDS.contact]: { time: '9 AM' } },
        starts_at: '2030-02-04T15:00:00.000Z',
      },
      status: 201,
      response: {
        ...EXAMPLE_CAMPAIGN,
        id: '2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8a91',
        name: 'VIP reminders',
        voice: 'sarah',
        starts_at: '2030-02-04T15:00:00.000Z',
        pace_per_hour: null,
        requested: 1,
        skipped_count: 0,
        next_call_at: '2030-02-04T15:00:00.000Z',
        last_call_at: '2030-02-04T15:00:00.000Z',
        created_at: '2026-03-03T09:30:00.000Z',
        updated_at: '2026-03-03T09:30:00.000Z',
        skipped: [],
      },
    },
    {
      name: 'missing_value',
      summary: 'The script needs {{date}} and {{time}}',
      body: {
        name: 'Reminders',
        script_id: EXAMPLE_IDS.script,
        contact_ids: [EXAMPLE_IDS.contact],
      },
      status: 400,
      response: {
        error: {
          code: 'validation_failed',
          message:
            'The script uses {{date}} (missing for 1 contact of 1), {{time}} (missing for 1 contact of 1): give a value in default_variables, or for each contact in variables.',
          details: [
            { field: 'default_variables.date', message: 'needs a value (missing for 1 contact)' },
            { field: 'default_variables.time', message: 'needs a value (missing for 1 contact)' },
          ],
        },
      },
    },
  ],
  'GET /v1/campaigns/{id}': [
    {
      name: 'campaign',
      summary: 'A campaign with its progress and the contact it skipped',
      params: { id: EXAMPLE_IDS.campaign },
      status: 200,
      response: EXAMPLE_CAMPAIGN,
    },
    {
      name: 'not_found',
      summary: 'An id that is not one of your campaigns',
      params: { id: EXAMPLE_IDS.missing },
      status: 404,
      response: notFound('Campaign'),
    },
  ],
  'POST /v1/campaigns/{id}/pause': [
    {
      name: 'pause',
      summary: 'Hold the waiting calls',
      params: { id: EXAMPLE_IDS.campaign },
      status: 200,
      response: { ...EXAMPLE_CAMPAIGN, status: 'paused', state: 'paused' },
    },
    {
      name: 'already_paused',
      summary: 'A campaign that is paused already',
      params: { id: EXAMPLE_IDS.pausedCampaign },
      status: 409,
      response: { error: { code: 'conflict', message: 'This campaign is already paused.' } },
    },
  ],
  'POST /v1/campaigns/{id}/resume': [
    {
      name: 'resume',
      summary: 'Let the waiting calls go out again',
      params: { id: EXAMPLE_IDS.pausedCampaign },
      status: 200,
      response: { ...EXAMPLE_PAUSED_CAMPAIGN, status: 'active', state: 'scheduled' },
    },
    {
      name: 'not_paused',
      summary: 'A campaign that is not paused',
      params: { id: EXAMPLE_IDS.campaign },
      status: 409,
      response: { error: { code: 'conflict', message: 'This campaign is not paused.' } },
    },
  ],
  'POST /v1/campaigns/{id}/cancel': [
    {
      name: 'cancel',
      summary: 'Cancel the campaign and its waiting call',
      params: { id: EXAMPLE_IDS.campaign },
      status: 200,
      response: {
        ...EXAMPLE_CAMPAIGN,
        status: 'canceled',
        state: 'canceled',
        progress: { ...EXAMPLE_CAMPAIGN.progress, pending: 0, canceled: 1 },
        next_call_at: null,
        last_call_at: null,
      },
    },
  ],
  'GET /v1/events': [
    {
      name: 'stream',
      summary: 'The stream opens with a retry hint; then one event per change',
      status: 200,
      response: `retry: 3000\n: connected\n\nevent: call\ndata: {"id":"${EXAMPLE_IDS.scheduledCall}","status":"queued","outcome":null,"version":2}\n\n`,
    },
  ],

  'GET /v1/contacts': [
    {
      name: 'search',
      summary: 'Contacts matching a name',
      query: { q: 'garcia', limit: 25 },
      status: 200,
      response: { data: [EXAMPLE_CONTACT], next_cursor: null },
    },
    {
      name: 'tag',
      summary: 'Contacts with a tag',
      query: { tag: 'vip' },
      status: 200,
      response: { data: [EXAMPLE_CONTACT], next_cursor: null },
    },
  ],
  'POST /v1/contacts': [
    {
      name: 'new_contact',
      summary: 'Add a contact',
      body: {
        name: 'James Lee',
        phone: '(202) 555-0178',
        email: 'james@example.com',
        company: 'Lee Plumbing',
        tags: ['new'],
        consent: 'informational',
      },
      status: 201,
      response: {
        ...EXAMPLE_CONTACT,
        id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f60',
        name: 'James Lee',
        phone: '+12025550178',
        email: 'james@example.com',
        company: 'Lee Plumbing',
        tags: ['new'],
        consent_source: null,
        created_at: '2026-03-03T09:30:00.000Z',
        updated_at: '2026-03-03T09:30:00.000Z',
        consent_at: '2026-03-03T09:30:00.000Z',
      },
    },
    {
      name: 'number_taken',
      summary: 'A number one of your contacts already has',
      body: { name: 'Maria G.', phone: '+12025550143', email: 'm@example.com', company: 'Garcia Bakery' },
      status: 409,
      response: {
        error: {
          code: 'conflict',
          message: 'Maria Garcia already has the number +1 202 555 0143.',
          details: { contact_id: EXAMPLE_IDS.contact },
        },
      },
    },
    {
      name: 'missing_fields',
      summary: 'Every field but tags, time zone and consent is required',
      body: { name: 'James Lee', phone: '+12025550178', email: 'james@example.com' },
      status: 400,
      response: fieldError('company', 'Invalid input: expected string, received undefined'),
    },
  ],
  'GET /v1/contacts/count': [
    { name: 'count', summary: 'How many contacts there are', status: 200, response: { count: 2 } },
  ],
  'GET /v1/contacts/tags': [
    { name: 'tags', summary: 'Tags in use', status: 200, response: { data: [{ tag: 'vip', count: 1 }] } },
  ],
  'GET /v1/contacts/export.csv': [
    {
      name: 'vip',
      summary: 'Contacts tagged vip as CSV',
      query: { tag: 'vip' },
      status: 200,
      response: `${CONTACT_CSV_HEADER}\r\nMaria Garcia,+12025550143,maria@example.com,Garcia Bakery,vip,America/New_York,informational,2026-01-05T14:00:00.000Z,Signed the intake form,2026-01-05T14:00:00.000Z,,,yes,owner@harbordental.example\r\n`,
    },
  ],
  'GET /v1/contacts/{id}': [
    {
      name: 'contact',
      summary: 'A contact',
      params: { id: EXAMPLE_IDS.contact },
      status: 200,
      response: EXAMPLE_CONTACT,
    },
    {
      name: 'not_found',
      summary: 'An id that is not one of your contacts',
      params: { id: EXAMPLE_IDS.missing },
      status: 404,
      response: notFound('Contact'),
    },
  ],
  'PATCH /v1/contacts/{id}': [
    {
      name: 'retag',
      summary: 'Change the company and the tags',
      params: { id: EXAMPLE_IDS.contact },
      body: { company: 'Garcia Bakery & Cafe', tags: ['vip', 'wholesale'] },
      status: 200,
      response: {
        ...EXAMPLE_CONTACT,
        company: 'Garcia Bakery & Cafe',
        tags: ['vip', 'wholesale'],
        updated_at: '2026-03-03T09:30:00.000Z',
      },
    },
  ],
  'POST /v1/contacts/bulk': [
    {
      name: 'set_consent_by_tag',
      summary: 'Record marketing consent for everyone tagged "vip"',
      body: { filter: { tag: 'vip' }, action: 'set_consent', consent: 'marketing', existing_customer: true },
      status: 200,
      response: { action: 'set_consent', matched: 1, changed: 1 },
    },
    {
      name: 'add_tag_by_ids',
      summary: 'Tag two contacts by id',
      body: { ids: [EXAMPLE_IDS.contact, EXAMPLE_IDS.otherContact], action: 'add_tag', tag: 'spring-promo' },
      status: 200,
      response: { action: 'add_tag', matched: 2, changed: 2 },
    },
    {
      name: 'no_tag',
      summary: 'add_tag without the tag',
      body: { ids: [EXAMPLE_IDS.contact], action: 'add_tag' },
      status: 400,
      response: fieldError('tag', 'Choose the tag'),
    },
  ],
  'DELETE /v1/contacts/{id}': [
    { name: 'delete', summary: 'Delete a contact', params: { id: EXAMPLE_IDS.otherContact }, status: 204 },
  ],
  'POST /v1/contacts/imports': [
    {
      name: 'csv',
      summary: 'Import a CSV file, skipping numbers already there',
      body: {
        file_name: 'patients.csv',
        csv: 'Full name,Mobile,E-mail,Company\nAna Silva,+12025550181,ana@example.com,Silva Law\nBen Okafor,+12025550182,ben@example.com,Okafor Design',
        mapping: { name: 'Full name', phone: 'Mobile', email: 'E-mail', company: 'Company' },
        duplicates: 'skip',
        consent_default: 'existing_customer',
      },
      status: 202,
      response: {
        ...EXAMPLE_IMPORT,
        id: '9e8d7c6b-5a49-4382-8716-05f4e3d2c1b0',
        status: 'queued',
        total_rows: 2,
        processed_rows: 0,
        created: 0,
        failed: 0,
        errors: [],
        created_at: '2026-03-03T09:30:00.000Z',
        finished_at: null,
      },
    },
  ],
  'GET /v1/contacts/imports': [
    { name: 'recent', summary: 'Recent imports', status: 200, response: { data: [EXAMPLE_IMPORT] } },
  ],
  'GET /v1/contacts/imports/{id}': [
    {
      name: 'finished',
      summary: 'A finished import with one problem row',
      params: { id: EXAMPLE_IDS.contactImport },
      status: 200,
      response: EXAMPLE_IMPORT,
    },
  ],
  'GET /v1/contacts/imports/{id}/errors.csv': [
    {
      name: 'problems',
      summary: 'The rows that could not be imported',
      params: { id: EXAMPLE_IDS.contactImport },
      status: 200,
      response: 'line,reason\r\n4,"phone: ""555"" is not a phone number"\r\n',
    },
  ],

  'GET /v1/do-not-call': [
    {
      name: 'search',
      summary: 'Listed numbers with these digits',
      query: { q: '0199', limit: 25 },
      status: 200,
      response: { data: [EXAMPLE_DO_NOT_CALL], next_cursor: null },
    },
  ],
  'POST /v1/do-not-call': [
    {
      name: 'new_number',
      summary: 'List a number; the call waiting for it is cancelled',
      body: { phone: '(202) 555-0144', note: 'Asked by e-mail on 3 March' },
      status: 201,
      response: {
        id: 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e502',
        phone: '+12025550144',
        source: 'added',
        note: 'Asked by e-mail on 3 March',
        call_id: null,
        created_at: '2026-03-03T09:30:00.000Z',
        already_listed: false,
        canceled_calls: 1,
      },
    },
    {
      name: 'already_listed',
      summary: 'A number on the list already',
      body: { phone: '+12025550199' },
      status: 200,
      response: { ...EXAMPLE_DO_NOT_CALL, already_listed: true, canceled_calls: 0 },
    },
    {
      name: 'invalid_number',
      summary: 'Something that is not a phone number',
      body: { phone: '555' },
      status: 400,
      response: fieldError('phone', '555 is too short to be a phone number.'),
    },
  ],
  'POST /v1/do-not-call/import': [
    {
      name: 'import',
      summary: 'A file with a phone column',
      body: { csv: 'phone,note\n(202) 555-0188,Asked by letter\n+12025550199,\n555,\n' },
      status: 200,
      response: {
        total_rows: 3,
        added: 1,
        already_listed: 1,
        invalid: 1,
        invalid_rows: [{ line: 4, value: '555', reason: '555 is too short to be a phone number.' }],
        canceled_calls: 0,
      },
    },
  ],
  'GET /v1/do-not-call/export': [
    {
      name: 'export',
      summary: 'The whole list as CSV',
      status: 200,
      response: `phone,source,note,call_id,created_at\r\n+12025550199,opted_out,,${EXAMPLE_IDS.call},2026-03-02T15:00:20.000Z\r\n`,
    },
  ],
  'DELETE /v1/do-not-call/{id}': [
    {
      name: 'remove',
      summary: 'Take a number off the list',
      params: { id: EXAMPLE_DO_NOT_CALL.id },
      status: 204,
    },
    {
      name: 'not_found',
      summary: 'An id that is not on your list',
      params: { id: EXAMPLE_IDS.missing },
      status: 404,
      response: notFound('Do-not-call entry'),
    },
  ],

  'GET /v1/appointments': [
    {
      name: 'week',
      summary: 'A week’s appointments of one staff member',
      query: { from: '2026-11-30T00:00:00-05:00', to: '2026-12-07T00:00:00-05:00', staff: 'Dr. Patel' },
      status: 200,
      response: { data: [EXAMPLE_APPOINTMENT], next_cursor: null },
    },
  ],
  'POST /v1/appointments': [
    {
      name: 'book',
      summary: 'Book a cleaning',
      body: {
        contact_id: EXAMPLE_IDS.contact,
        starts_at: '2026-12-02T10:00:00-05:00',
        duration_minutes: 45,
        service: 'Cleaning',
        staff: 'Dr. Patel',
      },
      status: 201,
      response: {
        ...EXAMPLE_APPOINTMENT,
        id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a02',
        starts_at: '2026-12-02T15:00:00.000Z',
        ends_at: '2026-12-02T15:45:00.000Z',
        location: null,
        external_id: null,
      },
    },
    {
      name: 'slot_taken',
      summary: 'The staff member is booked then',
      body: { contact_id: EXAMPLE_IDS.otherContact, starts_at: '2026-12-01T15:30:00Z', staff: 'Dr. Patel' },
      status: 409,
      response: {
        error: {
          code: 'slot_taken',
          message:
            'That time overlaps another appointment of the same staff member. Choose another time or staff member.',
        },
      },
    },
  ],
  'POST /v1/appointments/batch': [
    {
      name: 'batch',
      summary: 'Book two; the second overlaps the first',
      body: {
        appointments: [
          {
            contact_id: EXAMPLE_IDS.contact,
            starts_at: '2026-12-03T09:00:00-05:00',
            duration_minutes: 30,
            service: 'Cleaning',
            staff: 'Dr. Patel',
          },
          {
            contact_id: EXAMPLE_IDS.otherContact,
            starts_at: '2026-12-03T09:15:00-05:00',
            staff: 'Dr. Patel',
          },
        ],
      },
      status: 200,
      response: {
        created: [
          {
            ...EXAMPLE_APPOINTMENT,
            id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a03',
            starts_at: '2026-12-03T14:00:00.000Z',
            ends_at: '2026-12-03T14:30:00.000Z',
            duration_minutes: 30,
            location: null,
            external_id: null,
            self_service_url: `https://app.callwise.example/a/e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a03.1796403600.Xn3kQ0m2bV7yR1tL9cZ4pW8hJ6fD5sA0eG2uK1oM3iN`,
          },
        ],
        failed: [
          {
            index: 1,
            code: 'slot_taken',
            field: 'starts_at',
            message:
              'That time overlaps another appointment of the same staff member. Choose another time or staff member.',
          },
        ],
      },
    },
  ],
  'GET /v1/waitlist': [
    {
      name: 'waiting',
      summary: 'Who waits',
      status: 200,
      response: { data: [EXAMPLE_WAITLIST_ENTRY] },
    },
  ],
  'POST /v1/waitlist': [
    {
      name: 'add',
      summary: 'Tom waits for any afternoon with Dr. Patel',
      body: { contact_id: EXAMPLE_IDS.otherContact, staff: 'Dr. Patel', earliest: '13:00', latest: '17:00' },
      status: 201,
      response: {
        ...EXAMPLE_WAITLIST_ENTRY,
        id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c02',
        contact_id: EXAMPLE_IDS.otherContact,
        service: null,
        staff: 'Dr. Patel',
        days: [],
        earliest: '13:00',
        latest: '17:00',
        notes: null,
      },
    },
    {
      name: 'already_waiting',
      summary: 'Maria already waits for a Cleaning with anyone',
      body: { contact_id: EXAMPLE_IDS.contact, service: 'Cleaning' },
      status: 409,
      response: {
        error: {
          code: 'conflict',
          message: 'This contact is already waiting for this service and staff member.',
          details: [
            {
              field: 'contact_id',
              message: 'This contact is already waiting for this service and staff member.',
            },
          ],
        },
      },
    },
  ],
  'DELETE /v1/waitlist/{id}': [
    {
      name: 'remove',
      summary: 'Take Maria off the waitlist',
      params: { id: EXAMPLE_IDS.waitlistEntry },
      status: 204,
    },
  ],
  'GET /v1/waitlist/offers': [
    { name: 'none', summary: 'No slot freed yet', status: 200, response: { data: [] } },
  ],
  'GET /v1/appointments/{id}': [
    {
      name: 'appointment',
      summary: 'An appointment',
      params: { id: EXAMPLE_IDS.appointment },
      status: 200,
      response: EXAMPLE_APPOINTMENT,
    },
  ],
  'GET /v1/appointments/{id}/reminders': [
    {
      name: 'none',
      summary: 'Nothing planned (the appointment was booked outside the API)',
      params: { id: EXAMPLE_IDS.appointment },
      status: 200,
      response: { data: [] },
    },
  ],
  'PATCH /v1/appointments/{id}': [
    {
      name: 'notes',
      summary: 'Add a note',
      params: { id: EXAMPLE_IDS.appointment },
      body: { notes: 'Prefers the morning hygienist.' },
      status: 200,
      response: { ...EXAMPLE_APPOINTMENT, notes: 'Prefers the morning hygienist.' },
    },
  ],
  'POST /v1/appointments/{id}/confirm': [
    {
      name: 'confirm',
      summary: 'Confirm it',
      params: { id: EXAMPLE_IDS.appointment },
      status: 200,
      response: { ...EXAMPLE_APPOINTMENT, status: 'confirmed' },
    },
  ],
  'POST /v1/appointments/{id}/cancel': [
    {
      name: 'cancel',
      summary: 'Cancel it (its slot is free again)',
      params: { id: EXAMPLE_IDS.appointment },
      status: 200,
      response: { ...EXAMPLE_APPOINTMENT, status: 'cancelled' },
    },
  ],
  'POST /v1/appointments/{id}/reschedule': [
    {
      name: 'move',
      summary: 'Move it to Thursday at 9 AM',
      params: { id: EXAMPLE_IDS.appointment },
      body: { starts_at: '2026-12-03T09:00:00-05:00' },
      status: 201,
      response: {
        ...EXAMPLE_APPOINTMENT,
        id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a03',
        starts_at: '2026-12-03T14:00:00.000Z',
        ends_at: '2026-12-03T14:45:00.000Z',
        external_id: null,
        rescheduled_from: EXAMPLE_IDS.appointment,
      },
    },
  ],
  'POST /v1/appointments/imports': [
    {
      name: 'csv',
      summary: 'Import a CSV export of a practice system: a date and a time column, one bad row',
      body: {
        file_name: 'december.csv',
        csv:
          'Phone,Patient,Date,Time,Dentist,Booking ID\n' +
          '+12025550143,Maria Garcia,12/02/2026,10:00 AM,Dr. Patel,pms-2001\n' +
          '+12025550184,Ben Okafor,12/02/2026,11:30 AM,Dr. Patel,pms-2002\n' +
          '+12025550185,Ana Silva,12/32/2026,9:00 AM,Dr. Patel,pms-2003',
        mapping: {
          phone: 'Phone',
          name: 'Patient',
          date: 'Date',
          time: 'Time',
          staff: 'Dentist',
          external_id: 'Booking ID',
        },
        consent_default: 'existing_customer',
      },
      status: 200,
      response: {
        rows: 3,
        created: 2,
        skipped: 0,
        contacts_created: 1,
        failed: [{ line: 4, field: 'date', message: '"12/32/2026" is not a date' }],
      },
    },
    {
      name: 'missing_column',
      summary: 'A mapping naming a column the file does not have',
      body: {
        file_name: 'december.csv',
        csv: 'Phone,Start\n+12025550143,2026-12-02 10:00',
        mapping: { phone: 'Mobile', starts_at: 'Start' },
      },
      status: 400,
      response: fieldError('mapping.phone', 'The file has no column "Mobile".'),
    },
  ],
  'POST /v1/appointments/import-ics': [
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
  'GET /v1/calendar-connections': [
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
  'POST /v1/calendar-connections': [
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
  'POST /v1/calendar-connections/google': [
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
  'GET /v1/calendar-connections/{id}/calendars': [
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
  'PATCH /v1/calendar-connections/{id}': [
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
  'DELETE /v1/calendar-connections/{id}': [
    {
      name: 'delete',
      summary: 'Remove it (its appointments stay)',
      params: { id: EXAMPLE_IDS.calendarConnection },
      status: 204,
    },
    {
      name: 'not_found',
      summary: 'An id that is not one of yours',
      params: { id: EXAMPLE_IDS.missing },
      status: 404,
      response: notFound('Calendar connection'),
    },
  ],
  'POST /v1/calendar-connections/{id}/sync': [
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
    {
      name: 'not_found',
      summary: 'An id that is not one of yours',
      params: { id: EXAMPLE_IDS.missing },
      status: 404,
      response: notFound('Calendar connection'),
    },
  ],
  'DELETE /v1/appointments/{id}': [
    {
      name: 'delete',
      summary: 'Delete it',
      params: { id: EXAMPLE_IDS.appointment },
      status: 204,
    },
  ],
  'GET /v1/booking-settings': [
    {
      name: 'settings',
      summary: 'The defaults of an account that never changed them',
      status: 200,
      response: { ...DEFAULT_BOOKING_SETTINGS, timezone: 'America/New_York', updated_at: null },
    },
  ],
  'PUT /v1/booking-settings': [
    {
      name: 'clinic',
      summary: 'A dental clinic: two dentists, a Saturday morning, two services, closed for the holidays',
      body: EXAMPLE_BOOKING_SETTINGS_INPUT,
      status: 200,
      response: EXAMPLE_BOOKING_SETTINGS,
    },
    {
      name: 'unknown_staff',
      summary: 'A closure of a staff member the settings do not have',
      body: {
        ...EXAMPLE_BOOKING_SETTINGS_INPUT,
        closures: [{ starts_on: '2026-12-24', ends_on: '2026-12-26', staff: 'Dr. Who', reason: null }],
      },
      status: 400,
      response: fieldError('closures.0.staff', 'No staff member named Dr. Who'),
    },
  ],
  'GET /v1/assistant': [
    {
      name: 'defaults',
      summary: 'An account that never changed them, with the fictional number the simulated carrier gave it',
      status: 200,
      response: { ...DEFAULT_ASSISTANT_SETTINGS, business_number: '+12125550142', updated_at: null },
    },
  ],
  'PUT /v1/assistant': [
    {
      name: 'clinic',
      summary: 'Put callers through to the front desk; answer parking and price questions',
      body: EXAMPLE_ASSISTANT_INPUT,
      status: 200,
      response: {
        ...EXAMPLE_ASSISTANT_INPUT,
        transfer_number: '+12025550199',
        business_number: '+12125550142',
        updated_at: '2026-03-01T17:00:00.000Z',
      },
    },
    {
      name: 'bad_transfer_number',
      summary: 'A transfer number that is not a phone number',
      body: { ...EXAMPLE_ASSISTANT_INPUT, transfer_number: 'front desk' },
      status: 400,
      response: fieldError('transfer_number', '"front desk" is not a phone number.'),
    },
  ],
  // Twilio only (test/openapi.test.ts runs these against a server on the fake Twilio; with the simulator: 409).
  'GET /v1/assistant/numbers': [
    {
      name: 'numbers',
      summary: 'The Twilio account’s numbers: this account’s, a free one, and another account’s',
      status: 200,
      response: {
        business_number: '+13125550141',
        numbers: [
          { phone_number: '+13125550141', friendly_name: '(312) 555-0141', state: 'yours', configured: true },
          { phone_number: '+13125550142', friendly_name: '(312) 555-0142', state: 'free', configured: false },
          { phone_number: '+13125550143', friendly_name: '(312) 555-0143', state: 'taken', configured: true },
        ],
      },
    },
  ],
  'GET /v1/assistant/numbers/available': [
    {
      name: 'chicago',
      summary: 'Numbers to buy in area code 312',
      query: { area_code: '312' },
      status: 200,
      response: {
        area_code: '312',
        numbers: [
          {
            phone_number: '+13125550190',
            friendly_name: '(312) 555-0190',
            locality: 'Chicago',
            region: 'IL',
          },
        ],
      },
    },
    {
      name: 'bad_area_code',
      summary: 'Not an area code',
      query: { area_code: '12' },
      status: 400,
      response: fieldError('area_code', 'Enter a 3-digit US area code, e.g. 312'),
    },
  ],
  'PUT /v1/assistant/business-number': [
    {
      name: 'assign',
      summary: 'One of the Twilio account’s numbers, written as dialled',
      body: { phone_number: '(312) 555-0141' },
      status: 200,
      response: { business_number: '+13125550141', friendly_name: '(312) 555-0141', configured: true },
    },
    {
      name: 'not_in_twilio_account',
      summary: 'A number the Twilio account does not have',
      body: { phone_number: '+13125550999' },
      status: 400,
      response: fieldError('phone_number', '+13125550999 is not one of the Twilio account’s numbers.'),
    },
  ],
  'POST /v1/assistant/numbers': [
    {
      name: 'buy',
      summary: 'Buy a number found by the search; it becomes the business number',
      body: { phone_number: '+13125550190' },
      status: 201,
      response: { business_number: '+13125550190', friendly_name: '(312) 555-0190', configured: true },
    },
    {
      name: 'sold',
      summary: 'A number that can no longer be bought',
      body: { phone_number: '+13125550199' },
      status: 409,
      response: {
        error: {
          code: 'conflict',
          message: 'phone_number: +13125550199 is no longer available to buy; search again and pick another.',
          details: [
            {
              field: 'phone_number',
              message: '+13125550199 is no longer available to buy; search again and pick another.',
            },
          ],
        },
      },
    },
  ],
  'POST /v1/assistant/test-calls': [
    {
      name: 'call',
      summary: 'Call the assistant from a number it does not know',
      body: { from: '+13125550142' },
      status: 201,
      response: { ...EXAMPLE_TEST_CALL, call_id: EXAMPLE_IDS.call },
    },
    {
      name: 'bad_number',
      summary: 'A number that is not a phone number',
      body: { from: 'front desk' },
      status: 400,
      response: fieldError('from', '"front desk" is not a phone number.'),
    },
  ],
  'GET /v1/assistant/test-calls/{id}': [
    {
      name: 'waiting',
      summary: 'Answered, waiting for the caller’s first answer',
      params: { id: EXAMPLE_IDS.testCall },
      status: 200,
      response: EXAMPLE_TEST_CALL,
    },
    {
      name: 'missing',
      summary: 'A call that is not a test call of this account',
      params: { id: EXAMPLE_IDS.missing },
      status: 404,
      response: { error: { code: 'not_found', message: 'No such test call.' } },
    },
  ],
  'POST /v1/assistant/test-calls/{id}/answers': [
    {
      name: 'question',
      summary: 'The caller asks something the assistant has no answer for: it offers to take a message',
      params: { id: EXAMPLE_IDS.testCall },
      body: { turn: 1, speech: 'Do you sell gift cards?' },
      status: 200,
      response: {
        ...EXAMPLE_TEST_CALL,
        lines: [
          ...EXAMPLE_TEST_CALL.lines,
          { speaker: 'callee', text: 'Do you sell gift cards?' },
          {
            speaker: 'ai',
            text: "I'm sorry, I don't have the answer to that. Please leave a short message after the tone, and they will call you back.",
          },
        ],
      },
    },
    {
      name: 'both',
      summary: 'Words and keys in one answer',
      params: { id: EXAMPLE_IDS.testCall },
      body: { turn: 1, speech: 'Yes', digits: '1' },
      status: 400,
      response: fieldError('digits', 'Say something or press keys, not both'),
    },
  ],
  'POST /v1/assistant/test-calls/{id}/hang-up': [
    {
      name: 'hang_up',
      summary: 'The caller hangs up',
      params: { id: EXAMPLE_IDS.testCall },
      status: 200,
      response: { ...EXAMPLE_TEST_CALL, status: 'completed', listening: false },
    },
  ],
  'GET /v1/assistant/test-calls/{id}/lines/{index}/audio': [
    {
      name: 'greeting',
      summary: 'The greeting, in the call’s voice',
      params: { id: EXAMPLE_IDS.testCall, index: '0' },
      status: 200,
    },
    {
      name: 'no_line',
      summary: 'A line the assistant did not say',
      params: { id: EXAMPLE_IDS.testCall, index: '1' },
      status: 404,
      response: { error: { code: 'not_found', message: 'No such line of the assistant.' } },
    },
  ],
  'GET /v1/consent-records': [
    {
      name: 'one_contact',
      summary: 'Maria Garcia’s consent: given on the intake form',
      query: { contact_id: EXAMPLE_IDS.contact, limit: 25 },
      status: 200,
      response: {
        data: [
          {
            id: '2c1b0a99-8877-4665-9544-332211000101',
            contact_id: EXAMPLE_IDS.contact,
            contact_name: 'Maria Garcia',
            phone: '+12025550143',
            action: 'granted',
            purpose: 'informational',
            channel: 'all',
            method: 'owner',
            source: 'Signed the intake form',
            words: null,
            recorded_by: 'owner@harbordental.example',
            call_id: null,
            created_at: '2026-01-05T14:00:00.000Z',
          },
        ],
        next_cursor: null,
      },
    },
    {
      name: 'missing_contact',
      summary: 'A contact that is not this account’s',
      query: { contact_id: EXAMPLE_IDS.missing },
      status: 404,
      response: notFound('Contact'),
    },
  ],
  'GET /v1/consent-records/export.csv': [
    {
      name: 'one_contact',
      summary: 'Maria Garcia’s consent records as CSV',
      query: { contact_id: EXAMPLE_IDS.contact },
      status: 200,
      response:
        'created_at,phone,contact_name,action,purpose,channel,method,source,words,recorded_by,call_id\r\n' +
        '2026-01-05T14:00:00.000Z,+12025550143,Maria Garcia,granted,informational,all,owner,Signed the intake form,,owner@harbordental.example,\r\n',
    },
  ],
  'GET /v1/messages': [
    {
      name: 'conversation',
      summary: 'The texts with one number, newest first',
      query: { phone: '(202) 555-0143', limit: 25 },
      status: 200,
      response: { data: [EXAMPLE_REPLY, EXAMPLE_MESSAGE], next_cursor: null },
    },
    {
      name: 'bad_status',
      summary: 'A status texts do not have',
      query: { status: 'lost' },
      status: 400,
      response: fieldError(
        'status',
        'Invalid option: expected one of "queued"|"sending"|"sent"|"delivered"|"undelivered"|"failed"|"unknown"|"skipped"|"received"',
      ),
    },
  ],
  'GET /v1/messages/threads': [
    {
      name: 'conversations',
      summary: 'One row per number, the latest conversation first',
      query: { limit: 25 },
      status: 200,
      response: {
        data: [
          {
            phone: '+12025550143',
            contact_id: EXAMPLE_IDS.contact,
            contact_name: 'Maria Garcia',
            last_message: EXAMPLE_REPLY,
            message_count: 2,
          },
        ],
        next_cursor: null,
      },
    },
  ],
  'GET /v1/messages/{id}': [
    {
      name: 'delivered',
      summary: 'A text the phone has',
      params: { id: EXAMPLE_IDS.message },
      status: 200,
      response: EXAMPLE_MESSAGE,
    },
    {
      name: 'missing',
      summary: 'No such text in this account',
      params: { id: EXAMPLE_IDS.missing },
      status: 404,
      response: notFound('Message'),
    },
  ],
  'POST /v1/messages': [
    {
      name: 'to_contact',
      summary: 'A text to a contact, its first name filled in',
      body: {
        contact_id: EXAMPLE_IDS.contact,
        body: 'Hi {{first_name}}, your crown is ready. Call us to book a fitting.',
      },
      status: 201,
      response: {
        ...EXAMPLE_MESSAGE,
        id: '4b3a2918-0f7e-4d6c-8b5a-493827160503',
        status: 'queued',
        business_number: null,
        body: 'Hi Maria, your crown is ready. Call us to book a fitting.',
        cost: null,
        created_at: '2026-03-03T09:00:00.000Z',
        sent_at: null,
        delivered_at: null,
      },
    },
    {
      name: 'empty',
      summary: 'Nothing to send',
      body: { to: '+12025550143', body: '  ' },
      status: 400,
      response: fieldError('body', 'Write a message.'),
    },
    {
      name: 'opted_out',
      summary: 'A number that replied STOP (or is on the do-not-call list)',
      body: { to: '+12025550199', body: 'One more thing' },
      status: 409,
      response: {
        error: {
          code: 'do_not_call',
          message: 'This number opted out (STOP, or the do-not-call list): no texts or calls go to it.',
          details: [{ field: 'to', message: 'This number opted out.' }],
        },
      },
    },
  ],
  'POST /v1/simulator/inbound-messages': [
    {
      name: 'help',
      summary: 'A customer texts HELP; the business’s answer follows as its own text',
      body: { from: '+13125550142', body: 'HELP' },
      status: 201,
      response: {
        provider_message_id: 'SM0123456789abcdef0123456789abcdef',
        from: '+13125550142',
        to: '+12125550142',
      },
    },
  ],
  'GET /v1/text-settings': [
    {
      name: 'defaults',
      summary: 'A new account’s: reminders followed by a text, missed calls answered',
      status: 200,
      response: {
        follow_up_call_types: ['appointment-reminder'],
        follow_up_text:
          'Hi {{first_name}}, {{business_name}} tried to call you. Reply C to confirm your appointment, R to pick a new time.',
        missed_call_text_back: true,
        missed_call_text:
          'Sorry we missed your call to {{business_name}}. Reply here and we will get back to you, or call us again.',
      },
    },
  ],
  'PUT /v1/text-settings': [
    {
      name: 'follow_ups_too',
      summary: 'Follow-up calls get a text too, with shorter words',
      body: {
        follow_up_call_types: ['appointment-reminder', 'follow-up'],
        follow_up_text: 'Hi {{first_name}}, sorry we missed you. Reply here or call {{business_name}} back.',
      },
      status: 200,
      response: {
        follow_up_call_types: ['appointment-reminder', 'follow-up'],
        follow_up_text: 'Hi {{first_name}}, sorry we missed you. Reply here or call {{business_name}} back.',
        missed_call_text_back: true,
        missed_call_text:
          'Sorry we missed your call to {{business_name}}. Reply here and we will get back to you, or call us again.',
      },
    },
    {
      name: 'unknown_variable',
      summary: 'A variable texts do not have',
      body: { follow_up_text: 'Dear {{last_name}}, we called.' },
      status: 400,
      response: fieldError('follow_up_text', 'Use only {{first_name}}, {{name}} and {{business_name}}.'),
    },
  ],
  'POST /v1/simulator/inbound-calls': [
    {
      name: 'parking',
      summary: 'A caller asks where to park, then says that is all',
      body: {
        from: '+13125550142',
        inputs: [{ speech: 'Where can I park?' }, { speech: 'No, that is all, thanks.' }],
      },
      status: 201,
      response: { call_id: EXAMPLE_IDS.call, from: '+13125550142', to: '+12125550142' },
    },
  ],
  'GET /v1/availability': [
    {
      name: 'morning',
      summary: 'Open 45-minute slots one morning',
      query: { from: '2030-12-02T09:00:00-05:00', to: '2030-12-02T11:00:00-05:00', duration_minutes: 45 },
      status: 200,
      response: {
        timezone: 'America/New_York',
        service: null,
        duration_minutes: 45,
        slots: [
          { starts_at: '2030-12-02T14:00:00.000Z', ends_at: '2030-12-02T14:45:00.000Z', staff: null },
          { starts_at: '2030-12-02T14:30:00.000Z', ends_at: '2030-12-02T15:15:00.000Z', staff: null },
          { starts_at: '2030-12-02T15:00:00.000Z', ends_at: '2030-12-02T15:45:00.000Z', staff: null },
          { starts_at: '2030-12-02T15:30:00.000Z', ends_at: '2030-12-02T16:15:00.000Z', staff: null },
        ],
      },
    },
    {
      name: 'unknown_service',
      summary: 'A service the booking settings do not have',
      query: { service: 'Whitening' },
      status: 400,
      response: fieldError('service', 'No service named Whitening in your booking settings'),
    },
  ],
  'GET /v1/scripts': [
    {
      name: 'reminders',
      summary: 'Scripts of the Reminder category',
      query: { category: 'Reminder' },
      status: 200,
      response: { data: [EXAMPLE_SCRIPT], next_cursor: null },
    },
  ],
  'POST /v1/scripts': [
    {
      name: 'new_script',
      summary: 'A script with variables',
      body: {
        title: 'Follow-up',
        content: 'Hi {{name}}, how did your visit on {{date}} go?',
        category: 'Support',
      },
      status: 201,
      response: {
        ...EXAMPLE_SCRIPT,
        id: '6f5e4d3c-2b1a-4098-8765-43210fedcba9',
        title: 'Follow-up',
        content: 'Hi {{name}}, how did your visit on {{date}} go?',
        category: 'Support',
        variables: ['name', 'date'],
        created_at: '2026-03-03T09:30:00.000Z',
        updated_at: '2026-03-03T09:30:00.000Z',
      },
    },
  ],
  'GET /v1/scripts/{id}': [
    {
      name: 'script',
      summary: 'A script',
      params: { id: EXAMPLE_IDS.script },
      status: 200,
      response: EXAMPLE_SCRIPT,
    },
  ],
  'PATCH /v1/scripts/{id}': [
    {
      name: 'retitle',
      summary: 'Change the title',
      params: { id: EXAMPLE_IDS.script },
      body: { title: 'Cleaning reminder (6 months)' },
      status: 200,
      response: {
        ...EXAMPLE_SCRIPT,
        title: 'Cleaning reminder (6 months)',
        updated_at: '2026-03-03T09:30:00.000Z',
      },
    },
  ],
  'DELETE /v1/scripts/{id}': [
    { name: 'delete', summary: 'Delete a script', params: { id: EXAMPLE_IDS.otherScript }, status: 204 },
  ],
  'POST /v1/scripts/{id}/clone': [
    {
      name: 'clone',
      summary: 'Copy a script',
      params: { id: EXAMPLE_IDS.script },
      status: 201,
      response: {
        ...EXAMPLE_SCRIPT,
        id: '6f5e4d3c-2b1a-4098-8765-43210fedcba8',
        title: 'Cleaning reminder (Copy)',
        created_at: '2026-03-03T09:30:00.000Z',
        updated_at: '2026-03-03T09:30:00.000Z',
      },
    },
  ],

  'GET /v1/voices': [
    {
      name: 'voices',
      summary: 'Every voice, and whether the plan includes it',
      status: 200,
      response: {
        data: [
          { id: 'aria', name: 'Aria', gender: 'female', tone: 'professional', available: true },
          { id: 'roger', name: 'Roger', gender: 'male', tone: 'friendly', available: true },
          { id: 'sarah', name: 'Sarah', gender: 'female', tone: 'warm', available: true },
          { id: 'laura', name: 'Laura', gender: 'female', tone: 'calm', available: true },
          { id: 'charlie', name: 'Charlie', gender: 'male', tone: 'energetic', available: true },
          { id: 'george', name: 'George', gender: 'male', tone: 'authoritative', available: false },
        ],
        provider: 'espeak',
      },
    },
  ],
  'POST /v1/voices/preview': [
    {
      name: 'preview',
      summary: 'Hear a message in a voice',
      body: { voice: 'laura', text: 'Hi {{name}}, see you tomorrow at 10.', variables: { name: 'Maria' } },
      status: 200,
    },
  ],

  'GET /v1/me': [
    {
      name: 'me',
      summary: 'The signed-in user',
      status: 200,
      response: {
        id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        email: 'owner@harbordental.example',
        first_name: 'Dana',
        last_name: 'Reyes',
        business_name: 'Harbor Dental',
        phone_number: null,
        account: { id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', name: 'Harbor Dental', plan: 'professional' },
        timezone: 'America/New_York',
        notifications: {
          email_notifications: true,
          call_summaries: true,
          failure_alerts: true,
          message_alerts: true,
        },
        carrier: 'simulator',
        role: 'owner',
        require_two_factor: false,
      },
    },
  ],
  'PATCH /v1/me': [
    {
      name: 'timezone',
      summary: 'Move the business to Chicago time',
      body: { timezone: 'America/Chicago' },
      status: 200,
      response: {
        id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        email: 'owner@harbordental.example',
        first_name: 'Dana',
        last_name: 'Reyes',
        business_name: 'Harbor Dental',
        phone_number: null,
        account: { id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', name: 'Harbor Dental', plan: 'professional' },
        timezone: 'America/Chicago',
        notifications: {
          email_notifications: true,
          call_summaries: true,
          failure_alerts: true,
          message_alerts: true,
        },
        carrier: 'simulator',
        role: 'owner',
        require_two_factor: false,
      },
    },
    {
      name: 'own_phone',
      summary: 'Give your own number, for test calls',
      body: { phone_number: '(202) 555-0143' },
      status: 200,
      response: {
        id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        email: 'owner@harbordental.example',
        first_name: 'Dana',
        last_name: 'Reyes',
        business_name: 'Harbor Dental',
        phone_number: '+12025550143',
        account: { id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', name: 'Harbor Dental', plan: 'professional' },
        timezone: 'America/New_York',
        notifications: {
          email_notifications: true,
          call_summaries: true,
          failure_alerts: true,
          message_alerts: true,
        },
        carrier: 'simulator',
        role: 'owner',
        require_two_factor: false,
      },
    },
    {
      name: 'unknown_zone',
      summary: 'A time zone that does not exist',
      body: { timezone: 'Mars/Olympus_Mons' },
      status: 400,
      response: fieldError(
        'timezone',
        'Choose a time zone from the list (an IANA name such as America/New_York).',
      ),
    },
  ],
  'PATCH /v1/me/notifications': [
    {
      name: 'no_summaries',
      summary: 'Stop the daily summaries',
      body: { call_summaries: false },
      status: 200,
      response: {
        id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        email: 'owner@harbordental.example',
        first_name: 'Dana',
        last_name: 'Reyes',
        business_name: 'Harbor Dental',
        phone_number: null,
        account: { id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', name: 'Harbor Dental', plan: 'professional' },
        timezone: 'America/New_York',
        notifications: {
          email_notifications: true,
          call_summaries: false,
          failure_alerts: true,
          message_alerts: true,
        },
        carrier: 'simulator',
        role: 'owner',
        require_two_factor: false,
      },
    },
  ],
  'GET /v1/account/calling-rules': [
    {
      name: 'rules',
      summary: 'The standard rules',
      status: 200,
      response: {
        calling_window_start: '08:00',
        calling_window_end: '21:00',
        daily_call_cap: 2,
        disclosure: 'This is an automated call from {{business_name}}.',
        business_name: 'Harbor Dental',
      },
    },
  ],
  'PATCH /v1/account/calling-rules': [
    {
      name: 'office_hours',
      summary: 'Call only during office hours, once a day per person',
      body: { calling_window_start: '09:00', calling_window_end: '17:30', daily_call_cap: 1 },
      status: 200,
      response: {
        calling_window_start: '09:00',
        calling_window_end: '17:30',
        daily_call_cap: 1,
        disclosure: 'This is an automated call from {{business_name}}.',
        business_name: 'Harbor Dental',
      },
    },
    {
      name: 'too_late',
      summary: 'A window past 21:00',
      body: { calling_window_end: '22:00' },
      status: 400,
      response: fieldError(
        'calling_window_end',
        'Calls cannot go on after 21:00 in the recipient’s time. You can only narrow the window.',
      ),
    },
  ],
  'GET /v1/dashboard': [
    {
      name: 'dashboard',
      summary: 'The dashboard’s numbers',
      status: 200,
      response: {
        total_calls: 2,
        success_rate: 100,
        scheduled_calls: 1,
        needs_attention: 0,
        average_duration: 27,
        contacts: 2,
        usage: { plan: 'professional', used: 3, included: 500, remaining: 497, percent: 1 },
        recent_calls: [EXAMPLE_CALL],
        daily: [{ date: '2026-03-02', completed: 1, failed: 0, other: 1 }],
        slots_refilled: 0,
        timezone: 'America/New_York',
        onboarding: {
          steps: [
            { id: 'profile', done: true },
            { id: 'contacts', done: true },
            { id: 'script', done: false },
            { id: 'test_call', done: true },
            { id: 'upgrade', done: true },
          ],
          done: 4,
          total: 5,
          hidden: false,
        },
      },
    },
  ],
  'PATCH /v1/dashboard/onboarding': [
    {
      name: 'hide',
      summary: 'Hide the first-run checklist',
      body: { hidden: true },
      status: 200,
      response: {
        steps: [
          { id: 'profile', done: true },
          { id: 'contacts', done: true },
          { id: 'script', done: false },
          { id: 'test_call', done: true },
          { id: 'upgrade', done: true },
        ],
        done: 4,
        total: 5,
        hidden: true,
      },
    },
  ],
  'GET /v1/audit-log': [
    {
      name: 'plan_changes',
      summary: 'The plan changes of the account',
      query: { action: 'plan.changed', limit: 25 },
      status: 200,
      response: { data: [EXAMPLE_AUDIT_EVENT], next_cursor: null },
    },
    {
      name: 'bad_action',
      summary: 'A kind of event the log does not have',
      query: { action: 'coffee.made' },
      status: 400,
      response: fieldError(
        'action',
        `Invalid option: expected one of ${AUDIT_ACTIONS.map((action) => `"${action}"`).join('|')}`,
      ),
    },
  ],
  'GET /v1/audit-log/export.csv': [
    {
      name: 'everything',
      summary: 'The whole audit log as CSV',
      status: 200,
      response:
        'created_at,actor,actor_type,action,summary,target_type,target_id,ip\r\n' +
        '2026-03-02T09:15:00.000Z,owner@harbordental.example,user,plan.changed,Changed the plan from Starter to Professional,account,0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d01,203.0.113.24\r\n',
    },
  ],
  'GET /v1/api-keys': [
    { name: 'keys', summary: 'The active keys', status: 200, response: { data: [EXAMPLE_API_KEY] } },
  ],
  'POST /v1/api-keys': [
    {
      name: 'create',
      summary: 'A new key, shown this once',
      body: { name: 'Booking system' },
      status: 201,
      response: {
        ...EXAMPLE_API_KEY,
        id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c02',
        last_used_at: null,
        key: 'cw_live_Q7f2KxT9mWcA4pLzR8vN3bYdE6hJ1sGk5uFqX0oi',
      } satisfies CreatedApiKey,
    },
  ],
  'DELETE /v1/api-keys/{id}': [
    { name: 'revoke', summary: 'Revoke a key', params: { id: EXAMPLE_IDS.apiKey }, status: 204 },
  ],
  'GET /v1/webhooks/endpoint': [
    {
      name: 'none',
      summary: 'No webhook URL yet',
      status: 200,
      response: { url: null, events: [...ACCOUNT_WEBHOOK_EVENTS] },
    },
  ],
  'PUT /v1/webhooks/endpoint': [
    {
      name: 'set',
      summary: 'Post appointment events to your server',
      body: { url: 'https://example.com/hooks/callwise' },
      status: 200,
      response: { url: 'https://example.com/hooks/callwise', events: [...ACCOUNT_WEBHOOK_EVENTS] },
    },
    {
      name: 'private',
      summary: 'An address on a private network',
      body: { url: 'https://192.168.1.20/hooks' },
      status: 400,
      response: fieldError(
        'url',
        'The URL must be a public address: 192.168.1.20 is a private network address.',
      ),
    },
  ],
  'GET /v1/webhooks/secret': [
    {
      name: 'secret',
      summary: 'The signing secret',
      status: 200,
      response: { secret: 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD5Fm6gzPrN9E=' },
    },
  ],
  'POST /v1/webhooks/secret/rotate': [
    {
      name: 'rotate',
      summary: 'A new secret; the old one stops signing at once',
      status: 200,
      response: { secret: 'whsec_9tDf0OqnJ3k5ZbHrYvXw2mPa8sLcE1uGiN7hB4oQx6M=' },
    },
  ],
  'GET /v1/billing': [
    { name: 'billing', summary: 'The plan and this month’s usage', status: 200, response: EXAMPLE_BILLING },
  ],
  'POST /v1/billing/plan': [
    {
      name: 'upgrade',
      summary: 'Move to Enterprise: a full month is charged and a new billing month begins',
      body: { plan: 'enterprise' },
      status: 200,
      response: {
        ...EXAMPLE_BILLING,
        plan: 'enterprise',
        plan_name: 'Enterprise',
        price_usd: 199,
        period_start: '2026-03-18T09:30:00.000Z',
        period_end: '2026-04-18T09:30:00.000Z',
        calls_included: 2000,
        calls_used: 0,
        calls_left: 2000,
        overage_calls: 0,
        overage_usd: 0,
        budget_left_usd: 25,
      } satisfies Billing,
    },
    {
      name: 'same_plan',
      summary: 'The plan the account is already on',
      body: { plan: 'enterprise' },
      status: 409,
      response: { error: { code: 'conflict', message: 'You are already on the Enterprise plan.' } },
    },
  ],
  'POST /v1/billing/checkout': [
    {
      name: 'checkout',
      summary: 'Stripe Checkout for the Professional plan (with Stripe; the plan changes once it is paid)',
      body: { plan: 'professional' },
      status: 200,
      response: {
        url: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3D4e5F6g7H8',
      } satisfies ProviderPage,
    },
    {
      name: 'unknown_plan',
      summary: 'A plan that is not sold',
      body: { plan: 'gold' },
      status: 400,
      response: {
        error: {
          code: 'validation_failed',
          message: 'plan: Choose starter, professional or enterprise',
          details: [{ field: 'plan', message: 'Choose starter, professional or enterprise' }],
        },
      },
    },
  ],
  'POST /v1/billing/portal': [
    {
      name: 'portal',
      summary: 'The Stripe Customer Portal (with Stripe, once the account has paid)',
      status: 200,
      response: { url: 'https://billing.stripe.com/p/session/test_YWNjdF8xUGJ4' } satisfies ProviderPage,
    },
  ],
  'GET /v1/billing/invoices': [
    {
      name: 'invoices',
      summary: 'Stripe’s invoices and receipts, newest first',
      status: 200,
      response: {
        data: [
          {
            id: 'in_1PbXq2Lk9sT4uV7w',
            number: 'CW-0001',
            status: 'paid',
            amount_usd: 79,
            amount_paid_usd: 79,
            description: 'Callwise Professional',
            created_at: '2026-03-03T09:30:00.000Z',
            invoice_url: 'https://invoice.stripe.com/i/acct_1PbX/test_YWNjdF8x',
            pdf_url: 'https://pay.stripe.com/invoice/acct_1PbX/test_YWNjdF8x/pdf',
          },
        ],
      } satisfies InvoiceList,
    },
  ],
  'PATCH /v1/billing/budget': [
    {
      name: 'cap',
      summary: 'Spend at most $25 a month on extra calls',
      body: { monthly_budget_usd: 25 },
      status: 200,
      response: EXAMPLE_BILLING,
    },
    {
      name: 'negative',
      summary: 'A budget below zero',
      body: { monthly_budget_usd: -5 },
      status: 400,
      response: {
        error: {
          code: 'validation_failed',
          message: 'monthly_budget_usd: The budget cannot be negative',
          details: [{ field: 'monthly_budget_usd', message: 'The budget cannot be negative' }],
        },
      },
    },
  ],
  'GET /v1/billing/charges': [
    {
      name: 'charges',
      summary: 'The billing history, newest first',
      query: { limit: 25 },
      status: 200,
      response: {
        data: [
          {
            id: 'b7c8d9e0-f1a2-4b3c-8d4e-5f6a7b8c9d01',
            kind: 'subscription',
            description: 'Professional plan, Mar 3, 2026 – Apr 3, 2026',
            amount_usd: 79,
            call_id: null,
            provider_ref: 'local_5f1c9a2b7e3d4c60',
            created_at: '2026-03-03T09:30:00.000Z',
          },
        ],
        next_cursor: null,
      } satisfies ChargeList,
    },
  ],
  'GET /v1/billing/estimate': [
    {
      name: 'estimate',
      summary: 'What three more calls would cost',
      query: { calls: 3 },
      status: 200,
      response: {
        calls: 3,
        included_left: 497,
        overage_calls: 0,
        overage_usd: 0,
        budget_left_usd: null,
        allowed: true,
        message: 'Included in your plan (497 left this month)',
      } satisfies Estimate,
    },
  ],
};
