import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { type AppointmentRow, accounts, appointments, contacts } from '../schema.ts';

/** The longest chain of moves followed (a loop in the links must not hang a request). */
const MAX_MOVES = 20;

/**
 * The appointment a customer's link names (by id alone: the link's signature vouches for it), or the one it was
 * last moved to, following `rescheduled_to_id`; with its business's name and time zone and the contact's names.
 */
export async function findSelfServiceAppointment(
  db: Database,
  id: string,
): Promise<
  | {
      appointment: AppointmentRow;
      business: { name: string; timezone: string };
      contact: { name: string; firstName: string | null } | null;
    }
  | undefined
> {
  let current: AppointmentRow | undefined;
  let nextId: string | null = id;
  for (let moves = 0; nextId && moves <= MAX_MOVES; moves += 1) {
    const [row]: AppointmentRow[] = await db
      .select()
      .from(appointments)
      .where(eq(appointments.id, nextId))
      .limit(1);
    // A link to a moved appointment whose replacement is gone (deleted) shows the moved one.
    if (!row) break;
    current = row;
    nextId = row.status === 'rescheduled' ? row.rescheduledToId : null;
  }
  if (!current) return undefined;
  const [business] = await db
    .select({ name: accounts.name, timezone: accounts.timezone })
    .from(accounts)
    .where(eq(accounts.id, current.accountId))
    .limit(1);
  if (!business) return undefined;
  const [contact] = current.contactId
    ? await db
        .select({ name: contacts.name, firstName: contacts.firstName })
        .from(contacts)
        .where(eq(contacts.id, current.contactId))
        .limit(1)
    : [];
  return { appointment: current, business, contact: contact ?? null };
}
