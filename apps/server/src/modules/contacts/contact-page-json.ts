import type { RawContactRow } from '@callwise/db/queries/contacts';
import { type Contact, contactSchema } from '@callwise/shared/schemas/contacts';
import {
  fieldsInOrder,
  jsonBoolean,
  jsonText,
  jsonTextArray,
  jsonTimestamp,
  pageJson,
} from '../../http/json-values.ts';

/**
 * A page of contacts written as JSON straight from the values the database sent (as call-page-json.ts does for
 * calls): the same bytes as `contactResponse` on each row through the route's serializer, compared byte for byte
 * by `contact-page-json.test.ts`. Null when a value is not one it can write exactly.
 */
export function contactPageJson(rows: RawContactRow[], nextCursor: string | null): string | null {
  return pageJson(rows, nextCursor, FIELDS);
}

const WRITERS: Record<keyof Contact, (row: RawContactRow) => string | null> = {
  id: (row) => jsonText(row.id),
  name: (row) => jsonText(row.name),
  first_name: (row) => jsonText(row.firstName),
  last_name: (row) => jsonText(row.lastName),
  phone: (row) => jsonText(row.phone),
  email: (row) => jsonText(row.email),
  company: (row) => jsonText(row.company),
  tags: (row) => jsonTextArray(row.tags),
  timezone: (row) => jsonText(row.timezone),
  consent: (row) => jsonText(row.consent),
  consent_at: (row) => jsonTimestamp(row.consentAt),
  consent_source: (row) => jsonText(row.consentSource),
  consent_recorded_by: (row) => jsonText(row.consentRecordedBy),
  existing_customer: (row) => jsonBoolean(row.existingCustomer),
  created_at: (row) => jsonTimestamp(row.createdAt),
  updated_at: (row) => jsonTimestamp(row.updatedAt),
};

/** The fields in the schema's order, which is the order its serializer writes them in. */
const FIELDS = fieldsInOrder(Object.keys(contactSchema.shape) as Array<keyof Contact>, WRITERS);
