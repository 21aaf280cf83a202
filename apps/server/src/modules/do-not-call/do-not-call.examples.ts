import type { DoNotCallEntry } from '@callwise/shared/schemas/do-not-call';
import {
  deletedExample,
  EXAMPLE_IDS,
  fieldError,
  notFoundExample,
  operationExamples,
  pageOf,
} from '../../http/operation-examples.ts';

/** A number that opted out on the completed example call (kept apart from EXAMPLE_IDS: its own resource). */
export const EXAMPLE_DO_NOT_CALL: DoNotCallEntry = {
  id: 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e501',
  phone: '+12025550199',
  source: 'opted_out',
  note: null,
  call_id: EXAMPLE_IDS.call,
  created_at: '2026-03-02T15:00:20.000Z',
};

/** The examples of each operation, beside its route in do-not-call.routes.ts. */
export const DO_NOT_CALL_EXAMPLES = operationExamples({
  /** GET /v1/do-not-call */
  listDoNotCallNumbers: [
    {
      name: 'search',
      summary: 'Listed numbers with these digits',
      query: { q: '0199', limit: 25 },
      status: 200,
      response: pageOf([EXAMPLE_DO_NOT_CALL]),
    },
  ],
  /** POST /v1/do-not-call */
  addDoNotCallNumber: [
    {
      name: 'new_number',
      summary: 'List a number; the call waiting for it is cancelled',
      body: { phone: '(202) 555-0144', note: 'Asked by e-mail on 3 March' },
      status: 201,
      response: {
        id: 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e502',
        phone: '+12025550144',
        source: 'added',
        note: 'Asked by e-mail on 3 March',
        call_id: null,
        created_at: '2026-03-03T09:30:00.000Z',
        already_listed: false,
        canceled_calls: 1,
      },
    },
    {
      name: 'already_listed',
      summary: 'A number on the list already',
      body: { phone: '+12025550199' },
      status: 200,
      response: { ...EXAMPLE_DO_NOT_CALL, already_listed: true, canceled_calls: 0 },
    },
    {
      name: 'invalid_number',
      summary: 'Something that is not a phone number',
      body: { phone: '555' },
      status: 400,
      response: fieldError('phone', '555 is too short to be a phone number.'),
    },
  ],
  /** POST /v1/do-not-call/import */
  importDoNotCallNumbers: [
    {
      name: 'import',
      summary: 'A file with a phone column',
      body: { csv: 'phone,note\n(202) 555-0188,Asked by letter\n+12025550199,\n555,\n' },
      status: 200,
      response: {
        total_rows: 3,
        added: 1,
        already_listed: 1,
        invalid: 1,
        invalid_rows: [{ line: 4, value: '555', reason: '555 is too short to be a phone number.' }],
        canceled_calls: 0,
      },
    },
  ],
  /** GET /v1/do-not-call/export */
  downloadDoNotCallList: [
    {
      name: 'export',
      summary: 'The whole list as CSV',
      status: 200,
      response: `phone,source,note,call_id,created_at\r\n+12025550199,opted_out,,${EXAMPLE_IDS.call},2026-03-02T15:00:20.000Z\r\n`,
    },
  ],
  /** DELETE /v1/do-not-call/{id} */
  removeDoNotCallNumber: [
    deletedExample('remove', 'Take a number off the list', EXAMPLE_DO_NOT_CALL.id),
    notFoundExample('Do-not-call entry', 'An id that is not on your list'),
  ],
});
