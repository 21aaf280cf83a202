import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

interface FieldProblem {
  field: string;
  message: string;
}

/** Every error answers `{error: {code, message, details?}}`; messages of 5xx errors are never shown. */
export default fp(async function errors(fastify: FastifyInstance) {
  fastify.setErrorHandler((error: FastifyError, request, reply) => {
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
      return reply
        .status(500)
        .send({ error: { code: 'internal_error', message: 'Something went wrong on our side.' } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(status)
        .send({ error: { code: 'internal_error', message: 'Something went wrong on our side.' } });
    }
    if (status === 429) {
      return reply.status(429).send({ error: { code: 'rate_limited', message: error.message } });
    }
    if (status === 413) {
      return reply
        .status(413)
        .send({ error: { code: 'payload_too_large', message: 'The request body is too large.' } });
    }
    return reply.status(status).send({
      error: {
        code: error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'unsupported_media_type' : 'bad_request',
        message: error.message,
      },
    });
  });
});
