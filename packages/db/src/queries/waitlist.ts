import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  appointments,
  calls,
  type SlotOfferRow,
  slotOfferAttempts,
  slotOffers,
  type WaitlistEntryRow,
  waitlistEntries,
} from '../schema.ts';
import { inAccount } from './in-account.ts';

/** The call statuses of a call still going (or waiting to): its offer waits for its answer. */
const GOING = ['scheduled', 'queued', 'ringing', 'in-progress'];

export type NewWaitlistEntry = Pick<
  typeof waitlistEntries.$inferInsert,
  'contactId' | 'service' | 'staff' | 'days' | 'earliestMinute' | 'latestMinute' | 'notes'
>;

export async function createWaitlistEntry(db: Database, accountId: string, values: NewWaitlistEntry) {
  const [row] = await db
    .insert(waitlistEntries)
    .values({ ...values, accountId })
    .returning();
  if (!row) throw new Error('waitlist entry not created');
  return row;
}

/** The account's entries in this status, longest waiting first. */
export async function listWaitlistEntries(db: Database, accountId: string, status: string) {
  return db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.accountId, accountId), eq(waitlistEntries.status, status)))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(1000);
}

/** Takes a waiting entry off the waitlist; undefined when there is none (or it was booked). */
export async function removeWaitlistEntry(db: Database, accountId: string, id: string) {
  const [row] = await db
    .update(waitlistEntries)
    .set({ status: 'removed', updatedAt: new Date() })
    .where(
      and(
        eq(waitlistEntries.accountId, accountId),
        eq(waitlistEntries.id, id),
        eq(waitlistEntries.status, 'waiting'),
      ),
    )
    .returning();
  return row;
}

export async function getWaitlistEntry(db: Database, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(inAccount(waitlistEntries, accountId, id))
    .limit(1);
  return row;
}

/** The account's offers, newest first, each with who it went to (in order) and how their calls stand. */
export async function listSlotOffers(db: Database, accountId: string, limit: number) {
  const offers = await db
    .select()
    .from(slotOffers)
    .where(eq(slotOffers.accountId, accountId))
    .orderBy(desc(slotOffers.createdAt), desc(slotOffers.id))
    .limit(limit);
  if (offers.length === 0) return [];
  const attempts = await db
    .select({
      offerId: slotOfferAttempts.offerId,
      contactId: waitlistEntries.contactId,
      callId: slotOfferAttempts.callId,
      callStatus: calls.status,
      outcome: calls.outcome,
      skippedReason: slotOfferAttempts.skippedReason,
      createdAt: slotOfferAttempts.createdAt,
    })
    .from(slotOfferAttempts)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, slotOfferAttempts.entryId))
    .leftJoin(calls, eq(calls.id, slotOfferAttempts.callId))
    .where(
      and(
        eq(slotOfferAttempts.accountId, accountId),
        inArray(
          slotOfferAttempts.offerId,
          offers.map((offer) => offer.id),
        ),
      ),
    )
    .orderBy(asc(slotOfferAttempts.createdAt));
  const filledBy = await filledContacts(db, offers);
  return offers.map((offer) => ({
    offer,
    filledContactId: filledBy.get(offer.id) ?? null,
    attempts: attempts.filter((attempt) => attempt.offerId === offer.id),
  }));
}

async function filledContacts(db: Database, offers: SlotOfferRow[]) {
  const ids = offers.flatMap((offer) => (offer.filledEntryId ? [offer.filledEntryId] : []));
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: waitlistEntries.id, contactId: waitlistEntries.contactId })
    .from(waitlistEntries)
    .where(inArray(waitlistEntries.id, ids));
  const byEntry = new Map(rows.map((row) => [row.id, row.contactId]));
  return new Map(
    offers.flatMap((offer) => {
      const contact = offer.filledEntryId ? byEntry.get(offer.filledEntryId) : undefined;
      return contact ? [[offer.id, contact] as const] : [];
    }),
  );
}

/** Open offers of every account, oldest first (the waitlist job's work). */
export async function openSlotOffers(db: Database, limit: number) {
  return db
    .select()
    .from(slotOffers)
    .where(eq(slotOffers.status, 'open'))
    .orderBy(asc(slotOffers.createdAt))
    .limit(limit);
}

export async function getSlotOffer(db: Database, id: string) {
  const [row] = await db.select().from(slotOffers).where(eq(slotOffers.id, id)).limit(1);
  return row;
}

