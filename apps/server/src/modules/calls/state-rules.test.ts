import { localTime } from '@callwise/shared/calling-window';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';

// State rules on solicitation calls (decision 028), through the API: the real calling window, no override.
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
const MIAMI = 'America/New_York';
const HOUR = 3600_000;

beforeAll(async () => {
  t = await buildTestApp({ engine: false, env: { CALLING_WINDOW_OVERRIDE: '' } });
});
afterAll(async () => {
  await t.close();
});

const post = (app: TestApp, owner: User, url: string, payload: unknown) =>
  app.app.inject({ method: 'POST', url, headers: owner.headers, payload: payload as object });

let serial = 0;
async function contact(app: TestApp, owner: User, phone: string, consent = 'marketing') {
  const res = await post(app, owner, '/v1/contacts', {
    name: `Rosa Florida ${++serial}`,
    email: `rosa${serial}-${Date.now()}@example.com`,
    company: 'Harbor Dental',
    phone,
    consent,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; phone: string };
}

/** The next instant at this wall-clock time in a zone, more than `lead` ms (a minute unless told) from now. */
function nextLocal(hour: number, minute: number, timezone: string, lead = 60_000): Date {
  const now = new Date();
  for (let days = 0; days < 3; days++) {
    const day = new Date(now.getTime() + days * 86_400_000);
    const local = localTime(day, timezone);
    const guess = new Date(Date.UTC(local.year, local.month - 1, local.day, hour, minute));
    const seen = localTime(guess, timezone);
    const drift =
      Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) -
      Date.UTC(local.year, local.month - 1, local.day, hour, minute);
    const at = new Date(guess.getTime() - drift);
    if (at.getTime() > now.getTime() + lead) return at;
  }
  throw new Error('no such time');
}

const promo = { message: 'Spring whitening: 20% off this month.', call_type: 'promotional' };

describe('Florida’s hours for promotional calls', () => {
  it('lets one at 19:59 Miami time go, moves one at 20:01 to 8:00 and says which rule did', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const before = await contact(t, owner, '+13055550140');
    const at = nextLocal(19, 59, MIAMI);
    const goes = await post(t, owner, '/v1/calls', {
      ...promo,
      contact_id: before.id,
      scheduled_at: at.toISOString(),
    });
    expect(goes.statusCode, goes.body).toBe(201);
    expect(goes.json()).toMatchObject({
      scheduled_at: at.toISOString(),
      requested_at: null,
      schedule_note: null,
    });

    const after = await contact(t, owner, '+13055550141');
    const late = nextLocal(20, 1, MIAMI);
    const moved = await post(t, owner, '/v1/calls', {
      ...promo,
      contact_id: after.id,
      scheduled_at: late.toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(201);
    const call = moved.json();
    expect(call.requested_at).toBe(late.toISOString());
    const out = localTime(new Date(call.scheduled_at), MIAMI);
    expect([out.hour, out.minute]).toEqual([8, 0]);
    // The next morning (11 h 59 min later, an hour either way on a daylight-saving night).
    const wait = new Date(call.scheduled_at).getTime() - late.getTime();
    expect(wait).toBeGreaterThanOrEqual(10 * HOUR + 59 * 60_000);
    expect(wait).toBeLessThanOrEqual(12 * HOUR + 59 * 60_000);
    expect(call.schedule_note).toMatch(
      /^Moved to 8:00 AM on .* \(America\/New_York\): Florida’s telephone solicitation hours, 8 AM–8 PM \(rule FL\)\.$/,
    );
    // Read back, the call says the same.
    const read = await t.app.inject({ url: `/v1/calls/${call.id}`, headers: owner.headers });
    expect(read.json().schedule_note).toBe(call.schedule_note);
  });

  it('leaves an informational reminder at 20:30 Miami time where it is (the federal window)', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const person = await contact(t, owner, '+13055550142', 'informational');
    const at = nextLocal(20, 30, MIAMI);
    const res = await post(t, owner, '/v1/calls', {
      message: 'A reminder of your cleaning tomorrow at 9.',
      call_type: 'appointment-reminder',
      contact_id: person.id,
      scheduled_at: at.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ scheduled_at: at.toISOString(), schedule_note: null });
  });
});

