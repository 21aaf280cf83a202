import {
  type BookingSettings,
  type BookingSettingsResponse,
  DEFAULT_BOOKING_SETTINGS,
} from '@callwise/shared/schemas/booking';
import { fieldError, operationExamples } from '../../http/operation-examples.ts';

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

/** The booking settings as answered: the ones above, in the account's time zone. */
export const EXAMPLE_BOOKING_SETTINGS: BookingSettingsResponse = {
  ...DEFAULT_BOOKING_SETTINGS,
  ...EXAMPLE_BOOKING_SETTINGS_INPUT,
  timezone: 'America/New_York',
  updated_at: '2026-11-20T10:00:00.000Z',
};

/** The examples of each operation, beside its route in booking.routes.ts. */
export const BOOKING_EXAMPLES = operationExamples({
  /** GET /v1/booking-settings */
  getBookingSettings: [
    {
      name: 'settings',
      summary: 'The defaults of an account that never changed them',
      status: 200,
      response: { ...DEFAULT_BOOKING_SETTINGS, timezone: 'America/New_York', updated_at: null },
    },
  ],
  /** PUT /v1/booking-settings */
  replaceBookingSettings: [
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
  /** GET /v1/availability */
  openSlots: [
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
});
