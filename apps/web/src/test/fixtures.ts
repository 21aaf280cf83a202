import { CALL_OUTCOMES } from '@callwise/shared/calls';
import { type Appointment, appointmentSchema } from '@callwise/shared/schemas/appointments';
import {
  type BookingSettingsResponse,
  bookingSettingsSchema,
  DEFAULT_BOOKING_SETTINGS,
} from '@callwise/shared/schemas/booking';
import { type CallingRules, callingRulesSchema } from '@callwise/shared/schemas/calling-rules';
import { type Call, callSchema } from '@callwise/shared/schemas/calls';
import { type CampaignDetail, campaignDetailSchema } from '@callwise/shared/schemas/campaigns';
import { type ContactImport, contactImportSchema } from '@callwise/shared/schemas/contact-imports';
import { type Contact, contactSchema } from '@callwise/shared/schemas/contacts';
import { type Me, meSchema } from '@callwise/shared/schemas/me';
import { type Script, scriptSchema } from '@callwise/shared/schemas/scripts';
import { voiceListSchema } from '@callwise/shared/schemas/voices';
import { VOICES } from '@callwise/shared/voices';
import type { z } from 'zod';
import { TEST_USER } from '@/test/session';

/*
 * Answers of the API for the component tests, each built from defaults and a test's overrides and parsed with the
 * shared response schema: a fixture the real API could not send fails where it is made.
 */

/** `schema.parse(defaults + overrides)`, with a message saying which fixture is wrong. */
export function build<S extends z.ZodType>(name: string, schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`Fixture ${name} does not match its schema:\n${parsed.error.message}`);
  return parsed.data;
}

/** Ids that are valid UUIDs, readable in a failure: `id(1)` → `00000000-0000-4000-8000-000000000001`. */
export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const CREATED = '2026-01-10T15:00:00.000Z';

export function callingRules(overrides: Partial<CallingRules> = {}): CallingRules {
  return build('callingRules', callingRulesSchema, {
    calling_window_start: '08:00',
    calling_window_end: '21:00',
    daily_call_cap: 2,
    disclosure: 'This is an automated call from {{business_name}}.',
    business_name: 'Sunny Dental',
    ...overrides,
  });
}

export function voices() {
  return build('voices', voiceListSchema, {
    data: VOICES.map((voice) => ({ ...voice, available: true })),
    provider: 'espeak',
  });
}

export function contact(overrides: Partial<Contact> = {}): Contact {
  return build('contact', contactSchema, {
    id: id(101),
    name: 'Maria Lopez',
    first_name: 'Maria',
    last_name: 'Lopez',
    phone: '+12025550143',
    email: 'maria@example.com',
    company: '',
    tags: [],
    timezone: 'America/New_York',
    consent: 'informational',
    consent_at: CREATED,
    consent_source: 'Signed the intake form',
    consent_recorded_by: null,
    existing_customer: true,
    created_at: CREATED,
    updated_at: CREATED,
    ...overrides,
  });
}

export function script(overrides: Partial<Script> = {}): Script {
  return build('script', scriptSchema, {
    id: id(201),
    title: 'Cleaning reminder',
    content: 'Hi {{first_name}}, your cleaning is on {{date}}.',
    category: 'Reminder',
    variables: ['first_name', 'date'],
    created_at: CREATED,
    updated_at: CREATED,
    ...overrides,
  });
}

export function call(overrides: Partial<Call> = {}): Call {
  return build('call', callSchema, {
    id: id(301),
    contact_id: null,
    script_id: null,
    recipient_name: 'Maria Lopez',
    phone: '+12025550143',
    call_type: 'custom',
    direction: 'outbound',
    message: 'Hello',
    script: 'Hello',
    voice: 'aria',
    scheduled_at: '2026-12-01T15:00:00.000Z',
    requested_at: null,
    timezone: 'America/New_York',
    schedule_note: null,
    campaign_id: null,
    appointment_id: null,
    status: 'scheduled',
    outcome: null,
    attempts: 0,
    started_at: null,
    ended_at: null,
    duration: null,
    cost: null,
    recording_url: null,
    callback_url: null,
    estimated_duration: null,
    answered_by: null,
    failure_reason: null,
    transcript: null,
    created_at: CREATED,
    needs_attention: false,
    handled_at: null,
    ...overrides,
  });
}

export function me(overrides: Partial<Me> = {}): Me {
  return build('me', meSchema, {
    id: TEST_USER.id,
    email: TEST_USER.email,
    first_name: TEST_USER.firstName,
    last_name: TEST_USER.lastName,
    business_name: TEST_USER.businessName,
    phone_number: '+12025550100',
    account: { id: id(1), name: TEST_USER.businessName, plan: 'starter' },
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
    ...overrides,
  });
}

export function appointment(overrides: Partial<Appointment> = {}): Appointment {
  return build('appointment', appointmentSchema, {
    id: id(401),
    contact_id: id(101),
    starts_at: '2026-12-02T14:00:00.000Z',
    ends_at: '2026-12-02T14:30:00.000Z',
    duration_minutes: 30,
    timezone: 'UTC',
    service: 'Cleaning',
    staff: 'Dr. Kim',
    location: null,
    notes: null,
    source: 'manual',
    external_id: null,
    status: 'scheduled',
    rescheduled_to: null,
    rescheduled_from: null,
    self_service_url: 'http://localhost:3000/a/signed-link',
    created_at: CREATED,
    updated_at: CREATED,
    ...overrides,
  });
}

export function bookingSettings(overrides: Partial<BookingSettingsResponse> = {}): BookingSettingsResponse {
  return build('bookingSettings', bookingSettingsSchema, {
    ...DEFAULT_BOOKING_SETTINGS,
    timezone: 'UTC',
    updated_at: null,
    ...overrides,
  });
}

export function contactImport(overrides: Partial<ContactImport> = {}): ContactImport {
  return build('contactImport', contactImportSchema, {
    id: id(501),
    status: 'queued',
    file_name: 'clients.csv',
    duplicates: 'skip',
    consent_default: 'informational',
    total_rows: 0,
    processed_rows: 0,
    created: 0,
    merged: 0,
    skipped: 0,
    failed: 0,
    errors: [],
    created_at: CREATED,
    finished_at: null,
    ...overrides,
  });
}

export function campaignDetail(overrides: Partial<CampaignDetail> = {}): CampaignDetail {
  return build('campaignDetail', campaignDetailSchema, {
    id: id(601),
    name: 'December reminders',
    script_id: id(201),
    script_title: 'Cleaning reminder',
    call_type: 'appointment-reminder',
    voice: 'aria',
    status: 'active',
    state: 'scheduled',
    starts_at: '2026-12-01T15:00:00.000Z',
    pace_per_hour: null,
    requested: 2,
    skipped_count: 0,
    progress: { total: 2, pending: 2, in_progress: 0, completed: 0, failed: 0, canceled: 0 },
    outcomes: Object.fromEntries(CALL_OUTCOMES.map((outcome) => [outcome, 0])),
    next_call_at: '2026-12-01T15:00:00.000Z',
    last_call_at: '2026-12-01T15:00:00.000Z',
    created_at: CREATED,
    updated_at: CREATED,
    skipped: [],
    ...overrides,
  });
}
