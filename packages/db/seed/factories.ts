import type { Database } from '../src/client.ts';
import { accounts, calls, contacts, scripts } from '../src/schema.ts';

type NewAccount = typeof accounts.$inferInsert;
type NewContact = typeof contacts.$inferInsert;
type NewScript = typeof scripts.$inferInsert;
type NewCall = typeof calls.$inferInsert;

let sequence = 0;
const next = () => ++sequence;

/** Factories shared by `npm run db:seed` and the tests: each writes one real row and returns it. */
export async function seedAccount(db: Database, values: Partial<NewAccount> = {}) {
  const [row] = await db
    .insert(accounts)
    .values({ name: `Business ${next()}`, ...values })
    .returning();
  if (!row) throw new Error('account not created');
  return row;
}

export async function seedContact(db: Database, accountId: string, values: Partial<NewContact> = {}) {
  const n = next();
  const [row] = await db
    .insert(contacts)
    .values({
      accountId,
      name: `Contact ${n}`,
      phone: `+1202555${String(1000 + (n % 9000)).padStart(4, '0')}`,
      email: `contact${n}@example.com`,
      company: `Company ${n}`,
      ...values,
    })
    .returning();
  if (!row) throw new Error('contact not created');
  return row;
}

export async function seedScript(db: Database, accountId: string, values: Partial<NewScript> = {}) {
  const n = next();
  const [row] = await db
    .insert(scripts)
    .values({
      accountId,
      title: `Script ${n}`,
      content: 'Hi {{first_name}}, this is a reminder of your appointment on {{date}} at {{time}}.',
      ...values,
    })
    .returning();
  if (!row) throw new Error('script not created');
  return row;
}

export async function seedCall(db: Database, accountId: string, values: Partial<NewCall> = {}) {
  const [row] = await db
    .insert(calls)
    .values({
      accountId,
      recipientName: 'Sample Recipient',
      phone: '+12025550100',
      message: 'Hi there, this is a reminder of your appointment tomorrow at 10 AM.',
      voice: 'aria',
      ...values,
    })
    .returning();
  if (!row) throw new Error('call not created');
  return row;
}
