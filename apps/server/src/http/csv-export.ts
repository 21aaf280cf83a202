import { Readable } from 'node:stream';
import type { Cursor } from '@callwise/db/queries/cursor';
import { csvLine } from '@callwise/shared/csv';
import type { FastifyReply } from 'fastify';
import { audit } from './audit.ts';
import { parseCursor } from './pagination.ts';

const EXPORT_PAGE = 1000;

/**
 * Streams a CSV download of every row a filtered list has, a thousand at a time through its cursor, so that
 * 100,000 rows never sit in memory at once. `raw` lists the columns written as they are (phone numbers, which
 * would otherwise be formula-escaped for their leading "+").
 *
 * The first page is read before anything is sent: a request the database refuses answers a JSON error, never a
 * 200 with a header row. A page that fails later, once the download has begun, ends the stream with its error,
 * and the connection is cut without the end of the chunked body (Fastify destroys the socket; compressed, the
 * compressor fails with it): a client sees a broken download, never a complete-looking, truncated file.
 */
/** What each export holds, as the audit log words it ("Downloaded the contacts as CSV"). */
const EXPORT_LABELS: Record<string, string> = {
  contacts: 'the contacts',
  calls: 'the call history',
  'do-not-call': 'the do-not-call list',
  'consent-records': 'the consent records',
  'audit-log': 'the audit log',
};

export async function sendCsvExport<T>(
  reply: FastifyReply,
  options: {
    name: string;
    columns: string[];
    raw?: ReadonlySet<number>;
    page: (limit: number, cursor: Cursor | null) => Promise<{ rows: T[]; nextCursor: string | null }>;
    cells: (row: T) => unknown[];
  },
): Promise<FastifyReply> {
  // Every download of the account's data is in its audit log.
  audit(reply.request, {
    action: 'data.exported',
    summary: `Downloaded ${EXPORT_LABELS[options.name] ?? options.name} as CSV`,
    details: { what: options.name },
  });
  const rowsOf = (rows: T[]) => rows.map((row) => csvLine(options.cells(row), options.raw)).join('');
  const first = await options.page(EXPORT_PAGE, null);
  const head = csvLine(options.columns) + rowsOf(first.rows);
  async function* lines() {
    yield head;
    let cursor = first.nextCursor ? parseCursor(first.nextCursor) : null;
    while (cursor) {
      const page = await options.page(EXPORT_PAGE, cursor);
      yield rowsOf(page.rows);
      cursor = page.nextCursor ? parseCursor(page.nextCursor) : null;
    }
  }
  const date = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${options.name}-${date}.csv"`)
    .send(Readable.from(lines()));
}
