import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import { getAppointment, isSlotTaken } from '@callwise/db/queries/appointments';
import {
  adoptExternalId,
  findAppointmentByExternalId,
  findContactByEmail,
} from '@callwise/db/queries/calendar-connections';
import { createContact, findContactByPhone } from '@callwise/db/queries/contacts';
import { isUniqueViolation } from '@callwise/db/queries/cursor';
import type { AppointmentRow } from '@callwise/db/schema';
import { type CountryCode, normalizePhone, timezoneForPhone } from '@callwise/shared/phone';
import { SLOT_HOLDING_STATUSES } from '@callwise/shared/schemas/appointments';
import type { Logger } from '../../../infra/logger.ts';
import type { AppointmentService } from '../appointments.service.ts';
import type { CalBookingEvent } from './calcom.ts';
import type { IcsEvent } from './ics.ts';

/**
 * Applies what a calendar says (an ICS feed or file, a Cal.com webhook) to the account's appointments, by the
 * event's id in the source (decision 016). Every write goes through the AppointmentService, so the reminder calls
 * follow. The source is the record for time and existence; a clash with another appointment is skipped and
 * reported, never overwritten.
 */

export type CalendarSource = 'ics' | 'calcom' | 'google';

const SOURCE_NAMES: Record<CalendarSource, string> = {
  ics: 'ICS calendar',
  calcom: 'Cal.com',
  google: 'Google Calendar',
};

/** One event of a calendar, whatever the source. */
export interface ExternalEvent {
  externalId: string;
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
  title: string | null;
  location: string | null;
  description: string | null;
  attendee: { name: string | null; email: string | null; phone: string | null };
}

export interface SyncSummary {
  created: number;
  updated: number;
  cancelled: number;
  unchanged: number;
  skipped: Array<{ external_id: string; reason: string }>;
}

export const emptySummary = (): SyncSummary => ({
  created: 0,
  updated: 0,
  cancelled: 0,
  unchanged: 0,
  skipped: [],
});

const HOLDING: readonly string[] = SLOT_HOLDING_STATUSES;
const SLOT_TAKEN_REASON = 'overlaps another appointment of the same staff member';
const NOTES_MAX = 2000;
const LOCATION_MAX = 300;
const NAME_MAX = 200;

const clip = (text: string | null | undefined, max: number) => {
  const value = text?.trim();
  if (!value) return null;
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
};

/** What an appointment keeps of an event's words: its title, then its description. */
function notesOf(event: ExternalEvent): string | null {
  return clip([event.title, event.description].filter(Boolean).join('\n\n'), NOTES_MAX);
}

export function fromIcsEvent(event: IcsEvent): ExternalEvent {
  return {
    externalId: event.externalId,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    cancelled: event.cancelled,
    title: event.summary,
    location: event.location,
    description: event.description,
    attendee: { name: event.attendeeName, email: event.attendeeEmail, phone: event.phone },
  };
}

export function fromCalBooking(event: CalBookingEvent): ExternalEvent {
  return {
    externalId: event.uid,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    cancelled: event.trigger === 'cancelled',
    title: event.title,
    location: event.location,
    description: event.notes,
    attendee: {
      name: event.attendee?.name ?? null,
      email: event.attendee?.email ?? null,
      phone: event.attendee?.phone ?? null,
    },
  };
}

/** The connection events come through: its new appointments are its staff member's and remember it. */
export interface SyncConnection {
  id: string;
  /** '' for the business as a whole. */
  staff: string;
}

/** What the calendar itself did is not written back to it (decision 022). */
const FROM_CALENDAR = { fromCalendar: true } as const;

export interface CalendarSyncDeps {
  db: Database;
  appointments: AppointmentService;
  log: Pick<Logger, 'info' | 'warn'>;
}

export class CalendarSync {
  constructor(private readonly deps: CalendarSyncDeps) {}

