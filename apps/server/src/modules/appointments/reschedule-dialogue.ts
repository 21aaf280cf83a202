import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import { getAppointment, isSlotTaken } from '@callwise/db/queries/appointments';
import type { AppointmentRow } from '@callwise/db/schema';
import type { OpenSlot } from '@callwise/shared/availability';
import type { CallDialogue, OfferedSlot, TimeWish } from '@callwise/shared/call-dialogue';
import { localTime, spokenTime, zonedTime } from '@callwise/shared/calling-window';
import { asksForTime, CALL_BACK, CALL_BACK_KEY, DAY_PARTS, parseTimeWish } from '../../engine/index.ts';
import type { AppointmentService } from './appointments.service.ts';
import { openSlotsToMove } from './booking-settings.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** How many times one question offers at most, and how far around the old time it looks. */
export const MAX_OFFERS = 3;
const LOOK_BEFORE = 7 * DAY;
const LOOK_AFTER = 21 * DAY;
/** Answers we could not use before we stop asking. */
const MAX_UNCLEAR = 2;
/** Turns a conversation takes at most (each wish asks again); then someone calls back. */
const MAX_TURNS = 5;
/** Around a wish, how far the times nearest it are looked for when none fits it. */
const WISH_BEFORE = 7 * DAY;
const WISH_AFTER = 14 * DAY;

/** A turn's result: what to say, whether to listen again, the conversation's new state, and the call's outcome. */
export interface DialogueTurn {
  reply: string;
  gather: boolean;
  dialogue: CallDialogue;
  outcome?: 'rescheduled';
}

type Offering = Extract<CallDialogue, { stage: 'offering' }>;

