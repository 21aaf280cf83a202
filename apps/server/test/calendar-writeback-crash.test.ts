import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '@callwise/db/client';
import { describe, expect, it } from 'vitest';
import { startFakeCalcom } from '../src/modules/appointments/sources/calcom-test-server.ts';
import { exitedWithin, seedOwner, signInWithPassword, startServer } from './engine-processes.ts';
import { engineTestCleanup } from './engine-test-cleanup.ts';

/**
 * Calendar write-backs are sent at most once (decision 022): a server process is killed (CRASH_AT, SIGKILL) after
 * it claimed a due write-back and before Cal.com (a local fake of its API v2) was asked. Started again, it writes
 * every other one back and never the one it was sending; that one stays `sending` until a run marks it `unknown`.
 */
const postgres = Boolean(process.env.DATABASE_URL);
const cleanup = engineTestCleanup();

const email = 'owner@writeback-crash.example.com';
const password = 'Harbor-Lantern-64';
const API_KEY = 'cal_live_crash_0123456789abcdef';
const HOUR = 3_600_000;

/** Four Cal.com appointments (bookings at the fake too); the first two already cancelled here, oldest first. */
async function seed(handle: DatabaseHandle, uids: string[]) {
  const user = await seedOwner(handle, { businessName: 'Crash Point Dental', email, password });
  const connection = randomUUID();
  await handle.executeSql(
    `INSERT INTO calendar_connections (id, account_id, kind, name, secret, api_key)
     VALUES ($1, $2, 'calcom', 'Cal.com', $3, $4)`,
    [connection, user.accountId, 'e'.repeat(64), API_KEY],
  );
  const ids: string[] = [];
  for (const [index, uid] of uids.entries()) {
    const id = randomUUID();
    const startsAt = new Date(Math.floor(Date.now() / HOUR) * HOUR + (48 + index) * HOUR);
    await handle.executeSql(
      `INSERT INTO appointments (id, account_id, starts_at, ends_at, source, external_id, calendar_connection_id)
       VALUES ($1, $2, $3, $4, 'calcom', $5, $6)`,
      [id, user.accountId, startsAt, new Date(startsAt.getTime() + HOUR / 2), uid, connection],
    );
    ids.push(id);
  }
  for (const id of ids.slice(0, 2)) {
    // The trigger plans their write-backs, the first one first.
    await handle.executeSql(`UPDATE appointments SET status = 'cancelled' WHERE id = $1`, [id]);
  }
  return ids;
}

/** Cancels an appointment through the API, which wakes the write-back job at once. */
async function cancel(base: string, token: string, id: string) {
  const res = await fetch(`${base}/v1/appointments/${id}/cancel`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe(`calendar write-backs killed between claim and request (${postgres ? 'PostgreSQL' : 'embedded'})`, {
  timeout: 180_000,
}, () => {
  it('never asks Cal.com about the claimed one, and writes every other back after the restart', async () => {
    const fake = await startFakeCalcom({ apiKey: API_KEY });
    cleanup.later(() => fake.close());
    const bookings = Array.from({ length: 4 }, (_, index) =>
      fake.addBooking({ start: new Date(Date.now() + (48 + index) * HOUR) }),
    );
    const uids = bookings.map((booking) => booking.uid);
    const { database, seeded: ids } = await cleanup.seededDatabase('writeback-crash', (handle) =>
      seed(handle, uids),
    );
    const env = {
      ...database.env,
      NODE_ENV: 'test',
      PORT: '0',
      ROLE: 'all',
      CALCOM_API_BASE_URL: fake.url,
    };

    const doomed = startServer({ ...env, CRASH_AT: 'calendar-writeback.after-claim' });
    const doomedBase = await doomed.url();
    // The cancellation wakes the job (else the minute's run comes): it claims the oldest due write-back and dies,
    // perhaps before the cancellation is answered.
    try {
      await cancel(doomedBase, await signInWithPassword(doomedBase, email, password), ids[2] as string);
    } catch {
      // Killed while answering.
    }
    const how = await exitedWithin(doomed, 90_000);
    expect(how, doomed.output()).toBe('SIGKILL');
    expect(doomed.output()).toContain('crash point reached: calendar-writeback.after-claim');
    expect(fake.requests, 'nothing was asked before the crash').toEqual([]);

    const finisher = startServer(env);
    const base = await finisher.url();
    const token = await signInWithPassword(base, email, password);
    const third = await fetch(`${base}/v1/appointments/${ids[2]}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (((await third.json()) as { status: string }).status !== 'cancelled') {
      await cancel(base, token, ids[2] as string);
    }
    await cancel(base, token, ids[3] as string);
    const cancelled = (uid: string | undefined) => fake.bookings.get(uid as string)?.status === 'cancelled';
    const deadline = Date.now() + 90_000;
    while (!uids.slice(1).every(cancelled)) {
      if (Date.now() > deadline) throw new Error(`not written back:\n${finisher.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // A moment for a late duplicate to show itself, then a clean stop.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    finisher.child.kill('SIGTERM');
    expect(await finisher.exited).toBe('0');

    // Each of the three others asked once; the claimed one never.
    const asked = fake.requests.map((request) => request.path);
    expect(asked.sort()).toEqual(
      uids
        .slice(1)
        .map((uid) => `/v2/bookings/${uid}/cancel`)
        .sort(),
    );
    expect(cancelled(uids[0])).toBe(false);
    const after = await database.open();
    try {
      const rows = (
        await after.executeSql(`SELECT appointment_id, status FROM calendar_writebacks ORDER BY created_at`)
      ).rows as Array<{ appointment_id: string; status: string }>;
      const statusOf = (id: string | undefined) => rows.find((row) => row.appointment_id === id)?.status;
      expect(statusOf(ids[0])).toBe('sending');
      expect(ids.slice(1).map(statusOf)).toEqual(['done', 'done', 'done']);
    } finally {
      await after.close();
    }
  });
});