  /**
   * Applies a list of events. `gone` (an ICS subscription's sync): the ids this connection read last time and
   * the horizon it reads; those no longer in the list whose appointment starts inside the horizon are cancelled.
   */
  async apply(
    accountId: string,
    source: CalendarSource,
    events: readonly ExternalEvent[],
    options: {
      gone?: { previous: readonly string[]; from: Date; to: Date };
      connection?: SyncConnection;
    } = {},
  ): Promise<SyncSummary> {
    const summary = emptySummary();
    const country = await this.countryOf(accountId);
    const seen = new Set<string>();
    for (const event of events) {
      if (seen.has(event.externalId)) continue;
      seen.add(event.externalId);
      await this.applyOne(accountId, source, event, country, summary, options.connection);
    }
    if (options.gone) {
      const { previous, from, to } = options.gone;
      for (const externalId of previous) {
        if (seen.has(externalId)) continue;
        const current = await this.currentOf(accountId, source, externalId);
        if (!current || !HOLDING.includes(current.status)) continue;
        if (current.startsAt < from || current.startsAt >= to) continue;
        if (
          await this.deps.appointments.changeStatus(
            accountId,
            current.id,
            HOLDING,
            'cancelled',
            FROM_CALENDAR,
          )
        ) {
          summary.cancelled++;
        }
      }
    }
    return summary;
  }

  /** A Cal.com booking event: created, rescheduled (found by the booking it replaced) or cancelled. */
  async applyCalBooking(
    accountId: string,
    booking: CalBookingEvent,
    connection?: SyncConnection,
  ): Promise<SyncSummary> {
    const event = fromCalBooking(booking);
    if (booking.trigger !== 'rescheduled' || !booking.previousUid) {
      return this.apply(accountId, 'calcom', [event], connection ? { connection } : {});
    }
    const summary = emptySummary();
    const country = await this.countryOf(accountId);
    // Already applied (a replay), or the previous booking is unknown here: the new uid on its own.
    const already = await this.currentOf(accountId, 'calcom', booking.uid);
    const previous = already ? undefined : await this.currentOf(accountId, 'calcom', booking.previousUid);
    if (!previous || !HOLDING.includes(previous.status)) {
      await this.applyOne(accountId, 'calcom', event, country, summary, connection);
      return summary;
    }
    if (
      previous.startsAt.getTime() === event.startsAt.getTime() &&
      previous.endsAt.getTime() === event.endsAt.getTime()
    ) {
      // Our own move, written back (decision 022): Cal.com's new booking is the appointment already there.
      await adoptExternalId(this.deps.db, accountId, previous.id, booking.uid);
      summary.unchanged++;
      return summary;
    }
    await this.move(accountId, previous, event, summary);
    return summary;
  }

  private async applyOne(
    accountId: string,
    source: CalendarSource,
    event: ExternalEvent,
    country: CountryCode,
    summary: SyncSummary,
    connection?: SyncConnection,
  ) {
    const current = await this.currentOf(accountId, source, event.externalId);
    if (!current) {
      if (event.cancelled) {
        summary.unchanged++;
        return;
      }
      const contactId = await this.contactFor(accountId, source, event, country);
      try {
        await this.deps.appointments.create(accountId, {
          contactId,
          startsAt: event.startsAt,
          endsAt: event.endsAt,
          location: clip(event.location, LOCATION_MAX),
          notes: notesOf(event),
          source,
          externalId: event.externalId,
          staff: connection?.staff ?? '',
          calendarConnectionId: connection?.id ?? null,
        });
        summary.created++;
      } catch (error) {
        if (isSlotTaken(error))
          summary.skipped.push({ external_id: event.externalId, reason: SLOT_TAKEN_REASON });
        // Created meanwhile by a concurrent sync of the same event: nothing more to do.
        else if (isUniqueViolation(error)) summary.unchanged++;
        else throw error;
      }
      return;
    }
    // Closed on our side (cancelled, completed, no-show): kept as it is.
    if (!HOLDING.includes(current.status)) {
      summary.unchanged++;
      return;
    }
    if (event.cancelled) {
      const row = await this.deps.appointments.changeStatus(
        accountId,
        current.id,
        HOLDING,
        'cancelled',
        FROM_CALENDAR,
      );
      if (row) summary.cancelled++;
      else summary.unchanged++;
      return;
    }
    if (
      current.startsAt.getTime() !== event.startsAt.getTime() ||
      current.endsAt.getTime() !== event.endsAt.getTime()
    ) {
      await this.move(accountId, current, event, summary);
      return;
    }
    const patch: { location?: string | null; notes?: string | null; contactId?: string | null } = {};
    const location = clip(event.location, LOCATION_MAX);
    const notes = notesOf(event);
    if (location !== current.location) patch.location = location;
    if (notes !== current.notes) patch.notes = notes;
    if (!current.contactId) {
      const contactId = await this.contactFor(accountId, source, event, country);
      if (contactId) patch.contactId = contactId;
    }
    if (Object.keys(patch).length === 0) {
      summary.unchanged++;
      return;
    }
    await this.deps.appointments.update(accountId, current.id, patch, current);
    summary.updated++;
  }

