import { randomUUID } from 'node:crypto';
import type { Database } from '@callwise/db/client';
import { renameAccount } from '@callwise/db/queries/accounts';
import { listFactors } from '@callwise/db/queries/mfa';
import {
  consumeOneTimeToken,
  createOneTimeToken,
  createSession,
  deleteSession,
  deleteUserSessions,
  findRefreshToken,
  findSession,
  reissueRefreshToken,
  revokeOneTimeTokens,
  rotateRefreshToken,
} from '@callwise/db/queries/sessions';
import { createAccountWithUser, findUserByEmail, findUserById, updateUser } from '@callwise/db/queries/users';
import type { AuthSession, User } from '@callwise/db/schema';
import { isValidTimezone } from '@callwise/shared/phone';
import type PgBoss from 'pg-boss';
import type { Config } from '../../config.ts';
import { rateLimitRetryAfter } from '../../http/rate-limit.ts';
import { sendJob } from '../../jobs/send.ts';
import {
  accountExistsMail,
  emailChangeMail,
  emailChangeNoticeMail,
  passwordChangedMail,
  type RenderedMail,
  recoveryMail,
  verificationMail,
} from '../mail/mail.templates.ts';
import { SEND_EMAIL, type SendEmailPayload } from '../mail/send-email.job.ts';
import { GoTrueError, invalidCredentials } from './gotrue-error.ts';
import { checkNewPassword, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { RECOVERY_EMAIL, type RecoveryEmailPayload } from './recovery-email.job.ts';
import type { LiveSession } from './session-cache.ts';
import { ACCESS_TOKEN_SECONDS, hashToken, randomToken, signAccessToken } from './tokens.ts';
import { userResponse } from './user-response.ts';

export type LinkType = 'signup' | 'recovery' | 'email_change';
const LINK_LIFETIME_SECONDS: Record<LinkType, number> = {
  signup: 86_400,
  recovery: 3_600,
  email_change: 86_400,
};
/** One e-mail of a kind per address per minute (GoTrue's default). */
export const EMAIL_SEND_INTERVAL_SECONDS = 60;
/**
 * Sign-up takes at least this long whichever branch it takes (new address or registered one), so its timing
 * does not tell them apart. Both branches do well under this on a loaded machine.
 */
export const SIGNUP_MIN_MS = 400;
/** A session started from a recovery link may set a new password without the old one for this long. */
const RECOVERY_GRACE_SECONDS = 3_600;

export interface AuthDeps {
  db: Database;
  config: Config;
  queue: PgBoss;
}

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

export interface SignUpInput {
  email: string;
  password: string;
  data: Record<string, unknown>;
  redirectTo?: string;
}

const displayName = (metadata: Record<string, unknown>) =>
  typeof metadata.first_name === 'string' && metadata.first_name.trim()
    ? metadata.first_name.trim()
    : undefined;

/** GoTrue-compatible accounts: sign-up, sessions with rotating refresh tokens, e-mail links, user updates. */
export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  private get issuer() {
    return `${this.deps.config.PUBLIC_URL}/auth/v1`;
  }

  /** Only our own origin may be the target of a link, never an open redirect. */
  safeRedirect(redirectTo: string | undefined, fallbackPath: string): string {
    const base = this.deps.config.PUBLIC_URL;
    if (redirectTo) {
      try {
        const target = new URL(redirectTo, base);
        if (target.origin === new URL(base).origin) return target.toString().split('#')[0] ?? base;
      } catch {
        // not a URL: use the fallback
      }
    }
    return new URL(fallbackPath, base).toString();
  }

  async rateLimit(bucket: string, key: string, limit: number, windowSeconds: number) {
    const retryAfter = await rateLimitRetryAfter(this.deps.db, `auth:${bucket}:${key}`, {
      limit,
      windowSeconds,
    });
    if (retryAfter !== null) {
      throw new GoTrueError(
        429,
        'over_request_rate_limit',
        'Request rate limit reached',
        {},
        {
          'retry-after': String(retryAfter),
        },
      );
    }
  }

  /** At most one e-mail of a kind per address per minute; `silent` skips instead of refusing. */
  private async emailSendAllowed(kind: string, email: string, silent: boolean): Promise<boolean> {
    const seconds = await rateLimitRetryAfter(this.deps.db, `auth:email:${kind}:${email.toLowerCase()}`, {
      limit: 1,
      windowSeconds: EMAIL_SEND_INTERVAL_SECONDS,
    });
    if (seconds === null) return true;
    if (silent) return false;
    throw new GoTrueError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
      {},
      { 'retry-after': String(seconds) },
    );
  }

  private async sendMail(to: string, mail: RenderedMail) {
    const payload: SendEmailPayload = { to, ...mail };
    await sendJob(this.deps.queue, SEND_EMAIL, payload, {
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
    });
  }

  private async issueLink(user: User, type: LinkType, email: string, redirectTo: string) {
    const token = randomToken();
    await createOneTimeToken(this.deps.db, {
      userId: user.id,
      type,
      tokenHash: hashToken(token),
      email,
      expiresAt: new Date(Date.now() + LINK_LIFETIME_SECONDS[type] * 1000),
    });
    const url = new URL('/auth/v1/verify', this.deps.config.PUBLIC_URL);
    url.searchParams.set('token', token);
    url.searchParams.set('type', type);
    url.searchParams.set('redirect_to', redirectTo);
    return url.toString();
  }

  private validateNewPassword(password: string) {
    const problem = checkNewPassword(password);
    if (!problem) return;
    if (problem.kind === 'too_long') throw new GoTrueError(422, 'validation_failed', problem.message);
    throw new GoTrueError(422, 'weak_password', problem.message, {
      weak_password: { reasons: problem.reasons, message: problem.message },
    });
  }

  /**
   * Creates an unconfirmed user and its business account, and e-mails a verification link. An address that is
   * already registered gets the same answer (and its owner an e-mail), so sign-up reveals nothing.
   */
  async signUp(input: SignUpInput) {
    const done = Date.now() + SIGNUP_MIN_MS;
    const answer = await this.signUpUnpadded(input);
    const wait = done - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return answer;
  }

  private async signUpUnpadded(input: SignUpInput) {
    const email = input.email.trim().toLowerCase();
    this.validateNewPassword(input.password);
    // `data.timezone` (the browser's zone, sent by our sign-up page) becomes the account's time zone when it is a
    // real IANA zone; it is not kept in the user's metadata.
    const { timezone, ...data } = input.data ?? {};
    const metadata = normalizeMetadata(data);
    checkMetadataSize(metadata);
    const passwordHash = await hashPassword(input.password);
    const redirectTo = this.safeRedirect(input.redirectTo, '/');
    const existing = await findUserByEmail(this.deps.db, email);
    const now = new Date().toISOString();

    if (!existing) {
      const businessName =
        (typeof metadata.business_name === 'string' && metadata.business_name.trim()) ||
        email.split('@')[1] ||
        email;
      const user = await createAccountWithUser(this.deps.db, {
        businessName,
        email,
        passwordHash,
        userMetadata: metadata,
        ...(typeof timezone === 'string' && isValidTimezone(timezone) ? { timezone } : {}),
      });
      if (await this.emailSendAllowed('signup', email, true)) {
        const url = await this.issueLink(user, 'signup', email, redirectTo);
        await this.sendMail(email, verificationMail({ name: displayName(metadata), url }));
      }
      return { ...userResponse(user), confirmation_sent_at: now };
    }

    if (await this.emailSendAllowed('signup', email, true)) {
      if (existing.emailConfirmedAt) {
        const signIn = new URL('/login', this.deps.config.PUBLIC_URL).toString();
        await this.sendMail(
          email,
          accountExistsMail({ name: displayName(existing.userMetadata), url: signIn }),
        );
      } else {
        const url = await this.issueLink(existing, 'signup', email, redirectTo);
        await this.sendMail(email, verificationMail({ name: displayName(existing.userMetadata), url }));
      }
    }
    // The same shape as a new user's answer, with nothing from the stored account.
    return {
      ...userResponse({
        ...existing,
        id: randomUUID(),
        userMetadata: metadata,
        emailConfirmedAt: null,
        lastSignInAt: null,
        emailChange: null,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      }),
      confirmation_sent_at: now,
    };
  }

  private async startSession(user: User, method: string, client: ClientInfo) {
    const refreshToken = randomToken(24);
    const session = await createSession(this.deps.db, {
      userId: user.id,
      method,
      userAgent: client.userAgent?.slice(0, 400) ?? null,
      ip: client.ip,
      refreshTokenHash: hashToken(refreshToken),
    });
    const signedIn = await updateUser(this.deps.db, user.id, { lastSignInAt: new Date() });
    return this.sessionResponse(signedIn, session, refreshToken);
  }

  /** The session's tokens and user, as GoTrue answers a sign-in: its assurance level and methods in the token. */
  private async sessionResponse(user: User, session: AuthSession, refreshToken: string) {
    const { token, expiresAt } = await signAccessToken(this.deps.config.JWT_SECRET, this.issuer, {
      sub: user.id,
      email: user.email,
      session_id: session.id,
      user_metadata: user.userMetadata,
      method: session.method,
      aal: session.aal,
      ...(session.secondFactorMethod && session.secondFactorAt
        ? {
            secondFactor: {
              method: session.secondFactorMethod,
              timestamp: Math.floor(session.secondFactorAt.getTime() / 1000),
            },
          }
        : {}),
    });
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: await this.userWithFactors(user),
    };
  }

  /** A user as GoTrue answers one, with their second factors (auth-js reads the assurance level from them). */
  async userWithFactors(user: User) {
    return userResponse(user, await listFactors(this.deps.db, user.id));
  }

  /** New tokens for a session that changed (a second factor verified in it): GoTrue's answer to a verify. */
  async reissue(sessionId: string) {
    const session = await findSession(this.deps.db, sessionId);
    if (!session) throw new GoTrueError(404, 'session_not_found', 'Session not found');
    const user = await this.getUser(session.userId);
    const refreshToken = randomToken(24);
    await reissueRefreshToken(this.deps.db, session.id, hashToken(refreshToken));
    return this.sessionResponse(user, session, refreshToken);
  }

  /** Password sign-in. Unknown address and wrong password answer alike, after the same amount of work. */
  async signInWithPassword(email: string, password: string, client: ClientInfo) {
    const user = await findUserByEmail(this.deps.db, email);
    const valid = user
      ? await verifyPassword(user.passwordHash, password)
      : await verifyAgainstDummy(password);
    if (!user || !valid) throw invalidCredentials();
    if (!user.emailConfirmedAt) throw new GoTrueError(400, 'email_not_confirmed', 'Email not confirmed');
    // The account, for the audit log's sign-in event (not part of GoTrue's answer).
    return { ...(await this.startSession(user, 'password', client)), accountId: user.accountId };
  }

  /**
   * Exchanges a refresh token for a new session pair. Each token works once; presenting a spent token again
   * (a stolen copy, or a replay) ends the whole session: every token of its family stops working.
   */
  async refresh(refreshToken: string) {
    const found = await findRefreshToken(this.deps.db, hashToken(refreshToken));
    if (!found) {
      throw new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    }
    const reused = () => {
      return new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    };
    if (found.token.revoked) {
      await deleteSession(this.deps.db, found.session.id);
      throw reused();
    }
    const user = await findUserById(this.deps.db, found.session.userId);
    if (!user) throw new GoTrueError(400, 'user_not_found', 'User from refresh token not found');
    const next = randomToken(24);
    const rotated = await rotateRefreshToken(this.deps.db, {
      tokenId: found.token.id,
      sessionId: found.session.id,
      newTokenHash: hashToken(next),
    });
    if (!rotated) {
      await deleteSession(this.deps.db, found.session.id);
      throw reused();
    }
    return this.sessionResponse(user, found.session, next);
  }

  async logout(userId: string, sessionId: string, scope: 'global' | 'local' | 'others') {
    if (scope === 'local') await deleteSession(this.deps.db, sessionId);
    else await deleteUserSessions(this.deps.db, userId, scope === 'others' ? sessionId : undefined);
  }

  /**
   * Asks for a reset link. The request does the same work whether or not the address has an account (it only
   * queues the lookup), so neither its answer nor its timing tells which.
   */
  async recover(email: string, redirectTo: string | undefined) {
    const normalized = email.trim().toLowerCase();
    await this.emailSendAllowed('recovery', normalized, false);
    const payload: RecoveryEmailPayload = {
      email: normalized,
      redirect_to: this.safeRedirect(redirectTo, '/login'),
    };
    await sendJob(this.deps.queue, RECOVERY_EMAIL, payload, { retryLimit: 3, retryDelay: 10 });
  }

  /** The queued half of recover: sends the link when the address has an account. */
  async sendRecoveryEmail(payload: RecoveryEmailPayload) {
    const user = await findUserByEmail(this.deps.db, payload.email);
    if (!user) return;
    const url = await this.issueLink(user, 'recovery', user.email, payload.redirect_to);
    await this.sendMail(user.email, recoveryMail({ name: displayName(user.userMetadata), url }));
  }

  /** Follows an e-mail link: confirms what it confirms and starts a session. */
  async verifyLink(token: string, type: LinkType, client: ClientInfo) {
    const link = await consumeOneTimeToken(this.deps.db, hashToken(token), type);
    if (!link) throw new GoTrueError(403, 'otp_expired', 'Email link is invalid or has expired');
    let user = await findUserById(this.deps.db, link.userId);
    if (!user) throw new GoTrueError(403, 'otp_expired', 'Email link is invalid or has expired');
    if (type === 'email_change') {
      if (user.emailChange !== link.email)
        throw new GoTrueError(403, 'otp_expired', 'Email link is invalid or has expired');
      const taken = await findUserByEmail(this.deps.db, link.email);
      if (taken && taken.id !== user.id) {
        throw new GoTrueError(
          422,
          'email_exists',
          'A user with this email address has already been registered',
        );
      }
      user = await updateUser(this.deps.db, user.id, { email: link.email, emailChange: null });
    } else if (!user.emailConfirmedAt) {
      user = await updateUser(this.deps.db, user.id, { emailConfirmedAt: new Date() });
    }
    // The account, for the audit log's sign-in event (not part of the redirect).
    return { ...(await this.startSession(user, type, client)), accountId: user.accountId };
  }

  /** The first session of a member who joined through an invitation (GoTrue's `invite` method). */
  startInvitedSession(user: User, client: ClientInfo) {
    return this.startSession(user, 'invite', client);
  }

  async getUser(userId: string) {
    const user = await findUserById(this.deps.db, userId);
    if (!user) throw new GoTrueError(404, 'user_not_found', 'User not found');
    return user;
  }

  /**
   * Updates the signed-in user: metadata (merged), e-mail (confirmed through a link sent to the new address)
   * and password (which needs the current one, unless the session began from a reset link within the hour;
   * it ends the user's other sessions).
   */
  async updateUser(
    session: Pick<LiveSession, 'id' | 'userId' | 'method' | 'createdAt'>,
    input: { email?: string; password?: string; current_password?: string; data?: Record<string, unknown> },
  ) {
    let user = await this.getUser(session.userId);
    // The business's name is the account's: an owner's or admin's to change (decision 035), refused before
    // anything of the request is changed.
    const rename = input.data?.business_name;
    if (typeof rename === 'string' && rename.trim() && user.role === 'staff') {
      throw new GoTrueError(403, 'forbidden_role', 'Only an owner or admin can change the business name.');
    }

    if (input.password !== undefined) {
      const recoveryGrace =
        session.method === 'recovery' &&
        Date.now() - session.createdAt.getTime() < RECOVERY_GRACE_SECONDS * 1000;
      if (!recoveryGrace) {
        if (!input.current_password) {
          throw new GoTrueError(
            400,
            'current_password_required',
            'Current password required to change your password.',
          );
        }
        if (!(await verifyPassword(user.passwordHash, input.current_password))) {
          throw new GoTrueError(400, 'invalid_credentials', 'Current password is incorrect.');
        }
      }
      if (await verifyPassword(user.passwordHash, input.password)) {
        throw new GoTrueError(
          422,
          'same_password',
          'New password should be different from the old password.',
        );
      }
      this.validateNewPassword(input.password);
      user = await updateUser(this.deps.db, user.id, { passwordHash: await hashPassword(input.password) });
      // Every reset link still outstanding stops working: after a change from Settings, and after a completed
      // reset (a link requested meanwhile) alike.
      await revokeOneTimeTokens(this.deps.db, user.id, 'recovery');
      await deleteUserSessions(this.deps.db, user.id, session.id);
      await this.sendMail(user.email, passwordChangedMail({ name: displayName(user.userMetadata) }));
    }

    if (input.data !== undefined) {
      const changes = normalizeMetadata(input.data);
      const merged = mergeMetadata(user.userMetadata, changes);
      checkMetadataSize(merged);
      user = await updateUser(this.deps.db, user.id, { userMetadata: merged });
      // The business name is the account's name too (it opens every call's disclosure).
      if (typeof changes.business_name === 'string' && changes.business_name) {
        await renameAccount(this.deps.db, user.accountId, changes.business_name);
      }
    }

    if (input.email !== undefined) {
      const next = input.email.trim().toLowerCase();
      if (next !== user.email) {
        const taken = await findUserByEmail(this.deps.db, next);
        if (taken) {
          throw new GoTrueError(
            422,
            'email_exists',
            'A user with this email address has already been registered',
          );
        }
        await this.emailSendAllowed('email_change', next, false);
        user = await updateUser(this.deps.db, user.id, { emailChange: next });
        const url = await this.issueLink(
          user,
          'email_change',
          next,
          this.safeRedirect(undefined, '/settings/profile'),
        );
        await this.sendMail(
          next,
          emailChangeMail({ name: displayName(user.userMetadata), url, newEmail: next }),
        );
        await this.sendMail(
          user.email,
          emailChangeNoticeMail({ name: displayName(user.userMetadata), newEmail: next }),
        );
      }
    }
    return user;
  }
}

