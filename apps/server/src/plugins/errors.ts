import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../http/app-error.ts';

interface FieldProblem {
  field: string;
  message: string;
}

const INTERNAL = { code: 'internal_error', message: 'Something went wrong on our side.' } as const;

/** Fastify's own 4xx errors (body parsing, routing), by code: ours and the words shown for them. */
const FRAMEWORK_ERRORS: Record<string, { code: string; message?: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: 'uri_too_long',
    message: 'A path parameter is longer than 100 characters.',
  },
  FST_ERR_BAD_URL: {
    code: 'bad_request',
    message: 'The address is not valid: a part of it cannot be decoded.',
  },
};

/** The answer of any error: `{error: {code, message, details?}}` with its status; 5xx messages are never shown. */
export function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // An error raised after a route chose its answer (a CSV download whose stream failed before its first byte left,
  // held by the compressor) must not keep that answer's type, encoding or file name: the error is plain JSON.
  // (Fastify forgets the type it was told, not the headers a stream already put on the raw response.)
  for (const header of ['content-type', 'content-encoding', 'content-disposition'])
    reply.removeHeader(header);
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    return reply.status(error.statusCode).send({
      error: {
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      },
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details: FieldProblem[] = error.validation.map((issue) => {
      const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return { field: where || error.validationContext || 'body', message: issue.message ?? 'is invalid' };
    });
    const first = details[0];
    return reply.status(400).send({
      error: {
        code: 'validation_failed',
        message: first ? `${first.field}: ${first.message}` : 'The request is invalid.',
        details,
      },
    });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error }, 'response did not match its schema');
    return reply.status(500).send({ error: INTERNAL });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.status(status).send({ error: INTERNAL });
  }
  if (status === 429) {
    return reply.status(429).send({ error: { code: 'rate_limited', message: error.message } });
  }
  const known = FRAMEWORK_ERRORS[error.code];
  if (known) {
    return reply
      .status(status)
      .send({ error: { code: known.code, message: known.message ?? error.message } });
  }
  if (status === 413) {
    return reply
      .status(413)
      .send({ error: { code: 'payload_too_large', message: 'The request body is too large.' } });
  }
  return reply.status(status).send({ error: { code: 'bad_request', message: error.message } });
}

/**
 * Fastify's errors raised before a route is found (a path parameter over 100 characters: 414; an address that
 * cannot be decoded: 400) answer as every other error. A server option: pass it to Fastify().
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  request,
  reply,
) => {
  sendError(error, request, reply);
};

/**
 * A request that is not even HTTP (a malformed request line or header, headers over the size limit, a timeout)
 * is answered by Node before Fastify sees it: in our error shape, then the connection is closed. A server option.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request_timeout', 'The request took too long to arrive.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'headers_too_large', 'The request headers are too large.']
        : [400, 'bad_request', 'The request is not valid HTTP.'];
  this.log.trace({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ error: { code, message } });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Every error answers `{error: {code, message, details?}}`; messages of 5xx errors are never shown. */
export default fp(async function errors(fastify: FastifyInstance) {
  fastify.setErrorHandler((error: FastifyError, request, reply) => sendError(error, request, reply));
});
