import { randomUUID } from 'node:crypto';
import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import {
  type AppointmentPatch,
  changeAppointmentStatus,
  createAppointment,
  createAppointments,
  deleteAppointment,
  findBookingClashes,
  isSlotTaken,
  type NewAppointment,
  rescheduleAppointment,
  updateAppointment,
} from '@callwise/db/queries/appointments';
import { insertCallsWithBilling } from '@callwise/db/queries/billing';
import { markCalendarOrigin } from '@callwise/db/queries/calendar-connections';
import { cancelAppointmentReminders } from '@callwise/db/queries/call-edits';
import { type ContactRow, getContactsByIds } from '@callwise/db/queries/contacts';
import { isUniqueViolation } from '@callwise/db/queries/cursor';
import type { AppointmentRow } from '@callwise/db/schema';
import { type CallingWindow, previousCallingTime } from '@callwise/shared/calling-window';
import { timezoneForPhone } from '@callwise/shared/phone';
import type { BookingSettings, ReminderRule } from '@callwise/shared/schemas/booking';
import { VOICE_IDS } from '@callwise/shared/voices';
import type { Config } from '../../config.ts';
import type { Logger } from '../../infra/logger.ts';
import type { CallService } from '../calls/calls.service.ts';
import { SLOT_TAKEN_MESSAGE } from './appointment-actions.ts';
import { planAppointmentEmails } from './appointment-emails.ts';
import { bookingSettingsOf, findService } from './booking-settings.ts';

const MINUTE = 60_000;
/** A reminder due sooner than this from now is not worth placing any more. */
const TOO_SOON_MS = MINUTE;

/** The statuses whose appointments get reminders. */
const REMINDED = new Set(['scheduled', 'confirmed', 'reschedule_requested']);

export interface AppointmentServiceDeps {
  db: Database;
  calls: CallService;
  config: Pick<Config, 'CALLING_WINDOW_OVERRIDE'>;
  log: Logger;
  /** Tells this process's dispatcher that a call may be due. */
  onCallsDue?: () => void;
  /** Wakes the appointment-emails job: a move's notice is due now (decision 019). */
  onEmailsDue?: () => void;
  /** Wakes the calendar-writebacks job: a change to a calendar's appointment may be due there (decision 022). */
  onWritebacksDue?: () => void;
}

/**
 * `fromCalendar`: the change is what the appointment's own calendar said (a sync, a Cal.com webhook), so it is not
 * written back to that calendar (decision 022).
 */
export interface WriteOrigin {
  fromCalendar?: boolean;
}

/** When each reminder call of an appointment goes out, by the rules that apply to it. */
export interface PlannedReminder {
  minutesBefore: number;
  at: Date;
}

/**
 * Appointments and their reminders, written together (decision 015): creating, moving, confirming, cancelling or
 * deleting an appointment creates, moves or cancels its reminder calls in the same transaction.
 */
export class AppointmentService {
  constructor(private readonly deps: AppointmentServiceDeps) {}

  /**
   * Books it with its reminders; `confirmed` when the customer chose the time themselves (a waitlist offer taken
   * on the phone): then it needs no reminder to confirm it.
   */
  async create(
    accountId: string,
    values: NewAppointment,
    options: { confirmed?: boolean } = {},
  ): Promise<AppointmentRow> {
    const { db } = this.deps;
    const status = options.confirmed ? 'confirmed' : 'scheduled';
    const appointment = { ...newAppointmentRow(accountId, values), status };
    const reminders = await this.prepareReminders(accountId, appointment);
    const row = await db.transaction(async (tx) => {
      const created = await createAppointment(tx, accountId, { ...values, id: appointment.id, status });
      await this.insertReminders(tx, accountId, reminders);
      await planAppointmentEmails(tx, accountId, [created]);
      return created;
    });
    this.wake(reminders);
    return row;
  }

