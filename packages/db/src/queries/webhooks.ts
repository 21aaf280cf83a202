import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accounts, calls, type WebhookDelivery, webhookDeliveries } from '../schema.ts';

/**
 * The order of a call's deliveries: when the change was queued, then (for changes made in one transaction, which
 * share that time) the status's rank on the way of a call, then the id. `scheduled` comes first when the call is
 * created so, and last when the call goes back to it (a busy or unanswered call scheduled for its retry in the
 * transaction that recorded the busy, or a call held for its calling window).
 */
const STATUS_RANK_SQL = (payload: string) =>
  sql.raw(`CASE ${payload}->>'status'
    WHEN 'scheduled' THEN CASE WHEN ${payload}->>'previous_status' IS NULL THEN 0 ELSE 5 END
    WHEN 'queued' THEN 1 WHEN 'ringing' THEN 2 WHEN 'in-progress' THEN 3 ELSE 4 END`);

/** For a delivery `d`: no earlier delivery of the same call (or appointment) is still pending. */
const firstInLine = () => sql`NOT EXISTS (
  SELECT 1 FROM ${webhookDeliveries} e
  WHERE (e.call_id = d.call_id OR e.appointment_id = d.appointment_id) AND e.state = 'pending' AND e.id <> d.id
    AND (e.created_at, ${STATUS_RANK_SQL('e.payload')}, e.id) < (d.created_at, ${STATUS_RANK_SQL('d.payload')}, d.id)
)`;

/** The channel an appointment's queued delivery is announced on (the trigger of migration 0025), to wake senders. */
export const WEBHOOKS_DUE_CHANNEL = 'callwise_webhooks_due';

/** The account's signing secret, made with `generate` and stored on first use (two racing callers get one). */
export async function ensureWebhookSecret(
  db: Database,
  accountId: string,
  generate: () => string,
): Promise<string | null> {
  const [existing] = await db
    .select({ secret: accounts.webhookSecret })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!existing) return null;
  if (existing.secret) return existing.secret;
  await db
    .update(accounts)
    .set({ webhookSecret: generate(), updatedAt: sql`now()` })
    .where(and(eq(accounts.id, accountId), isNull(accounts.webhookSecret)));
  const [stored] = await db
    .select({ secret: accounts.webhookSecret })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return stored?.secret ?? null;
}

/**
 * After a rotation, deliveries are signed with the secret it replaced too, for this long (Standard Webhooks
 * allows several signatures), so that receivers keep accepting them until they are given the new secret.
 */
export const PREVIOUS_WEBHOOK_SECRET_HOURS = 24;

/**
 * Replaces the account's signing secret: deliveries are signed with the new one from now on, and for
 * PREVIOUS_WEBHOOK_SECRET_HOURS with the one it replaced as well (a secret two rotations back is dropped).
 */
export async function replaceWebhookSecret(
  db: Database,
  accountId: string,
  secret: string,
): Promise<string | null> {
  const [row] = await db
    .update(accounts)
    .set({
      webhookSecret: secret,
      webhookSecretPrevious: sql`${accounts.webhookSecret}`,
      webhookSecretRotatedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(accounts.id, accountId))
    .returning({ secret: accounts.webhookSecret });
  return row?.secret ?? null;
}

/** The deliveries of one of the account's calls, newest first; null when the account has no such call. */
export async function listCallWebhookDeliveries(
  db: Database,
  accountId: string,
  callId: string,
): Promise<WebhookDelivery[] | null> {
  const [call] = await db
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.accountId, accountId), eq(calls.id, callId)))
    .limit(1);
  if (!call) return null;
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.callId, callId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(STATUS_RANK_SQL('payload')), desc(webhookDeliveries.id))
    .limit(500);
}

export interface ClaimedDelivery {
  id: string;
  accountId: string;
  /** The call whose change it posts; null for an appointment's (appointmentId). */
  callId: string | null;
  appointmentId: string | null;
  url: string;
  eventType: string;
  payload: Record<string, unknown>;
  attempts: number;
  createdAt: Date;
  /** The account's signing secret; null until one is made. */
  secret: string | null;
  /** The secret the last rotation replaced, while it still signs too (PREVIOUS_WEBHOOK_SECRET_HOURS). */
  previousSecret: string | null;
}

