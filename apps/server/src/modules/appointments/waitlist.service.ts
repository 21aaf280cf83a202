import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import { getAppointment, isSlotTaken } from '@callwise/db/queries/appointments';
import { insertCallsWithBilling } from '@callwise/db/queries/billing';
import type { CallRow } from '@callwise/db/queries/call-rows';
import { isUniqueViolation } from '@callwise/db/queries/cursor';
import {
  attemptEntryOf,
  attemptOfCall,
  closeSlotOffer,
  fillSlotOffer,
  findOfferBooking,
  getSlotOffer,
  listWaitlistEntries,
  offerProgress,
  openSlotOffers,
  recordOfferAttempt,
  slotHeld,
} from '@callwise/db/queries/waitlist';
import type { SlotOfferRow, WaitlistEntryRow } from '@callwise/db/schema';
import { localTime, spokenTime } from '@callwise/shared/calling-window';
import { VOICE_IDS } from '@callwise/shared/voices';
import type { Logger } from '../../infra/logger.ts';
import type { CallService } from '../calls/calls.service.ts';
import type { AppointmentService } from './appointments.service.ts';
import { bookingSettingsOf } from './booking-settings.ts';

const HOUR = 60 * 60_000;
/** How many open offers one pass of the job looks at. */
const OFFERS_PER_PASS = 100;
/** An answer to an offer: what the call says next, and the call's outcome. */
export interface OfferAnswer {
  reply: string;
  outcome: 'confirmed' | 'cancelled' | 'no_response';
}

/** Whether an entry wants this slot: its service, staff member, weekday and times (any when not given). */
export function entryWants(
  entry: Pick<WaitlistEntryRow, 'service' | 'staff' | 'days' | 'earliestMinute' | 'latestMinute'>,
  offer: Pick<SlotOfferRow, 'service' | 'staff' | 'startsAt'>,
  timezone: string,
): boolean {
  if (entry.service && entry.service.toLowerCase() !== (offer.service ?? '').toLowerCase()) return false;
  if (entry.staff && entry.staff !== offer.staff) return false;
  const local = localTime(offer.startsAt, timezone);
  const weekday = new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay();
  if (entry.days.length > 0 && !entry.days.includes(weekday)) return false;
  const minute = local.hour * 60 + local.minute;
  if (entry.earliestMinute !== null && minute < entry.earliestMinute) return false;
  if (entry.latestMinute !== null && minute > entry.latestMinute) return false;
  return true;
}

/** What the offer's call says; its own keys (1 books, 2 declines), so the engine adds no menu. */
export function offerMessage(
  offer: Pick<SlotOfferRow, 'service' | 'staff' | 'startsAt'>,
  timezone: string,
): string {
  const what = offer.service ? `a ${offer.service} appointment` : 'an appointment';
  const who = offer.staff ? ` with ${offer.staff}` : '';
  return (
    `Hi {{first_name}}, good news: ${what}${who} just opened up on ${spokenTime(offer.startsAt, timezone)}. ` +
    'Press 1 to book it, or 2 if it does not suit you.'
  );
}

/**
 * Waitlist fill (issue #17, decision 021). The database opens an offer when a slot at least
 * the account's `waitlist_notice_hours` ahead is freed; `advance` (the waitlist job, every minute) calls the matching waiting
 * contacts one after another — the next only once the previous call has ended without taking it — inside every
 * calling rule; the first who presses 1 gets the slot (`answer`), booked through the same no-overlap constraint as
 * any booking; one who answers later hears it was taken.
 */
export class WaitlistService {
  constructor(
    private readonly deps: {
      db: Database;
      calls: CallService;
      appointments: AppointmentService;
      log: Pick<Logger, 'info' | 'warn'>;
      onCallsDue?: () => void;
    },
  ) {}

  /** One pass over the open offers; answers how many calls it placed. */
  async advance(now = new Date()): Promise<number> {
    let placed = 0;
    // Each account's notice is read once a pass, however many of its slots are open.
    const notices = new Map<string, Promise<number>>();
    const noticeOf = (accountId: string) => {
      let hours = notices.get(accountId);
      if (!hours) {
        hours = bookingSettingsOf(this.deps.db, accountId).then(
          ({ settings }) => settings.waitlist_notice_hours,
        );
        notices.set(accountId, hours);
      }
      return hours;
    };
    for (const offer of await openSlotOffers(this.deps.db, OFFERS_PER_PASS)) {
      try {
        if (await this.advanceOffer(offer, now, await noticeOf(offer.accountId))) placed += 1;
      } catch (error) {
        this.deps.log.warn(
          { err: error, offerId: offer.id },
          'waitlist offer not advanced; the next pass tries again',
        );
      }
    }
    if (placed > 0) this.deps.onCallsDue?.();
    return placed;
  }

