import type { ApiKey, CreatedApiKey } from '@callwise/shared/schemas/api-keys';
import { deletedExample, EXAMPLE_IDS, operationExamples } from '../../http/operation-examples.ts';

/** The API key of the examples' booking system. */
export const EXAMPLE_API_KEY: ApiKey = {
  id: EXAMPLE_IDS.apiKey,
  name: 'Booking system',
  prefix: 'cw_live_Q7f2Kx',
  created_at: '2026-02-01T12:00:00.000Z',
  last_used_at: '2026-03-01T18:20:00.000Z',
};

/** The examples of each operation, beside its route in api-keys.routes.ts. */
export const API_KEYS_EXAMPLES = operationExamples({
  /** GET /v1/api-keys */
  listApiKeys: [
    { name: 'keys', summary: 'The active keys', status: 200, response: { data: [EXAMPLE_API_KEY] } },
  ],
  /** POST /v1/api-keys */
  createApiKey: [
    {
      name: 'create',
      summary: 'A new key, shown this once',
      body: { name: 'Booking system' },
      status: 201,
      response: {
        ...EXAMPLE_API_KEY,
        id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c02',
        last_used_at: null,
        key: 'cw_live_Q7f2KxT9mWcA4pLzR8vN3bYdE6hJ1sGk5uFqX0oi',
      } satisfies CreatedApiKey,
    },
  ],
  /** DELETE /v1/api-keys/{id} */
  revokeApiKey: [deletedExample('revoke', 'Revoke a key', EXAMPLE_IDS.apiKey)],
});
