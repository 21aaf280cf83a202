import { getCall, listCalls, summarizeCalls } from '@callwise/db/queries/calls';
import { apiErrorSchema } from '@callwise/shared/errors';
import { percentOf } from '@callwise/shared/format';
import {
  callSchema,
  callSummarySchema,
  createCallInputSchema,
  listCallsQuerySchema,
} from '@callwise/shared/schemas/calls';
import { pageQuerySchema, pageSchema } from '@callwise/shared/schemas/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { sendCsvExport } from '../../lib/csv-export.ts';
import { parseCursor } from '../../lib/pagination.ts';
import { callResponse } from './call-response.ts';

const idParams = z.object({ id: z.uuid({ error: 'is not a call id' }) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const createErrors = { ...errors, 402: apiErrorSchema, 403: apiErrorSchema };
const tags = ['calls'];
const EXPORT_COLUMNS = [
  'date',
  'status',
  'outcome',
  'recipient',
  'phone',
  'call_type',
  'voice',
  'duration_seconds',
  'cost_usd',
  'attempts',
  'message',
  'id',
];

/** The call history: list, search, filter, summary, export, one call. */
const callsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = () => fastify.database.db;
  const calls = () => fastify.services.calls;

  fastify.get(
    '/calls',
    {
      schema: {
        tags,
        summary: 'List calls',
        description:
          'The call history, newest first; search by recipient name or phone, filter by status group.',
        querystring: pageQuerySchema.extend(listCallsQuerySchema.shape),
        response: { 200: pageSchema(callSchema), ...errors },
      },
    },
    async (request) => {
      const { limit, cursor, q, status } = request.query;
      const page = await listCalls(db(), request.auth.accountId, {
        q,
        status,
        limit,
        cursor: parseCursor(cursor),
      });
      return { data: page.rows.map(callResponse), next_cursor: page.nextCursor };
    },
  );

  fastify.get(
    '/calls/summary',
    {
      schema: {
        tags,
        summary: 'Totals for the call history',
        description:
          'Counts by status group, success rate, average duration of completed calls and total cost, for the same filters as the list.',
        querystring: listCallsQuerySchema,
        response: { 200: callSummarySchema, ...errors },
      },
    },
    async (request) => {
      const s = await summarizeCalls(db(), request.auth.accountId, request.query);
      return {
        total: s.total,
        completed: s.completed,
        failed: s.failed,
        pending: s.pending,
        in_progress: s.inProgress,
        success_rate: percentOf(s.completed, s.total),
        average_duration: s.averageDuration,
        total_cost: Number(s.totalCost),
      };
    },
  );

  fastify.get(
    '/calls/export.csv',
    { schema: { tags, summary: 'Download the call history as CSV', querystring: listCallsQuerySchema } },
    async (request, reply) => {
      const { q, status } = request.query;
      const accountId = request.auth.accountId;
      return sendCsvExport(reply, {
        name: 'calls',
        columns: EXPORT_COLUMNS,
        raw: new Set([4]),
        page: (limit, cursor) => listCalls(db(), accountId, { q, status, limit, cursor }),
        cells: (row) => {
          const call = callResponse(row);
          return [
            call.created_at,
            call.status,
            call.outcome,
            call.recipient_name,
            call.phone,
            call.call_type,
            call.voice,
            call.duration,
            call.cost,
            call.attempts,
            call.message,
            call.id,
          ];
        },
      });
    },
  );

  fastify.post(
    '/calls',
    {
      schema: {
        tags,
        summary: 'Schedule a call',
        description:
          'Calls a contact (contact_id) or a number (phone, recipient_name) with a script (script_id) or a message, ' +
          'in the chosen voice, at scheduled_at (absent: now). {{variables}} in the text are filled from `variables`; ' +
          '{{name}} defaults to the recipient name, any other variable without a value is a validation error. ' +
          'A free trial includes 10 calls (402 call_limit_reached after that); cancelled calls are given back.',
        body: createCallInputSchema,
        response: { 201: callSchema, ...createErrors },
      },
    },
    async (request, reply) => {
      const call = await calls().create(request.auth.accountId, request.body);
      reply.code(201);
      return callResponse(call);
    },
  );

  fastify.post(
    '/calls/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a call',
        description:
          'Cancels a scheduled or queued call that is not being placed yet (409 otherwise). A trial call is given back.',
        params: idParams,
        response: { 200: callSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => callResponse(await calls().cancel(request.auth.accountId, request.params.id)),
  );

  fastify.get(
    '/calls/:id/recording',
    {
      schema: {
        tags,
        summary: "Download a call's recording",
        description: 'The recording of the call as audio/wav (only for its own account).',
        params: idParams,
      },
    },
    async (request, reply) => {
      const file = await calls().recording(request.auth.accountId, request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', `inline; filename="call-${request.params.id}.wav"`)
        .send(file.data);
    },
  );

  fastify.delete(
    '/calls/:id/recording',
    {
      schema: {
        tags,
        summary: "Delete a call's recording",
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await calls().deleteRecording(request.auth.accountId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  fastify.get(
    '/calls/:id',
    { schema: { tags, summary: 'Get a call', params: idParams, response: { 200: callSchema, ...errors } } },
    async (request) => {
      const row = await getCall(db(), request.auth.accountId, request.params.id);
      if (!row) throw notFound('Call');
      return callResponse(row);
    },
  );
};

export default callsRoutes;