  /**
   * Books many appointments at once (the batch API, the CSV import): one read of the contacts and settings, one
   * check of the slots and external ids they would take (against the database and among themselves: the first in
   * order wins), one insert of the appointments and their reminders. Those refused are reported by index, the others
   * booked. Should another booking take a slot meanwhile, they are booked one at a time instead.
   */
  async createMany(
    accountId: string,
    values: readonly NewAppointment[],
  ): Promise<{ created: AppointmentRow[]; failed: BookingFailure[] }> {
    const { db } = this.deps;
    const failed: BookingFailure[] = [];
    const [contacts, { settings }] = await Promise.all([
      getContactsByIds(
        db,
        accountId,
        values.flatMap((value) => (value.contactId ? [value.contactId] : [])),
      ),
      bookingSettingsOf(db, accountId),
    ]);
    const candidates: Array<{ index: number; row: AppointmentRow }> = [];
    for (const [index, value] of values.entries()) {
      if (value.contactId && !contacts.has(value.contactId)) {
        failed.push({ index, ...CONTACT_UNKNOWN });
      } else {
        candidates.push({ index, row: newAppointmentRow(accountId, value) });
      }
    }
    const clashes = await findBookingClashes(
      db,
      accountId,
      candidates.map(({ row }) => row),
    );
    const accepted: Array<{ index: number; row: AppointmentRow }> = [];
    const byStaff = new Map<string, AppointmentRow[]>();
    const externalIds = new Set<string>();
    for (const [position, candidate] of candidates.entries()) {
      const { row } = candidate;
      const externalKey = row.externalId ? `${row.source}/${row.externalId}` : null;
      const sameStaff = byStaff.get(row.staff) ?? [];
      if (clashes.externalTaken.has(position) || (externalKey && externalIds.has(externalKey))) {
        failed.push({ index: candidate.index, ...externalIdTaken(row.externalId ?? '') });
      } else if (clashes.overlapping.has(position) || overlapsAny(sameStaff, row)) {
        failed.push({ index: candidate.index, ...SLOT_TAKEN });
      } else {
        accepted.push(candidate);
        insertByStart(sameStaff, row);
        byStaff.set(row.staff, sameStaff);
        if (externalKey) externalIds.add(externalKey);
      }
    }
    const rows = accepted.map(({ row }) => row);
    const reminders = await this.prepareRemindersOf(accountId, rows, { contacts, settings });

    try {
      const created = await db.transaction(async (tx) => {
        const inserted = await createAppointments(
          tx,
          accountId,
          rows.map((row) => insertValues(row)),
        );
        await this.insertReminders(tx, accountId, reminders);
        await planAppointmentEmails(tx, accountId, inserted, { settings });
        return inserted;
      });
      this.wake(reminders);
      const byId = new Map(created.map((row) => [row.id, row]));
      failed.sort((a, b) => a.index - b.index);
      return { created: rows.flatMap((row) => byId.get(row.id) ?? []), failed };
    } catch (error) {
      if (!isSlotTaken(error) && !isUniqueViolation(error)) throw error;
    }
    // Another booking took one of the slots meanwhile: each on its own, so only the ones refused fail.
    const created: AppointmentRow[] = [];
    for (const { index, row } of accepted) {
      try {
        created.push(await this.create(accountId, insertValues(row)));
      } catch (error) {
        if (isSlotTaken(error)) failed.push({ index, ...SLOT_TAKEN });
        else if (isUniqueViolation(error)) failed.push({ index, ...externalIdTaken(row.externalId ?? '') });
        else throw error;
      }
    }
    failed.sort((a, b) => a.index - b.index);
    return { created, failed };
  }

  /** Corrects it in place; a new time, contact or service replaces the reminders still waiting. */
  async update(accountId: string, id: string, patch: AppointmentPatch, current: AppointmentRow) {
    const replaces =
      patch.startsAt !== undefined || patch.contactId !== undefined || patch.service !== undefined;
    const next = { ...current, ...patch } as AppointmentRow;
    const reminders = replaces ? await this.prepareReminders(accountId, next) : [];
    const row = await this.deps.db.transaction(async (tx) => {
      const updated = await updateAppointment(tx, accountId, id, patch);
      if (updated && replaces) {
        await cancelAppointmentReminders(tx, accountId, [id]);
        await this.insertReminders(tx, accountId, reminders);
        await planAppointmentEmails(tx, accountId, [updated]);
      }
      return updated;
    });
    this.wake(reminders);
    return row;
  }

  /**
   * Moves it (decision 014): the old one's reminders are cancelled, the new one gets its own — none when it is
   * `confirmed` at once (the customer chose the new time themselves, e.g. during a call).
   */
  async reschedule(
    accountId: string,
    current: AppointmentRow,
    at: { startsAt: Date; endsAt: Date },
    options: { confirmed?: boolean } & WriteOrigin = {},
  ) {
    const newId = randomUUID();
    const status = options.confirmed ? 'confirmed' : 'scheduled';
    const next: AppointmentRow = { ...current, ...at, id: newId, status };
    const reminders = await this.prepareReminders(accountId, next);
    const moved = await this.deps.db.transaction(async (tx) => {
      if (options.fromCalendar) await markCalendarOrigin(tx);
      const result = await rescheduleAppointment(tx, accountId, current.id, { ...at, id: newId, status });
      if (result) {
        await cancelAppointmentReminders(tx, accountId, [current.id]);
        await this.insertReminders(tx, accountId, reminders);
        await planAppointmentEmails(tx, accountId, [{ ...result.created, moved: true }]);
      }
      return result;
    });
    if (moved) this.wake(reminders);
    if (moved) this.deps.onEmailsDue?.();
    if (moved && current.calendarConnectionId && !options.fromCalendar) this.deps.onWritebacksDue?.();
    return moved;
  }

