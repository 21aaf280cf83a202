import { loadAuthClient } from '@/lib/auth-client';

/** A new, still unverified authenticator factor: what the app scans or types in. */
export interface Enrollment {
  factorId: string;
  /** An image address for the QR code (an SVG). */
  qrCode: string;
  /** The key in base32, for typing it in by hand. */
  secret: string;
}

/**
 * The SVG that auth-js puts after `data:image/svg+xml;utf-8,` as it is: a `#` in it (a colour) would end the
 * address there. Encoded, the image shows whatever the SVG holds.
 */
function qrCodeAddress(qrCode: string): string {
  const prefix = /^data:image\/svg\+xml;(?:utf-8|charset=utf-8),/i.exec(qrCode)?.[0];
  if (!prefix) return qrCode;
  const svg = qrCode.slice(prefix.length);
  // Already percent-encoded: as it is.
  if (!svg.trimStart().startsWith('<')) return qrCode;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Starts setting up an authenticator app (an unverified TOTP factor; any earlier unverified one is dropped). */
export async function enrollAuthenticator(): Promise<Enrollment> {
  const { data, error } = await (await loadAuthClient()).mfa.enroll({ factorType: 'totp' });
  if (error) throw error;
  if (data.type !== 'totp') throw new Error('The server set up another kind of factor.');
  return { factorId: data.id, qrCode: qrCodeAddress(data.totp.qr_code), secret: data.totp.secret };
}

/**
 * Checks the first code of the app: the factor is verified, two-factor sign-in is on and the session is now at
 * aal2 (the auth client stores it and tells the auth state: MFA_CHALLENGE_VERIFIED). Throws the server's error
 * (`mfa_verification_failed` for a wrong code).
 */
export async function verifyAuthenticator(factorId: string, code: string): Promise<void> {
  const { error } = await (await loadAuthClient()).mfa.challengeAndVerify({ factorId, code });
  if (error) throw error;
}

/** A set-up given up before its code was verified: its factor goes (best effort; enrolling again drops it too). */
export async function abandonAuthenticator(factorId: string): Promise<void> {
  try {
    await (await loadAuthClient()).mfa.unenroll({ factorId });
  } catch {
    // Nothing to tell: an unverified factor does nothing, and the next set-up removes it.
  }
}
