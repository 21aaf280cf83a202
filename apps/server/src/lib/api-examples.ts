import { encodeCursor } from '@callwise/db/queries/cursor';
import type { ApiKey, CreatedApiKey } from '@callwise/shared/schemas/api-keys';
import type { Call } from '@callwise/shared/schemas/calls';
import type { ContactImport } from '@callwise/shared/schemas/contact-imports';
import type { Contact } from '@callwise/shared/schemas/contacts';
import type { Script } from '@callwise/shared/schemas/scripts';
import { KEY_MENU } from '../providers/dialogue/dialogue.ts';

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
  /** An id that is nowhere (or in another account: the answer is the same). */
  missing: '0b0b0b0b-0000-4000-8000-000000000404',
} as const;

const WEBHOOK = 'https://example.com/webhooks/callwise';

export const EXAMPLE_CONTACT: Contact = {
  id: EXAMPLE_IDS.contact,
  name: 'Maria Garcia',
  phone: '+12025550143',
  email: 'maria@example.com',
  company: 'Garcia Bakery',
  tags: ['vip'],
  timezone: 'America/New_York',
  consent: 'informational',
  consent_at: '2026-01-05T14:00:00.000Z',
  consent_source: 'Signed the intake form',
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

const spoken = 'Hi Maria Garcia, this is Harbor Dental reminding you of your cleaning on Friday at 10 AM.';

/** A completed call with its answer, transcript and recording. */
export const EXAMPLE_CALL: Call = {
  id: EXAMPLE_IDS.call,
  contact_id: EXAMPLE_IDS.contact,
  script_id: EXAMPLE_IDS.script,
  recipient_name: 'Maria Garcia',
  phone: '+12025550143',
  call_type: 'appointment-reminder',
  message: spoken,
  script: spoken,
  voice: 'aria',
  scheduled_at: '2026-03-02T15:00:00.000Z',
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
  'date,status,outcome,recipient,phone,call_type,voice,duration_seconds,cost_usd,attempts,message,id';
const CONTACT_CSV_HEADER =
  'name,phone,email,company,tags,timezone,consent,consent_at,consent_source,created_at';

/** The examples of each operation, by "METHOD /path" as in the document. */
export const API_EXAMPLES: Record<string, OperationExample[]> = {
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
        data: [
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
        success_rate: 33,
        average_duration: 27,
        total_cost: 0.05,
      },
    },
  ],
  'GET /v1/calls/export.csv': [
    {
      name: 'completed',
      summary: 'Completed calls as CSV',
      query: { status: 'completed' },
      status: 200,
      response: `${CALL_CSV_HEADER}\r\n${EXAMPLE_CALL.created_at},completed,confirmed,Maria Garcia,+12025550143,appointment-reminder,aria,27,0.05,1,${spoken},${EXAMPLE_IDS.call}\r\n`,
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
      response: `${CONTACT_CSV_HEADER}\r\nMaria Garcia,+12025550143,maria@example.com,Garcia Bakery,vip,America/New_York,informational,2026-01-05T14:00:00.000Z,Signed the intake form,2026-01-05T14:00:00.000Z\r\n`,
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
        account: { id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', name: 'Harbor Dental', plan: 'professional' },
        notifications: { email_notifications: true, call_summaries: true, failure_alerts: true },
        carrier: 'simulator',
      },
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
        account: { id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', name: 'Harbor Dental', plan: 'professional' },
        notifications: { email_notifications: true, call_summaries: false, failure_alerts: true },
        carrier: 'simulator',
      },
    },
  ],
  'GET /v1/dashboard': [
    {
      name: 'dashboard',
      summary: 'The dashboard’s numbers',
      status: 200,
      response: {
        total_calls: 3,
        success_rate: 33,
        average_duration: 27,
        contacts: 2,
        usage: { plan: 'professional', used: 3, included: 500, remaining: 497, percent: 1 },
        recent_calls: [EXAMPLE_CALL],
        daily: [{ date: '2026-03-01', completed: 1, failed: 0, other: 2 }],
      },
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
};
