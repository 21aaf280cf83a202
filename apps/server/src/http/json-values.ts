import type { FastifyReply } from 'fastify';

/**
 * Values written as JSON the way the routes' serializer writes them, from what the database sent for a list page
 * (decision 031): text from PostgreSQL (`2026-11-26 23:01:34.784123+00`, `t`, `0.0500`), JSON values from PGlite
 * (`2026-11-26T23:01:34.784123+00:00`, `true`, `0.05`). Each returns the JSON text, or null when the value is
 * not one it can write exactly (the caller then takes the serializer's way).
 */

export const jsonText = (value: unknown) =>
  value === null || value === undefined ? 'null' : JSON.stringify(String(value));

export const jsonNumber = (value: unknown) =>
  value === null || value === undefined ? 'null' : String(Number(value));

export const jsonBoolean = (value: unknown) =>
  value === null || value === undefined ? 'null' : String(value === true || value === 't');

/** A text[]: an array of strings (PGlite's JSON, or node-postgres's array parser). */
export function jsonTextArray(value: unknown): string | null {
  if (value === null || value === undefined) return 'null';
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) return null;
  return JSON.stringify(value);
}

/**
 * A timestamp as the API writes it (`toISOString`: UTC, milliseconds). At UTC the text is rearranged (digits past
 * the millisecond are dropped, as Date does); another offset goes through Date.
 */
export function isoText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const raw = String(value);
  const utc = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(?:\.(\d+))?(?:\+00(?::?00)?|Z)$/.exec(raw);
  if (utc) return `${utc[1]}T${utc[2]}.${`${utc[3] ?? ''}000`.slice(0, 3)}Z`;
  const parts = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d(?:\.\d+)?)([+-]\d\d)(?::?(\d\d))?$/.exec(raw);
  const date = parts ? new Date(`${parts[1]}T${parts[2]}${parts[3]}:${parts[4] ?? '00'}`) : new Date(raw);
  if (Number.isNaN(date.getTime())) throw new Error(`Unreadable timestamp from the database: ${raw}`);
  return date.toISOString();
}

export const jsonTimestamp = (value: unknown) => {
  const iso = isoText(value);
  return iso === null ? 'null' : `"${iso}"`;
};

/** How each field of an answer is written from a row, in the order of the answer's schema. */
export type FieldWriters<Row> = ReadonlyArray<readonly [name: string, write: (row: Row) => string | null]>;

/** `{"data":[…],"next_cursor":…}` with each row written by `fields`, or null when one value cannot be. */
export function pageJson<Row>(
  rows: Row[],
  nextCursor: string | null,
  fields: FieldWriters<Row>,
): string | null {
  let out = '{"data":[';
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as Row;
    out += r === 0 ? '{' : ',{';
    for (let f = 0; f < fields.length; f++) {
      const [name, write] = fields[f] as FieldWriters<Row>[number];
      const value = write(row);
      if (value === null) return null;
      out += f === 0 ? `"${name}":${value}` : `,"${name}":${value}`;
    }
    out += '}';
  }
  return `${out}],"next_cursor":${nextCursor === null ? 'null' : JSON.stringify(nextCursor)}}`;
}

/** The writers of `schemaKeys` (an answer's schema's keys, in order), from `writers` by name. */
export function fieldsInOrder<Row, Key extends string>(
  schemaKeys: readonly Key[],
  writers: Record<Key, (row: Row) => string | null>,
): FieldWriters<Row> {
  return schemaKeys.map((key) => [key, writers[key]] as const);
}

/** JSON already written: sent as it is, past the route's serializer. */
export function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}
