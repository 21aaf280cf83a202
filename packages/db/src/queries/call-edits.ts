import { CALL_UPDATED_EVENT } from '@callwise/shared/schemas/webhooks';
import { and, eq, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { calls, webhookDeliveries } from '../schema.ts';

import {
  announce,
  announcedCallColumns,
  type CallRow,
  callColumns,
  type NewCall,
  notifyCallsDue,
  withoutAnnounced,
} from './call-rows.ts';
import { inAccount } from './in-account.ts';

/**
 * The API side's writes of a call: cancelling one or many (a campaign, numbers put on the do-not-call list),
 * editing one not yet placed, moving a paced campaign's waiting calls, an appointment's reminders stopped, marking
 * one handled.
 */

export type CancelResult = { ok: true; call: CallRow } | { ok: false; reason: 'not_found' | 'too_late' };

/** A call that can still be cancelled: waiting, not handed to a carrier, and not being handed to one right now. */
export const cancellableCall = () =>
  and(
    inArray(calls.status, ['scheduled', 'queued']),
    isNull(calls.providerCallId),
    or(isNull(calls.claimedUntil), lt(calls.claimedUntil, sql`now()`)),
  );

/**
 * Cancels a call nobody is placing: scheduled, or queued without a carrier and without a live claim. A call a
 * dispatcher holds right now is on its way to the carrier and can no longer be cancelled.
 */
export async function cancelCall(db: Database, accountId: string, id: string): Promise<CancelResult> {
  const [row] = await db
    .update(calls)
    .set({
      status: 'canceled',
      claimedUntil: null,
      version: sql`${calls.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(calls.accountId, accountId), eq(calls.id, id), cancellableCall()))
    .returning(announcedCallColumns);
  if (row) return { ok: true, call: withoutAnnounced(row) };
  const [exists] = await db
    .select({ id: calls.id })
    .from(calls)
    .where(inAccount(calls, accountId, id))
    .limit(1);
  return { ok: false, reason: exists ? 'too_late' : 'not_found' };
}

/**
 * Cancels the reminder calls of appointments that nobody is placing yet (cancellableCall), optionally all but one
 * call (the one answering right now). Part of the transaction that confirms, cancels, moves or deletes them
 * (decision 015). Returns the calls cancelled.
 */
export async function cancelAppointmentReminders(
  db: Database,
  accountId: string,
  appointmentIds: string[],
  exceptCallId?: string,
): Promise<CallRow[]> {
  if (appointmentIds.length === 0) return [];
  const rows = await db
    .update(calls)
    .set({
      status: 'canceled',
      claimedUntil: null,
      version: sql`${calls.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(calls.accountId, accountId),
        inArray(calls.appointmentId, appointmentIds),
        isNotNull(calls.reminderMinutesBefore),
        cancellableCall(),
        exceptCallId ? ne(calls.id, exceptCallId) : undefined,
      ),
    )
    .returning(announcedCallColumns);
  return rows.map(withoutAnnounced);
}

/**
 * A call that can still be edited: waiting, never handed to a carrier (no attempt yet), and never claimed by a
 * dispatcher — stricter than cancelling: a dispatcher whose claim ran out may still be handing the old number to
 * the carrier, and a new number or message must never ride on that placement (decision 008).
 */
export const editableCall = () =>
  and(
    inArray(calls.status, ['scheduled', 'queued']),
    isNull(calls.providerCallId),
    isNull(calls.claimedUntil),
    eq(calls.attempts, 0),
  );

/** Why a call can no longer be edited. */
export type NotEditableReason = 'being_placed' | 'already_placed' | 'canceled';

export function notEditableReason(call: {
  status: string;
  providerCallId: string | null;
  claimedUntil: Date | null;
  attempts: number;
}): NotEditableReason | null {
  if (call.status === 'canceled') return 'canceled';
  if (call.providerCallId || call.attempts > 0 || !['scheduled', 'queued'].includes(call.status)) {
    return 'already_placed';
  }
  if (call.claimedUntil) return 'being_placed';
  return null;
}

export type EditCallResult =
  | { ok: true; call: CallRow }
  | { ok: false; reason: 'not_found' | NotEditableReason };

/** The fields an edit may change (PATCH /v1/calls/{id}). */
export type CallEdit = Pick<
  NewCall,
  | 'contactId'
  | 'scriptId'
  | 'recipientName'
  | 'phone'
  | 'callType'
  | 'message'
  | 'voice'
  | 'scheduledAt'
  | 'requestedAt'
  | 'timezone'
  | 'status'
  | 'callbackUrl'
  | 'estimatedDuration'
>;

/**
 * Changes a call that has not gone out, in one statement that a dispatcher's claim cannot interleave with: the
 * row is locked by whichever comes first, and the other sees its result (a claim skips the locked row and takes
 * the edited one at its next pass; an edit that waited for a claim finds the call claimed and changes nothing).
 * The change is announced (call events, the API's page cache) and, when the call has a callback_url, a
 * `call.updated` webhook is queued in the same transaction.
 */
export async function editUnplacedCall(
  db: Database,
  accountId: string,
  id: string,
  edit: CallEdit,
): Promise<EditCallResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(calls)
      .set({ ...edit, version: sql`${calls.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(calls.accountId, accountId), eq(calls.id, id), editableCall()))
      .returning(announcedCallColumns);
    if (!row) {
      const [now] = await tx
        .select({
          status: calls.status,
          providerCallId: calls.providerCallId,
          claimedUntil: calls.claimedUntil,
          attempts: calls.attempts,
        })
        .from(calls)
        .where(inAccount(calls, accountId, id))
        .limit(1);
      if (!now) return { ok: false, reason: 'not_found' };
      return { ok: false, reason: notEditableReason(now) ?? 'being_placed' };
    }
    const call = withoutAnnounced(row);
    if (call.callbackUrl) {
      await tx.insert(webhookDeliveries).values({
        accountId,
        callId: call.id,
        url: call.callbackUrl,
        eventType: CALL_UPDATED_EVENT,
        payload: {
          id: call.id,
          status: call.status,
          previous_status: call.status,
          outcome: call.outcome,
          phone: call.phone,
          recipient_name: call.recipientName,
          call_type: call.callType,
          contact_id: call.contactId,
          campaign_id: call.campaignId,
          attempts: call.attempts,
          scheduled_at: call.scheduledAt.toISOString(),
          voice: call.voice,
          message: call.message,
          changed_at: new Date().toISOString(),
        },
      });
    }
    if (call.scheduledAt.getTime() <= Date.now() + 60_000) await notifyCallsDue(tx);
    return { ok: true, call };
  });
}

// ——— The simulated carrier's ledger ———

/**
 * Cancels, in one statement, the account's calls matching `which` that nobody is placing yet (the conditions of
 * cancelCall), with a reason when given; each is announced. For a campaign cancelled and numbers put on the
 * do-not-call list.
 */
export async function cancelWaitingCalls(
  db: Database,
  accountId: string,
  which: SQL | undefined,
  options: { reason?: string } = {},
): Promise<Array<{ id: string; phone: string }>> {
  const rows = await db
    .update(calls)
    .set({
      status: 'canceled',
      ...(options.reason ? { failureReason: options.reason } : {}),
      claimedUntil: null,
      version: sql`${calls.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(calls.accountId, accountId), which, cancellableCall()))
    .returning({ id: calls.id, phone: calls.phone, announced: announce() });
  return rows.map(({ id, phone }) => ({ id, phone }));
}

/**
 * Moves waiting calls of a campaign to new times, in one statement; a call that has meanwhile been taken by a
 * dispatcher or cancelled keeps its course. Returns how many moved.
 */
export async function moveWaitingCampaignCalls(
  db: Database,
  accountId: string,
  campaignId: string,
  moves: Array<{ id: string; at: Date }>,
): Promise<number> {
  if (moves.length === 0) return 0;
  const times = JSON.stringify(moves.map((move) => ({ id: move.id, at: move.at.toISOString() })));
  const newTime = sql`(SELECT x.at FROM jsonb_to_recordset(${times}::jsonb) AS x(id uuid, at timestamptz)
    WHERE x.id = ${calls.id})`;
  const moved = await db
    .update(calls)
    .set({
      scheduledAt: newTime,
      status: sql`CASE WHEN ${newTime} > now() THEN 'scheduled' ELSE ${calls.status} END`,
      claimedUntil: null,
      version: sql`${calls.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(calls.accountId, accountId),
        eq(calls.campaignId, campaignId),
        inArray(
          calls.id,
          moves.map((move) => move.id),
        ),
        cancellableCall(),
      ),
    )
    .returning({ id: calls.id, announced: announce() });
  return moved.length;
}

/**
 * Marks one of the account's calls handled (by `by`, the signed-in user; null for an API key), or not handled
 * again; returns the call, or undefined when it is not the account's. Marking a handled call again keeps the
 * first time and person.
 */
export async function setCallHandled(
  db: Database,
  accountId: string,
  id: string,
  handled: { by: string | null } | null,
) {
  const [row] = await db
    .update(calls)
    .set(
      handled
        ? {
            handledAt: sql`coalesce(${calls.handledAt}, now())`,
            handledBy: sql`CASE WHEN ${calls.handledAt} IS NULL THEN ${handled.by}::uuid ELSE ${calls.handledBy} END`,
            version: sql`${calls.version} + 1`,
          }
        : { handledAt: null, handledBy: null, version: sql`${calls.version} + 1` },
    )
    .where(inAccount(calls, accountId, id))
    // Announced like every change of a call: other processes drop their cached pages, open tabs refresh.
    .returning({ ...callColumns, announced: announce() });
  if (!row) return undefined;
  const { announced: _announced, ...call } = row;
  return call;
}
