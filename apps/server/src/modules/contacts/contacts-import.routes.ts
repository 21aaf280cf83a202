import { getContactImport, listContactImports } from '@callwise/db/queries/contact-imports';
import { csvLine } from '@callwise/shared/csv';
import { apiErrorSchema } from '@callwise/shared/errors';
import {
  contactImportSchema,
  createContactImportInputSchema,
  MAX_IMPORT_BYTES,
} from '@callwise/shared/schemas/contact-imports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/app-error.ts';
import { idempotencyHeadersSchema, idempotent } from '../../plugins/idempotency.ts';
import { consentRecorder } from './contacts.service.ts';
import { CONTACTS_IMPORT_EXAMPLES } from './contacts-import.examples.ts';
import { importResponse, startContactImport } from './contacts-import.service.ts';

const idParams = z.object({ id: z.uuid({ error: 'is not an import id' }).describe('The import’s id') });
const tags = ['contacts'];

/** CSV imports of contacts: start one, follow its progress, download the rows that could not be imported. */
const contactsImportRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = () => fastify.database.db;

  fastify.post(
    '/contacts/imports',
    {
      ...idempotent,
      bodyLimit: MAX_IMPORT_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: 'Import contacts from CSV',
        description:
          'Starts an import of up to 20 MB of CSV in the background; follow it with GET /v1/contacts/imports/{id}. ' +
          'Rows that cannot be imported are reported by line. Consent comes from the mapped consent and ' +
          'existing_customer columns, or for empty cells from consent_default, and is recorded with the source ' +
          '"Import: <file name>", the time the import started and who started it.',
        headers: idempotencyHeadersSchema,
        body: createContactImportInputSchema,
        response: {
          202: contactImportSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
          413: apiErrorSchema,
          422: apiErrorSchema,
        },
        examples: CONTACTS_IMPORT_EXAMPLES.importContactsFromCsv,
      },
    },
    async (request, reply) => {
      const row = await startContactImport(
        db(),
        fastify.queue,
        request.auth.accountId,
        request.body,
        consentRecorder(request.auth),
      );
      return reply.status(202).send(importResponse(row));
    },
  );

  fastify.get(
    '/contacts/imports',
    {
      schema: {
        tags,
        summary: 'Recent imports',
        description: 'The account’s latest imports, newest first.',
        response: { 200: z.object({ data: z.array(contactImportSchema).describe('Imports, newest first') }) },
        examples: CONTACTS_IMPORT_EXAMPLES.listContactImports,
      },
    },
    async (request) => ({
      data: (await listContactImports(db(), request.auth.accountId)).map(importResponse),
    }),
  );

  fastify.get(
    '/contacts/imports/:id',
    {
      schema: {
        tags,
        summary: 'An import and its progress',
        description: 'Poll it until status is completed or failed; errors lists the first 100 problem rows.',
        params: idParams,
        response: { 200: contactImportSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        examples: CONTACTS_IMPORT_EXAMPLES.getContactImport,
      },
    },
    async (request) => {
      const row = await getContactImport(db(), request.auth.accountId, request.params.id);
      if (!row) throw notFound('Import');
      return importResponse(row);
    },
  );

  fastify.get(
    '/contacts/imports/:id/errors.csv',
    {
      schema: {
        tags,
        summary: 'Rows that could not be imported, as CSV',
        description: 'Columns: line, reason.',
        params: idParams,
        response: {
          200: z.any().meta({
            description: 'The problem rows as CSV (UTF-8): line, reason.',
            content: { 'text/csv': { schema: { type: 'string' } } },
          }),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
        examples: CONTACTS_IMPORT_EXAMPLES.downloadImportErrors,
      },
    },
    async (request, reply) => {
      const row = await getContactImport(db(), request.auth.accountId, request.params.id);
      if (!row) throw notFound('Import');
      const body =
        csvLine(['line', 'reason']) + row.errors.map((error) => csvLine([error.line, error.reason])).join('');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-problems-${row.id.slice(0, 8)}.csv"`)
        .send(body);
    },
  );
};

export default contactsImportRoutes;
