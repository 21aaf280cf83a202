/**
 * The examples of the API: each route declares its own (`schema.examples`, from the `<module>.examples.ts` beside
 * its routes), http/openapi.ts puts them in the OpenAPI document, and test/openapi-examples.test.ts sends every one
 * to the server and compares the answer.
 */

/** One example of an operation: the request and the answer it gets. */
export interface OperationExample {
  /** Its key in the document's `examples` maps (unique within the operation). */
  name: string;
  summary: string;
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  body?: unknown;
  status: number;
  /** The JSON (or text) answer; absent for 204, audio and streams. */
  response?: unknown;
}

declare module 'fastify' {
  interface FastifySchema {
    /** The operation's examples in the OpenAPI document (http/openapi.ts), each executed by the tests. */
    examples?: readonly OperationExample[];
  }
}

/**
 * The account every example runs in (test/openapi-example-account.ts creates these rows with these ids before each
 * operation's examples): two contacts, two scripts, three calls, an import and an API key.
 */
export const EXAMPLE_IDS = {
  contact: '3f6c1a52-8e0d-4b7a-9c21-5d4e7f8a9b01',
  otherContact: '3f6c1a52-8e0d-4b7a-9c21-5d4e7f8a9b02',
  script: '7a2e9c14-1b3d-4f5e-8a6b-0c1d2e3f4a01',
  otherScript: '7a2e9c14-1b3d-4f5e-8a6b-0c1d2e3f4a02',
  call: '8f3a2b1c-5d4e-4f6a-9b7c-0d1e2f3a4b01',
  scheduledCall: '8f3a2b1c-5d4e-4f6a-9b7c-0d1e2f3a4b02',
  ringingCall: '8f3a2b1c-5d4e-4f6a-9b7c-0d1e2f3a4b03',
  contactImport: 'c4d5e6f7-0a1b-4c2d-8e3f-9a0b1c2d3e01',
  apiKey: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c01',
  campaign: 'd7e8f9a0-1b2c-4d3e-8f4a-5b6c7d8e9f01',
  pausedCampaign: 'd7e8f9a0-1b2c-4d3e-8f4a-5b6c7d8e9f02',
  appointment: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a01',
  calendarConnection: 'f5a6b7c8-d9e0-4f1a-8b2c-3d4e5f6a7b01',
  icsConnection: 'f5a6b7c8-d9e0-4f1a-8b2c-3d4e5f6a7b03',
  googleConnection: 'f5a6b7c8-d9e0-4f1a-8b2c-3d4e5f6a7b04',
  waitlistEntry: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c01',
  testCall: '6e5d4c3b-2a19-4f8e-9d7c-6b5a4f3e2d01',
  message: '4b3a2918-0f7e-4d6c-8b5a-493827160501',
  reply: '4b3a2918-0f7e-4d6c-8b5a-493827160502',
  /** An id that is nowhere (or in another account: the answer is the same). */
  missing: '0b0b0b0b-0000-4000-8000-000000000404',
} as const;

/** The 400 of one invalid field. */
export const fieldError = (field: string, message: string) => ({
  error: { code: 'validation_failed', message: `${field}: ${message}`, details: [{ field, message }] },
});

/** The 404 of a resource that is not in the account. */
export const notFound = (what: string) => ({ error: { code: 'not_found', message: `${what} not found` } });

/** The answer of a list's last (or only) page: these items, and no cursor to a next page. */
export const pageOf = <Item>(items: Item[]) => ({ data: items, next_cursor: null });

/** The 404 of an id that is not in the account: `what` as the answer names it (`Call not found`). */
export const notFoundExample = (what: string, summary: string, name = 'not_found'): OperationExample => ({
  name,
  summary,
  params: { id: EXAMPLE_IDS.missing },
  status: 404,
  response: notFound(what),
});

/** A delete (or a removal) that answers 204 with nothing. */
export const deletedExample = (name: string, summary: string, id: string): OperationExample => ({
  name,
  summary,
  params: { id },
  status: 204,
});

/** An error answer without details. */
export const apiError = (code: string, message: string) => ({ error: { code, message } });

/** The examples of a module's operations, by operation: each route takes its own as `schema.examples`. */
export const operationExamples = <Operation extends string>(
  examples: Record<Operation, OperationExample[]>,
) => examples;