/**
 * Claims up to `limit` due deliveries for `claimSeconds`: pending, due, not claimed by a live sender, and the
 * first pending one of their call — a call's later change waits until the earlier one is delivered or given
 * up, so a receiver gets a call's changes in order. Several senders never take the same one (SKIP LOCKED), and
 * at most one delivery per call is out at a time.
 */
export async function claimDueDeliveries(
  db: Database,
  options: { limit: number; claimSeconds: number },
): Promise<ClaimedDelivery[]> {
  const result = await db.execute(sql`
    WITH due AS (
      SELECT d.id FROM ${webhookDeliveries} d
      WHERE d.state = 'pending' AND d.next_attempt_at <= now()
        AND (d.claimed_until IS NULL OR d.claimed_until < now())
        AND ${firstInLine()}
      ORDER BY d.next_attempt_at
      LIMIT ${options.limit}
      FOR UPDATE OF d SKIP LOCKED
    )
    UPDATE ${webhookDeliveries} w
    SET claimed_until = now() + make_interval(secs => ${options.claimSeconds})
    FROM due, ${accounts} a
    WHERE w.id = due.id AND a.id = w.account_id
    RETURNING w.id, w.account_id, w.call_id, w.appointment_id, w.url, w.event_type, w.payload, w.attempts, w.created_at,
      a.webhook_secret,
      CASE WHEN a.webhook_secret_rotated_at > now() - make_interval(hours => ${PREVIOUS_WEBHOOK_SECRET_HOURS})
        THEN a.webhook_secret_previous END AS webhook_secret_previous`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map((row) => ({
    id: row.id as string,
    accountId: row.account_id as string,
    callId: (row.call_id as string | null) ?? null,
    appointmentId: (row.appointment_id as string | null) ?? null,
    url: row.url as string,
    eventType: row.event_type as string,
    payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<
      string,
      unknown
    >,
    attempts: Number(row.attempts),
    createdAt: new Date(row.created_at as string),
    secret: (row.webhook_secret as string | null) ?? null,
    previousSecret: (row.webhook_secret_previous as string | null) ?? null,
  }));
}

/**
 * When the next delivery falls due (or a claim runs out), among those first in line for their call, so that a
 * sender can sleep until then.
 */
export async function nextDeliveryAt(db: Database): Promise<Date | null> {
  const result = await db.execute(sql`
    SELECT min(greatest(d.next_attempt_at, coalesce(d.claimed_until, d.next_attempt_at))) AS at
    FROM ${webhookDeliveries} d
    WHERE d.state = 'pending' AND ${firstInLine()}`);
  const at = (result as unknown as { rows: Array<{ at: string | Date | null }> }).rows[0]?.at;
  return at ? new Date(at) : null;
}

export type DeliveryOutcome =
  | { kind: 'delivered'; statusCode: number }
  /** Failed this time: tried again after `retryInSeconds`, or given up when that is null. */
  | { kind: 'failed'; statusCode: number | null; error: string; retryInSeconds: number | null };

/**
 * Records an attempt of a claimed delivery: delivered, retried later, or given up. Counts the attempt and lets
 * the claim go, so the call's next delivery may go out.
 */
export async function recordDeliveryAttempt(
  db: Database,
  id: string,
  outcome: DeliveryOutcome,
): Promise<void> {
  if (outcome.kind === 'delivered') {
    await db
      .update(webhookDeliveries)
      .set({
        state: 'delivered',
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastStatusCode: outcome.statusCode,
        lastError: null,
        deliveredAt: sql`now()`,
        claimedUntil: null,
      })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.state, 'pending')));
    return;
  }
  await db
    .update(webhookDeliveries)
    .set({
      state: outcome.retryInSeconds === null ? 'failed' : 'pending',
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      nextAttemptAt:
        outcome.retryInSeconds === null
          ? sql`${webhookDeliveries.nextAttemptAt}`
          : sql`now() + make_interval(secs => ${outcome.retryInSeconds})`,
      claimedUntil: null,
    })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.state, 'pending')));
}

/** Sets (or, with null, clears) where the account's own events are posted; false when there is no such account. */
export async function setAccountWebhookUrl(
  db: Database,
  accountId: string,
  url: string | null,
): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ webhookUrl: url, updatedAt: sql`now()` })
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id });
  return rows.length > 0;
}
