import { ACCOUNT_WEBHOOK_EVENTS, type WebhookDelivery } from '@callwise/shared/schemas/webhooks';
import {
  EXAMPLE_IDS,
  fieldError,
  notFoundExample,
  operationExamples,
} from '../../http/operation-examples.ts';
import { WEBHOOK } from '../calls/calls.examples.ts';

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

/** The examples of each operation, beside its route in webhooks.routes.ts. */
export const WEBHOOKS_EXAMPLES = operationExamples({
  /** GET /v1/calls/{id}/webhook-deliveries */
  listCallWebhookDeliveries: [
    {
      name: 'deliveries',
      summary: 'The deliveries of a call’s status changes to its callback_url',
      params: { id: EXAMPLE_IDS.call },
      status: 200,
      response: { data: [EXAMPLE_DELIVERY] },
    },
    notFoundExample('Call', 'An id that is not one of your calls'),
  ],
  /** GET /v1/webhooks/endpoint */
  getAccountWebhookUrl: [
    {
      name: 'none',
      summary: 'No webhook URL yet',
      status: 200,
      response: { url: null, events: [...ACCOUNT_WEBHOOK_EVENTS] },
    },
  ],
  /** PUT /v1/webhooks/endpoint */
  setAccountWebhookUrl: [
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
  /** GET /v1/webhooks/secret */
  getWebhookSigningSecret: [
    {
      name: 'secret',
      summary: 'The signing secret',
      status: 200,
      response: { secret: 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD5Fm6gzPrN9E=' },
    },
  ],
  /** POST /v1/webhooks/secret/rotate */
  rotateWebhookSigningSecret: [
    {
      name: 'rotate',
      summary: 'A new secret; the old one stops signing at once',
      status: 200,
      response: { secret: 'whsec_9tDf0OqnJ3k5ZbHrYvXw2mPa8sLcE1uGiN7hB4oQx6M=' },
    },
  ],
});
