import type { AppointmentRow } from '@callwise/db/schema';
import { spokenDateAndTime } from '@callwise/shared/calling-window';

/**
 * What a call about an appointment may say of it, for its {{variables}}: {{date}} ("Tuesday, December 1") and
 * {{time}} ("3:00 PM") in the business's time zone, and {{service}}, {{staff}}, {{location}} when it has them.
 */
export function appointmentValues(
  appointment: Pick<AppointmentRow, 'startsAt' | 'service' | 'staff' | 'location'>,
  timeZone: string,
): Record<string, string> {
  const values: Record<string, string> = spokenDateAndTime(appointment.startsAt, timeZone);
  if (appointment.service) values.service = appointment.service;
  if (appointment.staff) values.staff = appointment.staff;
  if (appointment.location) values.location = appointment.location;
  return values;
}
