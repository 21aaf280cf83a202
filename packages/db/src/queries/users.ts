import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accounts, type User, users } from '../schema.ts';

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** A new business account and its first user, in one transaction. */
export async function createAccountWithUser(
  db: Database,
  input: {
    businessName: string;
    email: string;
    passwordHash: string;
    userMetadata: Record<string, unknown>;
    /** The business's time zone (IANA); the column's default when not given. */
    timezone?: string;
  },
): Promise<User> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ name: input.businessName, ...(input.timezone ? { timezone: input.timezone } : {}) })
      .returning();
    if (!account) throw new Error('account not created');
    const [user] = await tx
      .insert(users)
      .values({
        accountId: account.id,
        email: input.email.trim().toLowerCase(),
        passwordHash: input.passwordHash,
        userMetadata: input.userMetadata,
      })
      .returning();
    if (!user) throw new Error('user not created');
    return user;
  });
}

export type UserPatch = Partial<
  Pick<
    User,
    | 'email'
    | 'emailChange'
    | 'passwordHash'
    | 'userMetadata'
    | 'emailConfirmedAt'
    | 'lastSignInAt'
    | 'phoneNumber'
    | 'notificationSettings'
  >
>;

export async function updateUser(db: Database, id: string, patch: UserPatch): Promise<User> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error('user not found');
  return row;
}
