import { PLANS } from '@callwise/shared/plans';
import { type Role, roleAllows } from '@callwise/shared/roles';
import { looksLikeApiKey } from '@callwise/shared/schemas/api-keys';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type LimitDecision, RateLimiter } from '../http/api-rate-limits.ts';
import { AppError } from '../http/app-error.ts';
import { AUTH_MESSAGES } from '../http/auth-messages.ts';
import { roleRefused } from '../http/role-policy.ts';

export { AUTH_MESSAGES };

export interface SessionAuth {
  kind: 'session';
  userId: string;
  accountId: string;
  sessionId: string;
  email: string;
  /** The user's role in the account (decision 035). */
  role: Role;
}

export interface ApiKeyAuth {
  kind: 'api_key';
  apiKeyId: string;
  /** The key's name, as the audit log shows who acted. */
  apiKeyName: string;
  accountId: string;
  /** An API key acts as an admin (decision 035). */
  role: 'admin';
}

export type RequestAuth = SessionAuth | ApiKeyAuth;

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth;
  }
  interface FastifyContextConfig {
    /** The role a /v1 operation needs at least (set for every authenticated route from http/role-policy.ts). */
    minimumRole?: Role;
  }
  interface FastifyInstance {
    /** onRequest hook: a signed-in session or an API key (the integrator resources). */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: a signed-in session only (API keys, profile, billing); an API key gets 403. */
    authenticateSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** What a request acting through a live session carries as `request.auth` (the /v1 hook and /auth/v1 alike). */
export function sessionAuthOf(session: {
  id: string;
  userId: string;
  accountId: string;
  email: string;
  role: Role;
}): SessionAuth {
  return {
    kind: 'session',
    userId: session.userId,
    accountId: session.accountId,
    sessionId: session.id,
    email: session.email,
    role: session.role,
  };
}

/** The caller of a session-only route (its hook made sure of it). */
export function sessionAuth(request: FastifyRequest): SessionAuth {
  if (request.auth?.kind !== 'session') throw new AppError('session_required', AUTH_MESSAGES.sessionRequired);
  return request.auth;
}

/** The caller's role must allow the route (its minimum role, decision 035): otherwise 403 forbidden_role. */
function checkRole(request: FastifyRequest) {
  const minimum = request.routeOptions.config.minimumRole;
  if (minimum && !roleAllows(request.auth.role, minimum)) throw roleRefused(request.auth.role, minimum);
}

function setLimitHeaders(reply: FastifyReply, decision: LimitDecision) {
  reply.header('ratelimit-limit', String(decision.limit));
  reply.header('ratelimit-remaining', String(decision.remaining));
  reply.header('ratelimit-reset', String(decision.resetSeconds));
}

/**
 * The one way a /v1 request is authenticated: a session's access token (its session must still exist, so
 * signing out takes effect at once: checked sessions are kept a few seconds, and forgotten when they end) or an
 * API key (`cw_live_…`, on an account whose plan includes API access).
 * Then the caller's rate limit: per API key (API_RATE_LIMIT_PER_MINUTE) or, separately and more generously, per
 * signed-in user (SESSION_RATE_LIMIT_PER_MINUTE), shared by every process. Sets `request.auth`.
 */
export default fp(async function authenticate(fastify: FastifyInstance) {
  const { config } = fastify;
  fastify.decorateRequest('auth', null, []);
  // Built with the services, which forget what the database's notices say has ended or been revoked.
  const { apiKeys: verifier, checkBearer, rateLimits: store } = fastify.services.identity;

  const log = { warn: (obj: object, msg: string) => fastify.log.warn(obj, msg) };
  const apiLimiter = new RateLimiter(store, {
    name: 'api',
    limit: config.API_RATE_LIMIT_PER_MINUTE,
    windowSeconds: 60,
    log,
  });
  // Our own web app: generous, and counted ten requests at a time to keep writes off every page load.
  const sessionLimiter = new RateLimiter(store, {
    name: 'session',
    limit: config.SESSION_RATE_LIMIT_PER_MINUTE,
    windowSeconds: 60,
    minLease: 10,
    log,
  });

  async function limit(limiter: RateLimiter, id: string, reply: FastifyReply) {
    const decision = await limiter.hit(id);
    setLimitHeaders(reply, decision);
    if (!decision.allowed) {
      throw new AppError(
        'rate_limited',
        AUTH_MESSAGES.tooMany(decision.limit, decision.resetSeconds),
        { limit: decision.limit, retry_after: decision.resetSeconds },
        { 'retry-after': String(decision.resetSeconds) },
      );
    }
  }

  async function identify(request: FastifyRequest, reply: FastifyReply, allowApiKey: boolean) {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (token && looksLikeApiKey(token)) {
      if (!allowApiKey) throw new AppError('session_required', AUTH_MESSAGES.sessionRequired);
      const key = await verifier.verify(token);
      if (!key) throw new AppError('unauthorized', AUTH_MESSAGES.badKey);
      const plan = PLANS[key.plan];
      if (!plan.apiAccess) throw new AppError('plan_upgrade_required', AUTH_MESSAGES.planUpgrade(plan.name));
      await limit(apiLimiter, key.id, reply);
      request.auth = {
        kind: 'api_key',
        apiKeyId: key.id,
        apiKeyName: key.name,
        accountId: key.accountId,
        role: 'admin',
      };
      checkRole(request);
      return;
    }
    const check = await checkBearer(request.headers.authorization);
    if (!check.ok) throw new AppError('unauthorized', AUTH_MESSAGES[check.reason]);
    await limit(sessionLimiter, check.session.userId, reply);
    // A user with a second factor is signed in once a code was verified in the session (GoTrue's aal2).
    if (check.session.secondFactorRequired && check.session.aal !== 'aal2') {
      throw new AppError('mfa_required', AUTH_MESSAGES.mfaRequired);
    }
    // An account that requires a second factor: a member without one may only read who they are (to be sent to
    // set one up) until they have.
    if (
      check.session.accountRequiresSecondFactor &&
      !check.session.secondFactorRequired &&
      !(request.method === 'GET' && request.routeOptions.url === '/v1/me')
    ) {
      throw new AppError('mfa_enrollment_required', AUTH_MESSAGES.mfaEnrollmentRequired);
    }
    request.auth = sessionAuthOf(check.session);
    checkRole(request);
  }

  fastify.decorate('authenticate', (request: FastifyRequest, reply: FastifyReply) =>
    identify(request, reply, true),
  );
  fastify.decorate('authenticateSession', (request: FastifyRequest, reply: FastifyReply) =>
    identify(request, reply, false),
  );
});
