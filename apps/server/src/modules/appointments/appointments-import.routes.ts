import { apiErrorSchema } from '@callwise/shared/errors';
import {
  appointmentImportResultSchema,
  createAppointmentImportInputSchema,
  MAX_APPOINTMENT_IMPORT_BYTES,
} from '@callwise/shared/schemas/appointment-imports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyHeadersSchema, idempotent } from '../../plugins/idempotency.ts';
import { consentRecorder } from '../contacts/contacts.service.ts';
import { APPOINTMENTS_IMPORT_EXAMPLES } from './appointments-import.examples.ts';
import { importAppointments } from './appointments-import.service.ts';

/** CSV import of appointments (issue #17, decision 020): answered at once with what was created and refused. */
const appointmentsImportRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/appointments/imports',
    {
      ...idempotent,
      bodyLimit: MAX_APPOINTMENT_IMPORT_BYTES + 64 * 1024,
      schema: {
        tags: ['appointments'],
        summary: 'Import appointments from CSV',
        description:
          'Books up to 5,000 rows of CSV at once (source `import`), each with its reminders, and answers what ' +
          'happened: rows that cannot be booked (a bad cell, an unknown service, a time overlapping another ' +
          'appointment of the same staff member) are listed by line and the others are still booked. Times without ' +
          'an offset are read in the business’s time zone. Each row’s contact is matched by phone number, or ' +
          'created with the row’s name and e-mail and the consent of `consent_default`. A row whose `external_id` ' +
          'an earlier import booked is skipped, so importing the same file again books nothing twice. A bad file ' +
          'or mapping answers 400 naming the field.',
        headers: idempotencyHeadersSchema,
        body: createAppointmentImportInputSchema,
        response: {
          200: appointmentImportResultSchema,
          400: apiErrorSchema,
          409: apiErrorSchema,
          413: apiErrorSchema,
          422: apiErrorSchema,
        },
        examples: APPOINTMENTS_IMPORT_EXAMPLES.importAppointmentsFromCsv,
      },
    },
    async (request) =>
      importAppointments(
        fastify.database.db,
        fastify.services.appointments,
        request.auth.accountId,
        request.body,
        consentRecorder(request.auth),
      ),
  );
};

export default appointmentsImportRoutes;
