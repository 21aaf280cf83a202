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
import { notFound } from '../../lib/app-error.ts';
import { importResponse, startContactImport } from './contacts-import.service.ts';

const idParams = z.object({ id: z.uuid({ error: 'is not an import id' }) });
const tags = ['contacts'];

/** CSV imports of contacts: start one, follow its progress, download the rows that could not be imported. */
const contactsImportRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = () => fastify.database.db;

  fastify.post(
    '/contacts/imports',
    {
      bodyLimit: MAX_IMPORT_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: 'Import contacts from CSV',
        description: 'Starts an import in the background; follow it with GET /v1/contacts/imports/{id}.',
        body: createContactImportInputSchema,
        response: { 202: contactImportSchema, 400: apiErrorSchema, 401: apiErrorSchema, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const row = await startContactImport(db(), fastify.queue, request.auth.accountId, request.body);
      return reply.status(202).send(importResponse(row));
    },
  );

  fastify.get(
    '/contacts/imports',
    {
      schema: {
        tags,
        summary: 'Recent imports',
        response: { 200: z.object({ data: z.array(contactImportSchema) }) },
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
        params: idParams,
        response: { 200: contactImportSchema, 404: apiErrorSchema },
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
    { schema: { tags, summary: 'Rows that could not be imported, as CSV', params: idParams } },
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
