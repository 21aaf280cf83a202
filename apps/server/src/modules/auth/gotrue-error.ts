import type { FastifyReply, FastifyRequest } from 'fastify';

/** An auth error in GoTrue's words, so that @supabase/auth-js understands it (code, status, message). */
export class GoTrueError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'GoTrueError';
  }
}

export const API_VERSION_HEADER = 'x-supabase-api-version';
export const API_VERSION_2024 = '2024-01-01';

/**
 * GoTrue's two error shapes: with the request header `X-Supabase-Api-Version: 2024-01-01`,
 * `{code, message}` (and the same header on the response); without it, the older `{code: status, error_code, msg}`.
 */
export function sendGoTrueError(request: FastifyRequest, reply: FastifyReply, error: GoTrueError) {
  reply.headers(error.headers);
  const versioned = String(request.headers[API_VERSION_HEADER] ?? '') >= API_VERSION_2024;
  if (versioned) {
    reply.header(API_VERSION_HEADER, API_VERSION_2024);
    return reply.status(error.status).send({ code: error.code, message: error.message, ...error.extra });
  }
  return reply
    .status(error.status)
    .send({ code: error.status, error_code: error.code, msg: error.message, ...error.extra });
}

export const invalidCredentials = () =>
  new GoTrueError(400, 'invalid_credentials', 'Invalid login credentials');
export const validationFailed = (message: string) => new GoTrueError(400, 'validation_failed', message);
export const sessionMissing = () =>
  new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
export const badJwt = (message = 'invalid JWT: unable to parse or verify signature') =>
  new GoTrueError(403, 'bad_jwt', message);
export const noAuthorization = () =>
  new GoTrueError(401, 'no_authorization', 'This endpoint requires a Bearer token');
