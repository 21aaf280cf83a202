import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

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

/** The search term for a `search` column: digits only when it looks like a phone number, else lower case. */
export function searchTerm(q: string): string {
  const trimmed = q.trim();
  const digits = trimmed.replace(/\D/g, '');
  const phoneLike = /^[\d\s()+.-]+$/.test(trimmed) && digits.length >= 3;
  const term = phoneLike ? digits : trimmed.toLowerCase();
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A unique-constraint violation, whichever driver raised it. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
