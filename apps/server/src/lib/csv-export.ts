import { Readable } from 'node:stream';
import type { Cursor } from '@callwise/db/queries/cursor';
import { csvLine } from '@callwise/shared/csv';
import type { FastifyReply } from 'fastify';
import { parseCursor } from './pagination.ts';

const EXPORT_PAGE = 1000;

/**
 * Streams a CSV download of every row a filtered list has, a thousand at a time through its cursor, so that
 * 100,000 rows never sit in memory at once. `raw` lists the columns written as they are (phone numbers, which
 * would otherwise be formula-escaped for their leading "+").
 */
export function sendCsvExport<T>(
  reply: FastifyReply,
  options: {
    name: string;
    columns: string[];
    raw?: ReadonlySet<number>;
    page: (limit: number, cursor: Cursor | null) => Promise<{ rows: T[]; nextCursor: string | null }>;
    cells: (row: T) => unknown[];
  },
) {
  async function* lines() {
    yield csvLine(options.columns);
    let cursor: Cursor | null = null;
    do {
      const page = await options.page(EXPORT_PAGE, cursor);
      yield page.rows.map((row) => csvLine(options.cells(row), options.raw)).join('');
      cursor = page.nextCursor ? parseCursor(page.nextCursor) : null;
    } while (cursor);
  }
  const date = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${options.name}-${date}.csv"`)
    .send(Readable.from(lines()));
}
