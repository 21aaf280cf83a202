import {
  CALL_OUTCOMES,
  type CallOutcome,
  STATUS_GROUP_MEMBERS,
  type StatusGroup,
} from '@callwise/shared/calls';
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { type Campaign, calls, campaigns, contacts, scripts } from '../schema.ts';
import { cancellableCall, cancelWaitingCalls } from './call-edits.ts';
import { notifyCallsDue } from './call-rows.ts';
import { type Cursor, newestFirstPage } from './cursor.ts';
import { inAccount } from './in-account.ts';

export type CampaignRow = Campaign;
export type NewCampaign = Omit<typeof campaigns.$inferInsert, 'id' | 'accountId' | 'createdAt' | 'updatedAt'>;
export type CampaignSkipRow = CampaignRow['skipped'][number];

const campaignColumns = getTableColumns(campaigns);

export async function insertCampaign(db: Database, accountId: string, values: NewCampaign) {
  const [row] = await db
    .insert(campaigns)
    .values({ ...values, accountId })
    .returning();
  if (!row) throw new Error('campaign not created');
  return row;
}

/** Removes a campaign whose calls could not be created (none were). */
export async function deleteCampaign(db: Database, accountId: string, id: string): Promise<void> {
  await db.delete(campaigns).where(inAccount(campaigns, accountId, id));
}

export async function setCampaignSkipped(
  db: Database,
  accountId: string,
  id: string,
  skipped: CampaignSkipRow[],
) {
  const [row] = await db
    .update(campaigns)
    .set({ skipped, updatedAt: sql`now()` })
    .where(inAccount(campaigns, accountId, id))
    .returning();
  return row;
}

export async function getCampaign(db: Database, accountId: string, id: string) {
  const [row] = await db
    .select(campaignColumns)
    .from(campaigns)
    .where(inAccount(campaigns, accountId, id))
    .limit(1);
  return row;
}

/** One page of an account's campaigns, newest first. */
export async function listCampaigns(
  db: Database,
  accountId: string,
  options: { limit: number; cursor?: Cursor | null },
) {
  return newestFirstPage<CampaignRow>(
    db,
    { table: campaigns, columns: campaignColumns, matching: () => [], shape: '', values: {} },
    { accountId, limit: options.limit, cursor: options.cursor },
  );
}

/** The titles of the account's scripts with these ids. */
export async function scriptTitles(
  db: Database,
  accountId: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: scripts.id, title: scripts.title })
    .from(scripts)
    .where(and(eq(scripts.accountId, accountId), inArray(scripts.id, ids)));
  return new Map(rows.map((row) => [row.id, row.title]));
}

export interface CampaignCallStats {
  total: number;
  pending: number;
  inProgress: number;
  completed: number;
  failed: number;
  canceled: number;
  outcomes: Record<string, number>;
  nextCallAt: Date | null;
  lastCallAt: Date | null;
}

export const EMPTY_CAMPAIGN_STATS: CampaignCallStats = {
  total: 0,
  pending: 0,
  inProgress: 0,
  completed: 0,
  failed: 0,
  canceled: 0,
  outcomes: {},
  nextCallAt: null,
  lastCallAt: null,
};

const inGroup = (group: StatusGroup) => inArray(calls.status, [...STATUS_GROUP_MEMBERS[group]]);
const countWhere = (condition: SQL) => sql<number>`count(*) FILTER (WHERE ${condition})::int`;

