import { randomInt } from 'node:crypto';
import type { Database } from '@callwise/db/client';
import {
  completeChallenge,
  createChallenge,
  createFactor,
  deleteFactor,
  findChallenge,
  findFactor,
  recoveryCodesLeft,
  replaceRecoveryCodes,
} from '@callwise/db/queries/mfa';
import { PRODUCT_NAME } from '@callwise/shared/product';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { SecretBox } from '../../infra/secret-box.ts';
import { GoTrueError } from './gotrue-error.ts';
import type { LiveSession } from './session-cache.ts';
import { hashToken } from './tokens.ts';

/** A challenge is answered within this long (GoTrue's MFA_CHALLENGE_EXPIRY_DURATION). */
export const CHALLENGE_SECONDS = 300;
/** How many recovery codes a user is given at a time. */
export const RECOVERY_CODE_COUNT = 10;
/** A code one 30-second step early or late is accepted too (a phone's clock a little off). */
const TOTP_TOLERANCE_SECONDS = 30;
const DEFAULT_FRIENDLY_NAME = 'Authenticator app';
/** Recovery codes: `xxxxx-xxxxx`, lower-case letters and digits without the ones read alike (0/o, 1/l). */
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const RECOVERY_CODE = /^[a-z0-9]{5}-?[a-z0-9]{5}$/;
const TOTP_CODE = /^\d{6}$/;

export type MfaSession = Pick<LiveSession, 'id' | 'userId' | 'accountId' | 'email' | 'aal'>;

const factorNotFound = () => new GoTrueError(404, 'mfa_factor_not_found', 'Factor not found');
const verificationFailed = () => new GoTrueError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
const aal2Required = (what: string) => new GoTrueError(422, 'insufficient_aal', `AAL2 required to ${what}`);

