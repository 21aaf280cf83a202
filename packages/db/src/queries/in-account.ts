import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The row `id` of the account `accountId`: an id of another account's row finds nothing. */
export const inAccount = (
  table: { accountId: AnyPgColumn; id: AnyPgColumn },
  accountId: string,
  id: string,
) => and(eq(table.accountId, accountId), eq(table.id, id));
