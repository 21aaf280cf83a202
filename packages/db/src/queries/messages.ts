import { and, asc, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accounts, calls, contacts, type MessageRow, messages } from '../schema.ts';
import { afterCursor, type Cursor, cursorAt, encodeCursor } from './cursor.ts';
import { inAccount } from './in-account.ts';

/** Announces a change of an account's texts to the live event stream (delivered on commit). */
export const MESSAGE_EVENTS_CHANNEL = 'callwise_message_events';

async function announce(db: Database, rows: Array<{ accountId: string; id: string; status: string }>) {
  for (const row of rows) {
    await db.execute(
      sql`SELECT pg_notify(${MESSAGE_EVENTS_CHANNEL}, ${JSON.stringify({ a: row.accountId, id: row.id, s: row.status })})`,
    );
  }
}

export type NewOutboundMessage = {
  accountId: string;
  kind: MessageRow['kind'];
  phone: string;
  contactId: string | null;
  body: string;
  segments: number;
  encoding: 'GSM-7' | 'UCS-2';
  callId?: string | null;
  appointmentId?: string | null;
  dedupeKey?: string | null;
  sendAt?: Date;
  /** When it was written, when not the transaction's start (an answer after the text it answers). */
  createdAt?: Date;
  /** `skipped` with its reason: written for the record, never sent (an opted-out number). */
  skipped?: string;
};

/**
 * Writes outbound texts to send (`queued`), in the caller's transaction: the outbox the sender reads. A row whose
 * dedupe key is taken is left out (one text per cause); the rows written are answered.
 */
export async function insertOutboundMessages(
  db: Database,
  rows: NewOutboundMessage[],
): Promise<MessageRow[]> {
  if (rows.length === 0) return [];
  const written = await db
    .insert(messages)
    .values(
      rows.map((row) => ({
        accountId: row.accountId,
        direction: 'outbound',
        kind: row.kind,
        status: row.skipped ? 'skipped' : 'queued',
        error: row.skipped ?? null,
        phone: row.phone,
        contactId: row.contactId,
        body: row.body,
        segments: row.segments,
        encoding: row.encoding,
        callId: row.callId ?? null,
        appointmentId: row.appointmentId ?? null,
        dedupeKey: row.dedupeKey ?? null,
        ...(row.sendAt ? { sendAt: row.sendAt } : {}),
        ...(row.createdAt ? { createdAt: row.createdAt } : {}),
      })),
    )
    .onConflictDoNothing({ target: [messages.accountId, messages.dedupeKey] })
    .returning();
  await announce(db, written);
  return written;
}

/**
 * Claims the next due text: queued → sending, committed before the carrier gets it (decision 029). Concurrent
 * senders skip each other's rows. Undefined when none is due.
 */
export async function claimDueMessage(db: Database, now: Date): Promise<MessageRow | undefined> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.status, 'queued'), lte(messages.sendAt, now)))
      .orderBy(asc(messages.sendAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [claimed] = await tx
      .update(messages)
      .set({ status: 'sending', claimedAt: new Date(), attempts: sql`${messages.attempts} + 1` })
      .where(and(eq(messages.id, due.id), eq(messages.status, 'queued')))
      .returning();
    if (claimed) await announce(tx, [claimed]);
    return claimed;
  });
}

/** Ends a claimed text: sent (with the carrier's id), skipped or failed (with why), or queued again later. */
export async function finishMessage(
  db: Database,
  id: string,
  outcome:
    | { status: 'sent'; providerMessageId: string; businessNumber: string; cost: number }
    | { status: 'skipped' | 'failed'; error: string; businessNumber?: string | null }
    | { status: 'queued'; error: string; sendAt: Date }
    | { status: 'held'; sendAt: Date },
): Promise<MessageRow | undefined> {
  if (outcome.status === 'held') {
    // Held to a later time (quiet hours): queued again, this claim not counted as a try.
    const [held] = await db
      .update(messages)
      .set({
        status: 'queued',
        sendAt: outcome.sendAt,
        claimedAt: null,
        attempts: sql`greatest(${messages.attempts} - 1, 0)`,
      })
      .where(and(eq(messages.id, id), eq(messages.status, 'sending')))
      .returning();
    if (held) await announce(db, [held]);
    return held;
  }
  const [row] = await db
    .update(messages)
    .set({
      status: outcome.status,
      error: outcome.status === 'sent' ? null : outcome.error,
      ...(outcome.status === 'sent'
        ? {
            sentAt: new Date(),
            providerMessageId: outcome.providerMessageId,
            businessNumber: outcome.businessNumber,
            cost: outcome.cost,
          }
        : {}),
      ...(outcome.status !== 'sent' && outcome.status !== 'queued' && outcome.businessNumber
        ? { businessNumber: outcome.businessNumber }
        : {}),
      ...(outcome.status === 'queued' ? { sendAt: outcome.sendAt, claimedAt: null } : {}),
    })
    .where(and(eq(messages.id, id), eq(messages.status, 'sending')))
    .returning();
  if (row) await announce(db, [row]);
  return row;
}

