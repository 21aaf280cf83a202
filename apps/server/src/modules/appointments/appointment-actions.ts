import { isSlotTaken } from '@callwise/db/queries/appointments';
import type { AppointmentRow } from '@callwise/db/schema';
import { AppError } from '../../http/app-error.ts';
import type { AppointmentService } from './appointments.service.ts';

/**
 * Confirm, cancel and move, as the owner's API and the customer's page both do them (the same allowed statuses,
 * the same errors): every change goes through AppointmentService, so reminders follow in the same transaction.
 */

/** What each action moves from, and to. */
export const APPOINTMENT_ACTIONS = {
  confirm: { from: ['scheduled', 'reschedule_requested', 'confirmed'], to: 'confirmed' },
  cancel: { from: ['scheduled', 'confirmed', 'reschedule_requested', 'cancelled'], to: 'cancelled' },
} as const;
export type AppointmentAction = keyof typeof APPOINTMENT_ACTIONS;

/** The statuses an appointment can be moved from. */
export const MOVABLE_STATUSES: readonly string[] = ['scheduled', 'confirmed', 'reschedule_requested'];

export const SLOT_TAKEN_MESSAGE =
  'That time overlaps another appointment of the same staff member. Choose another time or staff member.';

/** Runs a write that takes a slot; a taken one answers 409 slot_taken (with `message`). */
export async function takingSlot<T>(write: () => Promise<T>, message = SLOT_TAKEN_MESSAGE): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isSlotTaken(error)) throw new AppError('slot_taken', message);
    throw error;
  }
}

const closed = (status: string, what: string) =>
  new AppError(
    'appointment_closed',
    `This appointment is ${status.replace('_', ' ')}: it can no longer be ${what}.`,
  );

/**
 * Confirms or cancels it; one whose status does not allow it answers 409 appointment_closed. `current` is read
 * only when the change did not happen (null: no such appointment, the caller's 404).
 */
export async function applyAppointmentAction(
  service: AppointmentService,
  accountId: string,
  id: string,
  action: AppointmentAction,
  current: () => Promise<AppointmentRow | undefined>,
): Promise<AppointmentRow | null> {
  const rule = APPOINTMENT_ACTIONS[action];
  const row = await service.changeStatus(accountId, id, rule.from, rule.to);
  if (row) return row;
  const now = await current();
  if (!now) return null;
  throw closed(now.status, action === 'confirm' ? 'confirmed' : 'cancelled');
}

/** Moves it (409 slot_taken when the time is taken, 409 appointment_closed when it cannot move); the new one. */
export async function moveAppointment(
  service: AppointmentService,
  accountId: string,
  current: AppointmentRow,
  at: { startsAt: Date; endsAt: Date },
  options: { confirmed?: boolean; slotTakenMessage?: string } = {},
): Promise<AppointmentRow> {
  const moved = await takingSlot(
    () => service.reschedule(accountId, current, at, { confirmed: options.confirmed }),
    options.slotTakenMessage,
  );
  if (!moved) throw closed(current.status, 'moved');
  return moved.created;
}
