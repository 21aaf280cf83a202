import { listAuditEvents } from '@callwise/db/queries/audit-log';
import type { AuditEventRow } from '@callwise/db/schema';
import { apiErrorSchema } from '@callwise/shared/errors';
import {
  AUDIT_EXPORT_COLUMNS,
  type AuditEvent,
  auditEventListSchema,
  exportAuditEventsQuerySchema,
  listAuditEventsQuerySchema,
} from '@callwise/shared/schemas/audit-log';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsvExport } from '../../http/csv-export.ts';
import { parseCursor } from '../../http/pagination.ts';
import { AUDIT_LOG_EXAMPLES } from './audit-log.examples.ts';

const tags = ['account'];

function toEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    action: row.action as AuditEvent['action'],
    summary: row.summary,
    actor_type: row.actorType,
    actor: row.actor,
    target_type: row.targetType,
    target_id: row.targetId,
    details: row.details,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
  };
}

/** The account's audit log (decision 034): read and downloaded by a signed-in user of the account. */
const auditLogRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = () => fastify.database.db;

  fastify.get(
    '/audit-log',
    {
      schema: {
        tags,
        summary: 'List the audit log',
        description:
          'Who did what in the account, newest first, kept for one year: sign-ins, password and e-mail changes, ' +
          'two-factor sign-in turned on or off, API keys created or revoked, plan and budget changes, calling-rule ' +
          'changes, contacts and recordings deleted, data exported. `action` keeps one kind.',
        querystring: listAuditEventsQuerySchema,
        response: { 200: auditEventListSchema, 400: apiErrorSchema },
        examples: AUDIT_LOG_EXAMPLES.listAuditLog,
      },
    },
    async (request) => {
      const { action, limit, cursor } = request.query;
      const page = await listAuditEvents(
        db(),
        request.auth.accountId,
        { action },
        { limit, cursor: parseCursor(cursor) },
      );
      return { data: page.rows.map(toEvent), next_cursor: page.nextCursor };
    },
  );

  fastify.get(
    '/audit-log/export.csv',
    {
      schema: {
        tags,
        summary: 'Download the audit log as CSV',
        description: `The account’s audit events (or those of one kind), newest first. Columns: ${AUDIT_EXPORT_COLUMNS.join(', ')}. The download is itself recorded (after the file is read).`,
        querystring: exportAuditEventsQuerySchema,
        response: {
          200: z.any().meta({
            description: 'The events as CSV (UTF-8), one row per event, newest first.',
            content: { 'text/csv': { schema: { type: 'string' } } },
          }),
          400: apiErrorSchema,
        },
        examples: AUDIT_LOG_EXAMPLES.downloadAuditLogAsCsv,
      },
    },
    async (request, reply) => {
      const { accountId } = request.auth;
      const { action } = request.query;
      return sendCsvExport(reply, {
        name: 'audit-log',
        columns: [...AUDIT_EXPORT_COLUMNS],
        // The time is ours (ISO): written as it is.
        raw: new Set([0]),
        page: (limit, cursor) => listAuditEvents(db(), accountId, { action }, { limit, cursor }),
        cells: (row) => {
          const event = toEvent(row);
          return AUDIT_EXPORT_COLUMNS.map((column) => event[column]);
        },
      });
    },
  );
};

export default auditLogRoutes;
