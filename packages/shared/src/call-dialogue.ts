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

/**
 * A conversation still going on (issue #18): how many of the callee's answers it has taken (`turns`: the next
 * answer is turn `turns + 1`, a repeated report of one already taken is known), how many of them in a row were
 * silence or not understood, and what it waits for — an answer (`talking`) or the callee's message (`message`).
 */
export interface ConversationTurns {
  turns: number;
  /** Answers in a row we heard nothing in, or could not understand (the conversation ends politely at the limit). */
  misses: number;
}

/** The time the callee asked to be called back, read in their words, when they named one inside the window. */
export interface CallbackWish {
  said: string;
  at: string | null;
}

export type CallDialogue =
  | ({
      stage: 'talking' /** The last question was "anything else?" (a "no" ends the call). */;
      asked?: 'anything_else';
    } & ConversationTurns)
  | ({ stage: 'message'; reason: 'asked' | 'question' | 'transfer_failed' | 'closed' } & ConversationTurns)
  | ({
      stage: 'transferring';
      to: string;
      /** How long it rings, and what the staff member hears first (kept for a repeated request of the turn). */
      ring_seconds?: number;
      whisper?: string;
    } & ConversationTurns)
  | {
      stage: 'ended';
      turns: number;
      reply: string;
      /** The message the callee left, when they left one. */
      message?: string;
      callback?: CallbackWish;
    }
  | {
      stage: 'offering';
      appointment_id: string;
      /** The conversation's answers before the offer began (issue #18); absent when the first answer asked for it. */
      after?: number;
      offers: OfferedSlot[];
      turns: number;
      /** The time the callee asked for, if they named one (absent in rows written before #17's wishes). */
      wish?: TimeWish;
    }
  | { stage: 'booked'; appointment_id: string; booked_id: string; reply: string }
  | { stage: 'declined'; appointment_id: string; reply: string };
