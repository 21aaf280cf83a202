import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accounts, appointmentEmails, appointments, contacts, doNotCall } from '../schema.ts';

export interface NewAppointmentEmail {
  appointmentId: string;
  /** The appointment's contact: an e-mail is planned only when they have an address, a text when they exist. */
  contactId: string;
  kind: 'reminder' | 'moved';
  /** An e-mail, or a text reminder (every contact has a phone); a `moved` notice is e-mail only. Default email. */
  channel?: 'email' | 'sms';
  minutesBefore: number;
  onlyIfUnconfirmed: boolean;
  startsAt: Date;
  sendAt: Date;
}

/** Rows per INSERT: 9 parameters each stays far below PostgreSQL's 65,535. */
const CHUNK = 2000;

/**
 * Plans e-mails and text reminders of many appointments (decision 019): one statement reads which of their
 * contacts exist and have an address, one multi-row INSERT writes the e-mails of those with an address and the
 * texts of every existing contact (a chunk of 2,000 rows each). One already planned (same appointment, kind,
 * channel, rule and start) is kept as it is; only one skipped is planned again, e.g. when a time moved away and
 * back. Answers how many rows were written.
 */
export async function insertAppointmentEmails(
  db: Database,
  accountId: string,
  emails: NewAppointmentEmail[],
): Promise<number> {
  if (emails.length === 0) return 0;
  const contactIds = [...new Set(emails.map((email) => email.contactId))];
  /** Contacts that exist (texts: every contact has a phone), and those of them with an address (e-mails). */
  const existing = new Set<string>();
  const withAddress = new Set<string>();
  for (let start = 0; start < contactIds.length; start += CHUNK) {
    const rows = await db
      .select({ id: contacts.id, hasEmail: sql<boolean>`btrim(${contacts.email}) <> ''` })
      .from(contacts)
      .where(
        and(eq(contacts.accountId, accountId), inArray(contacts.id, contactIds.slice(start, start + CHUNK))),
      );
    for (const row of rows) {
      existing.add(row.id);
      if (row.hasEmail) withAddress.add(row.id);
    }
  }
  // One row per key: a statement's ON CONFLICT may not touch the same row twice.
  const unique = new Map<string, NewAppointmentEmail & { channel: 'email' | 'sms' }>();
  for (const email of emails) {
    // A move's notice is an e-mail only.
    const channel = email.kind === 'moved' ? 'email' : (email.channel ?? 'email');
    if (!(channel === 'sms' ? existing : withAddress).has(email.contactId)) continue;
    unique.set(
      `${email.appointmentId}|${email.kind}|${channel}|${email.minutesBefore}|${email.startsAt.getTime()}`,
      { ...email, channel },
    );
  }
  const values = [...unique.values()].map(({ contactId: _contactId, ...email }) => ({ ...email, accountId }));
  let written = 0;
  for (let start = 0; start < values.length; start += CHUNK) {
    const rows = await db
      .insert(appointmentEmails)
      .values(values.slice(start, start + CHUNK))
      .onConflictDoUpdate({
        target: [
          appointmentEmails.appointmentId,
          appointmentEmails.kind,
          appointmentEmails.channel,
          appointmentEmails.minutesBefore,
          appointmentEmails.startsAt,
        ],
        set: {
          status: 'pending',
          sendAt: sql`excluded.send_at`,
          onlyIfUnconfirmed: sql`excluded.only_if_unconfirmed`,
          error: null,
        },
        setWhere: sql`${appointmentEmails.status} = 'skipped'`,
      })
      .returning({ id: appointmentEmails.id });
    written += rows.length;
  }
  return written;
}

/**
 * Claims the next due e-mail: pending → sending, committed before anything is sent (decision 019). Concurrent
 * senders skip each other's rows. Undefined when none is due.
 */
