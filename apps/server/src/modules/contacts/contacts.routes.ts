import {
  countContacts,
  getContact,
  listContacts,
  listContactsRaw,
  listContactTags,
} from '@callwise/db/queries/contacts';
import { isPromotional } from '@callwise/shared/calling-rules';
import { CALL_TYPES } from '@callwise/shared/calls';
import { apiErrorSchema } from '@callwise/shared/errors';
import {
  bulkContactsInputSchema,
  bulkContactsResultSchema,
  contactSchema,
  contactTagsSchema,
  createContactInputSchema,
  listContactsQuerySchema,
  updateContactInputSchema,
} from '@callwise/shared/schemas/contacts';
import { pageQuerySchema, pageSchema } from '@callwise/shared/schemas/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/app-error.ts';
import { audit } from '../../http/audit.ts';
import { sendCsvExport } from '../../http/csv-export.ts';
import { sendJson } from '../../http/json-values.ts';
import { parseCursor } from '../../http/pagination.ts';
import { idempotencyHeadersSchema, idempotent } from '../../plugins/idempotency.ts';
import { contactPageJson } from './contact-page-json.ts';
import { CONTACTS_EXAMPLES } from './contacts.examples.ts';
import {
  addContact,
  bulkContacts,
  consentRecorder,
  contactResponse,
  editContact,
  removeContact,
} from './contacts.service.ts';

const idParams = z.object({ id: z.uuid({ error: 'is not a contact id' }).describe('The contact’s id') });
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };
const tags = ['contacts'];
const csvResponse = z.any().meta({
  description: 'The contacts as CSV (UTF-8), one row per contact, newest first.',
  content: { 'text/csv': { schema: { type: 'string' } } },
});

const EXPORT_COLUMNS = [
  'name',
  'phone',
  'email',
  'company',
  'tags',
  'timezone',
  'consent',
  'consent_at',
  'consent_source',
  'created_at',
  // Appended (issue #16), so that a sheet built on the first ten columns keeps working: the rest of what an import
  // reads, and who recorded the consent.
  'first_name',
  'last_name',
  'existing_customer',
  'consent_recorded_by',
];

const contactsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = () => fastify.database.db;

  fastify.get(
    '/contacts',
    {
      schema: {
        tags,
        summary: 'List contacts',
        description: 'Newest first. Filter by search text (name, phone, e-mail, company) and by tag.',
        querystring: pageQuerySchema.extend(listContactsQuerySchema.shape),
        response: { 200: pageSchema(contactSchema), 400: apiErrorSchema },
        examples: CONTACTS_EXAMPLES.listContacts,
      },
    },
    async (request, reply) => {
      const { limit, cursor, q, tag } = request.query;
      const options = { q, tag, limit, cursor: parseCursor(cursor) };
      // Written from the database's values (contact-page-json.ts); the serializer when a value is not one it knows.
      const raw = await listContactsRaw(db(), request.auth.accountId, options);
      const json = contactPageJson(raw.rows, raw.nextCursor);
      if (json !== null) return sendJson(reply, json);
      const page = await listContacts(db(), request.auth.accountId, options);
      return { data: page.rows.map(contactResponse), next_cursor: page.nextCursor };
    },
  );

  fastify.get(
    '/contacts/count',
    {
      schema: {
        tags,
        summary: 'How many contacts the account has',
        description:
          'All of the account’s contacts; with the list’s filters (search text, tag), those that match them; with ' +
          'without_consent_for, only those a call of that kind could not go to for want of consent.',
        querystring: listContactsQuerySchema.extend({
          without_consent_for: z
            .enum(CALL_TYPES)
            .optional()
            .describe(
              'Only the contacts the calling rules would skip for this kind of call for want of consent ' +
                '(promotional: without marketing consent; others: no consent and not an existing customer)',
            ),
        }),
        response: {
          200: z.object({
            count: z.number().int().describe('Contacts in the account (matching the filters)'),
          }),
          400: apiErrorSchema,
        },
        examples: CONTACTS_EXAMPLES.countContacts,
      },
    },
    async (request) => {
      const callType = request.query.without_consent_for;
      return {
        count: await countContacts(db(), request.auth.accountId, {
          q: request.query.q,
          tag: request.query.tag,
          missingConsent: callType ? (isPromotional(callType) ? 'marketing' : 'any') : undefined,
        }),
      };
    },
  );

  fastify.get(
    '/contacts/tags',
    {
      schema: {
        tags,
        summary: 'Tags in use, with how many contacts carry each',
        description: 'Every tag of the account’s contacts, most used first.',
        response: { 200: contactTagsSchema },
        examples: CONTACTS_EXAMPLES.listContactTags,
      },
    },
    async (request) => ({ data: await listContactTags(db(), request.auth.accountId) }),
  );

  fastify.get(
    '/contacts/export.csv',
    {
      schema: {
        tags,
        summary: 'Download contacts as CSV',
        description: `Every contact matching the same filters as the list. Columns: ${EXPORT_COLUMNS.join(', ')}.`,
        querystring: listContactsQuerySchema,
        response: { 200: csvResponse, 400: apiErrorSchema },
        examples: CONTACTS_EXAMPLES.downloadContactsAsCsv,
      },
    },
    async (request, reply) => {
      const { q, tag } = request.query;
      const accountId = request.auth.accountId;
      return sendCsvExport(reply, {
        name: 'contacts',
        columns: EXPORT_COLUMNS,
        raw: new Set([1]),
        page: (limit, cursor) => listContacts(db(), accountId, { q, tag, limit, cursor }),
        cells: (contact) => {
          const row = contactResponse(contact);
          return [
            row.name,
            row.phone,
            row.email,
            row.company,
            row.tags.join('; '),
            row.timezone,
            row.consent,
            row.consent_at,
            row.consent_source,
            row.created_at,
            row.first_name,
            row.last_name,
            row.existing_customer ? 'yes' : 'no',
            row.consent_recorded_by,
          ];
        },
      });
    },
  );

  fastify.post(
    '/contacts',
    {
      ...idempotent,
      schema: {
        tags,
        summary: 'Add a contact',
        description:
          'The phone number is stored in E.164 (a national number is read for the account’s country) and must be ' +
          'new to the account (409 otherwise); the time zone is derived from it when not given.',
        headers: idempotencyHeadersSchema,
        body: createContactInputSchema,
        response: { 201: contactSchema, 400: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema },
        examples: CONTACTS_EXAMPLES.addContact,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addContact(db(), request.auth.accountId, request.body, consentRecorder(request.auth))),
  );

  fastify.post(
    '/contacts/bulk',
    {
      schema: {
        tags,
        summary: 'Change or delete many contacts at once',
        description:
          'Names the contacts by ids (at most 1,000; ids of another account change nothing) or by the list’s ' +
          'filters (search text, tag; {} for every contact), and does one action to all of them: set_consent ' +
          '(recorded with the source "Bulk edit", the time and who did it), add_tag, remove_tag or delete. ' +
          'Answers how many contacts matched and how many changed.',
        body: bulkContactsInputSchema,
        response: { 200: bulkContactsResultSchema, 400: apiErrorSchema },
        examples: CONTACTS_EXAMPLES.changeOrDeleteManyContacts,
      },
    },
    async (request) => {
      const result = await bulkContacts(
        db(),
        request.auth.accountId,
        request.body,
        consentRecorder(request.auth),
      );
      if (result.action === 'delete' && result.changed > 0) {
        audit(request, {
          action: 'contacts.deleted',
          summary: `Deleted ${result.changed} contact${result.changed === 1 ? '' : 's'}`,
          details: {
            count: result.changed,
            ...(request.body.ids ? {} : { filter: request.body.filter ?? {} }),
          },
        });
      }
      return result;
    },
  );

  fastify.get(
    '/contacts/:id',
    {
      schema: {
        tags,
        summary: 'Get a contact',
        description: 'One contact with its tags, time zone and consent.',
        params: idParams,
        response: { 200: contactSchema, ...errors },
        examples: CONTACTS_EXAMPLES.getContact,
      },
    },
    async (request) => {
      const row = await getContact(db(), request.auth.accountId, request.params.id);
      if (!row) throw notFound('Contact');
      return contactResponse(row);
    },
  );

  fastify.patch(
    '/contacts/:id',
    {
      schema: {
        tags,
        summary: 'Change a contact',
        description: 'Changes only the fields given.',
        params: idParams,
        body: updateContactInputSchema,
        response: { 200: contactSchema, ...errors, 409: apiErrorSchema },
        examples: CONTACTS_EXAMPLES.changeContact,
      },
    },
    async (request) =>
      editContact(
        db(),
        request.auth.accountId,
        request.params.id,
        request.body,
        consentRecorder(request.auth),
      ),
  );

  fastify.delete(
    '/contacts/:id',
    {
      schema: {
        tags,
        summary: 'Delete a contact',
        description: 'Its calls stay in the call history (contact_id becomes null).',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
        examples: CONTACTS_EXAMPLES.deleteContact,
      },
    },
    async (request, reply) => {
      const contact = await getContact(db(), request.auth.accountId, request.params.id);
      await removeContact(db(), request.auth.accountId, request.params.id);
      audit(request, {
        action: 'contacts.deleted',
        summary: `Deleted the contact “${contact?.name ?? 'Unknown'}”`,
        targetType: 'contact',
        targetId: request.params.id,
        details: { count: 1 },
      });
      return reply.status(204).send(null);
    },
  );
};

export default contactsRoutes;