/** The calls of these campaigns of the account, counted by status group and outcome, in one statement. */
export async function campaignCallStats(
  db: Database,
  accountId: string,
  campaignIds: string[],
): Promise<Map<string, CampaignCallStats>> {
  if (campaignIds.length === 0) return new Map();
  const outcomeCounts = Object.fromEntries(
    CALL_OUTCOMES.map((outcome) => [outcome, countWhere(eq(calls.outcome, outcome))]),
  ) as Record<CallOutcome, SQL.Aliased<number> | SQL<number>>;
  const rows = await db
    .select({
      campaignId: sql<string>`${calls.campaignId}`,
      total: sql<number>`count(*)::int`,
      pending: countWhere(inGroup('pending')),
      inProgress: countWhere(inGroup('in-progress')),
      completed: countWhere(inGroup('completed')),
      failed: countWhere(inGroup('failed')),
      canceled: countWhere(eq(calls.status, 'canceled')),
      ...outcomeCounts,
      nextCallAt: sql<string | null>`min(${calls.scheduledAt}) FILTER (WHERE ${inGroup('pending')})`,
      lastCallAt: sql<string | null>`max(${calls.scheduledAt}) FILTER (WHERE ${inGroup('pending')})`,
    })
    .from(calls)
    .where(and(eq(calls.accountId, accountId), inArray(calls.campaignId, campaignIds)))
    .groupBy(calls.campaignId);
  const date = (value: unknown) => (value ? new Date(value as string) : null);
  return new Map(
    rows.map((row) => {
      const counts = row as unknown as Record<string, unknown>;
      return [
        row.campaignId,
        {
          total: Number(row.total),
          pending: Number(row.pending),
          inProgress: Number(row.inProgress),
          completed: Number(row.completed),
          failed: Number(row.failed),
          canceled: Number(row.canceled),
          outcomes: Object.fromEntries(CALL_OUTCOMES.map((outcome) => [outcome, Number(counts[outcome])])),
          nextCallAt: date(row.nextCallAt),
          lastCallAt: date(row.lastCallAt),
        },
      ];
    }),
  );
}

export interface CampaignContact {
  id: string;
  phone: string;
  company: string;
  /** For {{name}}, {{first_name}} and {{last_name}}. */
  name: string;
  firstName: string | null;
  lastName: string | null;
  /** What the calling rules need of the person: read here once for the whole campaign, not once per call. */
  consent: string;
  existingCustomer: boolean;
  timezone: string | null;
}

const campaignContactColumns = {
  id: contacts.id,
  phone: contacts.phone,
  company: contacts.company,
  name: contacts.name,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  consent: contacts.consent,
  existingCustomer: contacts.existingCustomer,
  timezone: contacts.timezone,
};

/**
 * The account's contacts among `ids` (others, and other accounts' contacts, are left out). The ids travel as one
 * JSON array: binding up to 20,000 parameters cost more than the read.
 */
export async function contactsByIds(
  db: Database,
  accountId: string,
  ids: string[],
): Promise<CampaignContact[]> {
  if (ids.length === 0) return [];
  return db
    .select(campaignContactColumns)
    .from(contacts)
    .where(
      and(
        eq(contacts.accountId, accountId),
        sql`${contacts.id} IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`,
      ),
    );
}

/** Up to `limit` of the account's contacts with the tag, oldest first (the order they were added). */
export async function contactsWithTag(
  db: Database,
  accountId: string,
  tag: string,
  limit: number,
): Promise<CampaignContact[]> {
  return db
    .select(campaignContactColumns)
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), sql`${contacts.tags} @> ARRAY[${tag}]::text[]`))
    .orderBy(asc(contacts.createdAt), asc(contacts.id))
    .limit(limit);
}

/**
 * Moves a campaign from one of the `from` statuses to `to`; null when it is in none of them (or not the
 * account's). Resuming also tells every dispatcher that calls may be due.
 */
export async function setCampaignStatus(
  db: Database,
  accountId: string,
  id: string,
  from: string[],
  to: string,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ status: to, updatedAt: sql`now()` })
      .where(and(eq(campaigns.accountId, accountId), eq(campaigns.id, id), inArray(campaigns.status, from)))
      .returning();
    if (row && to === 'active') await notifyCallsDue(tx);
    return row ?? null;
  });
}

/**
 * Cancels a campaign and, in one statement, every call of it not yet handed to the carrier (the conditions of
 * cancelCall). Returns the campaign and how many calls were cancelled; null when it was not active or paused.
 */
export async function cancelCampaign(db: Database, accountId: string, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ status: 'canceled', updatedAt: sql`now()` })
      .where(
        and(
          eq(campaigns.accountId, accountId),
          eq(campaigns.id, id),
          inArray(campaigns.status, ['active', 'paused']),
        ),
      )
      .returning();
    if (!row) return null;
    const canceled = await cancelWaitingCalls(tx, accountId, eq(calls.campaignId, id));
    return { campaign: row, canceledCalls: canceled.length };
  });
}

/** The campaign's calls still waiting to go out, in the order they are due. */
export async function waitingCampaignCalls(db: Database, accountId: string, campaignId: string) {
  return db
    .select({ id: calls.id, scheduledAt: calls.scheduledAt })
    .from(calls)
    .where(and(eq(calls.accountId, accountId), eq(calls.campaignId, campaignId), cancellableCall()))
    .orderBy(asc(calls.scheduledAt), asc(calls.id));
}
