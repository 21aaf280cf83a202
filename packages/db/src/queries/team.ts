import type { Role } from '@callwise/shared/roles';
import { and, asc, desc, eq, isNull, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accounts, type InvitationRow, invitations, type User, users } from '../schema.ts';

/** A member as the team page lists them. */
export interface MemberRow {
  id: string;
  email: string;
  userMetadata: Record<string, unknown>;
  role: Role;
  lastSignInAt: Date | null;
  createdAt: Date;
  twoFactor: boolean;
}

const memberColumns = {
  id: users.id,
  email: users.email,
  userMetadata: users.userMetadata,
  role: users.role,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
  // Named in full: in a one-table select Drizzle writes a column bare ("id"), which inside the subquery would be
  // the factor's own id.
  twoFactor: sql<boolean>`EXISTS (SELECT 1 FROM mfa_factors f WHERE f.user_id = "users"."id" AND f.status = 'verified')`,
};

const roleRank = sql`CASE ${users.role} WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END`;

/** The account's members, owners first, then admins, then staff, each by e-mail address. */
export async function listMembers(db: Database, accountId: string): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(users)
    .where(eq(users.accountId, accountId))
    .orderBy(roleRank, sql`lower(${users.email})`);
}

export async function findMember(db: Database, accountId: string, userId: string) {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)))
    .limit(1);
  return row;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs a change of the account's members one at a time per account (its row locked), so two owners demoting each
 * other at once cannot leave the account without one.
 */
async function withMembersLocked<T>(
  db: Database,
  accountId: string,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
    return work(tx);
  });
}

async function ownerCount(tx: Tx, accountId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.role, 'owner')));
  return row?.n ?? 0;
}

export type MemberChange = { before: Role; member: User } | 'not_found' | 'last_owner';

/** Gives a member another role; the account's last owner keeps theirs. */
export async function changeMemberRole(
  db: Database,
  accountId: string,
  userId: string,
  role: Role,
): Promise<MemberChange> {
  return withMembersLocked(db, accountId, async (tx) => {
    const [current] = await tx
      .select()
      .from(users)
      .where(and(eq(users.accountId, accountId), eq(users.id, userId)))
      .limit(1);
    if (!current) return 'not_found';
    if (current.role === 'owner' && role !== 'owner' && (await ownerCount(tx, accountId)) <= 1) {
      return 'last_owner';
    }
    const [member] = await tx
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return member ? { before: current.role, member } : 'not_found';
  });
}

/**
 * Removes a member from the account: their user, sessions (ended at once, announced to every process), factors
 * and links go; what they did stays (calls they handled and keys they made keep the account's data, unnamed).
 */
export async function removeMember(
  db: Database,
  accountId: string,
  userId: string,
): Promise<User | 'not_found' | 'last_owner'> {
  return withMembersLocked(db, accountId, async (tx) => {
    const [current] = await tx
      .select()
      .from(users)
      .where(and(eq(users.accountId, accountId), eq(users.id, userId)))
      .limit(1);
    if (!current) return 'not_found';
    if (current.role === 'owner' && (await ownerCount(tx, accountId)) <= 1) return 'last_owner';
    await tx.delete(users).where(eq(users.id, userId));
    return current;
  });
}

/** Makes another member an owner and the caller (an owner) an admin, together. */
export async function transferOwnership(
  db: Database,
  accountId: string,
  fromUserId: string,
  toUserId: string,
): Promise<User | 'not_found'> {
  return withMembersLocked(db, accountId, async (tx) => {
    const [target] = await tx
      .update(users)
      .set({ role: 'owner', updatedAt: new Date() })
      .where(and(eq(users.accountId, accountId), eq(users.id, toUserId)))
      .returning();
    if (!target) return 'not_found';
    if (toUserId !== fromUserId) {
      await tx
        .update(users)
        .set({ role: 'admin', updatedAt: new Date() })
        .where(and(eq(users.accountId, accountId), eq(users.id, fromUserId)));
    }
    return target;
  });
}

export async function setRequireTwoFactor(db: Database, accountId: string, required: boolean): Promise<void> {
  await db
    .update(accounts)
    .set({ requireTwoFactor: required, updatedAt: new Date() })
    .where(eq(accounts.id, accountId));
}

const pending = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

/** The invitations not accepted or revoked (expired ones too: they can be sent again), newest first. */
export async function listPendingInvitations(db: Database, accountId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.accountId, accountId), pending))
    .orderBy(desc(invitations.createdAt), asc(invitations.id));
}

/**
 * A new invitation, unless the address already signs in to Callwise (a person belongs to one business) or has
 * an invitation to this account waiting.
 */
export async function createInvitation(
  db: Database,
  input: {
    accountId: string;
    email: string;
    role: Role;
    tokenHash: string;
    invitedBy: string;
    invitedByEmail: string;
    invitedByName: string;
    expiresAt: Date;
  },
): Promise<InvitationRow | 'already_user' | 'already_invited'> {
  const email = input.email.trim().toLowerCase();
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (user) return 'already_user';
  const [row] = await db
    .insert(invitations)
    .values({ ...input, email })
    .onConflictDoNothing()
    .returning();
  return row ?? 'already_invited';
}

/** A pending invitation's new link: the old one stops working, the new one works for another lifetime. */
export async function renewInvitation(
  db: Database,
  accountId: string,
  id: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ tokenHash, expiresAt, sentAt: new Date() })
    .where(and(eq(invitations.accountId, accountId), eq(invitations.id, id), pending))
    .returning();
  return row;
}

export async function revokeInvitation(
  db: Database,
  accountId: string,
  id: string,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(invitations.accountId, accountId), eq(invitations.id, id), pending))
    .returning();
  return row;
}

/** The pending invitation a link's token names, with its business's name; undefined when none. */
export async function findPendingInvitation(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ invitation: invitations, businessName: accounts.name })
    .from(invitations)
    .innerJoin(accounts, eq(accounts.id, invitations.accountId))
    .where(and(eq(invitations.tokenHash, tokenHash), pending))
    .limit(1);
  return row;
}

/**
 * Accepts an invitation: marks it accepted and creates its user in the account with the invited role and the
 * address confirmed (the link proved it), in one transaction. A used, revoked or expired link, or an address that
 * has since signed up, changes nothing.
 */
export async function acceptInvitation(
  db: Database,
  input: { tokenHash: string; passwordHash: string; userMetadata: Record<string, unknown> },
): Promise<User | 'invalid' | 'expired' | 'already_user'> {
  try {
    return await acceptInTransaction(db, input);
  } catch (error) {
    // The address signed up between the check and the insert: nothing was changed.
    if (error instanceof TransactionRollbackError) return 'already_user';
    throw error;
  }
}

async function acceptInTransaction(
  db: Database,
  input: { tokenHash: string; passwordHash: string; userMetadata: Record<string, unknown> },
): Promise<User | 'invalid' | 'expired' | 'already_user'> {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.tokenHash, input.tokenHash), pending))
      .for('update')
      .limit(1);
    if (!invitation) return 'invalid';
    if (invitation.expiresAt.getTime() <= Date.now()) return 'expired';
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${invitation.email}`)
      .limit(1);
    if (taken) return 'already_user';
    await tx.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, invitation.id));
    const now = new Date();
    const [user] = await tx
      .insert(users)
      .values({
        accountId: invitation.accountId,
        email: invitation.email,
        passwordHash: input.passwordHash,
        userMetadata: input.userMetadata,
        role: invitation.role,
        emailConfirmedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // Another sign-up took the address since the check: undo the acceptance.
    if (!user) return tx.rollback();
    return user;
  });
}
