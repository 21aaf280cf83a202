import { type Cursor, decodeCursor } from '@callwise/db/queries/cursor';
import { expect } from 'vitest';
import type { TestApp } from './helper.ts';

/**
 * Pages through `path` (a list with `?limit=`) to its end and expects each answer's bytes to be `expected` of
 * the same page: what the serializer wrote before the list's own JSON writer (call-page-json.ts,
 * contact-page-json.ts). Answers the number of pages.
 */
export async function expectEveryPageAsWritten(
  t: TestApp,
  headers: Record<string, string>,
  path: string,
  expected: (cursor: Cursor | null) => Promise<string>,
): Promise<number> {
  let cursor: string | null = null;
  let pages = 0;
  do {
    const url: string = `${path}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await t.app.inject({ url, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(await expected(cursor ? decodeCursor(cursor) : null));
    cursor = res.json().next_cursor;
    pages++;
  } while (cursor);
  return pages;
}
