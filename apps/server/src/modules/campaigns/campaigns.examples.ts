import type { Campaign, CampaignDetail } from '@callwise/shared/schemas/campaigns';
import { EXAMPLE_IDS, notFoundExample, operationExamples, pageOf } from '../../http/operation-examples.ts';

/**
 * A campaign of two contacts with one call waiting (test/openapi-example-account.ts inserts it with that call):
 * Tom Becker was skipped, having agreed to no calls.
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

/** The examples of each operation, beside its route in campaigns.routes.ts. */
export const CAMPAIGNS_EXAMPLES = operationExamples({
  /** GET /v1/campaigns */
  listCampaigns: [
    {
      name: 'list',
      summary: 'The campaigns, newest first, with their progress',
      status: 200,
      response: pageOf([listedCampaign(EXAMPLE_CAMPAIGN), listedCampaign(EXAMPLE_PAUSED_CAMPAIGN)]),
    },
  ],
  /** POST /v1/campaigns */
  createCampaign: [
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
  /** GET /v1/campaigns/{id} */
  getCampaign: [
    {
      name: 'campaign',
      summary: 'A campaign with its progress and the contact it skipped',
      params: { id: EXAMPLE_IDS.campaign },
      status: 200,
      response: EXAMPLE_CAMPAIGN,
    },
    notFoundExample('Campaign', 'An id that is not one of your campaigns'),
  ],
  /** POST /v1/campaigns/{id}/pause */
  pauseCampaign: [
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
  /** POST /v1/campaigns/{id}/resume */
  resumeCampaign: [
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
  /** POST /v1/campaigns/{id}/cancel */
  cancelCampaign: [
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
});
