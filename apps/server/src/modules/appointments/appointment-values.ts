import type { AppointmentRow } from '@callwise/db/schema';

/**
 * What a call about an appointment may say of it, for its {{variables}}: {{date}} ("Tuesday, December 1") and
 * {{time}} ("3:00 PM") in the business's time zone, and {{service}}, {{staff}}, {{location}} when it has them.
 */
export function appointmentValues(
  appointment: Pick<AppointmentRow, 'startsAt' | 'service' | 'staff' | 'location'>,
  timeZone: string,
): Record<string, string> {
  const { date, time } = formattersFor(timeZone);
  const values: Record<string, string> = {
    date: date.format(appointment.startsAt),
    time: time.format(appointment.startsAt),
  };
  if (appointment.service) values.service = appointment.service;
  if (appointment.staff) values.staff = appointment.staff;
  if (appointment.location) values.location = appointment.location;
  return values;
}

/** A zone's two formatters, made once: making them was most of the cost of a batch of reminders. */
const formatters = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formattersFor(timeZone: string) {
  let found = formatters.get(timeZone);
  if (!found) {
    found = {
      date: new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }),
      time: new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }),
    };
    formatters.set(timeZone, found);
  }
  return found;
}
