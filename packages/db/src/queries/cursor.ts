import { and, type Column, desc, eq, fillPlaceholders, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { type Database, onPostgres, queryPreparedText } from '../client.ts';

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

/** `(created_at, id) < (cursor)`: rows after the cursor in newest-first order (its values, or placeholders). */
export function afterCursor(
  createdAt: PgColumn,
  id: PgColumn,
  cursor: { at: string | SQLWrapper; id: string | SQLWrapper },
): SQL {
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
  return hasSqlState(error, '23505');
}

/** Whether a database error (or one it wraps, as the driver's wrappers do) carries this SQLSTATE. */
export function hasSqlState(error: unknown, code: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: string }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A value of a list's query, named: `sql.placeholder(name)`, filled from `SearchableList.values` when it runs. */
export type ListParam = (name: string) => SQLWrapper;

/** `param` for a condition run once, with its values in place: a search term as `searchTerm` makes it. */
export function withValues(values: Record<string, unknown>, q?: string): ListParam {
  const all: Record<string, unknown> = { ...values, term: q ? searchTerm(q) : undefined };
  return (name) => sql`${all[name]}`;
}

/** A searchable, newest-first list: a table with `id`, `account_id`, `created_at` and a generated `search` column. */
export interface SearchableList {
  table: PgTable & { id: PgColumn; accountId: PgColumn; createdAt: PgColumn };
  /** The columns a page returns: the ones its readers use, `id` and `createdAt` among them (never `search`). */
  columns: { id: Column; createdAt: Column } & Record<string, Column>;
  /**
   * The filter conditions (search text and the list's own filters), on the table or on a subquery of it. Every
   * value that varies between requests goes in as `param(name)`; a condition's presence, and constants, make
   * its `shape`.
   */
  matching: (source: Record<string, Column>, param: ListParam) => SQL[];
  /** Which conditions `matching` adds, and their constants: one SQL text per list, engine and shape. */
  shape: string;
  /** The values of `matching`'s params. */
  values: Record<string, unknown>;
}

/** `column AS "key"` for every column of a page, and the exact created_at as "cursorAt". */
function pageFields(source: Record<string, unknown>, keys: readonly string[], createdAt: PgColumn): SQL {
  return sql.join(
    [
      ...keys.map((key) => sql`${source[key]} AS ${sql.identifier(key)}`),
      sql`${cursorAt(createdAt)} AS "cursorAt"`,
    ],
    sql`, `,
  );
}

/** JSON values that are already what the driver's mapping makes of them. */
const AS_IS = new Set(['PgJson', 'PgJsonb', 'PgText', 'PgUUID', 'PgVarchar', 'PgInteger', 'PgBoolean']);
const decoders = new WeakMap<Record<string, Column>, Array<[string, Column]>>();

/**
 * Runs a page's query (ordered and limited already) and maps each value as the driver's mapping would (timestamps
 * to Date, numbers, arrays). On PGlite the rows come as one JSON document made by the database: its driver
 * decodes every field of every row in JavaScript, and one text with `JSON.parse` took a page of 50 calls from 1.8
 * to 1.1 ms. On PostgreSQL the rows come as rows, from a prepared statement: there building the JSON was two
 * thirds of the database's time for a page, more than node-postgres spends decoding the rows (decision 031).
 */
async function readPage<T>(
  db: Database,
  columns: Record<string, Column>,
  query: { text: string; params: unknown[] },
  values: Record<string, unknown>,
  raw = false,
): Promise<T[]> {
  const params = fillPlaceholders(query.params, values);
  let rows: Array<Record<string, unknown>>;
  if (onPostgres(db)) {
    rows = await queryPreparedText<Record<string, unknown>>(db, query.text, params, raw);
  } else {
    const [result] = await queryPreparedText<{ page: string }>(db, query.text, params);
    rows = JSON.parse(result?.page ?? '[]') as Array<Record<string, unknown>>;
  }
  if (raw) return rows as T[];
  let mapped = decoders.get(columns);
  if (!mapped) {
    mapped = Object.entries(columns).filter(([, column]) => !AS_IS.has(column.columnType));
    decoders.set(columns, mapped);
  }
  for (const row of rows) {
    for (const [key, column] of mapped) {
      const value = row[key];
      // node-postgres gives timestamps as Date already.
      if (value !== null && value !== undefined && !(value instanceof Date)) {
        row[key] = column.mapFromDriverValue(value);
      }
    }
  }
  return rows as T[];
}

/** A page's query as its engine runs it: rows on PostgreSQL, one JSON document on PGlite (see readPage). */
function pageQuery(db: Database, query: SQL): { text: string; params: unknown[] } {
  const wrapped = onPostgres(db)
    ? query
    : sql`SELECT coalesce(json_agg(p ORDER BY p."createdAt" DESC, p."id" DESC), '[]')::text AS page
          FROM (${query}) AS p`;
  const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(wrapped);
  return { text, params };
}

/**
 * The SQL text of a list's page without a search text, kept per list (its columns), engine, shape and cursor:
 * Drizzle built the same text again for every request (its checks and escaping were a tenth of a page's time in
 * the server, decision 031). The values are placeholders, filled when it runs.
 */
const compiledPages = new WeakMap<object, Map<string, { text: string; params: unknown[] }>>();
const placeholder: ListParam = (name) => sql.placeholder(name);

/**
 * One page of a list, newest first, after `cursor`, within the account and `list.matching`. A page of
 * search results is looked for among the newest rows first (a common term fills it there), else through the
 * search index, which a phone number goes to at once: the planner's guess for a text pattern can be far off
 * either way. Filters without a search text are left to the planner, which knows how common each value is.
 */
export async function newestFirstPage<Row extends { id: string }>(
  db: Database,
  list: SearchableList,
  options: { accountId: string; q?: string; limit: number; cursor?: Cursor | null; raw?: boolean },
) {
  const { table, columns } = list;
  const raw = options.raw ?? false;
  const keys = Object.keys(columns);
  const values: Record<string, unknown> = {
    ...list.values,
    accountId: options.accountId,
    limit: options.limit + 1,
    cursorAt: options.cursor?.at,
    cursorId: options.cursor?.id,
  };
  const where: SQL[] = [eq(table.accountId, placeholder('accountId'))];
  if (options.cursor) {
    where.push(
      afterCursor(table.createdAt, table.id, { at: placeholder('cursorAt'), id: placeholder('cursorId') }),
    );
  }
  type PageRow = Row & { cursorAt: string };
  const page = (
    source: Record<string, unknown>,
    from: unknown,
    conditions: SQL[],
    createdAt: PgColumn,
    id: PgColumn,
  ) =>
    sql`SELECT ${pageFields(source, keys, createdAt)} FROM ${from} WHERE ${and(...conditions)}
        ORDER BY ${createdAt} DESC, ${id} DESC LIMIT ${placeholder('limit')}`;
  if (!options.q) {
    let texts = compiledPages.get(columns);
    if (!texts) {
      texts = new Map();
      compiledPages.set(columns, texts);
    }
    const key = `${onPostgres(db) ? 'pg' : 'pglite'} ${list.shape} ${options.cursor ? 'after' : 'first'}`;
    let compiled = texts.get(key);
    if (!compiled) {
      const filter = list.matching(table as unknown as Record<string, Column>, placeholder);
      compiled = pageQuery(db, page(columns, table, [...where, ...filter], table.createdAt, table.id));
      texts.set(key, compiled);
    }
    return toPage(await readPage<PageRow>(db, columns, compiled, values, raw), options.limit);
  }
  values.term = searchTerm(options.q);
  const filter = list.matching(table as unknown as Record<string, Column>, placeholder);
  if (!isPhoneNumberSearch(options.q)) {
    const recent = db
      .select()
      .from(table)
      .where(and(...where))
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(recentWindow(options.limit))
      .as('recent') as unknown as Record<string, Column>;
    const rows = await readPage<PageRow>(
      db,
      columns,
      pageQuery(
        db,
        page(
          recent,
          recent,
          list.matching(recent, placeholder),
          recent.createdAt as PgColumn,
          recent.id as PgColumn,
        ),
      ),
      values,
      raw,
    );
    if (rows.length > options.limit) return toPage(rows, options.limit);
  }
  where.push(newestMatching(table, table, and(...where, ...filter), options.limit + 1));
  const rows = await readPage<PageRow>(
    db,
    columns,
    pageQuery(db, page(columns, table, where, table.createdAt, table.id)),
    values,
    raw,
  );
  return toPage(rows, options.limit);
}
