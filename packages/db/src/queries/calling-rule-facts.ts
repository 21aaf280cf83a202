/**
 * What the calling rules are checked against for new calls: the do-not-call list, the contacts' consent and time
 * zones, the calls already made. The account's settings of the rules are in calling-rule-settings.ts.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { isListed } from './do-not-call.ts';

/** What the calling rules need to know about the numbers of new calls, read in one statement each. */
export interface CallRuleFacts {
  /** Numbers on the account's do-not-call list. */
  doNotCall: Set<string>;
  /** The account's contacts with these numbers (for calls made by number): consent and time zone. */
  contacts: Map<string, { consent: string; existingCustomer: boolean; timezone: string | null }>;
}

type ContactFacts = { phone: string; consent: string; existing_customer: boolean; timezone: string | null };

export async function callRuleFacts(
  db: Database,
  accountId: string,
  phones: string[],
  /** The numbers whose contacts are wanted, when not all of them (a campaign's calls know their contacts). */
  contactPhones: string[] = phones,
): Promise<CallRuleFacts> {
  const unique = [...new Set(phones)];
  if (unique.length === 0) return { doNotCall: new Set(), contacts: new Map() };
  const wanted = contactPhones === phones ? unique : [...new Set(contactPhones)];
  const list = JSON.stringify(wanted);
  const [listed, contacts] = await Promise.all([
    isListed(db, accountId, unique),
    wanted.length === 0
      ? { rows: [] }
      : db.execute(sql`
      SELECT phone, consent, existing_customer, timezone FROM contacts
      WHERE account_id = ${accountId} AND phone IN (SELECT jsonb_array_elements_text(${list}::jsonb))`),
  ]);
  return {
    doNotCall: listed,
    contacts: new Map(
      rows<ContactFacts>(contacts).map((row) => [
        row.phone,
        { consent: row.consent, existingCustomer: row.existing_customer, timezone: row.timezone },
      ]),
    ),
  };
}

/**
 * How many calls each number already has on a day (the recipient's local day, given as instants), across every
 * source; cancelled calls do not count. One count per query, in order.
 */
export async function callsOnDays(
  db: Database,
  accountId: string,
  queries: Array<{ phone: string; from: Date; to: Date }>,
  /** A call not to count: the one being edited (PATCH /v1/calls/{id}). */
  exceptCallId?: string,
): Promise<number[]> {
  if (queries.length === 0) return [];
  const input = JSON.stringify(
    queries.map((q, i) => ({ i, phone: q.phone, from: q.from.toISOString(), to: q.to.toISOString() })),
  );
  const result = await db.execute(sql`
    SELECT x.i, (
      SELECT count(*)::int FROM calls c
      WHERE c.account_id = ${accountId} AND c.phone = x.phone
        AND c.scheduled_at >= x."from" AND c.scheduled_at < x."to" AND c.status <> 'canceled'
        ${exceptCallId ? sql`AND c.id <> ${exceptCallId}` : sql``}
    ) AS n
    FROM jsonb_to_recordset(${input}::jsonb) AS x(i int, phone text, "from" timestamptz, "to" timestamptz)`);
  const counts = new Array<number>(queries.length).fill(0);
  for (const row of rows<{ i: number; n: number }>(result)) counts[Number(row.i)] = Number(row.n);
  return counts;
}

/**
 * The times of the account's promotional calls to each number between `from` and `to` (placed or scheduled:
 * `scheduled_at`, the time a call goes or went out; cancelled calls never went and do not count), for the state
 * limits on solicitations per 24 hours (decision 028). One list per query, in order.
 */
export async function promotionalCallTimes(
  db: Database,
  accountId: string,
  queries: Array<{ phone: string; from: Date; to: Date }>,
  /** A call not to count: the one being edited, or the one being dispatched. */
  exceptCallId?: string,
): Promise<Date[][]> {
  if (queries.length === 0) return [];
  const input = JSON.stringify(
    queries.map((q, i) => ({ i, phone: q.phone, from: q.from.toISOString(), to: q.to.toISOString() })),
  );
  const result = await db.execute(sql`
    SELECT x.i, c.scheduled_at AS at
    FROM jsonb_to_recordset(${input}::jsonb) AS x(i int, phone text, "from" timestamptz, "to" timestamptz)
    JOIN calls c ON c.account_id = ${accountId} AND c.phone = x.phone
      AND c.scheduled_at >= x."from" AND c.scheduled_at < x."to"
      AND c.call_type = 'promotional' AND c.status <> 'canceled'
      ${exceptCallId ? sql`AND c.id <> ${exceptCallId}` : sql``}`);
  const times = queries.map((): Date[] => []);
  for (const row of rows<{ i: number; at: string | Date }>(result)) {
    times[Number(row.i)]?.push(new Date(row.at));
  }
  return times;
}

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
