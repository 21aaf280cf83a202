import { encodeCursor } from '@callwise/db/queries/cursor';
import { KEY_MENU } from '@callwise/shared/call-prompt';
import type { Call } from '@callwise/shared/schemas/calls';
import {
  deletedExample,
  EXAMPLE_IDS,
  fieldError,
  notFound,
  notFoundExample,
  operationExamples,
  pageOf,
} from '../../http/operation-examples.ts';

/** The callback_url of the examples' calls. */
export const WEBHOOK = 'https://example.com/webhooks/callwise';

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

/** What the list's cursor looks like: the position after EXAMPLE_SCHEDULED_CALL. */
export const EXAMPLE_CURSOR = encodeCursor({ at: '2026-03-01 18:10:00+00', id: EXAMPLE_IDS.scheduledCall });

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

/** The message of the examples that schedule calls, and how it is spoken to a number without a name. */
const SPEC_MESSAGE = 'Hi {{name}}, this is Harbor Dental reminding you of your cleaning tomorrow at 10 AM.';
const SPEC_SPOKEN = 'Hi there, this is Harbor Dental reminding you of your cleaning tomorrow at 10 AM.';

/** The Idempotency-Key of the examples that send one. */
const IDEMPOTENCY_KEY = '7d4f1c2e-9a3b-4e8f-b1c6-2d5e8f0a9b13';

/** The first line of the call history's CSV. */
const CALL_CSV_HEADER =
  'date,status,outcome,recipient,phone,call_type,voice,duration_seconds,cost_usd,attempts,message,id,scheduled_at,placed_at,ended_at,created_at,campaign_id,needs_attention,handled_at';

/** The examples of each operation, beside its route in calls.routes.ts. */
export const CALLS_EXAMPLES = operationExamples({
  /** GET /v1/calls */
  listCalls: [
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
      response: pageOf([EXAMPLE_RINGING_CALL]),
    },
    {
      name: 'completed_for_a_name',
      summary: 'Completed calls to someone named Garcia',
      query: { status: 'completed', q: 'garcia' },
      status: 200,
      response: pageOf([EXAMPLE_CALL]),
    },
    {
      name: 'needs_attention',
      summary: 'The calls to follow up: here one whose callee asked to reschedule',
      query: { view: 'needs_attention' },
      status: 200,
      response: pageOf([EXAMPLE_RESCHEDULE_CALL]),
    },
    {
      name: 'bad_cursor',
      summary: 'A cursor that did not come from a page',
      query: { cursor: 'page-2' },
      status: 400,
      response: fieldError('cursor', 'is not a cursor from a previous page'),
    },
  ],
  /** POST /v1/calls */
  scheduleCall: [
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
  /** POST /v1/calls/batch */
  scheduleSeveralCalls: [
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
  /** GET /v1/calls/summary */
  summarizeCalls: [
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
  /** GET /v1/calls/export.csv */
  downloadCallHistoryAsCsv: [
    {
      name: 'completed',
      summary: 'Completed calls as CSV',
      query: { status: 'completed' },
      status: 200,
      response: `${CALL_CSV_HEADER}\r\n${EXAMPLE_CALL.scheduled_at},completed,confirmed,Maria Garcia,+12025550143,appointment-reminder,aria,27,0.05,1,${spoken},${EXAMPLE_IDS.call},${EXAMPLE_CALL.scheduled_at},2026-03-02T15:00:01.000Z,${EXAMPLE_CALL.ended_at},${EXAMPLE_CALL.created_at},,false,\r\n`,
    },
  ],
  /** POST /v1/calls/{id}/handled */
  markCallHandled: [
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
  /** DELETE /v1/calls/{id}/handled */
  markCallNotHandled: [
    {
      name: 'undo',
      summary: 'Undo: the call needs attention again',
      params: { id: EXAMPLE_IDS.call },
      status: 200,
      response: EXAMPLE_RESCHEDULE_CALL,
    },
  ],
  /** POST /v1/calls/{id}/cancel */
  cancelCall: [
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
  /** PATCH /v1/calls/{id} */
  changeCall: [
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
  /** GET /v1/calls/{id}/recording */
  downloadCallRecording: [
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
  /** DELETE /v1/calls/{id}/recording */
  deleteCallRecording: [deletedExample('delete', 'Delete a recording early', EXAMPLE_IDS.call)],
  /** GET /v1/calls/{id}/attempts */
  listCallAttempts: [
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
    notFoundExample('Call', 'An id that is not one of your calls'),
  ],
  /** GET /v1/calls/{id} */
  getCall: [
    {
      name: 'completed',
      summary: 'A completed call',
      params: { id: EXAMPLE_IDS.call },
      status: 200,
      response: EXAMPLE_CALL,
    },
    notFoundExample('Call', 'An id that is not one of your calls'),
    {
      name: 'not_an_id',
      summary: 'Something that is not an id',
      params: { id: '42' },
      status: 400,
      response: fieldError('id', 'is not a call id'),
    },
  ],
});
