import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '@callwise/db/client';
import { describe, expect, it } from 'vitest';
import { exitedWithin, seedOwner, signInWithPassword, startServer } from './engine-processes.ts';
import { engineTestCleanup } from './engine-test-cleanup.ts';

/**
 * Appointment e-mails are sent at most once (decision 019): a server process is killed (CRASH_AT, SIGKILL) after it
 * claimed a due e-mail and before the mail provider was asked. Started again, it sends every other due e-mail and
 * never the one it was sending; that one stays `sending` until a run marks it `unknown`.
 */
const postgres = Boolean(process.env.DATABASE_URL);
const cleanup = engineTestCleanup();

const email = 'owner@email-crash.example.com';
const password = 'Harbor-Lantern-64';
const HOUR = 3_600_000;

/** Two due reminders to one customer (the first due earlier), and an appointment of another to move. */
async function seed(handle: DatabaseHandle) {
  const user = await seedOwner(handle, { businessName: 'Crash Point Dental', email, password });
  const contact = async (name: string, phone: string, address: string) => {
    const id = randomUUID();
    await handle.executeSql(
      `INSERT INTO contacts (id, account_id, name, phone, email, company, consent)
       VALUES ($1, $2, $3, $4, $5, 'Garcia Bakery', 'informational')`,
      [id, user.accountId, name, phone, address],
    );
    return id;
  };
  const maria = await contact('Maria Garcia', '+12025550170', 'maria@crash.example.com');
  const john = await contact('John Lee', '+12025550171', 'john@crash.example.com');
  const appointment = async (contactId: string, startsAt: Date) => {
    const id = randomUUID();
    await handle.executeSql(
      `INSERT INTO appointments (id, account_id, contact_id, starts_at, ends_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [id, user.accountId, contactId, startsAt, new Date(startsAt.getTime() + HOUR / 2)],
    );
    return id;
  };
  const rows: string[] = [];
  for (const hoursAhead of [46, 47]) {
    // The default rule: an e-mail 48 hours before, due one and two hours ago.
    const startsAt = new Date(Math.floor(Date.now() / 60_000) * 60_000 + hoursAhead * HOUR);
    const appointmentId = await appointment(maria, startsAt);
    const rowId = randomUUID();
    await handle.executeSql(
      `INSERT INTO appointment_emails (id, account_id, appointment_id, kind, minutes_before, starts_at, send_at)
       VALUES ($1, $2, $3, 'reminder', 2880, $4, $5)`,
      [rowId, user.accountId, appointmentId, startsAt, new Date(startsAt.getTime() - 48 * HOUR)],
    );
    rows.push(rowId);
  }
  const toMove = await appointment(john, new Date(Date.now() + 72 * HOUR));
  return { crashed: rows[0] as string, survivor: rows[1] as string, toMove };
}

/** Moves an appointment through the API, which wakes the sender at once; answers the new appointment's id. */
async function move(base: string, token: string, id: string, hoursAhead: number) {
  const res = await fetch(`${base}/v1/appointments/${id}/reschedule`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ starts_at: new Date(Date.now() + hoursAhead * HOUR).toISOString() }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function mailsTo(base: string, to: string) {
  const res = await fetch(`${base}/_dev/mail.json?limit=200`);
  return ((await res.json()) as Array<{ to: string; subject: string }>).filter((mail) => mail.to === to);
}

describe(`appointment e-mails killed between claim and send (${postgres ? 'PostgreSQL' : 'embedded'})`, {
  timeout: 180_000,
}, () => {
  it('never sends the claimed one twice, and sends every other after the restart', async () => {
    const { database, seeded } = await cleanup.seededDatabase('email-crash', seed);
    const env = { ...database.env, NODE_ENV: 'test', PORT: '0', ROLE: 'all' };

    const doomed = startServer({ ...env, CRASH_AT: 'appointment-email.after-claim' });
    const doomedBase = await doomed.url();
    // A move wakes the sender at once (else the minute's run does): it claims the earliest due e-mail and dies —
    // perhaps before the move is answered, when the minute's run came first.
    let moved: string | undefined;
    try {
      moved = await move(
        doomedBase,
        await signInWithPassword(doomedBase, email, password),
        seeded.toMove,
        96,
      );
    } catch {
      moved = undefined;
    }
    const how = await exitedWithin(doomed, 90_000);
    expect(how, doomed.output()).toBe('SIGKILL');
    expect(doomed.output()).toContain('crash point reached: appointment-email.after-claim');

    const finisher = startServer(env);
    const base = await finisher.url();
    await move(base, await signInWithPassword(base, email, password), moved ?? seeded.toMove, 120);
    const deadline = Date.now() + 90_000;
    while (
      (await mailsTo(base, 'john@crash.example.com')).length < 1 ||
      (await mailsTo(base, 'maria@crash.example.com')).length < 1
    ) {
      if (Date.now() > deadline) throw new Error(`e-mails not sent:\n${finisher.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // A moment for a late duplicate to show itself, then a clean stop.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const maria = await mailsTo(base, 'maria@crash.example.com');
    const john = await mailsTo(base, 'john@crash.example.com');
    finisher.child.kill('SIGTERM');
    expect(await finisher.exited).toBe('0');

    // Maria: the survivor's reminder once; the crashed one never. John: each move's notice at most once (the
    // first one's is skipped when the second move comes before the restarted sender reached it).
    expect(maria.map((mail) => mail.subject)).toHaveLength(1);
    expect(maria[0]?.subject).toMatch(/^Reminder: your appointment on /);
    const notices = john.map((mail) => mail.subject);
    expect(notices.every((subject) => subject.startsWith('Your appointment has moved to '))).toBe(true);
    expect(new Set(notices).size).toBe(notices.length);
    const after = await database.open();
    try {
      const rows = (
        await after.executeSql(`SELECT id, status, error FROM appointment_emails ORDER BY send_at`)
      ).rows as Array<{ id: string; status: string; error: string | null }>;
      const statusOf = (id: string) => rows.find((row) => row.id === id)?.status;
      expect(statusOf(seeded.crashed)).toBe('sending');
      expect(statusOf(seeded.survivor)).toBe('sent');
      expect(rows.filter((row) => row.status === 'sent')).toHaveLength(1 + notices.length);
    } finally {
      await after.close();
    }
  });
});