  /** Moves an appointment to the event's time; the new one takes the event's id. A taken slot skips it. */
  private async move(accountId: string, current: AppointmentRow, event: ExternalEvent, summary: SyncSummary) {
    // The service hands the times on to rescheduleAppointment, which moves the source's id along with them.
    const at = { startsAt: event.startsAt, endsAt: event.endsAt, externalId: event.externalId };
    try {
      const moved = await this.deps.appointments.reschedule(accountId, current, at, FROM_CALENDAR);
      if (moved) summary.updated++;
      else summary.unchanged++;
    } catch (error) {
      if (!isSlotTaken(error)) throw error;
      summary.skipped.push({ external_id: event.externalId, reason: SLOT_TAKEN_REASON });
    }
  }

  /** The appointment an event id stands for now: the one holding it, or what it was moved to since. */
  private async currentOf(accountId: string, source: CalendarSource, externalId: string) {
    let row = await findAppointmentByExternalId(this.deps.db, accountId, source, externalId);
    for (let hops = 0; row?.rescheduledToId && hops < 50; hops++) {
      const next = await getAppointment(this.deps.db, accountId, row.rescheduledToId);
      if (!next) break;
      row = next;
    }
    return row;
  }

  private async countryOf(accountId: string): Promise<CountryCode> {
    return ((await findAccount(this.deps.db, accountId))?.defaultCountry ?? 'US') as CountryCode;
  }

  /**
   * The contact of an event's attendee: matched by phone, then by e-mail; otherwise, with a phone, a new contact
   * marked as an existing customer (someone who booked is one), its provenance the source. Null without either.
   */
  private async contactFor(
    accountId: string,
    source: CalendarSource,
    event: ExternalEvent,
    country: CountryCode,
  ): Promise<string | null> {
    const { db } = this.deps;
    const normalized = event.attendee.phone ? normalizePhone(event.attendee.phone, country) : null;
    const phone = normalized?.ok ? normalized.e164 : null;
    if (phone) {
      const found = await findContactByPhone(db, accountId, phone);
      if (found) return found.id;
    }
    const email = event.attendee.email?.trim().toLowerCase() || null;
    if (email) {
      const found = await findContactByEmail(db, accountId, email);
      if (found) return found.id;
    }
    if (!phone) return null;
    const now = new Date();
    try {
      const contact = await createContact(db, accountId, {
        name: clip(event.attendee.name, NAME_MAX) ?? email ?? phone,
        phone,
        email: email ?? '',
        company: '',
        timezone: timezoneForPhone(phone) ?? null,
        consent: 'none',
        existingCustomer: true,
        consentAt: now,
        consentSource: source,
        consentRecordedBy: SOURCE_NAMES[source],
      });
      return contact.id;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return (await findContactByPhone(db, accountId, phone))?.id ?? null;
    }
  }
}
