import { createHash, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 3600;

export interface AccessClaims {
  sub: string;
  email: string;
  session_id: string;
  user_metadata: Record<string, unknown>;
  /** How the session began (password, signup, recovery, email_change). */
  method: string;
  /** The session's assurance level: aal2 once a second factor was verified in it (aal1 when absent). */
  aal?: 'aal1' | 'aal2';
  /** The second factor verified in the session (totp or recovery_code) and when, in seconds: first in `amr`. */
  secondFactor?: { method: string; timestamp: number };
}

const encoder = new TextEncoder();

/** The secret as a key, made once: jose would import the bytes again on every token it checks. */
const keys = new Map<string, KeyObject>();
function secretKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

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
    aal: claims.aal ?? 'aal1',
    // GoTrue's order: the latest method first.
    amr: [...(claims.secondFactor ? [claims.secondFactor] : []), { method: claims.method, timestamp: iat }],
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
  /** Seconds since the epoch. */
  expiresAt: number;
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
  const cacheKey = `${issuer}\u0000${secret}\u0000${token}`;
  const known = verified.get(cacheKey);
  if (known && known.expiresAt > Date.now() / 1000) return known;
  const access = await verifySignedToken(secret, issuer, token);
  if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
  verified.set(cacheKey, access);
  return access;
}

/**
 * Tokens whose signature and claims this process has checked, until they expire (at most this many, the oldest
 * forgotten first). A signature check is the same every time; what can change, the session, is checked on every
 * request (checkBearer). Each web request checked its token again: a sixteenth of an uncached page's time.
 */
const verified = new Map<string, VerifiedAccess>();
const VERIFIED_TOKENS_KEPT = 10_000;

async function verifySignedToken(secret: string, issuer: string, token: string): Promise<VerifiedAccess> {
  const { payload } = await jwtVerify(token, secretKey(secret), {
    algorithms: ['HS256'],
    audience: 'authenticated',
    issuer,
    requiredClaims: [...REQUIRED_CLAIMS],
  });
  const sessionId = payload.session_id;
  // How the session began: the last method of `amr` (a second factor comes before it).
  const amr = Array.isArray(payload.amr)
    ? (payload.amr.at(-1) as { method?: string } | undefined)
    : undefined;
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
    expiresAt: payload.exp,
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