/** Ends an open offer; false when it was not open any more. */
export async function closeSlotOffer(db: Database, id: string, status: 'taken' | 'expired' | 'exhausted') {
  const rows = await db
    .update(slotOffers)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(slotOffers.id, id), eq(slotOffers.status, 'open')))
    .returning({ id: slotOffers.id });
  return rows.length > 0;
}

/** Who the offer went to already, and whether a call of it is still going. */
export async function offerProgress(db: Database, offerId: string) {
  const rows = await db
    .select({ entryId: slotOfferAttempts.entryId, callStatus: calls.status })
    .from(slotOfferAttempts)
    .leftJoin(calls, eq(calls.id, slotOfferAttempts.callId))
    .where(eq(slotOfferAttempts.offerId, offerId));
  return {
    tried: new Set(rows.map((row) => row.entryId)),
    going: rows.some((row) => row.callStatus !== null && GOING.includes(row.callStatus)),
  };
}

/** Records that the offer went to an entry; false when it had already (another worker did it first). */
export async function recordOfferAttempt(
  db: Database,
  values: {
    offerId: string;
    entryId: string;
    accountId: string;
    callId: string | null;
    skippedReason?: string;
  },
) {
  const rows = await db
    .insert(slotOfferAttempts)
    .values(values)
    .onConflictDoNothing()
    .returning({ offerId: slotOfferAttempts.offerId });
  return rows.length > 0;
}

/**
 * The offer filled for this entry with this appointment, and the entry booked, in one transaction; false when it
 * was not open.
 */
export async function fillSlotOffer(
  db: Database,
  offer: { id: string; accountId: string },
  entryId: string,
  appointmentId: string,
) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(slotOffers)
      .set({
        status: 'filled',
        filledEntryId: entryId,
        filledAppointmentId: appointmentId,
        updatedAt: new Date(),
      })
      .where(and(eq(slotOffers.id, offer.id), eq(slotOffers.status, 'open')))
      .returning({ id: slotOffers.id });
    if (rows.length === 0) return false;
    await tx
      .update(waitlistEntries)
      .set({ status: 'booked', bookedAppointmentId: appointmentId, updatedAt: new Date() })
      .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.accountId, offer.accountId)));
    return true;
  });
}

/** The entry of the offer's attempts that is this contact's. */
export async function attemptEntryOf(db: Database, offerId: string, contactId: string) {
  const [row] = await db
    .select({ entryId: slotOfferAttempts.entryId })
    .from(slotOfferAttempts)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, slotOfferAttempts.entryId))
    .where(and(eq(slotOfferAttempts.offerId, offerId), eq(waitlistEntries.contactId, contactId)))
    .limit(1);
  return row?.entryId;
}

/** The entry an offer's call went to: the attempt that made it. */
export async function attemptOfCall(db: Database, callId: string) {
  const [row] = await db
    .select({ entry: waitlistEntries, offerId: slotOfferAttempts.offerId })
    .from(slotOfferAttempts)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, slotOfferAttempts.entryId))
    .where(eq(slotOfferAttempts.callId, callId))
    .limit(1);
  return row as { entry: WaitlistEntryRow; offerId: string } | undefined;
}

/** Whether an appointment that holds its slot overlaps the offer's time for its staff member now. */
export async function slotHeld(db: Database, offer: SlotOfferRow) {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.accountId, offer.accountId),
        eq(appointments.staff, offer.staff),
        inArray(appointments.status, ['scheduled', 'confirmed', 'reschedule_requested']),
        sql`tstzrange(${appointments.startsAt}, ${appointments.endsAt}, '[)') && tstzrange(${offer.startsAt.toISOString()}::timestamptz, ${offer.endsAt.toISOString()}::timestamptz, '[)')`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The appointment an offer booked (its external id names the offer), if any. */
export async function findOfferBooking(db: Database, accountId: string, offerId: string) {
  const [row] = await db
    .select({ id: appointments.id, contactId: appointments.contactId })
    .from(appointments)
    .where(
      and(
        eq(appointments.accountId, accountId),
        eq(appointments.source, 'waitlist'),
        eq(appointments.externalId, `offer:${offerId}`),
      ),
    )
    .limit(1);
  return row;
}

/** How many freed slots the waitlist filled over the last `days` days. */
export async function countRefilledSlots(db: Database, accountId: string, days: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(slotOffers)
    .where(
      and(
        eq(slotOffers.accountId, accountId),
        eq(slotOffers.status, 'filled'),
        sql`${slotOffers.updatedAt} > now() - make_interval(days => ${days})`,
      ),
    );
  return Number(row?.n ?? 0);
}
