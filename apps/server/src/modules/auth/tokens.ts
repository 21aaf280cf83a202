import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 3600;

export interface AccessClaims {
  sub: string;
  email: string;
  session_id: string;
  user_metadata: Record<string, unknown>;
  /** How the session began (password, signup, recovery, email_change). */
  method: string;
}

const encoder = new TextEncoder();

export async function signAccessToken(
  secret: string,
  issuer: string,
  claims: AccessClaims,
  now = Date.now(),
) {
  const iat = Math.floor(now / 1000);
  const exp = iat + ACCESS_TOKEN_SECONDS;
  const token = await new SignJWT({
    email: claims.email,
    phone: '',
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: claims.method, timestamp: iat }],
    session_id: claims.session_id,
    is_anonymous: false,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: claims.user_metadata,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setAudience('authenticated')
    .setIssuer(issuer)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(encoder.encode(secret));
  return { token, expiresAt: exp };
}

export interface VerifiedAccess {
  userId: string;
  sessionId: string;
  email: string;
  method: string;
  issuedAt: number;
}

/** Claims every access token of ours carries; a token without one of them is refused, even if well signed. */
export const REQUIRED_CLAIMS = ['exp', 'iat', 'sub', 'session_id'] as const;
/** Users and sessions are identified by UUIDs: anything else in `sub` or `session_id` is not a token of ours. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Verifies signature (HS256 only: "none" and other algorithms are refused), expiry, audience and issuer, and that
 * the token has every claim we issue it with (`exp`, `iat`, `sub`, `session_id`): a token signed with our secret
 * but without an expiry would otherwise be good for ever.
 */
export async function verifyAccessToken(
  secret: string,
  issuer: string,
  token: string,
): Promise<VerifiedAccess> {
  const { payload } = await jwtVerify(token, encoder.encode(secret), {
    algorithms: ['HS256'],
    audience: 'authenticated',
    issuer,
    requiredClaims: [...REQUIRED_CLAIMS],
  });
  const sessionId = payload.session_id;
  const amr = Array.isArray(payload.amr) ? (payload.amr[0] as { method?: string } | undefined) : undefined;
  if (
    typeof payload.sub !== 'string' ||
    !UUID.test(payload.sub) ||
    typeof sessionId !== 'string' ||
    !UUID.test(sessionId) ||
    typeof payload.exp !== 'number' ||
    typeof payload.iat !== 'number'
  ) {
    throw new joseErrors.JWTClaimValidationFailed(
      'missing or malformed sub, session_id, exp or iat',
      payload,
    );
  }
  return {
    userId: payload.sub,
    sessionId,
    email: String(payload.email ?? ''),
    method: amr?.method ?? 'password',
    issuedAt: payload.iat,
  };
}

/** An opaque, unguessable token for a refresh token or an e-mail link. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** High-entropy tokens need no slow hash: SHA-256 lets us find them by hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
