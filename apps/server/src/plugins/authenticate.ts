import { findSessionOwner } from '@callwise/db/queries/sessions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { verifyAccessToken } from '../modules/auth/tokens.ts';

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
  const issuer = `${fastify.config.PUBLIC_URL}/auth/v1`;

  fastify.decorate('authenticate', async (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) {
      throw new AppError('unauthorized', 'Sign in, or send an API key as "Authorization: Bearer <key>".');
    }
    let verified: Awaited<ReturnType<typeof verifyAccessToken>>;
    try {
      verified = await verifyAccessToken(fastify.config.JWT_SECRET, issuer, match[1]);
    } catch {
      throw new AppError('unauthorized', 'The access token is invalid or has expired. Sign in again.');
    }
    const owner = await findSessionOwner(fastify.database.db, verified.sessionId, verified.userId);
    if (!owner) throw new AppError('unauthorized', 'This session has ended. Sign in again.');
    request.auth = {
      kind: 'session',
      userId: verified.userId,
      accountId: owner.accountId,
      sessionId: verified.sessionId,
      email: owner.email,
    };
  });
});
