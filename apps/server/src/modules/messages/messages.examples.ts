import type { Message } from '@callwise/shared/schemas/messages';
import {
  EXAMPLE_IDS,
  fieldError,
  notFoundExample,
  operationExamples,
  pageOf,
} from '../../http/operation-examples.ts';

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

/** The examples of each operation, beside its route in messages.routes.ts. */
export const MESSAGES_EXAMPLES = operationExamples({
  /** GET /v1/messages */
  listTextMessages: [
    {
      name: 'conversation',
      summary: 'The texts with one number, newest first',
      query: { phone: '(202) 555-0143', limit: 25 },
      status: 200,
      response: pageOf([EXAMPLE_REPLY, EXAMPLE_MESSAGE]),
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
  /** GET /v1/messages/threads */
  listConversations: [
    {
      name: 'conversations',
      summary: 'One row per number, the latest conversation first',
      query: { limit: 25 },
      status: 200,
      response: pageOf([
        {
          phone: '+12025550143',
          contact_id: EXAMPLE_IDS.contact,
          contact_name: 'Maria Garcia',
          last_message: EXAMPLE_REPLY,
          message_count: 2,
        },
      ]),
    },
  ],
  /** GET /v1/messages/{id} */
  getTextMessage: [
    {
      name: 'delivered',
      summary: 'A text the phone has',
      params: { id: EXAMPLE_IDS.message },
      status: 200,
      response: EXAMPLE_MESSAGE,
    },
    notFoundExample('Message', 'No such text in this account', 'missing'),
  ],
  /** POST /v1/messages */
  sendTextMessage: [
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
});
