import { and, type Column, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client.ts';

/** A position in a newest-first list: the exact created_at (microseconds, as PostgreSQL text) and the id. */
export interface Cursor {
  at: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

/** The cursor, or null when the text is not one of ours. */
export function decodeCursor(text: string): Cursor | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      /^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2})?|Z)?$/.test(value[0]) &&
      /^[0-9a-f-]{36}$/i.test(value[1])
    ) {
      return { at: value[0], id: value[1] };
    }
  } catch {
    // not ours
  }
  return null;
}

/** `(created_at, id) < (cursor)`: rows after the cursor in newest-first order. */
export function afterCursor(createdAt: PgColumn, id: PgColumn, cursor: Cursor): SQL {
  return sql`(${createdAt}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** The created_at of a row as exact text, to build the next cursor from. */
export const cursorAt = (createdAt: PgColumn) => sql<string>`${createdAt}::text`;

/** Splits `limit + 1` fetched rows into the page and the next cursor. */
export function toPage<T extends { cursorAt: string; id: string }>(rows: T[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}

/**
 * How many of the newest rows a search reads in list order before it turns to the search index. A term that
 * matches a few percent of the rows or more (a first name, an area code) fills its page here, in a fraction of
 * a millisecond; a rarer one costs this much more than asking the index first. The planner is not asked to
 * choose: its guess for a text pattern can be far off either way (it walked all 100,000 contacts backwards
 * for a phone number, and sorted 10,000 matches of a first name).
 */
export const recentWindow = (limit: number) => Math.max(500, (limit + 1) * 10);

/** The fields of a subquery under the keys of a table's columns, e.g. to select the same row from it. */
export function fieldsOf<S extends object, K extends keyof S>(source: S, keys: readonly K[]): Pick<S, K> {
  return Object.fromEntries(keys.map((key) => [key, source[key]])) as Pick<S, K>;
}

/**
 * `id IN (…)` the `count` newest rows matching `where`, found through the search indexes: the matching ids are
 * gathered first behind an `OFFSET 0` fence (so the planner cannot walk the list order instead), then only
 * the newest are kept. For filters too rare to fill a page within `recentWindow`.
 */
export function newestMatching(
  table: PgTable,
  columns: { id: PgColumn; createdAt: PgColumn },
  where: SQL | undefined,
  count: number,
): SQL {
  return sql`${columns.id} IN (SELECT id FROM (
      SELECT ${columns.id} AS id, ${columns.createdAt} AS created_at FROM ${table} WHERE ${where ?? sql`true`} OFFSET 0
    ) AS matching ORDER BY created_at DESC, id DESC LIMIT ${count})`;
}

/** The digits of a text that looks like a phone number (three digits or more). */
function phoneDigits(q: string): string | undefined {
  const trimmed = q.trim();
  const digits = trimmed.replace(/\D/g, '');
  return /^[\d\s()+.-]+$/.test(trimmed) && digits.length >= 3 ? digits : undefined;
}

/** The search term for a `search` column: digits only when it looks like a phone number, else lower case. */
export function searchTerm(q: string): string {
  const term = phoneDigits(q) ?? q.trim().toLowerCase();
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether a search is for a phone number of seven digits or more: it matches a handful of rows at most, so the
 * search index is asked first (no `recentWindow`).
 */
export const isPhoneNumberSearch = (q: string) => (phoneDigits(q)?.length ?? 0) >= 7;

/** A unique-constraint violation, whichever driver raised it. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A searchable, newest-first list: a table with `id`, `created_at` and a generated `search` column. */
export interface SearchableList {
  table: PgTable & { id: PgColumn; createdAt: PgColumn };
  /** The columns a page returns (the table's, without `search`). */
  columns: Record<string, Column>;
  /** The filter conditions (search text and the list's own filters), on the table or on a subquery of it. */
  matching: (source: Record<string, Column>) => SQL[];
}

/**
 * One page of a list, newest first, after `cursor`, within `scope` (the account) and `list.matching`. A page of
 * search results is looked for among the newest rows first (a common term fills it there), else through the
 * search index, which a phone number goes to at once: the planner's guess for a text pattern can be far off
 * either way. Filters without a search text are left to the planner, which knows how common each value is.
 */
export async function newestFirstPage<Row extends { id: string }>(
  db: Database,
  list: SearchableList,
  options: { scope: SQL; q?: string; limit: number; cursor?: Cursor | null },
) {
  const { table, columns } = list;
  const where: SQL[] = [options.scope];
  if (options.cursor) where.push(afterCursor(table.createdAt, table.id, options.cursor));
  const filter = list.matching(table as unknown as Record<string, Column>);
  type PageRow = Row & { cursorAt: string };
  if (options.q) {
    if (!isPhoneNumberSearch(options.q)) {
      const recent = db
        .select()
        .from(table)
        .where(and(...where))
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(recentWindow(options.limit))
        .as('recent') as unknown as Record<string, Column>;
      const keys = Object.keys(columns);
      const rows = await db
        .select({ ...fieldsOf(recent, keys), cursorAt: cursorAt(recent.createdAt as PgColumn) })
        .from(recent as never)
        .where(and(...list.matching(recent)))
        .orderBy(desc(recent.createdAt as PgColumn), desc(recent.id as PgColumn))
        .limit(options.limit + 1);
      if (rows.length > options.limit) return toPage(rows as unknown as PageRow[], options.limit);
    }
    where.push(newestMatching(table, table, and(...where, ...filter), options.limit + 1));
  } else {
    where.push(...filter);
  }
  const rows = await db
    .select({ ...columns, cursorAt: cursorAt(table.createdAt) })
    .from(table)
    .where(and(...where))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(options.limit + 1);
  return toPage(rows as unknown as PageRow[], options.limit);
}
