/**
 * The account's calling rules as set: calling window, calls per contact per day, disclosure. What they are checked
 * against for new calls is in calling-rule-facts.ts.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accounts } from '../schema.ts';

const ruleColumns = {
  businessName: accounts.name,
  callingWindowStart: accounts.callingWindowStart,
  callingWindowEnd: accounts.callingWindowEnd,
  dailyCallCap: accounts.dailyCallCap,
  disclosure: accounts.disclosure,
};

export type CallingRulesRow = {
  businessName: string;
  callingWindowStart: string;
  callingWindowEnd: string;
  dailyCallCap: number;
  disclosure: string;
};

export type CallingRulesPatch = Partial<Omit<CallingRulesRow, 'businessName'>>;

/** The account's calling window, daily cap per contact and disclosure, with the business's name. */
export async function getCallingRules(db: Database, accountId: string): Promise<CallingRulesRow | undefined> {
  const [row] = await db.select(ruleColumns).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row;
}

/**
 * Changes some of the rules under a lock on the account row, so that `check` sees the rules it changes (two
 * changes of either end of the window cannot together make an empty window). `check` throws to refuse.
 */
export async function updateCallingRules(
  db: Database,
  accountId: string,
  patch: CallingRulesPatch,
  check: (next: CallingRulesRow) => void,
): Promise<CallingRulesRow | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select(ruleColumns)
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update')
      .limit(1);
    if (!current) return undefined;
    check({ ...current, ...patch });
    if (Object.keys(patch).length === 0) return current;
    const [row] = await tx
      .update(accounts)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(accounts.id, accountId))
      .returning(ruleColumns);
    return row;
  });
}
