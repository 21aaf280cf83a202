import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite, protocol } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { PgliteFiles } from './pglite-files.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;

export const PGLITE_SHARED_BUFFERS = '32MB';
/** The one database type every query function takes first: PGlite, PostgreSQL or a transaction. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface SqlResult {
  rows: Record<string, unknown>[];
  rowCount?: number | null;
}

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** The embedded engine, when kind is pglite. */
  pglite?: PGlite;
  /** The connection pool, when kind is postgres. */
  pool?: pg.Pool;
  /** Raw SQL for the job queue and maintenance. Several statements are allowed when there are no values. */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; when absent, the embedded PGlite is used. */
  url?: string;
  /** PGlite's data directory; when absent (and no url), an in-memory database. */
  dataDir?: string;
  /** A PGlite data directory dump (from dumpDataDir) to start from. */
  loadDataDir?: Blob;
  /** PGlite's files, loaded ahead (`loadPgliteFiles`); when absent or null, PGlite loads them as it opens. */
  pgliteFiles?: Promise<PgliteFiles | null>;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

/**
 * A `timestamptz` as PostgreSQL writes it (`2026-11-26 23:01:34.784123+00`, ISO date style) read by the engine's
 * own date parser once written as ISO 8601: node-postgres's parser (postgres-date, a regular expression and
 * arithmetic per value) was the largest single cost of reading a page of 50 calls. Other forms (infinity, BC
 * dates, which this product never stores) go to node-postgres's parser.
 */
