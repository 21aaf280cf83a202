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

/** A part of the day named by the callee: morning before noon, afternoon noon to 5 PM, evening from 5 PM. */
export type DayPart = 'morning' | 'afternoon' | 'evening';

/**
 * When the callee would rather come, as they said it ("can we do Thursday afternoon instead?"), read in the
 * business's time zone at the moment they said it. Every field narrows; an empty one does not.
 */
export interface TimeWish {
  /** The words that named it ("Thursday afternoon"). */
  said: string;
  /** The business's local days wished for ('YYYY-MM-DD', in order); null when no day was named (the appointment's). */
  days: string[] | null;
  part: DayPart | null;
  /**
   * An exact time, minutes after local midnight; two readings when AM or PM was not said ("at 6": 18:00, then
   * 06:00). Either reading fits, so the one inside business hours is the one that finds open times.
   */
  times: number[];
}

export type CallDialogue =
  | {
      stage: 'offering';
      appointment_id: string;
      offers: OfferedSlot[];
      turns: number;
      /** The time the callee asked for, if they named one (absent in rows written before #17's wishes). */
      wish?: TimeWish;
    }
  | { stage: 'booked'; appointment_id: string; booked_id: string; reply: string }
  | { stage: 'declined'; appointment_id: string; reply: string };
