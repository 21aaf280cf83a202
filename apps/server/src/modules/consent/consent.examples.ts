import { EXAMPLE_IDS, notFound, operationExamples, pageOf } from '../../http/operation-examples.ts';

/** The examples of each operation, beside its route in consent.routes.ts. */
export const CONSENT_EXAMPLES = operationExamples({
  /** GET /v1/consent-records */
  listConsentRecords: [
    {
      name: 'one_contact',
      summary: 'Maria Garcia’s consent: given on the intake form',
      query: { contact_id: EXAMPLE_IDS.contact, limit: 25 },
      status: 200,
      response: pageOf([
        {
          id: '2c1b0a99-8877-4665-9544-332211000101',
          contact_id: EXAMPLE_IDS.contact,
          contact_name: 'Maria Garcia',
          phone: '+12025550143',
          action: 'granted',
          purpose: 'informational',
          channel: 'all',
          method: 'owner',
          source: 'Signed the intake form',
          words: null,
          recorded_by: 'owner@harbordental.example',
          call_id: null,
          created_at: '2026-01-05T14:00:00.000Z',
        },
      ]),
    },
    {
      name: 'missing_contact',
      summary: 'A contact that is not this account’s',
      query: { contact_id: EXAMPLE_IDS.missing },
      status: 404,
      response: notFound('Contact'),
    },
  ],
  /** GET /v1/consent-records/export.csv */
  downloadConsentRecordsAsCsv: [
    {
      name: 'one_contact',
      summary: 'Maria Garcia’s consent records as CSV',
      query: { contact_id: EXAMPLE_IDS.contact },
      status: 200,
      response:
        'created_at,phone,contact_name,action,purpose,channel,method,source,words,recorded_by,call_id\r\n' +
        '2026-01-05T14:00:00.000Z,+12025550143,Maria Garcia,granted,informational,all,owner,Signed the intake form,,owner@harbordental.example,\r\n',
    },
  ],
});