/**
 * Texts a sender claimed before `claimedBefore` and never finished: its process died while sending. They become
 * `unknown` and are never sent again (at most once); answered for the log.
 */
export async function abandonStaleMessages(db: Database, claimedBefore: Date) {
  const rows = await db
    .update(messages)
    .set({ status: 'unknown', error: 'The sender stopped while sending it: perhaps sent, never sent again' })
    .where(and(eq(messages.status, 'sending'), lte(messages.claimedAt, claimedBefore)))
    .returning();
  await announce(db, rows);
  return rows;
}

/** Statuses a report may move a text out of, by the report: never backwards (a late `sent` after `delivered`). */
const REPORT_FROM: Record<string, string[]> = {
  sent: ['sending'],
  delivered: ['sending', 'sent', 'undelivered'],
  undelivered: ['sending', 'sent'],
  failed: ['sending', 'sent'],
};

/**
 * A carrier's report about one of our texts, found by its id or (a report before we stored the id) by ours.
 * Answers the row when it changed.
 */
export async function recordMessageReport(
  db: Database,
  report: {
    providerMessageId: string;
    messageId?: string | undefined;
    status: 'sent' | 'delivered' | 'undelivered' | 'failed';
    at: Date;
    error?: string | undefined;
    cost?: number | undefined;
  },
): Promise<MessageRow | undefined> {
  const which = report.messageId
    ? eq(messages.id, report.messageId)
    : eq(messages.providerMessageId, report.providerMessageId);
  const [row] = await db
    .update(messages)
    .set({
      status: report.status,
      providerMessageId: report.providerMessageId,
      ...(report.status === 'delivered' ? { deliveredAt: report.at, error: null } : {}),
      ...(report.status === 'undelivered' || report.status === 'failed'
        ? { error: report.error ?? 'The carrier could not deliver it' }
        : {}),
      ...(report.cost !== undefined ? { cost: report.cost } : {}),
    })
    .where(
      and(
        which,
        eq(messages.direction, 'outbound'),
        inArray(messages.status, REPORT_FROM[report.status] ?? []),
      ),
    )
    .returning();
  if (row) await announce(db, [row]);
  return row;
}

/** Stores a text written to a business number; undefined when the carrier's id is already stored (delivered twice). */
export async function insertInboundMessage(
  db: Database,
  row: {
    accountId: string;
    providerMessageId: string;
    phone: string;
    businessNumber: string;
    contactId: string | null;
    body: string;
    segments: number;
    encoding: 'GSM-7' | 'UCS-2';
    at: Date;
  },
): Promise<MessageRow | undefined> {
  const [written] = await db
    .insert(messages)
    .values({
      accountId: row.accountId,
      direction: 'inbound',
      kind: 'reply',
      status: 'received',
      phone: row.phone,
      businessNumber: row.businessNumber,
      contactId: row.contactId,
      body: row.body,
      segments: row.segments,
      encoding: row.encoding,
      providerMessageId: row.providerMessageId,
      sendAt: row.at,
      // When it arrived, not the transaction's start: our answer, written in the same transaction, comes after.
      createdAt: row.at,
    })
    .onConflictDoNothing({ target: messages.providerMessageId })
    .returning();
  if (written) await announce(db, [written]);
  return written;
}

/** The contact of an account with this number (E.164), if any. */
export async function contactByPhone(db: Database, accountId: string, phone: string) {
  const [row] = await db
    .select({
      id: contacts.id,
      name: contacts.name,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
    })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.phone, phone)));
  return row;
}

export type MessageWithContact = MessageRow & { contactName: string | null; cursorAt: string };

const withContact = {
  message: messages,
  contactName: contacts.name,
  cursorAt: cursorAt(messages.createdAt),
};

function flatten(rows: Array<{ message: MessageRow; contactName: string | null; cursorAt: string }>) {
  return rows.map((row) => ({ ...row.message, contactName: row.contactName, cursorAt: row.cursorAt }));
}

