import { csvRecords } from '@callwise/shared/csv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error.ts';

/**
 * The one rule for text that reaches the database: PostgreSQL cannot store a NUL character (U+0000) in text or
 * jsonb, so a request with one anywhere — a JSON body (values and keys), a CSV upload, the query string, a path
 * parameter, a header — is refused with 400 validation_failed naming the field, before any route looks at it.
 */

export const NUL_MESSAGE = 'must not contain a NUL character';

/** Body fields that carry a CSV file: a NUL in one is located by line and column of the file. */
const CSV_FIELDS = new Set(['csv']);

export interface NulProblem {
  field: string;
  message: string;
}

/** A request refused for a NUL character (an AppError, so that /v1 answers it as any other 400). */
export class NulCharacterError extends AppError {
  readonly field: string;

  constructor(problem: NulProblem) {
    super('validation_failed', `${problem.field}: ${problem.message}`, [problem]);
    this.field = problem.field;
  }
}

const hasNul = (text: string) => text.indexOf('\u0000') !== -1;
/** A key as it appears in a field path: a NUL is written as the JSON escape, never as the byte. */
const printable = (key: string) => key.replaceAll('\u0000', '\\u0000');
const join = (path: string, key: string) => (path ? `${path}.${printable(key)}` : printable(key));

/** Where in a CSV text the first NUL is: its line (1-based, as the import reports rows) and column. */
export function csvNulLocation(text: string): string {
  for (const record of csvRecords(text)) {
    const column = record.fields.findIndex(hasNul);
    if (column !== -1) return `line ${record.line}, column ${column + 1}`;
  }
  // Not inside a field (e.g. in a line the parser skips): name the line of the text.
  const line = text.slice(0, text.indexOf('\u0000')).split('\n').length;
  return `line ${line}`;
}

/**
 * The first NUL character in a parsed value (strings, arrays, objects and their keys), with the dotted path of
 * its field (as validation errors name fields: `name`, `mapping.phone`, `tags.0`, `q`, `id`), or null.
 */
export function findNul(value: unknown, path = '', options: { csvFields?: boolean } = {}): NulProblem | null {
  if (typeof value === 'string') {
    if (!hasNul(value)) return null;
    const field = path || 'body';
    if (options.csvFields && CSV_FIELDS.has(path)) {
      return { field, message: `${csvNulLocation(value)}: ${NUL_MESSAGE}` };
    }
    return { field, message: NUL_MESSAGE };
  }
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], join(path, String(i)), options);
      if (found) return found;
    }
    return null;
  }
  if (Buffer.isBuffer(value)) return null;
  for (const key of Object.keys(value)) {
    if (hasNul(key)) return { field: join(path, key), message: `the name of this field ${NUL_MESSAGE}` };
    const found = findNul((value as Record<string, unknown>)[key], join(path, key), options);
    if (found) return found;
  }
  return null;
}

/** The first NUL in a request: path parameters, query string, headers, then the parsed body. */
export function findNulInRequest(request: FastifyRequest): NulProblem | null {
  return (
    findNul(request.params) ??
    findNul(request.query) ??
    findNul(request.headers) ??
    (request.body === undefined ? null : findNul(request.body, '', { csvFields: true }))
  );
}

/**
 * Registers the rule for every route: a preValidation hook, so that it runs after the body is parsed (whatever
 * its content type) and before any schema, handler or query sees the request. The 404 handler is left alone: it
 * reads nothing.
 *
 * Also: `Content-Type: application/json` with an empty body is no body (clients send that header on every POST,
 * e.g. /v1/calls/{id}/cancel); a route that needs a body still answers 400 naming `body`.
 */
export default fp(async function inputGuard(fastify: FastifyInstance) {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });

  fastify.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done) => {
    if (request.is404) return done();
    const problem = findNulInRequest(request);
    if (problem) return done(new NulCharacterError(problem));
    done();
  });
});
