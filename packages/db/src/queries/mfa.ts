import { and, asc, count, eq, isNull, max, ne, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { authSessions, type MfaFactor, mfaChallenges, mfaFactors, mfaRecoveryCodes } from '../schema.ts';

/** GoTrue's default MFA_MAX_VERIFIED_FACTORS. */
export const MAX_VERIFIED_FACTORS = 10;

export async function listFactors(db: Database, userId: string): Promise<MfaFactor[]> {
  return db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId)).orderBy(asc(mfaFactors.createdAt));
}

export async function findFactor(db: Database, userId: string, factorId: string) {
  const [row] = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Adds an unverified factor. An enrolment that was never finished is dropped first (a user abandons the QR code
 * and starts again); a name another of the user's factors has, or an eleventh verified factor, is refused.
 */
export async function createFactor(
  db: Database,
  input: { accountId: string; userId: string; friendlyName: string; secret: string },
): Promise<MfaFactor | 'name_conflict' | 'too_many'> {
  return db.transaction(async (tx) => {
    await tx
      .delete(mfaFactors)
      .where(and(eq(mfaFactors.userId, input.userId), eq(mfaFactors.status, 'unverified')));
    const existing = await tx
      .select({ name: mfaFactors.friendlyName })
      .from(mfaFactors)
      .where(eq(mfaFactors.userId, input.userId));
    if (existing.some((factor) => factor.name === input.friendlyName)) return 'name_conflict';
    if (existing.length >= MAX_VERIFIED_FACTORS) return 'too_many';
    const [factor] = await tx.insert(mfaFactors).values(input).returning();
    if (!factor) throw new Error('factor not created');
    return factor;
  });
}

export async function createChallenge(
  db: Database,
  input: { accountId: string; factorId: string; ip: string },
) {
  const [challenge] = await db.insert(mfaChallenges).values(input).returning();
  if (!challenge) throw new Error('challenge not created');
  return challenge;
}

export async function findChallenge(db: Database, factorId: string, challengeId: string) {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.id, challengeId), eq(mfaChallenges.factorId, factorId)))
    .limit(1);
  return row;
}

/**
 * Spends a challenge on a code accepted for time step `step` (TOTP) or on a recovery code, and raises the
 * session to aal2, in one transaction: the challenge is spent once, and a TOTP code is accepted once (its step
 * must be later than the last one accepted). The first verification turns the factor verified and ends the
 * user's other sessions that are still aal1 (GoTrue does the same). False when a concurrent request won.
 */
export async function completeChallenge(
  db: Database,
  input: {
    userId: string;
    factorId: string;
    challengeId: string;
    sessionId: string;
    method: 'totp' | 'recovery_code';
    step?: number;
    recoveryCodeHash?: string;
  },
): Promise<boolean> {
  return db
    .transaction(async (tx) => {
      const spent = await tx
        .update(mfaChallenges)
        .set({ verifiedAt: sql`now()` })
        .where(and(eq(mfaChallenges.id, input.challengeId), isNull(mfaChallenges.verifiedAt)))
        .returning({ id: mfaChallenges.id });
      if (spent.length === 0) return false;
      if (input.recoveryCodeHash !== undefined) {
        const used = await tx
          .update(mfaRecoveryCodes)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(mfaRecoveryCodes.userId, input.userId),
              eq(mfaRecoveryCodes.codeHash, input.recoveryCodeHash),
              isNull(mfaRecoveryCodes.usedAt),
            ),
          )
          .returning({ id: mfaRecoveryCodes.id });
        if (used.length === 0) {
          tx.rollback();
        }
      }
      const [factor] = await tx
        .update(mfaFactors)
        .set({
          status: 'verified',
          updatedAt: sql`now()`,
          ...(input.step !== undefined ? { lastUsedStep: input.step } : {}),
        })
        .where(
          and(
            eq(mfaFactors.id, input.factorId),
            input.step !== undefined
              ? sql`(${mfaFactors.lastUsedStep} IS NULL OR ${mfaFactors.lastUsedStep} < ${input.step})`
              : undefined,
          ),
        )
        .returning();
      if (!factor) tx.rollback();
      await tx
        .update(authSessions)
        .set({ aal: 'aal2', secondFactorMethod: input.method, secondFactorAt: sql`now()` })
        .where(eq(authSessions.id, input.sessionId));
      await tx
        .delete(authSessions)
        .where(
          and(
            eq(authSessions.userId, input.userId),
            ne(authSessions.id, input.sessionId),
            eq(authSessions.aal, 'aal1'),
          ),
        );
      return true;
    })
    .catch((error: unknown) => {
      if (isRollback(error)) return false;
      throw error;
    });
}

const isRollback = (error: unknown) => error instanceof TransactionRollbackError;

/**
 * Removes a factor. When no verified factor is left, the user's recovery codes go too and their sessions return
 * to aal1 (there is no second factor left to have verified).
 */
export async function deleteFactor(db: Database, userId: string, factorId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(mfaFactors)
      .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)))
      .returning({ id: mfaFactors.id });
    if (removed.length === 0) return false;
    const [left] = await tx
      .select({ n: count() })
      .from(mfaFactors)
      .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, 'verified')));
    if ((left?.n ?? 0) === 0) {
      await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      await tx
        .update(authSessions)
        .set({ aal: 'aal1', secondFactorMethod: null, secondFactorAt: null })
        .where(eq(authSessions.userId, userId));
    }
    return true;
  });
}

/** A user's recovery codes are replaced by new ones (given hashed): the old ones stop working at once. */
export async function replaceRecoveryCodes(
  db: Database,
  input: { accountId: string; userId: string; codeHashes: string[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, input.userId));
    await tx
      .insert(mfaRecoveryCodes)
      .values(
        input.codeHashes.map((codeHash) => ({ accountId: input.accountId, userId: input.userId, codeHash })),
      );
  });
}

/** How many of the user's recovery codes are left, and when they were made (null: none made). */
export async function recoveryCodesLeft(db: Database, userId: string) {
  const [row] = await db
    .select({
      remaining: sql<number>`count(*) FILTER (WHERE ${mfaRecoveryCodes.usedAt} IS NULL)::int`,
      createdAt: max(mfaRecoveryCodes.createdAt),
    })
    .from(mfaRecoveryCodes)
    .where(eq(mfaRecoveryCodes.userId, userId));
  return { remaining: row?.remaining ?? 0, createdAt: row?.createdAt ?? null };
}