/** An account's texts, newest first, with the filters given; a page and the cursor of the next. */
export async function listMessages(
  db: Database,
  accountId: string,
  filter: {
    phone?: string | undefined;
    contactId?: string | undefined;
    direction?: string | undefined;
    status?: string | undefined;
  },
  page: { limit: number; cursor: Cursor | null },
): Promise<{ rows: MessageWithContact[]; nextCursor: string | null }> {
  const where: SQL[] = [eq(messages.accountId, accountId)];
  if (filter.phone) where.push(eq(messages.phone, filter.phone));
  if (filter.contactId) where.push(eq(messages.contactId, filter.contactId));
  if (filter.direction) where.push(eq(messages.direction, filter.direction));
  if (filter.status) where.push(eq(messages.status, filter.status));
  if (page.cursor) where.push(afterCursor(messages.createdAt, messages.id, page.cursor));
  const rows = flatten(
    await db
      .select(withContact)
      .from(messages)
      .leftJoin(contacts, and(eq(contacts.id, messages.contactId), eq(contacts.accountId, accountId)))
      .where(and(...where))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(page.limit + 1),
  );
  const more = rows.length > page.limit;
  const kept = rows.slice(0, page.limit);
  const last = kept.at(-1);
  return { rows: kept, nextCursor: more && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null };
}

export async function findMessage(db: Database, accountId: string, id: string) {
  const [row] = flatten(
    await db
      .select(withContact)
      .from(messages)
      .leftJoin(contacts, and(eq(contacts.id, messages.contactId), eq(contacts.accountId, accountId)))
      .where(inAccount(messages, accountId, id)),
  );
  return row;
}

/**
 * An account's conversations, one per other party's number, the latest first: its newest text, how many, and the
 * contact with the number now (a contact added after the first text is named too).
 */
export async function listMessageThreads(
  db: Database,
  accountId: string,
  page: { limit: number; cursor: Cursor | null },
): Promise<{
  rows: Array<{
    latest: MessageWithContact;
    count: number;
    contactId: string | null;
    contactName: string | null;
  }>;
  nextCursor: string | null;
}> {
  const latest = db
    .selectDistinctOn([messages.phone], {
      id: messages.id,
      createdAt: messages.createdAt,
      count: sql<number>`count(*) OVER (PARTITION BY ${messages.phone})`.as('count'),
    })
    .from(messages)
    .where(eq(messages.accountId, accountId))
    .orderBy(messages.phone, desc(messages.createdAt), desc(messages.id))
    .as('latest');
  const where: SQL[] = [eq(messages.accountId, accountId)];
  if (page.cursor) where.push(afterCursor(messages.createdAt, messages.id, page.cursor));
  const rows = await db
    .select({
      ...withContact,
      count: latest.count,
      phoneContactId: sql<string | null>`pc.id`,
      phoneContactName: sql<string | null>`pc.name`,
    })
    .from(latest)
    .innerJoin(messages, eq(messages.id, latest.id))
    .leftJoin(contacts, and(eq(contacts.id, messages.contactId), eq(contacts.accountId, accountId)))
    .leftJoin(sql`contacts pc`, sql`pc.account_id = ${accountId} AND pc.phone = ${messages.phone}`)
    .where(and(...where))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.limit + 1);
  const more = rows.length > page.limit;
  const kept = rows.slice(0, page.limit).map((row) => {
    const [message] = flatten([row]);
    return {
      latest: message as MessageWithContact,
      count: Number(row.count),
      contactId: row.phoneContactId ?? message?.contactId ?? null,
      contactName: row.phoneContactName ?? message?.contactName ?? null,
    };
  });
  const last = kept.at(-1)?.latest;
  return { rows: kept, nextCursor: more && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null };
}

const textSettingColumns = {
  followUpTextCallTypes: accounts.followUpTextCallTypes,
  followUpText: accounts.followUpText,
  missedCallTextBack: accounts.missedCallTextBack,
  missedCallText: accounts.missedCallText,
};
export type TextSettingsRow = {
  followUpTextCallTypes: string[];
  followUpText: string;
  missedCallTextBack: boolean;
  missedCallText: string;
};

export async function getTextSettings(db: Database, accountId: string): Promise<TextSettingsRow | undefined> {
  const [row] = await db.select(textSettingColumns).from(accounts).where(eq(accounts.id, accountId));
  return row;
}

