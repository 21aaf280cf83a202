import type { Database } from '@callwise/db/client';
import { findLiveSession } from '@callwise/db/queries/sessions';
import type { LiveSession, LiveSessionCache } from './session-cache.ts';
import { verifyAccessToken } from './tokens.ts';

export type BearerCheck =
  | { ok: true; session: LiveSession }
  | { ok: false; reason: 'missing' | 'invalid' | 'ended' };

/**
 * The one check of an `Authorization: Bearer <access token>` header: a valid HS256 token of ours whose session
 * still exists (read through `sessions` when given). The /auth/v1 routes and the /v1 hook each word the failure
 * in their own error shape.
 */
export async function checkBearer(
  db: Database,
  options: { secret: string; issuer: string; sessions?: LiveSessionCache },
  authorization: string | undefined,
): Promise<BearerCheck> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) return { ok: false, reason: 'missing' };
  let verified: Awaited<ReturnType<typeof verifyAccessToken>>;
  try {
    verified = await verifyAccessToken(options.secret, options.issuer, token);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const session = options.sessions
    ? await options.sessions.find(verified.sessionId, verified.userId)
    : await findLiveSession(db, verified.sessionId, verified.userId);
  return session ? { ok: true, session } : { ok: false, reason: 'ended' };
}
