/** An authenticator assurance level: `aal1` a password (or e-mail link), `aal2` a second factor on top. */
export type AssuranceLevel = 'aal1' | 'aal2';

/** Where a session stands: the level it has, and the level its user's verified factors call for. */
export interface Assurance {
  current: AssuranceLevel | null;
  next: AssuranceLevel | null;
}

/** The part of a stored session this needs: its access token and its user's factors. */
export interface SessionLike {
  access_token: string;
  user?: { factors?: ReadonlyArray<{ status: string }> | null } | null;
}

function levelOf(value: unknown): AssuranceLevel | null {
  return value === 'aal1' || value === 'aal2' ? value : null;
}

/** The `aal` claim of an access token, or null when it has none (or is not a JWT). */
function tokenLevel(token: string): AssuranceLevel | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    return levelOf((JSON.parse(json) as { aal?: unknown }).aal);
  } catch {
    return null;
  }
}

/**
 * The session's assurance, read as the auth client's `mfa.getAuthenticatorAssuranceLevel()` reads it (the token's
 * `aal` claim; aal2 next when the user has a verified factor), but synchronously: it runs inside the client's
 * state-change listener, which must not call the client.
 */
export function assuranceOf(session: SessionLike | null | undefined): Assurance | null {
  if (!session) return null;
  const current = tokenLevel(session.access_token);
  const verified = (session.user?.factors ?? []).some((factor) => factor.status === 'verified');
  return { current, next: verified ? 'aal2' : current };
}

/** The user has a second factor and this session has not used it yet: the code must be entered first. */
export function needsSecondFactor(assurance: Assurance | null | undefined): boolean {
  return assurance?.current === 'aal1' && assurance.next === 'aal2';
}
