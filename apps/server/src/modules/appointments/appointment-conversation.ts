import type { Database } from '@callwise/db/client';
import { getAppointment, nextAppointmentOf } from '@callwise/db/queries/appointments';
import type { AppointmentRow } from '@callwise/db/schema';
import { isOpenAt } from '@callwise/shared/schemas/assistant';
import type { BusinessGoal } from '../../engine/index.ts';
import { appointmentValues } from './appointment-values.ts';
import { bookingSettingsOf } from './booking-settings.ts';

/** An appointment as the assistant says it: "your cleaning on Thursday, December 4 at 3:00 PM". */
export function spokenAppointment(appointment: AppointmentRow, timezone: string): string {
  const { date, time } = appointmentValues(appointment, timezone);
  const what = appointment.service?.trim() ? appointment.service.trim().toLowerCase() : 'appointment';
  return `your ${what} on ${date} at ${time}`;
}

/**
 * What the call engine's conversation asks of the appointments (decision 026): an appointment in words, a
 * caller's next appointment, and whether the business is open now (its booking hours and closures).
 */
export class AppointmentConversation implements BusinessGoal {
  constructor(private readonly deps: { db: Database }) {}

  async aboutAppointment(accountId: string, appointmentId: string, timezone: string): Promise<string | null> {
    const appointment = await getAppointment(this.deps.db, accountId, appointmentId);
    return appointment ? spokenAppointment(appointment, timezone) : null;
  }

  async nextAppointment(accountId: string, contactId: string, after: Date, timezone: string) {
    const appointment = await nextAppointmentOf(this.deps.db, accountId, contactId, after);
    return appointment ? { id: appointment.id, about: spokenAppointment(appointment, timezone) } : null;
  }

  async isOpen(accountId: string, at: Date, timezone: string): Promise<boolean> {
    const { settings } = await bookingSettingsOf(this.deps.db, accountId);
    return isOpenAt(settings, at, timezone);
  }
}
