import type { WaitlistEntry } from '@callwise/shared/schemas/waitlist';
import { deletedExample, EXAMPLE_IDS, operationExamples } from '../../http/operation-examples.ts';

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

/** The examples of each operation, beside its route in waitlist.routes.ts. */
export const WAITLIST_EXAMPLES = operationExamples({
  /** GET /v1/waitlist */
  listWaitlist: [
    {
      name: 'waiting',
      summary: 'Who waits',
      status: 200,
      response: { data: [EXAMPLE_WAITLIST_ENTRY] },
    },
  ],
  /** POST /v1/waitlist */
  putContactOnWaitlist: [
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
  /** DELETE /v1/waitlist/{id} */
  takeContactOffWaitlist: [
    deletedExample('remove', 'Take Maria off the waitlist', EXAMPLE_IDS.waitlistEntry),
  ],
  /** GET /v1/waitlist/offers */
  listWaitlistOffers: [{ name: 'none', summary: 'No slot freed yet', status: 200, response: { data: [] } }],
});
