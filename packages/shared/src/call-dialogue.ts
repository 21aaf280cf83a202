/**
 * A call's conversation beyond its first answer (decision 017): after the callee asks to reschedule, the call
 * offers open times and waits for a choice. Kept on the call row, so any worker can take the next turn.
 */
export interface OfferedSlot {
  starts_at: string;
  ends_at: string;
  /** '' for the business as a whole. */
  staff: string;
}

export type CallDialogue =
  | { stage: 'offering'; appointment_id: string; offers: OfferedSlot[]; turns: number }
  | { stage: 'booked'; appointment_id: string; booked_id: string; reply: string }
  | { stage: 'declined'; appointment_id: string; reply: string };
