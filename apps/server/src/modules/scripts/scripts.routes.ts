import {
  createScript,
  deleteScript,
  getScript,
  listScripts,
  updateScript,
} from '@callwise/db/queries/scripts';
import type { Script as ScriptRow } from '@callwise/db/schema';
import { apiErrorSchema } from '@callwise/shared/errors';
import { pageQuerySchema, pageSchema } from '@callwise/shared/schemas/pagination';
import {
  createScriptInputSchema,
  listScriptsQuerySchema,
  type Script,
  scriptSchema,
  updateScriptInputSchema,
} from '@callwise/shared/schemas/scripts';
import { variablesIn } from '@callwise/shared/variables';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/app-error.ts';
import { parseCursor } from '../../http/pagination.ts';
import { idempotencyHeadersSchema, idempotent } from '../../plugins/idempotency.ts';
import { SCRIPTS_EXAMPLES } from './scripts.examples.ts';

export function scriptResponse(
  row: Pick<ScriptRow, 'id' | 'title' | 'content' | 'category' | 'createdAt' | 'updatedAt'>,
): Script {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    category: row.category as Script['category'],
    variables: variablesIn(row.content),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const idParams = z.object({ id: z.uuid({ error: 'is not a script id' }).describe('The script’s id') });
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };
const tags = ['scripts'];

const scriptsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = () => fastify.database.db;

  fastify.get(
    '/scripts',
    {
      schema: {
        tags,
        summary: 'List call scripts',
        description: 'Newest first. Filter by search text (title and content) and by category.',
        querystring: pageQuerySchema.extend(listScriptsQuerySchema.shape),
        response: { 200: pageSchema(scriptSchema), 400: apiErrorSchema },
        examples: SCRIPTS_EXAMPLES.listCallScripts,
      },
    },
    async (request) => {
      const { limit, cursor, q, category } = request.query;
      const page = await listScripts(db(), request.auth.accountId, {
        q,
        category,
        limit,
        cursor: parseCursor(cursor),
      });
      return { data: page.rows.map(scriptResponse), next_cursor: page.nextCursor };
    },
  );

  fastify.post(
    '/scripts',
    {
      ...idempotent,
      schema: {
        tags,
        summary: 'Create a call script',
        description: 'Content may use {{name}}, {{date}}, {{time}} and custom {{variables}}.',
        headers: idempotencyHeadersSchema,
        body: createScriptInputSchema,
        response: { 201: scriptSchema, 400: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema },
        examples: SCRIPTS_EXAMPLES.createCallScript,
      },
    },
    async (request, reply) => {
      const row = await createScript(db(), request.auth.accountId, request.body);
      return reply.status(201).send(scriptResponse(row));
    },
  );

  fastify.get(
    '/scripts/:id',
    {
      schema: {
        tags,
        summary: 'Get a call script',
        description: 'One script with the {{variables}} its content uses.',
        params: idParams,
        response: { 200: scriptSchema, ...errors },
        examples: SCRIPTS_EXAMPLES.getCallScript,
      },
    },
    async (request) => {
      const row = await getScript(db(), request.auth.accountId, request.params.id);
      if (!row) throw notFound('Script');
      return scriptResponse(row);
    },
  );

  fastify.patch(
    '/scripts/:id',
    {
      schema: {
        tags,
        summary: 'Change a call script',
        description: 'Changes only the fields given; updated_at becomes now.',
        params: idParams,
        body: updateScriptInputSchema,
        response: { 200: scriptSchema, ...errors },
        examples: SCRIPTS_EXAMPLES.changeCallScript,
      },
    },
    async (request) => {
      const row = await updateScript(db(), request.auth.accountId, request.params.id, request.body);
      if (!row) throw notFound('Script');
      return scriptResponse(row);
    },
  );

  fastify.post(
    '/scripts/:id/clone',
    {
      ...idempotent,
      schema: {
        tags,
        summary: 'Copy a call script',
        description: 'The copy has the same content and category and the title suffixed " (Copy)".',
        headers: idempotencyHeadersSchema,
        params: idParams,
        response: { 201: scriptSchema, ...errors, 409: apiErrorSchema, 422: apiErrorSchema },
        examples: SCRIPTS_EXAMPLES.copyCallScript,
      },
    },
    async (request, reply) => {
      const source = await getScript(db(), request.auth.accountId, request.params.id);
      if (!source) throw notFound('Script');
      const row = await createScript(db(), request.auth.accountId, {
        title: `${source.title} (Copy)`.slice(0, 200),
        content: source.content,
        category: source.category,
      });
      return reply.status(201).send(scriptResponse(row));
    },
  );

  fastify.delete(
    '/scripts/:id',
    {
      schema: {
        tags,
        summary: 'Delete a call script',
        description: 'Calls made from it stay in the call history (script_id becomes null).',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
        examples: SCRIPTS_EXAMPLES.deleteCallScript,
      },
    },
    async (request, reply) => {
      if (!(await deleteScript(db(), request.auth.accountId, request.params.id))) throw notFound('Script');
      return reply.status(204).send(null);
    },
  );
};

export default scriptsRoutes;
