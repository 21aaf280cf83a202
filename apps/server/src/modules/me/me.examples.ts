import type { Me } from '@callwise/shared/schemas/me';
import { fieldError, operationExamples } from '../../http/operation-examples.ts';

/** The signed-in owner of Harbor Dental, as GET /v1/me answers. */
export const EXAMPLE_ME: Me = {
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
};

/** The examples of each operation, beside its route in me.routes.ts. */
export const ME_EXAMPLES = operationExamples({
  /** GET /v1/me */
  getSignedInUser: [
    {
      name: 'me',
      summary: 'The signed-in user',
      status: 200,
      response: EXAMPLE_ME,
    },
  ],
  /** PATCH /v1/me */
  changeBusinessProfile: [
    {
      name: 'timezone',
      summary: 'Move the business to Chicago time',
      body: { timezone: 'America/Chicago' },
      status: 200,
      response: { ...EXAMPLE_ME, timezone: 'America/Chicago' },
    },
    {
      name: 'own_phone',
      summary: 'Give your own number, for test calls',
      body: { phone_number: '(202) 555-0143' },
      status: 200,
      response: { ...EXAMPLE_ME, phone_number: '+12025550143' },
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
  /** PATCH /v1/me/notifications */
  changeNotificationSwitches: [
    {
      name: 'no_summaries',
      summary: 'Stop the daily summaries',
      body: { call_summaries: false },
      status: 200,
      response: { ...EXAMPLE_ME, notifications: { ...EXAMPLE_ME.notifications, call_summaries: false } },
    },
  ],
});
