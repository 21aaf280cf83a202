import { randomUUID } from 'node:crypto';
import type { CampaignDetail } from '@callwise/shared/schemas/campaigns';
import { describe, expect, it } from 'vitest';
import {
  account,
  callsOf,
  createCampaign,
  script,
  t,
  useCampaignsApp,
  zone,
} from './campaigns-test-setup.ts';

useCampaignsApp();

describe('a large campaign', () => {
  it('gives each of 2,500 contacts exactly the outcome the calling rules give it, set-based', async () => {
    // Every reason a campaign's contact can be skipped for (invalid_number needs a typed number: a contact's is
    // its own), mixed through 2,400 contacts and 100 unknown ids, with the outcome each must get.
    const user = await account();
    await t.database.executeSql('UPDATE accounts SET daily_call_cap = 1 WHERE id = $1', [user.accountId]);
    const { id: scriptId } = await script(
      user,
      'Hi {{first_name}}, spring whitening is 20% off at Harbor Dental.',
    );
    const N = 2400;
    const kinds = [
      'do_not_call',
      'no_consent',
      'frequency_cap',
      'state_rule',
      'fl_ok',
      'ok',
      'ok',
      'ok',
    ] as const;
    const { rows } = await t.database.executeSql(
      `INSERT INTO contacts (account_id, name, phone, email, company, consent, existing_customer, timezone, created_at)
       SELECT $1, 'Big Patient' || g,
         CASE WHEN g % 8 IN (3, 4) THEN '+1305' ELSE '+1202' END || (2000000 + g)::text, '', '',
         CASE WHEN g % 8 <> 1 THEN 'marketing' WHEN g % 16 = 1 THEN 'informational' ELSE 'none' END,
         g % 16 = 9, $2, now() + g * interval '1 millisecond'
       FROM generate_series(0, ${N - 1}) AS g
       RETURNING id, phone, name`,
      [user.accountId, zone],
    );
    const people = (rows as Array<{ id: string; phone: string; name: string }>).sort(
      (a, b) => Number(a.name.slice(11)) - Number(b.name.slice(11)),
    );
    const kindOf = (g: number) => kinds[g % 8] as (typeof kinds)[number];
    // Unknown ids among them: every 24th place.
    const ids: string[] = [];
    const missing = new Set<string>();
    for (const [g, person] of people.entries()) {
      if (g % 24 === 5) {
        const id = randomUUID();
        ids.push(id);
        missing.add(id);
      }
      ids.push(person.id);
    }
    const startsAt = new Date(Date.now() + 3600_000);
    startsAt.setUTCMilliseconds(0);
    // Each contact's call goes at the start plus a second for each found contact before it (3,600 an hour).
    const expectedAt = new Map(people.map((person, k) => [person.id, startsAt.getTime() + k * 1000]));
    await t.database.executeSql(
      `INSERT INTO do_not_call (account_id, phone, source)
       SELECT $1, x.phone, 'added' FROM jsonb_to_recordset($2::jsonb) AS x(phone text)`,
      [user.accountId, JSON.stringify(people.filter((_, g) => kindOf(g) === 'do_not_call'))],
    );
    // The daily cap of 1: a call already on the contact's day, at the very time the campaign's would go.
    const earlier: Array<{ phone: string; at: string; type: string; status: string }> = [];
    for (const [g, person] of people.entries()) {
      const at = expectedAt.get(person.id) as number;
      if (kindOf(g) === 'frequency_cap') {
        earlier.push({
          phone: person.phone,
          at: new Date(at).toISOString(),
          type: 'reminder',
          status: 'scheduled',
        });
      }
      // Florida: at most 3 promotional calls in 24 hours. Three the day before make a fourth too many; two leave
      // room for it (and, a day before, count nothing against the daily cap).
      const promotional = kindOf(g) === 'state_rule' ? 3 : kindOf(g) === 'fl_ok' ? 2 : 0;
      for (let n = 0; n < promotional; n++) {
        earlier.push({
          phone: person.phone,
          at: new Date(at - (23 - n) * 3600_000).toISOString(),
          type: 'promotional',
          status: 'completed',
        });
      }
    }
    await t.database.executeSql(
      `INSERT INTO calls (account_id, recipient_name, phone, message, voice, call_type, status, scheduled_at)
       SELECT $1, 'Earlier', x.phone, 'An earlier call.', 'sarah', x.type, x.status, x.at
       FROM jsonb_to_recordset($2::jsonb) AS x(phone text, at timestamptz, type text, status text)`,
      [user.accountId, JSON.stringify(earlier)],
    );

    const res = await createCampaign(user, {
      name: 'Spring whitening',
      script_id: scriptId,
      call_type: 'promotional',
      contact_ids: ids,
      starts_at: startsAt.toISOString(),
      pace_per_hour: 3600,
    });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(201);
    const campaign = res.json() as CampaignDetail;

    const expected = new Map<string, string[]>();
    const add = (reason: string, id: string) => expected.set(reason, [...(expected.get(reason) ?? []), id]);
    for (const id of missing) add('not_found', id);
    const called: string[] = [];
    for (const [g, person] of people.entries()) {
      const kind = kindOf(g);
      if (kind === 'ok' || kind === 'fl_ok') called.push(person.id);
      else add(kind, person.id);
    }
    const got = new Map<string, string[]>();
    for (const skip of campaign.skipped) {
      got.set(skip.reason, [...(got.get(skip.reason) ?? []), skip.contact_id as string]);
    }
    const sorted = (map: Map<string, string[]>) =>
      Object.fromEntries([...map].map(([reason, list]) => [reason, [...list].sort()]).sort());
    expect(sorted(got)).toEqual(sorted(expected));
    expect(Object.fromEntries([...got].map(([reason, list]) => [reason, list.length]))).toEqual({
      not_found: 100,
      do_not_call: 300,
      no_consent: 300,
      frequency_cap: 300,
      state_rule: 300,
    });
    for (const skip of campaign.skipped) {
      if (skip.reason === 'state_rule') expect(skip.rule).toBe('FL');
      if (skip.reason === 'not_found') expect(skip.phone).toBeNull();
      else expect(skip.phone).toBe(people.find((person) => person.id === skip.contact_id)?.phone);
    }
    expect(campaign).toMatchObject({
      requested: N + 100,
      skipped_count: 1300,
      progress: { total: called.length, pending: called.length },
    });

    const calls = await callsOf(campaign.id);
    expect(calls.map((call) => call.contact_id).sort()).toEqual([...called].sort());
    for (const call of calls) {
      expect(call.scheduledAt).toBe(expectedAt.get(call.contact_id));
      expect(call.status).toBe('scheduled');
    }
    const first = people.find((_, g) => kindOf(g) === 'ok');
    expect(calls.find((call) => call.contact_id === first?.id)?.message).toBe(
      `Hi Big, spring whitening is 20% off at Harbor Dental.`,
    );
    // Billed like any calls: the professional plan's 500 included (the earlier calls took some), then extra ones,
    // each with its charge.
    const { rows: charges } = await t.database.executeSql(
      `SELECT count(*)::int AS n FROM billing_charges b JOIN calls c ON c.id = b.call_id
       WHERE c.campaign_id = $1 AND b.kind = 'overage' AND b.amount_usd = c.overage_usd`,
      [campaign.id],
    );
    const { rows: extra } = await t.database.executeSql(
      'SELECT count(*)::int AS n FROM calls WHERE campaign_id = $1 AND overage_usd > 0',
      [campaign.id],
    );
    expect((charges[0] as { n: number }).n).toBe((extra[0] as { n: number }).n);
    expect((extra[0] as { n: number }).n).toBeGreaterThan(0);
  });
});