describe('Florida’s 3 promotional calls per 24 hours', () => {
  it('refuses the fourth with details.rule FL, allows one 24 h and a minute after the first, and a campaign skips it', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    // The daily cap would stop a third call on one day first: raise it, so that Florida's limit is what refuses.
    await t.database.executeSql('UPDATE accounts SET daily_call_cap = 10 WHERE id = $1', [owner.accountId]);
    const person = await contact(t, owner, '+13055550143');
    // Two hours ahead at least: the test also books one an hour before the first, which must not be in the past.
    const first = nextLocal(9, 0, MIAMI, 2 * HOUR);
    const at = (ms: number) => new Date(first.getTime() + ms).toISOString();
    for (const offset of [0, HOUR, 2 * HOUR]) {
      const res = await post(t, owner, '/v1/calls', {
        ...promo,
        contact_id: person.id,
        scheduled_at: at(offset),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const fourth = await post(t, owner, '/v1/calls', {
      ...promo,
      contact_id: person.id,
      scheduled_at: at(3 * HOUR),
    });
    expect(fourth.statusCode, fourth.body).toBe(409);
    const error = fourth.json().error;
    expect(error.code).toBe('state_rule');
    expect(error.message).toMatch(/more than 3 promotional calls .* Florida/);
    expect(error.details).toEqual([{ field: 'phone', rule: 'FL', message: error.message }]);
    // Not before them either: it would be the fourth of the 24 hours after it.
    const earlier = await post(t, owner, '/v1/calls', {
      ...promo,
      contact_id: person.id,
      scheduled_at: at(-HOUR),
    });
    expect(earlier.statusCode, earlier.body).toBe(409);
    // A reminder to the same person is not a solicitation.
    const reminder = await post(t, owner, '/v1/calls', {
      message: 'A reminder of your cleaning.',
      call_type: 'appointment-reminder',
      contact_id: person.id,
      scheduled_at: at(3 * HOUR),
    });
    expect(reminder.statusCode, reminder.body).toBe(201);
    const nextDay = await post(t, owner, '/v1/calls', {
      ...promo,
      contact_id: person.id,
      scheduled_at: at(24 * HOUR + 60_000),
    });
    expect(nextDay.statusCode, nextDay.body).toBe(201);
    expect(nextDay.json().schedule_note).toBeNull();

    // A campaign at the time of the refused call skips the person with the reason and the rule.
    const script = await post(t, owner, '/v1/scripts', {
      title: 'Offer',
      content: 'Hi {{name}}, spring whitening is 20% off.',
      category: 'Sales',
    });
    expect(script.statusCode, script.body).toBe(201);
    const other = await contact(t, owner, '+12025550144');
    const campaign = await post(t, owner, '/v1/campaigns', {
      name: 'Spring offer',
      script_id: script.json().id,
      call_type: 'promotional',
      contact_ids: [person.id, other.id],
      starts_at: at(3 * HOUR),
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    expect(campaign.json().skipped).toEqual([
      {
        contact_id: person.id,
        phone: person.phone,
        reason: 'state_rule',
        rule: 'FL',
        message: expect.stringMatching(/Fla\. Stat\. § 501\.616\(6\)/),
      },
    ]);
    expect(campaign.json().progress.total).toBe(1);
  });
});

describe('at dispatch', () => {
  it('cancels a promotional call that would be the fourth to a Florida number in the last 24 hours', async () => {
    // The tests' window override (every hour) and the engine: the limit still holds as the call goes out.
    const engine = await buildTestApp({ engine: true, env: { SIMULATOR_SPEED: '200' } });
    try {
      const owner = await signedInUser(engine, { plan: 'professional' });
      await engine.database.executeSql('UPDATE accounts SET daily_call_cap = 10 WHERE id = $1', [
        owner.accountId,
      ]);
      const person = await contact(engine, owner, '+13055550145');
      const later = new Date(Date.now() + 2 * HOUR).toISOString();
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await post(engine, owner, '/v1/calls', {
          message: 'Hello',
          contact_id: person.id,
          scheduled_at: later,
        });
        expect(res.statusCode, res.body).toBe(201);
        ids.push(res.json().id);
      }
      // Three went out in the last hours; the fourth becomes a promotion due now (as if both were made at once).
      await engine.database.executeSql(
        `UPDATE calls SET call_type = 'promotional', status = 'completed', scheduled_at = now() - interval '1 hour'
         WHERE id = ANY($1::uuid[])`,
        [ids.slice(0, 3)],
      );
      await engine.database.executeSql(
        `UPDATE calls SET call_type = 'promotional', scheduled_at = now() WHERE id = $1`,
        [ids[3]],
      );
      let call: { status: string; failure_reason: string | null } | undefined;
      for (let tries = 0; tries < 100; tries++) {
        const res = await engine.app.inject({ url: `/v1/calls/${ids[3]}`, headers: owner.headers });
        call = res.json();
        if (call?.status !== 'scheduled' && call?.status !== 'queued') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(call?.status).toBe('canceled');
      expect(call?.failure_reason).toMatch(/Florida/);
    } finally {
      await engine.close();
    }
  });
});
