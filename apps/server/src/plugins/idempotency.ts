import { createHash } from 'node:crypto';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
} from '@callwise/db/queries/idempotency';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from '../http/app-error.ts';

/** How long a key and its first answer are kept. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** How long a request may hold its key before a retry may take it over (it must have died). */
const LOCK_SECONDS = 60;
export const REPLAYED_HEADER = 'idempotent-replayed';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours `Idempotency-Key` (POST creates, PATCH /v1/calls/{id}). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { accountId: string; key: string; requestHash: string } | null;
  }
}

/** The request headers of an idempotent route (validated, and documented in the OpenAPI document). */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional()
    .describe(
      'A unique value (e.g. a UUID) that makes retrying this request safe: within 24 hours, the same key with ' +
        'the same request replays the first answer (with the header Idempotent-Replayed: true) instead of ' +
        'creating again; with a different request it is refused (422); while the first is still running, 409.',
    ),
});

/** Route options of an idempotent route: its config flag and the Idempotency-Key header. */
export const idempotent = { config: { idempotent: true } } as const;

/**
 * `Idempotency-Key` on POST creates, with Stripe's rules, per account: the first request with a key runs and its
 * answer is stored; the same key with the same method, path and body within 24 hours replays that answer; with
 * another request it is refused (422 idempotency_key_reused); while the first is still running, 409
 * idempotency_key_in_use. Requests that fail validation never take a key; answers of 5xx give the key back so
 * that a retry runs again. Registered before compression, so the stored answer is the plain JSON.
 */
export default fp(async function idempotency(fastify: FastifyInstance) {
  const db = () => fastify.database.db;
  fastify.decorateRequest('idempotency', null);

  // Every request passes these hooks: the ones without a key return at once, without a promise.
  fastify.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done) => {
    if (!request.routeOptions.config.idempotent || (request.method !== 'POST' && request.method !== 'PATCH'))
      return done();
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '' || !request.auth) return done();
    const requestHash = createHash('sha256')
      .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    const ref = { accountId: request.auth.accountId, key, requestHash };
    claimIdempotencyKey(db(), {
      ...ref,
      lockSeconds: LOCK_SECONDS,
      ttlSeconds: IDEMPOTENCY_TTL_SECONDS,
    }).then(
      (claim) => {
        switch (claim.state) {
          case 'started':
            request.idempotency = ref;
            return done();
          case 'in_progress':
            return done(
              new AppError(
                'idempotency_key_in_use',
                'A request with this Idempotency-Key is still being processed. Retry once it has finished.',
                undefined,
                { 'retry-after': '1' },
              ),
            );
          case 'mismatch':
            return done(
              new AppError(
                'idempotency_key_reused',
                'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
              ),
            );
          case 'completed':
            reply.header(REPLAYED_HEADER, 'true').status(claim.status);
            if (claim.contentType) reply.type(claim.contentType);
            reply.send(claim.body);
        }
      },
      (error: Error) => done(error),
    );
  });

  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    const ref = request.idempotency;
    if (!ref) return done(null, payload);
    request.idempotency = null;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    const stored =
      reply.statusCode >= 500 || body === null
        ? releaseIdempotencyKey(db(), ref)
        : completeIdempotencyKey(db(), {
            ...ref,
            status: reply.statusCode,
            body,
            contentType: String(reply.getHeader('content-type') ?? '') || null,
          });
    stored.then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });

  // A request that ended without an answer (the client went away) gives its key back.
  fastify.addHook('onResponse', (request: FastifyRequest, _reply: FastifyReply, done) => {
    const ref = request.idempotency;
    if (!ref) return done();
    request.idempotency = null;
    releaseIdempotencyKey(db(), ref).then(
      () => done(),
      (error: Error) => done(error),
    );
  });
});