/** Words naming an offer by its place; ordinals first ("the third one" is not "one"). */
const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  one: 1,
  two: 2,
  three: 3,
};
const DECLINES =
  /\b(call (?:me )?back|none|neither|no(?:ne)? of (?:them|those)|no thanks?|not? (?:those|any))\b/i;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * Moving an appointment during the call (issue #17, decision 017): after the callee asks to reschedule, the call
 * offers up to three open times near the old one ("Press 1 for Thursday, December 4 at 3:00 PM, …, 0 to have us
 * call you back"), books the one chosen through the same constraint as any booking (taken meanwhile: the next
 * times are offered), and confirms it by voice. Its state is the call's `dialogue`, so any worker takes a turn.
 */
export class RescheduleDialogue {
  constructor(private readonly deps: { db: Database; appointments: AppointmentService; now?: () => Date }) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * The question after "reschedule": open times near the appointment's, or, when the callee named a time
   * ("can we do Thursday afternoon instead?"), the open times fitting it (none: the nearest to it, said so);
   * null when there are none.
   */
  async offer(
    accountId: string,
    appointmentId: string,
    wish?: TimeWish | null,
  ): Promise<DialogueTurn | null> {
    const appointment = await getAppointment(this.deps.db, accountId, appointmentId);
    if (!appointment || !['scheduled', 'confirmed', 'reschedule_requested'].includes(appointment.status)) {
      return null;
    }
    const { offers, timezone, fits } = await this.openTimes(appointment, [], wish ?? undefined);
    if (offers.length === 0) return null;
    return {
      reply: `${fits ? 'No problem.' : NOTHING_THEN} ${offerText(offers, timezone)}`,
      gather: true,
      dialogue: {
        stage: 'offering',
        appointment_id: appointment.id,
        offers,
        turns: 1,
        ...(wish ? { wish } : {}),
      },
    };
  }

  /** The callee's choice among the times offered (a key, or words naming one), or a request to be called back. */
  async choose(
    accountId: string,
    state: Offering,
    input: { digits?: string; speech?: string },
    businessName: string,
  ): Promise<DialogueTurn> {
    const turns = state.turns + 1;
    const callBack = (prefix = 'No problem.'): DialogueTurn => {
      const reply = `${prefix} Someone from ${businessName || 'our team'} will call you to find a new time. Goodbye.`;
      return {
        reply,
        gather: false,
        dialogue: { stage: 'declined', appointment_id: state.appointment_id, reply },
      };
    };
    const { timezone } = await this.zone(accountId);
    // A time named instead of a choice ("none of those, anything next week?"): the times fitting it.
    const speech = input.digits ? '' : (input.speech?.trim() ?? '');
    const wish =
      speech && !CALL_BACK.test(speech) ? parseTimeWish(speech, { now: this.now(), timezone }) : null;
    const choice = wish && asksForTime(speech) ? null : chosenOffer(state.offers, input, timezone);
    if (choice === 'decline' && !wish) return callBack();
    const appointment = await getAppointment(this.deps.db, accountId, state.appointment_id);
    if (!appointment) return callBack('Sorry, this appointment can no longer be moved.');
    if (wish && (choice === null || choice === 'decline')) {
      if (turns > MAX_TURNS) return callBack();
      const { offers, fits } = await this.openTimes(appointment, [], wish);
      if (offers.length === 0) return callBack('Sorry, there is no open time then.');
      return {
        reply: `${fits ? 'Sure.' : NOTHING_THEN} ${offerText(offers, timezone)}`,
        gather: true,
        dialogue: { ...state, offers, turns, wish },
      };
    }
    if (choice === null || choice === 'decline') {
      if (turns > MAX_UNCLEAR) return callBack('Sorry, I did not catch that.');
      return {
        reply: `Sorry, I did not catch that. ${offerText(state.offers, timezone)}`,
        gather: true,
        dialogue: { ...state, turns },
      };
    }
    try {
      const moved = await this.deps.appointments.reschedule(
        accountId,
        appointment,
        { startsAt: new Date(choice.starts_at), endsAt: new Date(choice.ends_at) },
        { confirmed: true },
      );
      if (!moved) {
        // Moved already (this very answer, reported twice) or closed meanwhile.
        if (appointment.rescheduledToId) {
          const booked = await getAppointment(this.deps.db, accountId, appointment.rescheduledToId);
          if (booked) return this.booked(state, booked, timezone);
        }
        return callBack('Sorry, this appointment can no longer be moved.');
      }
      return this.booked(state, moved.created, timezone);
    } catch (error) {
      if (!isSlotTaken(error)) throw error;
      // Taken between the offer and the answer: the next open times.
      const tried = [...state.offers.map((offer) => offer.starts_at)];
      const { offers } = await this.openTimes(appointment, tried, state.wish);
      if (offers.length === 0) return callBack('Sorry, that time was just taken.');
      return {
        reply: `Sorry, that time was just taken. ${offerText(offers, timezone)}`,
        gather: true,
        dialogue: { ...state, offers, turns },
      };
    }
  }

  private booked(state: Offering, booked: AppointmentRow, timezone: string): DialogueTurn {
    const who = booked.staff ? ` with ${booked.staff}` : '';
    const reply = `You're booked for ${spokenTime(booked.startsAt, timezone)}${who}. Your appointment is confirmed. Goodbye.`;
    return {
      reply,
      gather: false,
      dialogue: { stage: 'booked', appointment_id: state.appointment_id, booked_id: booked.id, reply },
      outcome: 'rescheduled',
    };
  }

  private async zone(accountId: string) {
    return { timezone: (await findAccount(this.deps.db, accountId))?.timezone ?? 'UTC' };
  }

  /**
   * Up to MAX_OFFERS open times of the same staff member, in time order: nearest the appointment's, or with a
   * wish those fitting it (`fits`), else those nearest it (`fits` false).
   */
  private async openTimes(appointment: AppointmentRow, exclude: string[], wish?: TimeWish) {
    const { timezone } = await this.zone(appointment.accountId);
    const now = this.now();
    const old = appointment.startsAt.getTime();
    const windows = wish ? wishWindows(wish, appointment.startsAt, timezone) : [];
    const first = windows[0]?.start ?? old;
    const last = windows.at(-1)?.end ?? old;
    const slots = await openSlotsToMove(this.deps.db, appointment, {
      timezone,
      from: new Date(Math.max(now.getTime(), wish ? first - WISH_BEFORE : old - LOOK_BEFORE)),
      to: new Date(wish ? last + WISH_AFTER : old + LOOK_AFTER),
      now,
    });
    const open = slots.filter((slot) => !exclude.includes(slot.startsAt.toISOString()));
    const { offers, fits } = offersFrom(open, appointment.startsAt, timezone, wish);
    return { offers, timezone, fits };
  }
}

/**
 * What to offer in place of an appointment at `appointmentAt` from open `slots`: up to MAX_OFFERS in time order,
 * nearest the appointment's time, or with a wish those fitting it (`fits`), else those nearest it (`fits` false).
 */
export function offersFrom(
  slots: OpenSlot[],
  appointmentAt: Date,
  timezone: string,
  wish?: TimeWish,
): { offers: OfferedSlot[]; fits: boolean } {
  const old = appointmentAt.getTime();
  const { chosen, fits } = wish
    ? nearestToWish(slots, wish, wishWindows(wish, appointmentAt, timezone), appointmentAt, timezone)
    : {
        chosen: [...slots]
          .sort((a, b) => Math.abs(a.startsAt.getTime() - old) - Math.abs(b.startsAt.getTime() - old))
          .slice(0, MAX_OFFERS),
        fits: true,
      };
  const offers = chosen
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .map((slot) => ({
      starts_at: slot.startsAt.toISOString(),
      ends_at: slot.endsAt.toISOString(),
      staff: slot.staff,
    }));
  return { offers, fits };
}

/** What the call says when no open time fits the wish, before the nearest ones. */
const NOTHING_THEN = 'Sorry, there is no open time then. These are the nearest.';

/** A stretch of time a wish asks for, as instants: [start, end). */
interface WishWindow {
  start: number;
  end: number;
}

const dayOf = (key: string) => {
  const [year = 0, month = 0, day = 0] = key.split('-').map(Number);
  return { year, month, day };
};

/**
 * The instants a wish asks for, in order: each day it names (none: the appointment's own day) from its part of
 * the day's start to its end, or each reading of its exact time (one minute), or the whole day. Local days and
 * times become instants in the business's zone, so a DST change on or before the day is counted.
 */
export function wishWindows(wish: TimeWish, appointmentAt: Date, timezone: string): WishWindow[] {
  const own = localTime(appointmentAt, timezone);
  const days = wish.days?.map(dayOf) ?? [{ year: own.year, month: own.month, day: own.day }];
  const windows: WishWindow[] = [];
  for (const day of days) {
    const next = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
    const nextDay = { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
    const at = (minutes: number) =>
      minutes >= 24 * 60
        ? zonedTime(nextDay, 0, timezone).getTime()
        : zonedTime(day, minutes, timezone).getTime();
    if (wish.times.length > 0) {
      for (const minutes of wish.times) windows.push({ start: at(minutes), end: at(minutes) + MINUTE });
    } else {
      const [from, to] = wish.part ? DAY_PARTS[wish.part] : [0, 24 * 60];
      windows.push({ start: at(from), end: at(to) });
    }
  }
  return windows.sort((a, b) => a.start - b.start);
}

/**
 * The MAX_OFFERS open times for a wish. Those inside it, earliest day first and, within a day, nearest the time
 * wished (no time: the appointment's own time of day, kept inside the part of the day wished): "next week" offers
 * next Monday's times around the old hour. None inside: the nearest to it, whichever side.
 */
function nearestToWish(
  slots: OpenSlot[],
  wish: TimeWish,
  windows: WishWindow[],
  appointmentAt: Date,
  timezone: string,
): { chosen: OpenSlot[]; fits: boolean } {
  const own = localTime(appointmentAt, timezone);
  const ownMinutes = own.hour * 60 + own.minute;
  const [partFrom, partTo] = wish.part ? DAY_PARTS[wish.part] : [0, 24 * 60];
  const targets = wish.times.length > 0 ? wish.times : [Math.min(Math.max(ownMinutes, partFrom), partTo - 1)];
  const inside = (slot: OpenSlot) =>
    windows.some((window) => slot.startsAt.getTime() >= window.start && slot.startsAt.getTime() < window.end);
  const fitting = slots.filter(inside);
  if (fitting.length > 0) {
    const rank = (slot: OpenSlot) => {
      const local = localTime(slot.startsAt, timezone);
      const day = Date.UTC(local.year, local.month - 1, local.day) / DAY;
      const minutes = local.hour * 60 + local.minute;
      return day * 24 * 60 + Math.min(...targets.map((target) => Math.abs(minutes - target)));
    };
    return { chosen: fitting.sort((a, b) => rank(a) - rank(b)).slice(0, MAX_OFFERS), fits: true };
  }
  const distance = (slot: OpenSlot) => {
    const at = slot.startsAt.getTime();
    return Math.min(
      ...windows.map((window) => (at < window.start ? window.start - at : at - window.end + MINUTE)),
    );
  };
  return { chosen: slots.sort((a, b) => distance(a) - distance(b)).slice(0, MAX_OFFERS), fits: false };
}

/** The question: each time with its key, then the key to be called back instead. */
export function offerText(offers: OfferedSlot[], timezone: string): string {
  const choices = offers.map(
    (offer, index) => `For ${spokenTime(new Date(offer.starts_at), timezone)}, press ${index + 1}.`,
  );
  return `${choices.join(' ')} To have us call you back instead, press ${CALL_BACK_KEY}.`;
}

/**
 * Which offer an answer takes: its key, or words naming it ("the first one", "Thursday", "at 3", "3 PM on
 * Friday"); 'decline' for 0 or "call me back"; null when it names none or more than one.
 */
export function chosenOffer(
  offers: OfferedSlot[],
  input: { digits?: string; speech?: string },
  timezone = 'UTC',
): OfferedSlot | 'decline' | null {
  if (input.digits) {
    if (input.digits.startsWith(CALL_BACK_KEY)) return 'decline';
    return offers[Number(input.digits.slice(0, 1)) - 1] ?? null;
  }
  const words = input.speech?.toLowerCase().trim();
  if (!words) return null;
  if (DECLINES.test(words)) return 'decline';
  for (const [word, position] of Object.entries(ORDINALS)) {
    if (new RegExp(`\\b(?:the )?${word}(?: one)?\\b`).test(words) && offers[position - 1]) {
      const onlyOrdinal = !WEEKDAYS.some((day) => words.includes(day)) && !/\d/.test(words);
      if (onlyOrdinal) return offers[position - 1] ?? null;
    }
  }
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    weekday: 'long',
    hour: 'numeric',
    minute: '2-digit',
  });
  const matches = offers.filter((offer) => {
    const spoken = parts.formatToParts(new Date(offer.starts_at));
    const weekday = spoken.find((part) => part.type === 'weekday')?.value.toLowerCase() ?? '';
    const hour = Number(spoken.find((part) => part.type === 'hour')?.value);
    const minute = Number(spoken.find((part) => part.type === 'minute')?.value);
    const period = spoken.find((part) => part.type === 'dayPeriod')?.value.toLowerCase() ?? '';
    const namesDay = WEEKDAYS.some((day) => words.includes(day));
    const dayFits = !namesDay || words.includes(weekday);
    const time = /\b(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?/.exec(words);
    let timeFits = true;
    if (time) {
      const saidHour = Number(time[1]);
      const saidMinute = time[2] ? Number(time[2]) : 0;
      const saidPeriod = time[3]?.replaceAll('.', '');
      timeFits = saidHour === hour && saidMinute === minute && (!saidPeriod || saidPeriod === period);
    }
    return (namesDay || time !== null) && dayFits && timeFits;
  });
  return matches.length === 1 ? (matches[0] ?? null) : null;
}
