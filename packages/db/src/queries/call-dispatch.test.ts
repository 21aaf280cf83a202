import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client.ts';
import { accounts, campaigns } from '../schema.ts';
import { createTestDatabase, seededRandom } from '../testing.ts';
import { nextDispatchAt } from './call-dispatch.ts';

/**
 * nextDispatchAt reads two index positions instead of the minimum over every waiting call (decision 032). It must
 * answer what that minimum answered, whatever the calls: scheduled ahead or due, claimed or not, placed, held by
 * a paused campaign or an account whose payment failed, in any status.
 */
let handle: DatabaseHandle;
let accountId: string;
let pastDueId: string;
let activeCampaign: string;
let pausedCampaign: string;

const next = seededRandom(20261128);
const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;

/** The minimum over every waiting call: the statement the dispatcher ran before. */
async function fullMinimum(): Promise<Date | null> {
  const { rows } = await handle.executeSql(`
    SELECT min(coalesce(greatest(scheduled_at, claimed_until), scheduled_at)) AS at FROM calls
    WHERE provider_call_id IS NULL AND status IN ('scheduled', 'queued')
      AND (campaign_id IS NULL OR NOT EXISTS (
        SELECT 1 FROM campaigns p WHERE p.id = campaign_id AND p.status <> 'active'))
      AND NOT EXISTS (SELECT 1 FROM accounts h WHERE h.id = account_id AND h.payment_status = 'past_due')`);
  const at = (rows[0] as { at: string | Date | null } | undefined)?.at;
  return at ? new Date(at) : null;
}

/**
 * `count` random calls: scheduled up to an hour either side of now, a claim on some (running out up to three
 * minutes after the call's time, or a minute before it), some placed, some of a paused campaign or of the
 * past-due account.
 */
async function insertCalls(count: number) {
  for (let i = 0; i < count; i++) {
    const scheduledSeconds = Math.round((next() - 0.5) * 7200);
    // Claims are taken on due calls; some on calls ahead too, which nothing relies on never happening.
    const claimed = scheduledSeconds <= 0 ? next() < 0.4 : next() < 0.1;
    const claimedSeconds = claimed ? scheduledSeconds + Math.round((next() - 0.3) * 240) : null;
    await handle.executeSql(
      `INSERT INTO calls (account_id, recipient_name, phone, message, voice, status, campaign_id, provider_call_id,
         scheduled_at, claimed_until)
       VALUES ($1, 'Caller', '+12025550100', 'Hello', 'aria', $2, $3, $4,
         now() + make_interval(secs => $5::int), now() + make_interval(secs => $6::int))`,
      [
        next() < 0.15 ? pastDueId : accountId,
        pick(['scheduled', 'scheduled', 'queued', 'completed', 'canceled', 'ringing']),
        pick([null, null, activeCampaign, pausedCampaign]),
        next() < 0.1 ? `CA${i}-${Math.floor(next() * 1e9)}` : null,
        scheduledSeconds,
        claimedSeconds,
      ],
    );
  }
}

beforeAll(async () => {
  handle = await createTestDatabase();
  const made = await handle.db
    .insert(accounts)
    .values([{ name: 'Dispatching' }, { name: 'Past due', paymentStatus: 'past_due' }])
    .returning();
  accountId = made[0]?.id as string;
  pastDueId = made[1]?.id as string;
  const shown = await handle.db
    .insert(campaigns)
    .values([
      { accountId, name: 'Active', voice: 'aria', startsAt: new Date() },
      { accountId, name: 'Paused', voice: 'aria', startsAt: new Date(), status: 'paused' },
    ])
    .returning();
  activeCampaign = shown[0]?.id as string;
  pausedCampaign = shown[1]?.id as string;
});
afterAll(async () => {
  await handle?.close();
});

describe('the next dispatch time', () => {
  it('is null with nothing waiting', async () => {
    expect(await nextDispatchAt(handle.db)).toBeNull();
    expect(await fullMinimum()).toBeNull();
  });

  it('equals the minimum over every waiting call, round after round of random calls', async () => {
    for (let round = 0; round < 30; round++) {
      await insertCalls(8);
      expect(await nextDispatchAt(handle.db), `round ${round}`).toEqual(await fullMinimum());
      // Now and then the earliest waiting call goes (placed, or its claim taken), so the answer moves.
      if (round % 3 === 2) {
        await handle.executeSql(
          `UPDATE calls SET provider_call_id = 'CA-placed-' || id, claimed_until = NULL
           WHERE id = (SELECT id FROM calls WHERE provider_call_id IS NULL AND status IN ('scheduled', 'queued')
             ORDER BY coalesce(greatest(scheduled_at, claimed_until), scheduled_at) LIMIT 1)`,
        );
        expect(await nextDispatchAt(handle.db), `round ${round}, after one went`).toEqual(
          await fullMinimum(),
        );
      }
    }
    expect(await nextDispatchAt(handle.db)).not.toBeNull();
  });

  it('is the first claim to run out when the waiting calls due are claimed', async () => {
    await handle.executeSql(`DELETE FROM calls`);
    // Claimed in the opposite order of their times: the later call's claim runs out first.
    await handle.executeSql(
      `INSERT INTO calls (account_id, recipient_name, phone, message, voice, status, scheduled_at, claimed_until)
       VALUES ($1, 'Earlier', '+12025550101', 'Hello', 'aria', 'queued', now() - interval '60 seconds',
         now() + interval '50 seconds'),
       ($1, 'Claimed', '+12025550102', 'Hello', 'aria', 'queued', now() - interval '30 seconds',
         now() + interval '20 seconds'),
       ($1, 'Later', '+12025550103', 'Hello', 'aria', 'scheduled', now() + interval '1 hour', NULL)`,
      [accountId],
    );
    const [claim] = (
      await handle.executeSql(`SELECT claimed_until FROM calls WHERE recipient_name = 'Claimed'`)
    ).rows as Array<{ claimed_until: string | Date }>;
    expect(await nextDispatchAt(handle.db)).toEqual(new Date(claim?.claimed_until as string));
    expect(await fullMinimum()).toEqual(new Date(claim?.claimed_until as string));
  });
});
