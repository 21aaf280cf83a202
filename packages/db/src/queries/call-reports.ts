import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accounts, type Call, calls, users } from '../schema.ts';

/** Reports over calls: the failure alert's and the daily summary's contents and their recipients. */

/** The addresses of an account's users who want this kind of e-mail (and e-mail at all). */
export async function notificationRecipients(
  db: Database,
  accountId: string,
  kind: 'failureAlerts' | 'callSummaries' | 'messageAlerts',
): Promise<Array<{ email: string; firstName: string }>> {
  const rows = await db
    .select({ email: users.email, settings: users.notificationSettings, metadata: users.userMetadata })
    .from(users)
    .where(and(eq(users.accountId, accountId), sql`${users.emailConfirmedAt} IS NOT NULL`));
  return rows
    .filter((row) => row.settings.emailNotifications && (row.settings[kind] ?? true))
    .map((row) => ({
      email: row.email,
      firstName: typeof row.metadata.first_name === 'string' ? row.metadata.first_name : '',
    }));
}

export interface AccountDaySummary {
  accountId: string;
  accountName: string;
  total: number;
  completed: number;
  failed: number;
  confirmed: number;
  cancelled: number;
  rescheduled: number;
  optedOut: number;
  cost: number;
}

/** Per account, the calls that ended in [from, to): for the daily summary e-mail. */
export async function summarizeCallsBetween(
  db: Database,
  from: Date,
  to: Date,
): Promise<AccountDaySummary[]> {
  const result = await db.execute(sql`
    SELECT c.account_id, a.name AS account_name, count(*)::int AS total,
      count(*) FILTER (WHERE c.status = 'completed')::int AS completed,
      count(*) FILTER (WHERE c.status IN ('failed', 'busy', 'no-answer'))::int AS failed,
      count(*) FILTER (WHERE c.outcome = 'confirmed')::int AS confirmed,
      count(*) FILTER (WHERE c.outcome = 'cancelled')::int AS cancelled,
      count(*) FILTER (WHERE c.outcome = 'reschedule_requested')::int AS rescheduled,
      count(*) FILTER (WHERE c.outcome = 'opted_out')::int AS opted_out,
      coalesce(sum(c.cost), 0)::float8 AS cost
    FROM ${calls} c JOIN ${accounts} a ON a.id = c.account_id
    WHERE c.ended_at >= ${from} AND c.ended_at < ${to}
    GROUP BY c.account_id, a.name`);
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((row) => ({
    accountId: row.account_id as string,
    accountName: row.account_name as string,
    total: Number(row.total),
    completed: Number(row.completed),
    failed: Number(row.failed),
    confirmed: Number(row.confirmed),
    cancelled: Number(row.cancelled),
    rescheduled: Number(row.rescheduled),
    optedOut: Number(row.opted_out),
    cost: Number(row.cost),
  }));
}

/** Calls of an account that ended without reaching anyone (failed, busy, no answer) in [from, to). */
export async function failedCallsBetween(db: Database, accountId: string, from: Date, to: Date) {
  return db
    .select({
      id: calls.id,
      recipientName: calls.recipientName,
      phone: calls.phone,
      status: calls.status,
      attempts: calls.attempts,
      failureReason: calls.failureReason,
    })
    .from(calls)
    .where(
      and(
        eq(calls.accountId, accountId),
        inArray(calls.status, ['failed', 'busy', 'no-answer']),
        sql`${calls.endedAt} >= ${from} AND ${calls.endedAt} < ${to}`,
      ),
    )
    .orderBy(calls.endedAt)
    .limit(1000);
}

/**
 * Calls whose caller left a message or asked to be called back and whose e-mail has not gone out (decision 026),
 * claimed for sending in one statement: each is claimed once, by one process, so its e-mail goes out at most once.
 */
export async function claimMessageAlerts(db: Database, limit: number) {
  const result = await db.execute(sql`
    UPDATE ${calls} c SET message_alerted_at = now()
    WHERE c.id IN (
      SELECT id FROM ${calls}
      WHERE message_alerted_at IS NULL AND outcome IN ('message_taken', 'callback_requested')
      ORDER BY updated_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING c.id, c.account_id, c.recipient_name, c.phone, c.direction, c.outcome, c.dialogue, c.contact_id`);
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((row) => ({
    id: row.id as string,
    accountId: row.account_id as string,
    recipientName: row.recipient_name as string,
    phone: row.phone as string,
    direction: row.direction as 'outbound' | 'inbound',
    outcome: row.outcome as 'message_taken' | 'callback_requested',
    contactId: (row.contact_id as string | null) ?? null,
    dialogue: row.dialogue as Call['dialogue'],
  }));
}