  /** Closes the offer, leaves it waiting for its call, or calls the next entry; true when a call was made. */
  private async advanceOffer(offer: SlotOfferRow, now: Date, noticeHours: number): Promise<boolean> {
    const { db } = this.deps;
    if (offer.startsAt.getTime() <= now.getTime() + noticeHours * HOUR) {
      await closeSlotOffer(db, offer.id, 'expired');
      return false;
    }
    const progress = await offerProgress(db, offer.id);
    if (progress.going) return false;
    if (await slotHeld(db, offer)) {
      // Booked by a callee's 1 whose answer stopped before the offer was marked filled (a crash): filled now.
      const mine = await findOfferBooking(db, offer.accountId, offer.id);
      const entryId = mine?.contactId ? await attemptEntryOf(db, offer.id, mine.contactId) : undefined;
      if (mine && entryId) await fillSlotOffer(db, offer, entryId, mine.id);
      else await closeSlotOffer(db, offer.id, 'taken');
      return false;
    }
    const account = await findAccount(db, offer.accountId);
    if (!account) return false;
    const freed = offer.freedAppointmentId
      ? await getAppointment(db, offer.accountId, offer.freedAppointmentId)
      : undefined;
    const waiting = await listWaitlistEntries(db, offer.accountId, 'waiting');
    for (const entry of waiting) {
      if (progress.tried.has(entry.id) || entry.contactId === freed?.contactId) continue;
      if (!entryWants(entry, offer, account.timezone)) continue;
      const { rows, skipped } = await this.deps.calls.prepareMany(
        offer.accountId,
        [
          {
            contact_id: entry.contactId,
            call_type: 'appointment-reminder',
            message: offerMessage(offer, account.timezone),
            voice: VOICE_IDS[0],
            scheduled_at: now.toISOString(),
            variables: {},
          },
        ],
        { onProblem: 'skip', measure: false },
      );
      const [call] = rows;
      if (!call) {
        // The calling rules refuse this one (consent, do-not-call, the daily cap): noted, and on to the next.
        await recordOfferAttempt(db, {
          offerId: offer.id,
          entryId: entry.id,
          accountId: offer.accountId,
          callId: null,
          skippedReason: skipped[0]?.message ?? 'The calling rules refused the call',
        });
        continue;
      }
      const made = await db
        .transaction(async (tx) => {
          const billed = await insertCallsWithBilling(tx, offer.accountId, [
            { ...call, slotOfferId: offer.id },
          ]);
          if (!billed.ok) throw new NotPlaced('out');
          // Of two passes at once, one records the attempt; the other's call is rolled back with its attempt.
          const first = await recordOfferAttempt(tx, {
            offerId: offer.id,
            entryId: entry.id,
            accountId: offer.accountId,
            callId: call.id ?? null,
          });
          if (!first) throw new NotPlaced('taken');
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof NotPlaced) return error.reason;
          throw error;
        });
      if (made === 'taken') return false;
      if (made === 'out') {
        this.deps.log.warn(
          { accountId: offer.accountId },
          'waitlist call not placed: the account has no calls left',
        );
        return false;
      }
      return made;
    }
    await closeSlotOffer(db, offer.id, 'exhausted');
    return false;
  }

  /**
   * The callee's answer to an offer: 1 books the slot for them (once: a repeated report finds its own booking),
   * unless it was taken meanwhile; 2 declines. Null for a call that offers nothing.
   */
  async answer(
    call: Pick<CallRow, 'id' | 'accountId' | 'slotOfferId'>,
    intent: string,
  ): Promise<OfferAnswer | null> {
    const { db } = this.deps;
    if (!call.slotOfferId) return null;
    const [offer, attempt, account] = await Promise.all([
      getSlotOffer(db, call.slotOfferId),
      attemptOfCall(db, call.id),
      findAccount(db, call.accountId),
    ]);
    if (!offer || !attempt || offer.accountId !== call.accountId) return null;
    const business = account?.name || 'our team';
    if (intent === 'cancel') {
      return { reply: 'No problem, you stay on our waitlist. Goodbye.', outcome: 'cancelled' };
    }
    if (intent !== 'confirm') return null;
    const taken: OfferAnswer = {
      reply: `Sorry, that time was just taken. You stay on the waitlist, and ${business} will call you when another opens up. Goodbye.`,
      outcome: 'no_response',
    };
    const timezone = account?.timezone ?? 'UTC';
    const booked = (startsAt: Date): OfferAnswer => ({
      reply: `You're booked for ${spokenTime(startsAt, timezone)}${offer.staff ? ` with ${offer.staff}` : ''}. See you then. Goodbye.`,
      outcome: 'confirmed',
    });
    if (offer.status === 'filled') {
      return offer.filledEntryId === attempt.entry.id ? booked(offer.startsAt) : taken;
    }
    if (offer.status !== 'open') return taken;
    try {
      // Confirmed at once: the callee chose this time, so it needs no reminder to confirm it.
      const appointment = await this.deps.appointments.create(
        call.accountId,
        {
          contactId: attempt.entry.contactId,
          startsAt: offer.startsAt,
          endsAt: offer.endsAt,
          service: offer.service,
          staff: offer.staff,
          source: 'waitlist',
          // One booking per offer, whoever answers: a repeated report of this answer finds it instead.
          externalId: `offer:${offer.id}`,
        },
        { confirmed: true },
      );
      await fillSlotOffer(db, offer, attempt.entry.id, appointment.id);
      return booked(offer.startsAt);
    } catch (error) {
      if (isSlotTaken(error)) {
        await closeSlotOffer(db, offer.id, 'taken');
        return taken;
      }
      if (isUniqueViolation(error)) {
        const again = await getSlotOffer(db, offer.id);
        if (again?.status === 'filled' && again.filledEntryId === attempt.entry.id)
          return booked(offer.startsAt);
        if (again?.status === 'open' || again?.filledEntryId === attempt.entry.id) {
          // Booked by this very answer, whose first report stopped before filling the offer: fill it now.
          const mine = await findOfferBooking(db, call.accountId, offer.id);
          if (mine && mine.contactId === attempt.entry.contactId) {
            await fillSlotOffer(db, offer, attempt.entry.id, mine.id);
            return booked(offer.startsAt);
          }
        }
        return taken;
      }
      throw error;
    }
  }
}

/** Why an offer's call was rolled back: the account has no calls left, or another pass made it. */
class NotPlaced extends Error {
  constructor(readonly reason: 'out' | 'taken') {
    super(reason);
  }
}
