import { listDoNotCall } from '@callwise/db/queries/do-not-call';
import { apiErrorSchema } from '@callwise/shared/errors';
import {
  addedDoNotCallEntrySchema,
  createDoNotCallInputSchema,
  doNotCallEntrySchema,
  doNotCallImportResultSchema,
  importDoNotCallInputSchema,
  listDoNotCallQuerySchema,
  MAX_DO_NOT_CALL_IMPORT_BYTES,
} from '@callwise/shared/schemas/do-not-call';
import { pageQuerySchema, pageSchema } from '@callwise/shared/schemas/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsvExport } from '../../http/csv-export.ts';
import { parseCursor } from '../../http/pagination.ts';
import { idempotencyHeadersSchema, idempotent } from '../../plugins/idempotency.ts';
import { DO_NOT_CALL_EXAMPLES } from './do-not-call.examples.ts';
import { addNumber, entryResponse, importNumbers, recordedBy, removeNumber } from './do-not-call.service.ts';

const idParams = z.object({
  id: z.uuid({ error: 'is not a do-not-call entry id' }).describe('The entry’s id'),
});
const tags = ['do-not-call'];
const EXPORT_COLUMNS = ['phone', 'source', 'note', 'call_id', 'created_at'];

/**
 * The account's do-not-call list: numbers that are never called. Listing a number cancels the calls to it that
 * are waiting; calls to a listed number are refused.
 */
const doNotCallRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = () => fastify.database.db;

  // A file may also be sent as it is (`Content-Type: text/csv`), e.g. with curl --data-binary @list.csv.
  fastify.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) =>
    done(null, { csv: body }),
  );

  fastify.get(
    '/do-not-call',
    {
      schema: {
        tags,
        summary: 'List the do-not-call numbers',
        description: 'Newest first. Search by any digits of the number, or by words of the note.',
        querystring: pageQuerySchema.extend(listDoNotCallQuerySchema.shape),
        response: { 200: pageSchema(doNotCallEntrySchema), 400: apiErrorSchema },
        examples: DO_NOT_CALL_EXAMPLES.listDoNotCallNumbers,
      },
    },
    async (request) => {
      const { limit, cursor, q } = request.query;
      const page = await listDoNotCall(db(), request.auth.accountId, {
        q,
        limit,
        cursor: parseCursor(cursor),
      });
      return { data: page.rows.map(entryResponse), next_cursor: page.nextCursor };
    },
  );

  fastify.post(
    '/do-not-call',
    {
      ...idempotent,
      schema: {
        tags,
        summary: 'Add a number to the do-not-call list',
        description:
          'The number is stored in E.164 (a national number is read for the account’s country). Scheduled and ' +
          'queued calls to it that no carrier has yet are cancelled (canceled_calls says how many). A number ' +
          'already listed answers 200 with its existing entry (already_listed: true) and is not changed.',
        headers: idempotencyHeadersSchema,
        body: createDoNotCallInputSchema,
        response: {
          201: addedDoNotCallEntrySchema.describe('The number was added'),
          200: addedDoNotCallEntrySchema.describe('The number was on the list already'),
          400: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
        },
        examples: DO_NOT_CALL_EXAMPLES.addDoNotCallNumber,
      },
    },
    async (request, reply) => {
      const { created, entry } = await addNumber(
        db(),
        request.auth.accountId,
        request.body,
        recordedBy(request.auth),
      );
      return reply.status(created ? 201 : 200).send(entry);
    },
  );

  fastify.post(
    '/do-not-call/import',
    {
      ...idempotent,
      bodyLimit: 2 * MAX_DO_NOT_CALL_IMPORT_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: 'Import do-not-call numbers from CSV',
        description:
          'Up to 50,000 numbers (2 MB): one number per line, or a header row with a "phone" column (and an ' +
          'optional "note" column). Send JSON {"csv": "…"} or the file itself with Content-Type: text/csv. ' +
          'Valid numbers are listed at once and the waiting calls to them cancelled; rows that are not numbers ' +
          'are reported by line.',
        headers: idempotencyHeadersSchema,
        body: importDoNotCallInputSchema,
        response: {
          200: doNotCallImportResultSchema,
          400: apiErrorSchema,
          409: apiErrorSchema,
          413: apiErrorSchema,
          422: apiErrorSchema,
        },
        examples: DO_NOT_CALL_EXAMPLES.importDoNotCallNumbers,
      },
    },
    async (request) =>
      importNumbers(db(), request.auth.accountId, request.body.csv, recordedBy(request.auth)),
  );

  fastify.get(
    '/do-not-call/export',
    {
      schema: {
        tags,
        summary: 'Download the do-not-call list as CSV',
        description: `Every listed number matching the search, newest first. Columns: ${EXPORT_COLUMNS.join(', ')}. The file can be imported again.`,
        querystring: listDoNotCallQuerySchema,
        response: {
          200: z.any().meta({
            description: 'The list as CSV (UTF-8), one row per number, newest first.',
            content: { 'text/csv': { schema: { type: 'string' } } },
          }),
          400: apiErrorSchema,
        },
        examples: DO_NOT_CALL_EXAMPLES.downloadDoNotCallList,
      },
    },
    async (request, reply) => {
      const accountId = request.auth.accountId;
      const { q } = request.query;
      return sendCsvExport(reply, {
        name: 'do-not-call',
        columns: EXPORT_COLUMNS,
        raw: new Set([0]),
        page: (limit, cursor) => listDoNotCall(db(), accountId, { q, limit, cursor }),
        cells: (row) => {
          const entry = entryResponse(row);
          return [entry.phone, entry.source, entry.note, entry.call_id, entry.created_at];
        },
      });
    },
  );

  fastify.delete(
    '/do-not-call/:id',
    {
      schema: {
        tags,
        summary: 'Take a number off the do-not-call list',
        description: 'The number may be called again. Calls cancelled when it was listed stay cancelled.',
        params: idParams,
        response: { 204: z.null().describe('Removed'), 400: apiErrorSchema, 404: apiErrorSchema },
        examples: DO_NOT_CALL_EXAMPLES.removeDoNotCallNumber,
      },
    },
    async (request, reply) => {
      await removeNumber(db(), request.auth.accountId, request.params.id, recordedBy(request.auth));
      return reply.status(204).send(null);
    },
  );
};

export default doNotCallRoutes;