  /** Confirms or cancels it; either way, the reminders still waiting are cancelled with it. */
  async changeStatus(
    accountId: string,
    id: string,
    from: readonly string[],
    to: 'confirmed' | 'cancelled',
    options: WriteOrigin = {},
  ) {
    const changed = await this.deps.db.transaction(async (tx) => {
      if (options.fromCalendar) await markCalendarOrigin(tx);
      const row = await changeAppointmentStatus(tx, accountId, id, from, to);
      if (row) await cancelAppointmentReminders(tx, accountId, [id]);
      return row;
    });
    if (changed?.calendarConnectionId && !options.fromCalendar) this.deps.onWritebacksDue?.();
    return changed;
  }

  async delete(accountId: string, id: string): Promise<boolean> {
    return this.deps.db.transaction(async (tx) => {
      await cancelAppointmentReminders(tx, accountId, [id]);
      return deleteAppointment(tx, accountId, id);
    });
  }

  /**
   * The reminder calls an appointment gets, checked as any call is (consent, do-not-call, the daily cap: a call the
   * rules refuse is left out and logged), ready to insert with it. None without a contact or once closed.
   */
  private async prepareReminders(accountId: string, appointment: AppointmentRow) {
    return this.prepareRemindersOf(accountId, [appointment]);
  }

  /**
   * The reminder calls of many appointments, with one read of the account, its settings and the contacts, and the
   * calling rules applied to them all at once.
   */
  private async prepareRemindersOf(
    accountId: string,
    appointments: readonly AppointmentRow[],
    read?: { contacts: ReadonlyMap<string, ContactRow>; settings: BookingSettings },
  ) {
    const { db, calls } = this.deps;
    const reminded = appointments.filter((one) => one.contactId && REMINDED.has(one.status));
    if (reminded.length === 0) return [];
    const [account, contacts, settings] = await Promise.all([
      findAccount(db, accountId),
      read?.contacts ??
        getContactsByIds(
          db,
          accountId,
          reminded.map((one) => one.contactId as string),
        ),
      read?.settings ?? bookingSettingsOf(db, accountId).then((found) => found.settings),
    ]);
    if (!account) return [];
    const window = this.deps.config.CALLING_WINDOW_OVERRIDE ?? {
      start: account.callingWindowStart,
      end: account.callingWindowEnd,
    };
    const now = new Date();
    const inputs: Parameters<CallService['prepareMany']>[1] = [];
    const plans: number[] = [];
    for (const appointment of reminded) {
      const contact = contacts.get(appointment.contactId as string);
      if (!contact) continue;
      const timezone = contact.timezone ?? timezoneForPhone(contact.phone) ?? account.timezone;
      for (const reminder of planReminders(settings, appointment, { timezone, window, now })) {
        plans.push(reminder.minutesBefore);
        inputs.push({
          contact_id: contact.id,
          appointment_id: appointment.id,
          call_type: 'appointment-reminder',
          message: reminderMessage(appointment),
          voice: VOICE_IDS[0],
          scheduled_at: reminder.at.toISOString(),
          variables: {},
        });
      }
    }
    if (inputs.length === 0) return [];
    const { rows, skipped } = await calls.prepareMany(accountId, inputs, {
      onProblem: 'skip',
      appointments: new Map(reminded.map((one) => [one.id, one])),
      contacts,
      // Estimated from the voice's speaking rate: synthesising days ahead would slow every booking down.
      measure: false,
    });
    for (const skip of skipped) {
      this.deps.log.info(
        { appointmentId: inputs[skip.index]?.appointment_id, reason: skip.reason },
        `reminder not scheduled: ${skip.message}`,
      );
    }
    // prepareMany keeps the order of the calls it did not skip.
    const refused = new Set(skipped.map((skip) => skip.index));
    const kept = plans.filter((_, index) => !refused.has(index));
    return rows.map((row, index) => ({ ...row, reminderMinutesBefore: kept[index] ?? null }));
  }

  /** Inserts reminders with their billing; an account out of calls keeps its appointment without them. */
  private async insertReminders(
    tx: Database,
    accountId: string,
    reminders: Awaited<ReturnType<AppointmentService['prepareReminders']>>,
  ) {
    if (reminders.length === 0) return;
    const result = await insertCallsWithBilling(tx, accountId, reminders);
    if (!result.ok) {
      this.deps.log.warn({ accountId }, 'reminders not scheduled: the account has no calls left');
    }
  }

