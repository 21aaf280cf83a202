import type { Appointment } from '@callwise/shared/schemas/appointments';
import { deletedExample, EXAMPLE_IDS, operationExamples, pageOf } from '../../http/operation-examples.ts';

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

/** The examples of each operation, beside its route in appointments.routes.ts. */
export const APPOINTMENTS_EXAMPLES = operationExamples({
  /** GET /v1/appointments */
  listAppointments: [
    {
      name: 'week',
      summary: 'A week’s appointments of one staff member',
      query: { from: '2026-11-30T00:00:00-05:00', to: '2026-12-07T00:00:00-05:00', staff: 'Dr. Patel' },
      status: 200,
      response: pageOf([EXAMPLE_APPOINTMENT]),
    },
  ],
  /** POST /v1/appointments */
  bookAppointment: [
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
  /** POST /v1/appointments/batch */
  bookManyAppointments: [
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
  /** GET /v1/appointments/{id} */
  getAppointment: [
    {
      name: 'appointment',
      summary: 'An appointment',
      params: { id: EXAMPLE_IDS.appointment },
      status: 200,
      response: EXAMPLE_APPOINTMENT,
    },
  ],
  /** GET /v1/appointments/{id}/reminders */
  appointmentReminderTimeline: [
    {
      name: 'none',
      summary: 'Nothing planned (the appointment was booked outside the API)',
      params: { id: EXAMPLE_IDS.appointment },
      status: 200,
      response: { data: [] },
    },
  ],
  /** PATCH /v1/appointments/{id} */
  changeAppointment: [
    {
      name: 'notes',
      summary: 'Add a note',
      params: { id: EXAMPLE_IDS.appointment },
      body: { notes: 'Prefers the morning hygienist.' },
      status: 200,
      response: { ...EXAMPLE_APPOINTMENT, notes: 'Prefers the morning hygienist.' },
    },
  ],
  /** POST /v1/appointments/{id}/confirm */
  confirmAppointment: [
    {
      name: 'confirm',
      summary: 'Confirm it',
      params: { id: EXAMPLE_IDS.appointment },
      status: 200,
      response: { ...EXAMPLE_APPOINTMENT, status: 'confirmed' },
    },
  ],
  /** POST /v1/appointments/{id}/cancel */
  cancelAppointment: [
    {
      name: 'cancel',
      summary: 'Cancel it (its slot is free again)',
      params: { id: EXAMPLE_IDS.appointment },
      status: 200,
      response: { ...EXAMPLE_APPOINTMENT, status: 'cancelled' },
    },
  ],
  /** POST /v1/appointments/{id}/reschedule */
  rescheduleAppointment: [
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
  /** DELETE /v1/appointments/{id} */
  deleteAppointment: [deletedExample('delete', 'Delete it', EXAMPLE_IDS.appointment)],
});