export async function claimDueAppointmentEmail(db: Database, now: Date) {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: appointmentEmails.id })
      .from(appointmentEmails)
      .where(and(eq(appointmentEmails.status, 'pending'), lte(appointmentEmails.sendAt, now)))
      .orderBy(asc(appointmentEmails.sendAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [claimed] = await tx
      .update(appointmentEmails)
      .set({
        status: 'sending',
        claimedAt: new Date(),
        attempts: sql`${appointmentEmails.attempts} + 1`,
      })
      .where(and(eq(appointmentEmails.id, due.id), eq(appointmentEmails.status, 'pending')))
      .returning();
    return claimed;
  });
}

/** What the e-mail of a claimed row is about: the appointment now, its contact and its business. */
export async function appointmentEmailSubject(db: Database, accountId: string, appointmentId: string) {
  const [row] = await db
    .select({
      appointment: appointments,
      contact: {
        name: contacts.name,
        firstName: contacts.firstName,
        email: contacts.email,
        phone: contacts.phone,
        /** The number is on the do-not-call list: the person stopped every channel (decision 030). */
        optedOut: sql<boolean>`EXISTS (SELECT 1 FROM ${doNotCall} d WHERE d.account_id = ${contacts.accountId} AND d.phone = ${contacts.phone})`,
      },
      account: { name: accounts.name, timezone: accounts.timezone },
    })
    .from(appointments)
    .innerJoin(accounts, eq(accounts.id, appointments.accountId))
    .leftJoin(
      contacts,
      and(eq(contacts.id, appointments.contactId), eq(contacts.accountId, appointments.accountId)),
    )
    .where(and(eq(appointments.accountId, accountId), eq(appointments.id, appointmentId)));
  return row;
}

/** Ends a claimed row: sent, skipped or failed (with why), or back to pending for another try. */
export async function finishAppointmentEmail(
  db: Database,
  id: string,
  outcome:
    | { status: 'sent' }
    | { status: 'skipped' | 'failed'; error: string }
    | { status: 'pending'; error: string; sendAt: Date },
): Promise<void> {
  await db
    .update(appointmentEmails)
    .set({
      status: outcome.status,
      error: outcome.status === 'sent' ? null : outcome.error,
      ...(outcome.status === 'sent' ? { sentAt: new Date() } : {}),
      ...(outcome.status === 'pending' ? { sendAt: outcome.sendAt, claimedAt: null } : {}),
    })
    .where(and(eq(appointmentEmails.id, id), eq(appointmentEmails.status, 'sending')));
}

/**
 * Rows a sender claimed before `claimedBefore` and never finished: its process died while sending. E-mails become
 * `unknown` and are never sent again (at most once, decision 019); answered for the log. A text reminder left so
 * wrote no text (the text and its `sent` are one transaction): it goes back to `pending`, to be written now.
 */
export async function abandonStaleAppointmentEmails(db: Database, claimedBefore: Date) {
  await db
    .update(appointmentEmails)
    .set({ status: 'pending', claimedAt: null })
    .where(
      and(
        eq(appointmentEmails.status, 'sending'),
        eq(appointmentEmails.channel, 'sms'),
        lte(appointmentEmails.claimedAt, claimedBefore),
      ),
    );
  return db
    .update(appointmentEmails)
    .set({
      status: 'unknown',
      error: 'The sender stopped while sending it: perhaps sent, never sent again',
    })
    .where(
      and(
        eq(appointmentEmails.status, 'sending'),
        eq(appointmentEmails.channel, 'email'),
        lte(appointmentEmails.claimedAt, claimedBefore),
      ),
    )
    .returning({
      id: appointmentEmails.id,
      accountId: appointmentEmails.accountId,
      appointmentId: appointmentEmails.appointmentId,
    });
}

/** An appointment's e-mails, oldest first. */
export async function listAppointmentEmails(db: Database, accountId: string, appointmentId: string) {
  return db
    .select()
    .from(appointmentEmails)
    .where(
      and(eq(appointmentEmails.accountId, accountId), eq(appointmentEmails.appointmentId, appointmentId)),
    )
    .orderBy(asc(appointmentEmails.sendAt), asc(appointmentEmails.createdAt));
}