  private wake(reminders: unknown[]) {
    if (reminders.length > 0) this.deps.onCallsDue?.();
  }
}

/** Why one of many appointments was not booked: its index among them, the field at fault and why. */
export interface BookingFailure {
  index: number;
  code: 'validation_failed' | 'slot_taken' | 'conflict';
  field: string;
  message: string;
}

const SLOT_TAKEN = { code: 'slot_taken', field: 'starts_at', message: SLOT_TAKEN_MESSAGE } as const;
const CONTACT_UNKNOWN = {
  code: 'validation_failed',
  field: 'contact_id',
  message: 'No contact with this id in your account',
} as const;
export const externalIdTaken = (externalId: string) =>
  ({
    code: 'conflict',
    field: 'external_id',
    message: `An appointment with external_id ${externalId} already exists`,
  }) as const;

/** The index of the first of these (in start order) that starts at or after `at`. */
function firstStartingFrom(sorted: readonly AppointmentRow[], at: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as AppointmentRow).startsAt.getTime() < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Whether a time overlaps any of these, which overlap none of each other and are in start order: then only the
 * last one starting before it ends can reach into it.
 */
function overlapsAny(sorted: readonly AppointmentRow[], row: AppointmentRow): boolean {
  const before = sorted[firstStartingFrom(sorted, row.endsAt.getTime()) - 1];
  return before !== undefined && before.endsAt.getTime() > row.startsAt.getTime();
}

function insertByStart(sorted: AppointmentRow[], row: AppointmentRow) {
  sorted.splice(firstStartingFrom(sorted, row.startsAt.getTime()), 0, row);
}

/** A new appointment as the database will hold it, before it is written (its reminders are planned from it). */
function newAppointmentRow(accountId: string, values: NewAppointment): AppointmentRow {
  const now = new Date();
  return {
    id: randomUUID(),
    accountId,
    contactId: values.contactId ?? null,
    startsAt: values.startsAt,
    endsAt: values.endsAt,
    service: values.service ?? null,
    staff: values.staff ?? '',
    location: values.location ?? null,
    notes: values.notes ?? null,
    source: values.source ?? 'manual',
    externalId: values.externalId ?? null,
    calendarConnectionId: values.calendarConnectionId ?? null,
    status: 'scheduled',
    rescheduledToId: null,
    rescheduledFromId: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** What is written of it. */
const insertValues = (row: AppointmentRow) => ({
  id: row.id,
  contactId: row.contactId,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  service: row.service,
  staff: row.staff,
  location: row.location,
  notes: row.notes,
  source: row.source,
  externalId: row.externalId,
  calendarConnectionId: row.calendarConnectionId,
});

/** What a reminder call says (the call engine adds the key menu: 1 confirms, 2 cancels, 3 reschedules). */
export function reminderMessage(appointment: Pick<AppointmentRow, 'service' | 'staff'>): string {
  const what = appointment.service ? 'your {{service}} appointment' : 'your appointment';
  const who = appointment.staff ? ' with {{staff}}' : '';
  return `Hi {{first_name}}, this is a reminder of ${what}${who} on {{date}} at {{time}}.`;
}

/**
 * When an appointment's reminder calls go out: each call rule of its service (else of the account) at its time
 * before the start; one outside the recipient's calling window moves earlier into it, never later; one already
 * past (or due within a minute) is dropped, as is a second one at the same time. A confirmed appointment gets none.
 */
export function planReminders(
  settings: BookingSettings,
  appointment: Pick<AppointmentRow, 'startsAt' | 'service' | 'status'>,
  context: { timezone: string; window: CallingWindow; now: Date },
): PlannedReminder[] {
  if (appointment.status === 'confirmed') return [];
  const rules: ReminderRule[] = findService(settings, appointment.service)?.reminders ?? settings.reminders;
  const planned: PlannedReminder[] = [];
  for (const rule of rules) {
    if (rule.channel !== 'call') continue;
    const due = new Date(appointment.startsAt.getTime() - rule.minutes_before * MINUTE);
    const at = previousCallingTime(due, context.timezone, context.window);
    if (at.getTime() < context.now.getTime() + TOO_SOON_MS) continue;
    if (planned.some((other) => other.at.getTime() === at.getTime())) continue;
    planned.push({ minutesBefore: rule.minutes_before, at });
  }
  return planned.sort((a, b) => a.at.getTime() - b.at.getTime());
}