export async function updateTextSettings(
  db: Database,
  accountId: string,
  patch: Partial<TextSettingsRow>,
): Promise<TextSettingsRow | undefined> {
  if (Object.keys(patch).length === 0) return getTextSettings(db, accountId);
  const [row] = await db
    .update(accounts)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(accounts.id, accountId))
    .returning(textSettingColumns);
  return row;
}

/** A call that ended without anyone to talk to, and what its text is made of. */
export interface UnansweredCall {
  id: string;
  accountId: string;
  phone: string;
  contactId: string | null;
  appointmentId: string | null;
  recipientName: string | null;
  contactName: string | null;
  contactFirstName: string | null;
  business: string;
  template: string;
  direction: 'outbound' | 'inbound';
  /** The key of its text: `follow-up:<call id>`, or `missed:<phone>:<day in the account's zone>`. */
  dedupeKey: string;
}

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;
const unanswered = (row: Record<string, unknown>): UnansweredCall => ({
  id: row.id as string,
  accountId: row.account_id as string,
  phone: row.phone as string,
  contactId: (row.contact_id as string | null) ?? null,
  appointmentId: (row.appointment_id as string | null) ?? null,
  recipientName: (row.recipient_name as string | null) ?? null,
  contactName: (row.contact_name as string | null) ?? null,
  contactFirstName: (row.first_name as string | null) ?? null,
  business: row.business as string,
  template: row.template as string,
  direction: row.direction as 'outbound' | 'inbound',
  dedupeKey: row.dedupe_key as string,
});

/**
 * Calls ended since `since` that get a text and have none yet: outbound calls of the types the account follows up
 * that reached nobody (busy or no answer after every attempt: a retry moves the call on in the same transaction)
 * or a voicemail; and, with the text-back on, inbound calls nobody took (the caller hung up or said nothing, or
 * the call failed), one per caller and day. Calls of the browser's "Call your assistant" are not texted.
 */
export async function unansweredCallsToText(
  db: Database,
  since: Date,
  limit = 500,
): Promise<UnansweredCall[]> {
  const result = await db.execute(sql`
    WITH ended AS (
      SELECT c.*, a.name AS business,
        CASE WHEN c.direction = 'outbound' THEN a.follow_up_text ELSE a.missed_call_text END AS template,
        CASE WHEN c.direction = 'outbound' THEN 'follow-up:' || c.id::text
          ELSE 'missed:' || c.phone || ':' || to_char(c.ended_at AT TIME ZONE a.timezone, 'YYYY-MM-DD') END AS dedupe_key
      FROM ${calls} c JOIN ${accounts} a ON a.id = c.account_id
      WHERE c.ended_at IS NOT NULL AND c.ended_at > ${since}
        AND (
          (c.direction = 'outbound' AND c.call_type = ANY (a.follow_up_text_call_types)
            AND (c.status IN ('busy', 'no-answer') OR (c.status = 'completed' AND c.outcome = 'voicemail')))
          OR (c.direction = 'inbound' AND a.missed_call_text_back
            AND coalesce(c.provider_call_id, '') NOT LIKE 'WEB-%'
            AND (c.status IN ('busy', 'no-answer', 'failed')
              OR (c.status = 'completed' AND (c.outcome IS NULL OR c.outcome = 'no_response'))))
        )
    )
    SELECT e.id, e.account_id, e.phone, e.contact_id, e.appointment_id, e.recipient_name, e.business,
      e.template, e.dedupe_key, e.direction, ct.name AS contact_name, ct.first_name
    FROM ended e
    LEFT JOIN ${contacts} ct ON ct.account_id = e.account_id AND ct.phone = e.phone
    WHERE NOT EXISTS (
      SELECT 1 FROM ${messages} m WHERE m.account_id = e.account_id AND m.dedupe_key = e.dedupe_key)
    ORDER BY e.ended_at
    LIMIT ${limit}`);
  return rowsOf(result).map(unanswered);
}

/** Where a text's recipient is and the account's calling window: the quiet hours of automatic texts. */
export async function recipientWindow(db: Database, accountId: string, phone: string) {
  const [row] = await db
    .select({
      accountTimezone: accounts.timezone,
      start: accounts.callingWindowStart,
      end: accounts.callingWindowEnd,
      contactTimezone: contacts.timezone,
    })
    .from(accounts)
    .leftJoin(contacts, and(eq(contacts.accountId, accounts.id), eq(contacts.phone, phone)))
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row;
}
