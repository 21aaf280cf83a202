import { type ConsentRecordWithContact, listConsentRecords } from '@callwise/db/queries/consent';
import { getContact } from '@callwise/db/queries/contacts';
import { apiErrorSchema } from '@callwise/shared/errors';
import {
  CONSENT_EXPORT_COLUMNS,
  type ConsentRecord,
  consentRecordListSchema,
  exportConsentRecordsQuerySchema,
  listConsentRecordsQuerySchema,
} from '@callwise/shared/schemas/consent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/app-error.ts';
import { sendCsvExport } from '../../http/csv-export.ts';
import { parseCursor } from '../../http/pagination.ts';
import { CONSENT_EXAMPLES } from './consent.examples.ts';

const tags = ['contacts'];

function toRecord(row: ConsentRecordWithContact): ConsentRecord {
  return {
    id: row.id,
    contact_id: row.contactId,
    contact_name: row.contactName,
    phone: row.phone,
    action: row.action as ConsentRecord['action'],
    purpose: row.purpose as ConsentRecord['purpose'],
    channel: row.channel as ConsentRecord['channel'],
    method: row.method as ConsentRecord['method'],
    source: row.source,
    words: row.words,
    recorded_by: row.recordedBy,
    call_id: row.callId,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Consent records (decision 030): every grant and revocation of consent, with how, when, where from and by whom —
 * written by the database in the statement that changed a contact's consent or the do-not-call list.
 */
const consentRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = () => fastify.database.db;
  /** A contact of another account (or none) answers 404, as its other routes do. */
  const ownContact = async (accountId: string, contactId: string | undefined) => {
    if (contactId && !(await getContact(db(), accountId, contactId))) throw notFound('Contact');
  };

  fastify.get(
    '/consent-records',
    {
      schema: {
        tags,
        summary: 'List consent records',
        description:
          'Every consent given or revoked, newest first: by the owner or the API, in an import, by a key pressed on ' +
          'a call (9), by text (STOP, START), each with its purpose, channel, source, the person’s words and who ' +
          'recorded it. `contact_id` gives one contact’s history.',
        querystring: listConsentRecordsQuerySchema,
        response: { 200: consentRecordListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        examples: CONSENT_EXAMPLES.listConsentRecords,
      },
    },
    async (request) => {
      const { accountId } = request.auth;
      const { contact_id: contactId, limit, cursor } = request.query;
      await ownContact(accountId, contactId);
      const page = await listConsentRecords(
        db(),
        accountId,
        { contactId },
        { limit, cursor: parseCursor(cursor) },
      );
      return { data: page.rows.map(toRecord), next_cursor: page.nextCursor };
    },
  );

  fastify.get(
    '/consent-records/export.csv',
    {
      schema: {
        tags,
        summary: 'Download consent records as CSV',
        description: `The account’s consent records (or one contact’s), newest first — what a business shows when challenged. Columns: ${CONSENT_EXPORT_COLUMNS.join(', ')}.`,
        querystring: exportConsentRecordsQuerySchema,
        response: {
          200: z.any().meta({
            description: 'The records as CSV (UTF-8), one row per record, newest first.',
            content: { 'text/csv': { schema: { type: 'string' } } },
          }),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
        examples: CONSENT_EXAMPLES.downloadConsentRecordsAsCsv,
      },
    },
    async (request, reply) => {
      const { accountId } = request.auth;
      const contactId = request.query.contact_id;
      await ownContact(accountId, contactId);
      return sendCsvExport(reply, {
        name: 'consent-records',
        columns: [...CONSENT_EXPORT_COLUMNS],
        // The time and the number are ours (ISO, E.164): written as they are.
        raw: new Set([0, 1]),
        page: (limit, cursor) => listConsentRecords(db(), accountId, { contactId }, { limit, cursor }),
        cells: (row) => {
          const record = toRecord(row);
          return CONSENT_EXPORT_COLUMNS.map((column) => record[column]);
        },
      });
    },
  );
};

export default consentRoutes;
