import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { checkBearer } from '../modules/auth/bearer.ts';

const MESSAGES = {
  missing: 'Sign in, or send an API key as "Authorization: Bearer <key>".',
  invalid: 'The access token is invalid or has expired. Sign in again.',
  ended: 'This session has ended. Sign in again.',
} as const;

export interface RequestAuth {
  kind: 'session';
  userId: string;
  accountId: string;
  sessionId: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * The one way a /v1 request is authenticated: a session's access token (API keys join here later). The
 * session must still exist, so signing out takes effect at once. Sets `request.auth` with the caller's account.
 */
export default fp(async function authenticate(fastify: FastifyInstance) {
  fastify.decorateRequest('auth', null as unknown as RequestAuth);
  const bearer = { secret: fastify.config.JWT_SECRET, issuer: `${fastify.config.PUBLIC_URL}/auth/v1` };

  fastify.decorate('authenticate', async (request: FastifyRequest) => {
    const check = await checkBearer(fastify.database.db, bearer, request.headers.authorization);
    if (!check.ok) throw new AppError('unauthorized', MESSAGES[check.reason]);
    request.auth = {
      kind: 'session',
      userId: check.session.userId,
      accountId: check.session.accountId,
      sessionId: check.session.id,
      email: check.session.email,
    };
  });
});
