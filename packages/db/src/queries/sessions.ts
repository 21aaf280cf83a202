import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accounts, authSessions, oneTimeTokens, refreshTokens, users } from '../schema.ts';

/**
 * Where the database announces (by trigger, migrations 0011 and 0038) a session that ended or changed its
 * assurance level, as 's:<session id>', and a user whose e-mail or second factors changed, as 'u:<user id>': the
 * servers' caches of checked sessions forget them.
 */
export const SESSIONS_CHANNEL = 'callwise_sessions';

export async function createSession(
  db: Database,
  input: {
    userId: string;
    method: string;
    userAgent?: string | null;
    ip?: string | null;
    refreshTokenHash: string;
  },
) {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .insert(authSessions)
      .values({ userId: input.userId, method: input.method, userAgent: input.userAgent, ip: input.ip })
      .returning();
    if (!session) throw new Error('session not created');
    await tx.insert(refreshTokens).values({ sessionId: session.id, tokenHash: input.refreshTokenHash });
    return session;
  });
}

export async function findRefreshToken(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ token: refreshTokens, session: authSessions })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** The token issued in exchange for this one, if any. */
export async function findChildToken(db: Database, parentId: number) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.parentId, parentId)).limit(1);
  return row;
}

/**
 * Spends a refresh token and issues its successor. Only one caller can spend a token: the update is
 * conditional on the token not being revoked yet. Returns false when another request spent it first.
 */
export async function rotateRefreshToken(
  db: Database,
  input: { tokenId: number; sessionId: string; newTokenHash: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const spent = await tx
      .update(refreshTokens)
      .set({ revoked: true })
      .where(and(eq(refreshTokens.id, input.tokenId), eq(refreshTokens.revoked, false)))
      .returning({ id: refreshTokens.id });
    if (spent.length === 0) return false;
    await tx
      .insert(refreshTokens)
      .values({ sessionId: input.sessionId, tokenHash: input.newTokenHash, parentId: input.tokenId });
    await tx
      .update(authSessions)
      .set({ refreshedAt: new Date() })
      .where(eq(authSessions.id, input.sessionId));
    return true;
  });
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, id));
}

/** Signs a user out everywhere, or everywhere but one session. */
export async function deleteUserSessions(
  db: Database,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .delete(authSessions)
    .where(
      exceptSessionId
        ? and(eq(authSessions.userId, userId), ne(authSessions.id, exceptSessionId))
        : eq(authSessions.userId, userId),
    );
}

export async function createOneTimeToken(
  db: Database,
  input: { userId: string; type: string; tokenHash: string; email: string; expiresAt: Date },
) {
  // A new link replaces the older unused ones of the same kind.
  await db
    .delete(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, input.userId),
        eq(oneTimeTokens.type, input.type),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  await db.insert(oneTimeTokens).values(input);
}

/**
 * Revokes a user's unused links of a kind (they stop working at once) and returns how many there were: a
 * password change ends every reset link still outstanding.
 */
export async function revokeOneTimeTokens(db: Database, userId: string, type: string): Promise<number> {
  const revoked = await db
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.type, type), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return revoked.length;
}

/** Marks a link used and returns it, once: a second use, or an expired link, returns undefined. */
export async function consumeOneTimeToken(db: Database, tokenHash: string, type: string) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.type, type),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** A live session with what requests need of its owner, or undefined when the session has ended. */
export async function findLiveSession(db: Database, sessionId: string, userId: string) {
  const [row] = await db
    .select({
      id: authSessions.id,
      userId: authSessions.userId,
      method: authSessions.method,
      createdAt: authSessions.createdAt,
      accountId: users.accountId,
      email: users.email,
      role: users.role,
      aal: authSessions.aal,
      /** The user has a verified second factor: an aal1 session of theirs may only finish signing in. */
      secondFactorRequired: sql<boolean>`EXISTS (SELECT 1 FROM mfa_factors f WHERE f.user_id = ${authSessions.userId} AND f.status = 'verified')`,
      /** The account requires every member to sign in with a second factor. */
      accountRequiresSecondFactor: accounts.requireTwoFactor,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId)))
    .limit(1);
  return row;
}

/** Drops e-mail links that were used or expired more than a week ago. */
export async function pruneOneTimeTokens(db: Database): Promise<void> {
  await db
    .delete(oneTimeTokens)
    .where(
      sql`${oneTimeTokens.expiresAt} < now() - interval '7 days' OR ${oneTimeTokens.usedAt} < now() - interval '7 days'`,
    );
}

export async function findSession(db: Database, sessionId: string) {
  const [row] = await db.select().from(authSessions).where(eq(authSessions.id, sessionId)).limit(1);
  return row;
}

/**
 * Gives a session a new refresh token after it changed (a second factor verified): the tokens it had are spent,
 * so presenting one of them again counts as reuse and ends the session, as after a rotation.
 */
export async function reissueRefreshToken(db: Database, sessionId: string, tokenHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    const spent = await tx
      .update(refreshTokens)
      .set({ revoked: true })
      .where(and(eq(refreshTokens.sessionId, sessionId), eq(refreshTokens.revoked, false)))
      .returning({ id: refreshTokens.id });
    await tx.insert(refreshTokens).values({ sessionId, tokenHash, parentId: spent.at(-1)?.id ?? null });
  });
}
