import { constants as zlibConstants } from 'node:zlib';
import { type Cursor, encodeCursor } from '@callwise/db/queries/cursor';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errors from '../plugins/errors.ts';
import { sendCsvExport } from './csv-export.ts';

/**
 * A CSV download over real HTTP (a listening server and fetch, as a browser or curl gets it), compressed or not:
 * a failure before the first byte answers a JSON error; a failure once the file has begun never ends in a
 * complete-looking 200.
 */
let app: FastifyInstance;
let base: string;

const ROWS = 1000;
/** Pages of `ROWS` rows; `failAt` makes that page (0-based) fail as a database error would. */
function pages(count: number, failAt: number | null) {
  return async (limit: number, cursor: Cursor | null) => {
    const index = cursor ? Number(cursor.id.slice(-4)) : 0;
    if (index === failAt) throw new Error('connection to the database was lost');
    const rows = Array.from({ length: Math.min(limit, ROWS) }, (_, i) => ({ n: index * ROWS + i }));
    const id = `00000000-0000-4000-8000-00000000${String(index + 1).padStart(4, '0')}`;
    const next = index + 1 < count ? encodeCursor({ at: '2026-01-01T00:00:00.000Z', id }) : null;
    return { rows, nextCursor: next };
  };
}

beforeAll(async () => {
  app = Fastify({ logger: false });
  // As the app registers them (app.ts): compression of big answers through a stream, then our error handler.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(errors);
  for (const [name, count, failAt] of [
    ['complete', 3, null],
    ['first-page-fails', 3, 0],
    ['later-page-fails', 5, 3],
  ] as const) {
    app.get(`/${name}.csv`, async (_request, reply) =>
      sendCsvExport(reply, {
        name,
        columns: ['n', 'text'],
        page: pages(count, failAt),
        cells: (row: { n: number }) => [
          row.n,
          `row number ${row.n} of the export, with some text to fill it`,
        ],
      }),
    );
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await app.close();
});

/** The download as a client sees it: its status and whole text, or the error reading it ended with. */
async function download(path: string, encoding: string) {
  const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': encoding } });
  try {
    return { status: res.status, headers: res.headers, text: await res.text(), failed: null };
  } catch (error) {
    return { status: res.status, headers: res.headers, text: '', failed: error as Error };
  }
}

describe('a CSV export', () => {
  it('sends every page when every page is read', async () => {
    for (const encoding of ['identity', 'gzip', 'br']) {
      const got = await download('/complete.csv', encoding);
      expect(got.failed).toBeNull();
      expect(got.status).toBe(200);
      const lines = got.text.trimEnd().split('\r\n');
      expect(lines).toHaveLength(1 + 3 * ROWS);
      expect(lines[0]).toBe('n,text');
      expect(lines.at(-1)).toMatch(/^2999,/);
    }
  });

  it('answers a JSON 500, not a 200 with a header row, when the first page fails', async () => {
    for (const encoding of ['identity', 'gzip', 'br']) {
      const got = await download('/first-page-fails.csv', encoding);
      expect({ encoding, failed: got.failed?.message ?? null, status: got.status }).toEqual({
        encoding,
        failed: null,
        status: 500,
      });
      expect(got.headers.get('content-type')).toMatch(/^application\/json/);
      expect(got.headers.get('content-disposition')).toBeNull();
      expect(JSON.parse(got.text)).toEqual({
        error: { code: 'internal_error', message: 'Something went wrong on our side.' },
      });
    }
  });

  it('never ends as a complete 200 when a later page fails, and a 500 in its place is readable', async () => {
    for (const encoding of ['identity', 'gzip', 'br']) {
      const got = await download('/later-page-fails.csv', encoding);
      // Either the status says so, or the download breaks off: never a 200 read to a clean end.
      const looksComplete = got.status === 200 && got.failed === null;
      expect({ encoding, looksComplete, status: got.status }).toEqual({
        encoding,
        looksComplete: false,
        status: got.status,
      });
      if (got.status === 200) {
        expect(got.failed).toBeInstanceOf(Error);
      } else {
        // Nothing was sent yet (the compressor held it): the error is plain, readable JSON, not the encoding of
        // the download it replaces.
        expect({ encoding, failed: got.failed?.message ?? null, status: got.status }).toEqual({
          encoding,
          failed: null,
          status: 500,
        });
        expect(got.headers.get('content-encoding')).toBeNull();
        expect(JSON.parse(got.text)).toEqual({
          error: { code: 'internal_error', message: 'Something went wrong on our side.' },
        });
      }
    }
  });
});