/**
 * The most `user_metadata` may weigh, as JSON (UTF-8 bytes). GoTrue keeps any JSON object; the bound is ours:
 * the metadata travels in every access token (as GoTrue's does), and a token must stay well inside the 16 KB a
 * request's headers may take.
 */
export const USER_METADATA_MAX_BYTES = 8 * 1024;

/** The profile fields the product reads (profile, greetings, the account's name): trimmed, 200 characters. */
const PROFILE_KEYS = ['first_name', 'last_name', 'business_name'] as const;

/** `user_metadata` as given (any JSON object, as GoTrue keeps it), with the profile fields tidied. */
export function normalizeMetadata(data: Record<string, unknown> | undefined): Record<string, unknown> {
  const entries = Object.entries(data ?? {}).map(([key, value]): [string, unknown] =>
    (PROFILE_KEYS as readonly string[]).includes(key) && typeof value === 'string'
      ? [key, value.trim().slice(0, 200)]
      : [key, value],
  );
  return Object.fromEntries(entries);
}

/** An update merged into the stored metadata as GoTrue merges it: a key set to null is removed. */
export function mergeMetadata(
  stored: Record<string, unknown>,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const merged = new Map(Object.entries(stored));
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) merged.delete(key);
    else merged.set(key, value);
  }
  return Object.fromEntries(merged);
}

function checkMetadataSize(metadata: Record<string, unknown>) {
  const bytes = Buffer.byteLength(JSON.stringify(metadata));
  if (bytes > USER_METADATA_MAX_BYTES) {
    throw new GoTrueError(
      422,
      'validation_failed',
      `user_metadata is too large: at most ${USER_METADATA_MAX_BYTES} bytes of JSON (this is ${bytes}).`,
    );
  }
}