/** Normalizes what a user typed as a recovery code (spaces, capitals, with or without the dash). */
export function normalizeRecoveryCode(code: string): string | null {
  const compact = code.trim().toLowerCase().replace(/\s+/g, '');
  if (!RECOVERY_CODE.test(compact)) return null;
  const bare = compact.replace('-', '');
  return `${bare.slice(0, 5)}-${bare.slice(5)}`;
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/**
 * Two-factor sign-in with authenticator apps, as GoTrue's MFA API does it (so @supabase/auth-js's `mfa.*` works
 * unchanged): enrol a TOTP factor, challenge it, verify a code (the session becomes aal2), remove it. Beyond
 * GoTrue: one-use recovery codes, accepted by the same verify call in place of a TOTP code.
 */
export class MfaService {
  constructor(private readonly deps: { db: Database; secrets: SecretBox }) {}

  private async factorOf(session: MfaSession, factorId: string) {
    const factor = await findFactor(this.deps.db, session.userId, factorId);
    if (!factor) throw factorNotFound();
    return factor;
  }

  async enroll(session: MfaSession, input: { friendlyName?: string; issuer?: string }) {
    const secret = generateSecret();
    const friendlyName = input.friendlyName?.trim() || DEFAULT_FRIENDLY_NAME;
    const uri = generateURI({ issuer: input.issuer?.trim() || PRODUCT_NAME, label: session.email, secret });
    const factor = await createFactor(this.deps.db, {
      accountId: session.accountId,
      userId: session.userId,
      friendlyName,
      secret: this.deps.secrets.seal(secret),
    });
    if (factor === 'name_conflict') {
      throw new GoTrueError(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    }
    if (factor === 'too_many') {
      throw new GoTrueError(
        422,
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    }
    // auth-js puts the SVG after `data:image/svg+xml;utf-8,` as it is: a `#` there would end the address, so the
    // colours are named instead of written in hex.
    const qrCode = (await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .replaceAll('"#ffffff"', '"white"')
      .replaceAll('"#000000"', '"black"');
    return {
      id: factor.id,
      type: 'totp' as const,
      friendly_name: factor.friendlyName,
      totp: { qr_code: qrCode, secret, uri },
    };
  }

  async challenge(session: MfaSession, factorId: string, ip: string) {
    const factor = await this.factorOf(session, factorId);
    const challenge = await createChallenge(this.deps.db, {
      accountId: session.accountId,
      factorId: factor.id,
      ip,
    });
    return {
      id: challenge.id,
      type: 'totp' as const,
      expires_at: Math.floor(challenge.createdAt.getTime() / 1000) + CHALLENGE_SECONDS,
    };
  }

  /**
   * Checks a code against a challenge: a TOTP code of the factor (each accepted once), or, for a verified
   * factor, one of the user's recovery codes (each works once). On success the session is aal2.
   */
  async verify(
    session: MfaSession,
    factorId: string,
    input: { challengeId: string; code: string },
    ip: string,
  ) {
    const factor = await this.factorOf(session, factorId);
    const challenge = await findChallenge(this.deps.db, factor.id, input.challengeId);
    if (!challenge || challenge.verifiedAt) {
      throw new GoTrueError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${input.challengeId} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    if (challenge.createdAt.getTime() + CHALLENGE_SECONDS * 1000 < Date.now()) {
      throw new GoTrueError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    if (challenge.ip !== ip) {
      throw new GoTrueError(
        422,
        'mfa_ip_address_mismatch',
        'Challenge and verify IP addresses mismatch. Try enrollment again.',
      );
    }
    const base = {
      userId: session.userId,
      factorId: factor.id,
      challengeId: challenge.id,
      sessionId: session.id,
    };
    const code = input.code.trim().replace(/\s+/g, '');
    if (TOTP_CODE.test(code)) {
      const result = await verify({
        secret: this.deps.secrets.open(factor.secret),
        token: code,
        epochTolerance: TOTP_TOLERANCE_SECONDS,
        ...(factor.lastUsedStep !== null ? { afterTimeStep: factor.lastUsedStep } : {}),
      });
      if (!result.valid) throw verificationFailed();
      // The step the code belongs to (otplib's TOTP result carries it; its HOTP type, in the same union, does not).
      const step = 'timeStep' in result ? result.timeStep : Math.floor(Date.now() / 30_000) + result.delta;
      if (!(await completeChallenge(this.deps.db, { ...base, method: 'totp', step }))) {
        throw verificationFailed();
      }
      return { factor, method: 'totp' as const, enabled: factor.status === 'unverified' };
    }
    const recovery = factor.status === 'verified' ? normalizeRecoveryCode(code) : null;
    if (!recovery) throw verificationFailed();
    const codeHash = hashToken(recovery);
    if (
      !(await completeChallenge(this.deps.db, {
        ...base,
        method: 'recovery_code',
        recoveryCodeHash: codeHash,
      }))
    ) {
      throw verificationFailed();
    }
    return { factor, method: 'recovery_code' as const, enabled: false };
  }

  /** Removes a factor; a verified one only from an aal2 session (GoTrue's rule). */
  async unenroll(session: MfaSession, factorId: string) {
    const factor = await this.factorOf(session, factorId);
    if (factor.status === 'verified' && session.aal !== 'aal2')
      throw aal2Required('unenroll verified factor');
    await deleteFactor(this.deps.db, session.userId, factor.id);
    return { factor };
  }

  /** New recovery codes (the old ones stop working), shown this once: only from an aal2 session. */
  async createRecoveryCodes(session: MfaSession) {
    if (session.aal !== 'aal2') throw aal2Required('create recovery codes');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await replaceRecoveryCodes(this.deps.db, {
      accountId: session.accountId,
      userId: session.userId,
      codeHashes: codes.map(hashToken),
    });
    return { codes };
  }

  async recoveryCodeStatus(session: MfaSession) {
    const { remaining, createdAt } = await recoveryCodesLeft(this.deps.db, session.userId);
    return { remaining, created_at: createdAt?.toISOString() ?? null };
  }
}
