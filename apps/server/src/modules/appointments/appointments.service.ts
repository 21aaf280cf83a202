import { randomUUID } from 'node:crypto';
import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import {
  type AppointmentPatch,
  changeAppointmentStatus,
  createAppointment,
  deleteAppointment,
  type NewAppointment,
  rescheduleAppointment,
  updateAppointment,
} from '@callwise/db/queries/appointments';
import { insertCallsWithBilling } from '@callwise/db/queries/billing';
import { cancelAppointmentReminders } from '@callwise/db/queries/call-engine';
import { getContact } from '@callwise/db/queries/contacts';
import type { AppointmentRow } from '@callwise/db/schema';
import { type CallingWindow, previousCallingTime } from '@callwise/shared/calling-window';
import { timezoneForPhone } from '@callwise/shared/phone';
import type { BookingSettings, ReminderRule } from '@callwise/shared/schemas/booking';
import { VOICE_IDS } from '@callwise/shared/voices';
import type { Config } from '../../config.ts';
import type { Logger } from '../../lib/logger.ts';
import type { CallService } from '../calls/calls.service.ts';
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

  async create(accountId: string, values: NewAppointment): Promise<AppointmentRow> {
    const { db } = this.deps;
    const appointment: AppointmentRow = {
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
      status: 'scheduled',
      rescheduledToId: null,
      rescheduledFromId: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    const reminders = await this.prepareReminders(accountId, appointment);
    const row = await db.transaction(async (tx) => {
      const created = await createAppointment(tx, accountId, { ...values, id: appointment.id });
      await this.insertReminders(tx, accountId, reminders);
      return created;
    });
    this.wake(reminders);
    return row;
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
    options: { confirmed?: boolean } = {},
  ) {
    const newId = randomUUID();
    const status = options.confirmed ? 'confirmed' : 'scheduled';
    const next: AppointmentRow = { ...current, ...at, id: newId, status };
    const reminders = await this.prepareReminders(accountId, next);
    const moved = await this.deps.db.transaction(async (tx) => {
      const result = await rescheduleAppointment(tx, accountId, current.id, { ...at, id: newId, status });
      if (result) {
        await cancelAppointmentReminders(tx, accountId, [current.id]);
        await this.insertReminders(tx, accountId, reminders);
      }
      return result;
    });
    if (moved) this.wake(reminders);
    return moved;
  }

  /** Confirms or cancels it; either way, the reminders still waiting are cancelled with it. */
  async changeStatus(accountId: string, id: string, from: readonly string[], to: 'confirmed' | 'cancelled') {
    return this.deps.db.transaction(async (tx) => {
      const row = await changeAppointmentStatus(tx, accountId, id, from, to);
      if (row) await cancelAppointmentReminders(tx, accountId, [id]);
      return row;
    });
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
    const { db, calls } = this.deps;
    if (!appointment.contactId || !REMINDED.has(appointment.status)) return [];
    const [account, contact, { settings }] = await Promise.all([
      findAccount(db, accountId),
      getContact(db, accountId, appointment.contactId),
      bookingSettingsOf(db, accountId),
    ]);
    if (!account || !contact) return [];
    const window = this.deps.config.CALLING_WINDOW_OVERRIDE ?? {
      start: account.callingWindowStart,
      end: account.callingWindowEnd,
    };
    const timezone = contact.timezone ?? timezoneForPhone(contact.phone) ?? account.timezone;
    const planned = planReminders(settings, appointment, { timezone, window, now: new Date() });
    if (planned.length === 0) return [];
    const { rows, skipped } = await calls.prepareMany(
      accountId,
      planned.map((reminder) => ({
        contact_id: contact.id,
        appointment_id: appointment.id,
        call_type: 'appointment-reminder' as const,
        message: reminderMessage(appointment),
        voice: VOICE_IDS[0],
        scheduled_at: reminder.at.toISOString(),
        variables: {},
      })),
      // Estimated from the voice's speaking rate: synthesising days ahead would slow every booking down.
      { onProblem: 'skip', appointments: new Map([[appointment.id, appointment]]), measure: false },
    );
    for (const skip of skipped) {
      this.deps.log.info(
        { appointmentId: appointment.id, reason: skip.reason },
        `reminder not scheduled: ${skip.message}`,
      );
    }
    // prepareMany keeps the order of the calls it did not skip.
    const kept = planned.filter((_, index) => !skipped.some((skip) => skip.index === index));
    return rows.map((row, index) => ({ ...row, reminderMinutesBefore: kept[index]?.minutesBefore ?? null }));
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