export function parseTimestamptz(text: string): Date | number {
  const iso = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d(?:\.\d+)?)([+-]\d\d)(?::?(\d\d))?$/.exec(text);
  if (!iso) return pgTimestamptz(text);
  return new Date(`${iso[1]}T${iso[2]}${iso[3]}:${iso[4] ?? '00'}`);
}
const pgTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (
  text: string,
) => Date | number;
const preparedTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.TIMESTAMPTZ && format !== 'binary'
      ? parseTimestamptz
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Runs a read that a hot path asks again and again with different values. On PostgreSQL it is a named prepared
 * statement (its name from its text): each pooled connection parses it once and, after PostgreSQL's first few
 * runs, keeps a generic plan, instead of parsing and planning it on every request (on a 50-row page that was
 * half of the database's time). On PGlite a named statement too, through the engine's protocol
 * (queryNamedOnPglite); inside a transaction, or with a value that is not plain text, a number, a boolean or a
 * date, the driver's own query.
 */
export async function queryPrepared<Row>(db: Database, query: SQL): Promise<Row[]> {
  const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  return queryPreparedText<Row>(db, text, params);
}

/** Statement names by text: a hash of the text, worked out once. */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `cw_${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Every value as the text PostgreSQL sent (for a reader that writes it out as it is); a text[] as an array. */
const rawTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TEXT_ARRAY
      ? pg.types.getTypeParser(oid, format)
      : (text: string) => text) as unknown as typeof pg.types.getTypeParser,
};
const TEXT_ARRAY = 1009 as Parameters<typeof pg.types.getTypeParser>[0];

/**
 * queryPrepared with the SQL text and its values already worked out; `raw` leaves every value on PostgreSQL but a
 * text[] as the text the database sent (PGlite's values are decoded as usual).
 */
export async function queryPreparedText<Row>(
  db: Database,
  text: string,
  params: unknown[],
  raw = false,
): Promise<Row[]> {
  const client = nodePostgresClient(db);
  if (client) {
    const result = await client.query({
      name: statementName(text),
      text,
      values: params,
      types: raw ? rawTypes : preparedTypes,
    });
    return result.rows as Row[];
  }
  const pglite = pgliteClient(db);
  const values = pglite ? textValues(params) : null;
  if (pglite && values) return queryNamedOnPglite<Row>(pglite, text, values);
  const result = await (
    db as unknown as { session: { client: { query: (t: string, p: unknown[]) => Promise<{ rows: Row[] }> } } }
  ).session.client.query(text, params);
  return result.rows;
}

/** A statement prepared on one embedded engine: its name and the columns it answers. */
interface PglitePrepared {
  name: string;
  fields: Array<{ name: string; parse: (text: string) => unknown }>;
}
const pglitePrepared = new WeakMap<PGlite, Map<string, PglitePrepared>>();

/** Parameters as the text a Bind message carries, or null when one is not a plain value (left to the driver). */
function textValues(params: unknown[]): Array<string | null> | null {
  const values: Array<string | null> = [];
  for (const value of params) {
    if (value === null || value === undefined) values.push(null);
    else if (typeof value === 'string') values.push(value);
    else if (typeof value === 'number' || typeof value === 'boolean') values.push(String(value));
    else if (value instanceof Date) values.push(value.toISOString());
    else return null;
  }
  return values;
}

/**
 * A read through a named statement on the embedded engine. PGlite's own query() passes Parse, Describe, Bind,
 * Describe, Execute and Sync through the engine one at a time and parses and plans the text every time; planning
 * asks the size of the table and of each of its indexes, and each size is an fstat through Emscripten's file
 * system (decision 031). Here a statement is parsed and described once per engine, then each run is one pass:
 * Bind, Execute, Sync. It waits for both of the engine's locks, as query() does, so it never runs inside another
 * caller's transaction.
 */
async function queryNamedOnPglite<Row>(pglite: PGlite, text: string, values: Array<string | null>) {
  let statements = pglitePrepared.get(pglite);
  if (!statements) {
    statements = new Map();
    pglitePrepared.set(pglite, statements);
  }
  const known = statements;
  return pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(async () => {
      let prepared = known.get(text);
      if (!prepared) {
        const name = statementName(text);
        const { messages } = await pglite.execProtocol(
          Buffer.concat([
            protocol.serialize.parse({ name, text }),
            protocol.serialize.describe({ type: 'S', name }),
            protocol.serialize.sync(),
          ]),
          { syncToFs: false },
        );
        const description = messages.find((m) => m.name === 'rowDescription') as
          | { fields: Array<{ name: string; dataTypeID: number }> }
          | undefined;
        prepared = {
          name,
          fields: (description?.fields ?? []).map((field) => ({
            name: field.name,
            parse: (pglite.parsers[field.dataTypeID] ?? ((value: string) => value)) as (
              text: string,
            ) => unknown,
          })),
        };
        known.set(text, prepared);
      }
      const { messages } = await pglite.execProtocol(
        Buffer.concat([
          protocol.serialize.bind({ statement: prepared.name, values }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
      const rows: Row[] = [];
      for (const message of messages) {
        if (message.name !== 'dataRow') continue;
        const fields = (message as unknown as { fields: Array<string | null> }).fields;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < prepared.fields.length; i++) {
          const field = prepared.fields[i] as PglitePrepared['fields'][number];
          const value = fields[i];
          row[field.name] = value === null || value === undefined ? null : field.parse(value);
        }
        rows.push(row as Row);
      }
      return rows;
    }),
  );
}

/** The embedded engine under `db` (not inside a transaction); null on PostgreSQL or in a transaction. */
function pgliteClient(db: Database): PGlite | null {
  const client = (db as unknown as { session: { client?: unknown } }).session.client;
  return client instanceof PGlite ? client : null;
}

/** Whether `db` (a database or a transaction) runs on PostgreSQL through node-postgres, not on PGlite. */
export const onPostgres = (db: Database): boolean => nodePostgresClient(db) !== null;

/** The pool (or, in a transaction, the connection) under `db` on PostgreSQL; null on PGlite. */
function nodePostgresClient(db: Database): pg.Pool | pg.Client | null {
  const client = (db as unknown as { session: { client?: unknown } }).session.client;
  return client instanceof pg.Pool || client instanceof pg.Client ? client : null;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.loadDataDir, await options.pgliteFiles);
}

/**
 * Drizzle hands PGlite a set of type parsers with every query (to keep timestamps as text), and PGlite answers
 * such a query several times slower than a plain one. Its default parsers give Date objects, which Drizzle's
 * column mappings accept as well, so the per-query parsers are left out.
 */
function withoutPerQueryParsers(client: PGlite): PGlite {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query') {
        return (query: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }) =>
          target.query(query, params, options?.rowMode ? { rowMode: options.rowMode } : undefined);
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * PGlite runs each statement on this thread, and the statements waiting for its lock run one after another in a
 * single chain of promise callbacks: while a burst of them drains, the event loop reads no socket and answers no
 * request. Each statement, once it holds the lock, first waits for one turn of the event loop.
 */
function yieldBetweenStatements(client: PGlite): void {
  const runExclusiveQuery = client._runExclusiveQuery.bind(client);
  client._runExclusiveQuery = <T>(run: () => Promise<T>) =>
    runExclusiveQuery(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return run();
    });
}

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
  files: PgliteFiles | null | undefined,
): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? 'memory://', {
    ...files,
    extensions: { pg_trgm, btree_gist },
    // PGlite's default of 160 MB of shared buffers dominates the process's memory; table files are read
    // through the operating system's page cache anyway.
    postgresqlconf: [`shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  yieldBetweenStatements(client);
  const db = drizzlePglite({ client: withoutPerQueryParsers(client), schema }) as unknown as Database;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows, rowCount: result.affectedRows ?? null };
      }
      const results = await client.exec(text);
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as Record<string, unknown>[], rowCount: last?.affectedRows ?? null };
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // No JIT compilation: the statements here are short, and a plan whose estimate crosses jit_above_cost (a
    // partial index the planner misjudges, a count over a large account) spent 50-100 ms compiling before a
    // millisecond of work (decision 032). The pool hands a new connection out only once this has run. A SET
    // rather than a startup option, which connection poolers such as PgBouncer refuse; a server that refuses the
    // setting runs the same statements with JIT.
    onConnect: async (client) => {
      await client.query('SET jit = off').catch(() => undefined);
    },
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  // Fail fast when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    pool,
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      return { rows: last?.rows ?? [], rowCount: last?.rowCount ?? null };
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
