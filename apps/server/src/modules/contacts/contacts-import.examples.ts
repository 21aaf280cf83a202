import type { ContactImport } from '@callwise/shared/schemas/contact-imports';
import { EXAMPLE_IDS, operationExamples } from '../../http/operation-examples.ts';

/** A finished import of three patients: two added, one refused for its phone number. */
export const EXAMPLE_IMPORT: ContactImport = {
  id: EXAMPLE_IDS.contactImport,
  status: 'completed',
  file_name: 'patients.csv',
  duplicates: 'skip',
  consent_default: 'existing_customer',
  total_rows: 3,
  processed_rows: 3,
  created: 2,
  merged: 0,
  skipped: 0,
  failed: 1,
  errors: [{ line: 4, reason: 'phone: "555" is not a phone number' }],
  created_at: '2026-02-10T09:00:00.000Z',
  finished_at: '2026-02-10T09:00:01.000Z',
};

/** The examples of each operation, beside its route in contacts-import.routes.ts. */
export const CONTACTS_IMPORT_EXAMPLES = operationExamples({
  /** POST /v1/contacts/imports */
  importContactsFromCsv: [
    {
      name: 'csv',
      summary: 'Import a CSV file, skipping numbers already there',
      body: {
        file_name: 'patients.csv',
        csv: 'Full name,Mobile,E-mail,Company\nAna Silva,+12025550181,ana@example.com,Silva Law\nBen Okafor,+12025550182,ben@example.com,Okafor Design',
        mapping: { name: 'Full name', phone: 'Mobile', email: 'E-mail', company: 'Company' },
        duplicates: 'skip',
        consent_default: 'existing_customer',
      },
      status: 202,
      response: {
        ...EXAMPLE_IMPORT,
        id: '9e8d7c6b-5a49-4382-8716-05f4e3d2c1b0',
        status: 'queued',
        total_rows: 2,
        processed_rows: 0,
        created: 0,
        failed: 0,
        errors: [],
        created_at: '2026-03-03T09:30:00.000Z',
        finished_at: null,
      },
    },
  ],
  /** GET /v1/contacts/imports */
  listContactImports: [
    { name: 'recent', summary: 'Recent imports', status: 200, response: { data: [EXAMPLE_IMPORT] } },
  ],
  /** GET /v1/contacts/imports/{id} */
  getContactImport: [
    {
      name: 'finished',
      summary: 'A finished import with one problem row',
      params: { id: EXAMPLE_IDS.contactImport },
      status: 200,
      response: EXAMPLE_IMPORT,
    },
  ],
  /** GET /v1/contacts/imports/{id}/errors.csv */
  downloadImportErrors: [
    {
      name: 'problems',
      summary: 'The rows that could not be imported',
      params: { id: EXAMPLE_IDS.contactImport },
      status: 200,
      response: 'line,reason\r\n4,"phone: ""555"" is not a phone number"\r\n',
    },
  ],
});
