import { fieldError, operationExamples } from '../../http/operation-examples.ts';

/** The examples of each operation, beside its route in appointments-import.routes.ts. */
export const APPOINTMENTS_IMPORT_EXAMPLES = operationExamples({
  /** POST /v1/appointments/imports */
  importAppointmentsFromCsv: [
    {
      name: 'csv',
      summary: 'Import a CSV export of a practice system: a date and a time column, one bad row',
      body: {
        file_name: 'december.csv',
        csv:
          'Phone,Patient,Date,Time,Dentist,Booking ID\n' +
          '+12025550143,Maria Garcia,12/02/2026,10:00 AM,Dr. Patel,pms-2001\n' +
          '+12025550184,Ben Okafor,12/02/2026,11:30 AM,Dr. Patel,pms-2002\n' +
          '+12025550185,Ana Silva,12/32/2026,9:00 AM,Dr. Patel,pms-2003',
        mapping: {
          phone: 'Phone',
          name: 'Patient',
          date: 'Date',
          time: 'Time',
          staff: 'Dentist',
          external_id: 'Booking ID',
        },
        consent_default: 'existing_customer',
      },
      status: 200,
      response: {
        rows: 3,
        created: 2,
        skipped: 0,
        contacts_created: 1,
        failed: [{ line: 4, field: 'date', message: '"12/32/2026" is not a date' }],
      },
    },
    {
      name: 'missing_column',
      summary: 'A mapping naming a column the file does not have',
      body: {
        file_name: 'december.csv',
        csv: 'Phone,Start\n+12025550143,2026-12-02 10:00',
        mapping: { phone: 'Mobile', starts_at: 'Start' },
      },
      status: 400,
      response: fieldError('mapping.phone', 'The file has no column "Mobile".'),
    },
  ],
});
