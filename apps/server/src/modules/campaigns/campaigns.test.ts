import { randomUUID } from 'node:crypto';
import type { CampaignDetail } from '@callwise/shared/schemas/campaigns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createApiKey, signedInUser, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let owner: User;
let stranger: User;

/**
 * A time zone where it is midday now, so that every contact is inside its calling window whenever the tests
 * run (the window is also widened to the whole day for the test accounts).
 */
function middayZone(): string {
  const offset = 12 - new Date().getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
const zone = middayZone();

async function account(plan = 'professional') {
  const user = await signedInUser(t, { plan });
  await t.database.executeSql(
    "UPDATE accounts SET calling_window_start = '00:00', calling_window_end = '23:59' WHERE id = $1",
    [user.accountId],
  );
  return user;
}

beforeAll(async () => {
  t = await buildTestApp({
    engine: true,
    env: { SIMULATOR_SPEED: '200', CALL_RETRY_DELAY_SECONDS: '1' },
  });
  owner = await account();
  stranger = await account();
});
afterAll(async () => {
  await t.close();
});

let phoneSerial = 0;
/** A unique number in the 555-01XX range (answered and confirmed by the simulator), in an area of its own. */
function uniquePhone(): string {
  const areas = ['202', '212', '213', '305', '312', '415', '512', '617', '702', '718', '646', '303'];
  const serial = phoneSerial++;
  const area = areas[Math.floor(serial / 90) % areas.length] as string;
  return `+1${area}5550${110 + (serial % 90)}`;
}

async function contact(
  user: User,
  fields: { name?: string; consent?: string; tags?: string[]; phone?: string } = {},
): Promise<{ id: string; phone: string; name: string }> {
  const name = fields.name ?? `Contact ${phoneSerial}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/contacts',
    headers: user.headers,
    payload: {
      name,
      phone: fields.phone ?? uniquePhone(),
      email: `c${phoneSerial}-${randomUUID().slice(0, 8)}@example.com`,
      company: 'Harbor Dental',
      consent: fields.consent ?? 'marketing',
      tags: fields.tags ?? [],
      timezone: zone,
    },
  });
  if (res.statusCode !== 201) throw new Error(`contact not created: ${res.body}`);
  return res.json();
}

async function script(user: User, content = 'Hi {{name}}, this is Harbor Dental with a reminder.') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/scripts',
    headers: user.headers,
    payload: { title: 'Reminder', content, category: 'Reminder' },
  });
  if (res.statusCode !== 201) throw new Error(`script not created: ${res.body}`);
  return res.json() as { id: string };
}

const createCampaign = (user: User, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/v1/campaigns', headers: user.headers, payload });
const getCampaign = (user: User, id: string) =>
  t.app.inject({ url: `/v1/campaigns/${id}`, headers: user.headers });
const act = (user: User, id: string, action: 'pause' | 'resume' | 'cancel') =>
  t.app.inject({ method: 'POST', url: `/v1/campaigns/${id}/${action}`, headers: user.headers, payload: {} });

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

interface CallRowOfTest {
  id: string;
  contact_id: string;
  status: string;
  message: string;
  scheduled_at: Date | string;
  provider_call_id: string | null;
}

async function callsOf(campaignId: string) {
  const { rows } = await t.database.executeSql(
    'SELECT id, contact_id, status, message, scheduled_at, provider_call_id FROM calls WHERE campaign_id = $1 ORDER BY scheduled_at, id',
    [campaignId],
  );
  return (rows as unknown as CallRowOfTest[]).map((row) => ({
    ...row,
    scheduledAt: new Date(row.scheduled_at).getTime(),
  }));
}

async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached in time: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('creating a campaign', () => {
  it('calls the chosen contacts and skips, with the reason, those the calling rules refuse', async () => {
    const { id: scriptId } = await script(owner);
    const willing = await contact(owner, { name: 'Ana Willing', consent: 'marketing' });
    const unwilling = await contact(owner, { name: 'Ben Unwilling', consent: 'informational' });
    const listed = await contact(owner, { name: 'Cy Listed', consent: 'marketing' });
    await t.database.executeSql(
      "INSERT INTO do_not_call (account_id, phone, source) VALUES ($1, $2, 'added')",
      [owner.accountId, listed.phone],
    );
    const missing = randomUUID();
    const startsAt = inAnHour();

    const res = await createCampaign(owner, {
      name: 'Spring offer',
      script_id: scriptId,
      voice: 'sarah',
      call_type: 'promotional',
      contact_ids: [willing.id, unwilling.id, listed.id, missing, willing.id],
      starts_at: startsAt,
    });
    expect(res.statusCode, res.body).toBe(201);
    const campaign = res.json() as CampaignDetail;
    expect(campaign).toMatchObject({
      name: 'Spring offer',
      script_id: scriptId,
      script_title: 'Reminder',
      call_type: 'promotional',
      voice: 'sarah',
      status: 'active',
      state: 'scheduled',
      requested: 4,
      skipped_count: 3,
      pace_per_hour: null,
      progress: { total: 1, pending: 1, in_progress: 0, completed: 0, failed: 0, canceled: 0 },
      outcomes: { confirmed: 0, opted_out: 0 },
      next_call_at: new Date(startsAt).toISOString(),
    });
    const reasons = Object.fromEntries(campaign.skipped.map((skip) => [skip.contact_id, skip]));
    expect(reasons[unwilling.id]).toMatchObject({ reason: 'no_consent', phone: unwilling.phone });
    expect(reasons[unwilling.id]?.message).toMatch(/marketing consent/);
    expect(reasons[listed.id]).toMatchObject({ reason: 'do_not_call', phone: listed.phone });
    expect(reasons[listed.id]?.message).toMatch(/do-not-call/);
    expect(reasons[missing]).toMatchObject({ reason: 'not_found', phone: null });

    const calls = await callsOf(campaign.id);
    expect(calls.map((call) => call.contact_id)).toEqual([willing.id]);
    expect(calls[0]?.status).toBe('scheduled');

    // The same answer later, and in the list.
    const again = await getCampaign(owner, campaign.id);
    expect(again.json()).toEqual(campaign);
    const list = await t.app.inject({ url: '/v1/campaigns', headers: owner.headers });
    expect(list.json().data.map((item: { id: string }) => item.id)).toContain(campaign.id);
    expect(list.json().data[0]).not.toHaveProperty('skipped');
  });

  it('calls everyone with a tag, with default and per-contact variables, spread at the pace', async () => {
    const { id: scriptId } = await script(owner, 'Hi {{name}}, your cleaning is on {{date}} at {{time}}.');
    const tag = `spring-${randomUUID().slice(0, 6)}`;
    const first = await contact(owner, { name: 'Dora First', tags: [tag, 'vip'] });
    const second = await contact(owner, { name: 'Eli Second', tags: [tag] });
    const third = await contact(owner, { name: 'Fay Third', tags: ['other', tag] });
    await contact(owner, { name: 'Gus Untagged', tags: ['other'] });
    const startsAt = inAnHour();

    const missingTime = await createCampaign(owner, {
      name: 'Cleanings',
      script_id: scriptId,
      call_type: 'appointment-reminder',
      tag,
      default_variables: { date: 'Friday' },
      variables: { [first.id]: { time: '9 AM' } },
      starts_at: startsAt,
    });
    expect(missingTime.statusCode).toBe(400);
    expect(missingTime.json().error.message).toBe(
      'The script uses {{time}} (missing for 2 contacts of 3): give a value in default_variables, or for each contact in variables.',
    );
    expect(missingTime.json().error.details).toEqual([
      { field: 'default_variables.time', message: 'needs a value (missing for 2 contacts)' },
    ]);

    const res = await createCampaign(owner, {
      name: 'Cleanings',
      script_id: scriptId,
      call_type: 'appointment-reminder',
      tag,
      default_variables: { date: 'Friday', time: '10 AM' },
      variables: { [first.id]: { time: '9 AM' } },
      starts_at: startsAt,
      pace_per_hour: 60,
    });
    expect(res.statusCode, res.body).toBe(201);
    const campaign = res.json() as CampaignDetail;
    expect(campaign).toMatchObject({ requested: 3, skipped_count: 0, skipped: [], pace_per_hour: 60 });
    expect(campaign.progress.total).toBe(3);

    const calls = await callsOf(campaign.id);
    expect(calls.map((call) => call.contact_id)).toEqual([first.id, second.id, third.id]);
    expect(calls.map((call) => call.message)).toEqual([
      'Hi Dora First, your cleaning is on Friday at 9 AM.',
      'Hi Eli Second, your cleaning is on Friday at 10 AM.',
      'Hi Fay Third, your cleaning is on Friday at 10 AM.',
    ]);
    const start = Date.parse(startsAt);
    expect(calls.map((call) => call.scheduledAt - start)).toEqual([0, 60_000, 120_000]);
    expect(campaign.next_call_at).toBe(new Date(start).toISOString());
    expect(campaign.last_call_at).toBe(new Date(start + 120_000).toISOString());
  });

  it('greets each contact by first name and asks for a last name only for contacts without one', async () => {
    const { id: scriptId } = await script(
      owner,
      'Hi {{first_name}}, good news for the {{last_name}} family.',
    );
    const tag = `names-${randomUUID().slice(0, 6)}`;
    const ana = await contact(owner, { name: 'Ana Silva', tags: [tag] });
    const cher = await contact(owner, { name: 'Cher', tags: [tag] });
    const request = {
      name: 'Families',
      script_id: scriptId,
      call_type: 'promotional',
      tag,
      starts_at: inAnHour(),
    };

    const missing = await createCampaign(owner, request);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toEqual([
      { field: 'default_variables.last_name', message: 'needs a value (missing for 1 contact)' },
    ]);

    const res = await createCampaign(owner, {
      ...request,
      variables: { [cher.id]: { last_name: 'Sarkisian' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const calls = await callsOf(res.json().id);
    expect(new Map(calls.map((call) => [call.contact_id, call.message]))).toEqual(
      new Map([
        [ana.id, 'Hi Ana, good news for the Silva family.'],
        [cher.id, 'Hi Cher, good news for the Sarkisian family.'],
      ]),
    );
  });

  it('explains what is wrong with a request', async () => {
    const { id: scriptId } = await script(owner);
    const someone = await contact(owner);
    const base = { name: 'Checks', script_id: scriptId, starts_at: inAnHour() };

    const neither = await createCampaign(owner, base);
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.details).toEqual([
      { field: 'contact_ids', message: 'Give contact_ids or a tag' },
    ]);

    const both = await createCampaign(owner, { ...base, contact_ids: [someone.id], tag: 'vip' });
    expect(both.json().error.details).toEqual([
      { field: 'tag', message: 'Give contact_ids or a tag, not both' },
    ]);

    const unknownTag = await createCampaign(owner, { ...base, tag: 'nobody-has-this' });
    expect(unknownTag.statusCode).toBe(400);
    expect(unknownTag.json().error.message).toBe('tag: No contact has the tag “nobody-has-this”.');

    const past = await createCampaign(owner, {
      ...base,
      contact_ids: [someone.id],
      starts_at: new Date(Date.now() - 3600_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.details[0].field).toBe('starts_at');

    const stranger_ = await createCampaign(owner, {
      ...base,
      contact_ids: [someone.id],
      variables: { [randomUUID()]: { time: '9 AM' } },
    });
    expect(stranger_.statusCode).toBe(400);
    expect(stranger_.json().error.details[0].message).toBe('is not one of the campaign’s contacts');

    const tooFast = await createCampaign(owner, { ...base, contact_ids: [someone.id], pace_per_hour: 0 });
    expect(tooFast.statusCode).toBe(400);
    expect(tooFast.json().error.details[0].field).toBe('pace_per_hour');

    const noScript = await createCampaign(owner, {
      ...base,
      script_id: randomUUID(),
      contact_ids: [someone.id],
    });
    expect(noScript.statusCode).toBe(404);
    expect(noScript.json().error.message).toBe('Script not found');

    // Nothing was left behind by the refused requests.
    const { rows } = await t.database.executeSql(
      "SELECT count(*)::int AS n FROM campaigns WHERE account_id = $1 AND name = 'Checks'",
      [owner.accountId],
    );
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('creates nothing when a free trial cannot cover the calls', async () => {
    const trial = await account('trial');
    const { id: scriptId } = await script(trial);
    const people = [];
    for (let i = 0; i < 11; i++) people.push(await contact(trial));
    const res = await createCampaign(trial, {
      name: 'Too many',
      script_id: scriptId,
      contact_ids: people.map((person) => person.id),
      starts_at: inAnHour(),
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe('call_limit_reached');
    const list = await t.app.inject({ url: '/v1/campaigns', headers: trial.headers });
    expect(list.json().data).toEqual([]);
  });
});

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

describe('pausing, resuming and cancelling', () => {
  it('stops placing calls while paused, and places the rest at its pace once resumed', async () => {
    const { id: scriptId } = await script(owner);
    const people = [];
    for (let i = 0; i < 6; i++) people.push(await contact(owner));
    const res = await createCampaign(owner, {
      name: 'Paced',
      script_id: scriptId,
      call_type: 'appointment-reminder',
      contact_ids: people.map((person) => person.id),
      pace_per_hour: 3600,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;

    // The first call goes out at once, the others a second apart.
    await waitFor(
      'a first call placed',
      () => callsOf(id),
      (calls) => calls.some((call) => call.provider_call_id !== null),
    );
    const paused = await act(owner, id, 'pause');
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ status: 'paused', state: 'paused' });
    // A call a dispatcher had already taken may still go out; after that, nothing does.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const placedAtPause = (await callsOf(id)).filter((call) => call.provider_call_id !== null).length;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const afterWaiting = await callsOf(id);
    expect(afterWaiting.filter((call) => call.provider_call_id !== null).length).toBe(placedAtPause);
    const waiting = afterWaiting.filter((call) => call.status === 'scheduled' || call.status === 'queued');
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    // Their times have passed while paused.
    expect(waiting[0]?.scheduledAt).toBeLessThan(Date.now());

    const again = await act(owner, id, 'pause');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This campaign is already paused.');

    const resumedAt = Date.now();
    const resumed = await act(owner, id, 'resume');
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ status: 'active' });
    // Spread again from now at the pace, not all at once.
    const respread = (await callsOf(id)).filter((call) => waiting.some((w) => w.id === call.id));
    for (const [k, call] of respread.entries()) {
      expect(call.scheduledAt).toBeGreaterThanOrEqual(resumedAt + k * 1000 - 50);
    }
    expect((await act(owner, id, 'resume')).json().error.message).toBe('This campaign is not paused.');

    const done = await waitFor(
      'the campaign completed',
      async () => (await getCampaign(owner, id)).json() as CampaignDetail,
      (campaign) => campaign.state === 'completed',
    );
    expect(done.progress).toMatchObject({ total: 6, completed: 6, pending: 0, in_progress: 0 });
    expect(done.outcomes.confirmed).toBe(6);
    expect(done.next_call_at).toBeNull();

    const late = await act(owner, id, 'cancel');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This campaign has finished: no call is left to cancel.');
    expect((await act(owner, id, 'pause')).json().error.message).toBe(
      'This campaign has finished: no call is left to pause.',
    );
  }, 60_000);

  it('cancels every call not yet placed, at once', async () => {
    const { id: scriptId } = await script(owner);
    const people = [await contact(owner), await contact(owner), await contact(owner)];
    const res = await createCampaign(owner, {
      name: 'To cancel',
      script_id: scriptId,
      contact_ids: people.map((person) => person.id),
      starts_at: inAnHour(),
      pace_per_hour: 120,
    });
    const id = res.json().id as string;
    expect((await act(owner, id, 'pause')).statusCode).toBe(200);

    const canceled = await act(owner, id, 'cancel');
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({
      status: 'canceled',
      state: 'canceled',
      progress: { total: 3, pending: 0, canceled: 3 },
      next_call_at: null,
    });
    expect((await callsOf(id)).map((call) => call.status)).toEqual(['canceled', 'canceled', 'canceled']);

    expect((await act(owner, id, 'cancel')).json().error.message).toBe('This campaign is already cancelled.');
    expect((await act(owner, id, 'resume')).json().error).toMatchObject({
      code: 'conflict',
      message: 'This campaign was cancelled, so it cannot be resumed. Create a new campaign instead.',
    });
    const pause = await act(owner, id, 'pause');
    expect(pause.statusCode).toBe(409);
    expect(pause.json().error.message).toBe('This campaign was cancelled, so it cannot be paused.');
  });
});

describe('lists and other accounts', () => {
  it('lists newest first, a page at a time', async () => {
    const user = await account();
    const { id: scriptId } = await script(user);
    const someone = await contact(user);
    const names = ['One', 'Two', 'Three'];
    for (const name of names) {
      const res = await createCampaign(user, {
        name,
        script_id: scriptId,
        contact_ids: [someone.id],
        starts_at: inAnHour(),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const first = await t.app.inject({ url: '/v1/campaigns?limit=2', headers: user.headers });
    expect(first.json().data.map((c: { name: string }) => c.name)).toEqual(['Three', 'Two']);
    const cursor = first.json().next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    const second = await t.app.inject({
      url: `/v1/campaigns?limit=2&cursor=${encodeURIComponent(cursor)}`,
      headers: user.headers,
    });
    expect(second.json()).toMatchObject({ next_cursor: null });
    expect(second.json().data.map((c: { name: string }) => c.name)).toEqual(['One']);
    // The second and third campaigns reached the contact's daily cap (2 calls a day).
    expect(first.json().data[0]).toMatchObject({
      skipped_count: 1,
      progress: { total: 0 },
      state: 'completed',
    });
  });

  it('answers 404 for another account’s campaign, and never uses its contacts or scripts', async () => {
    const { id: scriptId } = await script(owner);
    const mine = await contact(owner);
    const res = await createCampaign(owner, {
      name: 'Private',
      script_id: scriptId,
      contact_ids: [mine.id],
      starts_at: inAnHour(),
    });
    const id = res.json().id as string;

    expect((await getCampaign(stranger, id)).statusCode).toBe(404);
    for (const action of ['pause', 'resume', 'cancel'] as const) {
      const answer = await act(stranger, id, action);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error).toEqual({ code: 'not_found', message: 'Campaign not found' });
    }
    const theirs = await t.app.inject({ url: '/v1/campaigns', headers: stranger.headers });
    expect(theirs.json().data.map((c: { id: string }) => c.id)).not.toContain(id);
    expect((await getCampaign(owner, id)).json().state).toBe('scheduled');

    const theirScript = await script(stranger);
    const withOurs = await createCampaign(stranger, {
      name: 'Borrowed',
      script_id: theirScript.id,
      contact_ids: [mine.id],
      starts_at: inAnHour(),
    });
    expect(withOurs.statusCode).toBe(404);
    const ownContact = await contact(stranger);
    const mixed = await createCampaign(stranger, {
      name: 'Mixed',
      script_id: theirScript.id,
      contact_ids: [ownContact.id, mine.id],
      starts_at: inAnHour(),
    });
    expect(mixed.statusCode, mixed.body).toBe(201);
    expect(mixed.json().skipped).toEqual([
      { contact_id: mine.id, phone: null, reason: 'not_found', message: expect.any(String) },
    ]);
    const foreignScript = await createCampaign(stranger, {
      name: 'Their script',
      script_id: scriptId,
      contact_ids: [ownContact.id],
      starts_at: inAnHour(),
    });
    expect(foreignScript.statusCode).toBe(404);
  });

  it('is open to API keys', async () => {
    const key = await createApiKey(t, owner);
    const res = await t.app.inject({ url: '/v1/campaigns?limit=1', headers: key.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
  });
});

describe('an opt-out and the campaign', () => {
  it('stops the contact’s next campaign call at once, and keeps them out of the next campaign', async () => {
    const user = await account();
    const { id: scriptId } = await script(user);
    // 555-0107 answers and presses 9.
    const person = await contact(user, { phone: '+17185550107', name: 'Olive Optout' });
    const campaign = await createCampaign(user, {
      name: 'Reminders',
      script_id: scriptId,
      call_type: 'appointment-reminder',
      contact_ids: [person.id],
      starts_at: inAnHour(),
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const campaignId = campaign.json().id as string;
    expect((campaign.json() as CampaignDetail).progress.pending).toBe(1);

    // A call to them today: they opt out.
    const now = await t.app.inject({
      method: 'POST',
      url: '/v1/calls',
      headers: user.headers,
      payload: { contact_id: person.id, message: 'A quick question.' },
    });
    expect(now.statusCode, now.body).toBe(201);
    const deadline = Date.now() + 20_000;
    let detail = (await getCampaign(user, campaignId)).json() as CampaignDetail;
    while (detail.progress.canceled === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      detail = (await getCampaign(user, campaignId)).json() as CampaignDetail;
    }
    expect(detail.progress).toMatchObject({ pending: 0, canceled: 1 });
    const call = (await t.app.inject({ url: `/v1/calls/${now.json().id}`, headers: user.headers })).json();
    expect(call.outcome).toBe('opted_out');

    const next = await createCampaign(user, {
      name: 'More reminders',
      script_id: scriptId,
      call_type: 'appointment-reminder',
      contact_ids: [person.id],
      starts_at: inAnHour(),
    });
    expect(next.statusCode, next.body).toBe(201);
    expect((next.json() as CampaignDetail).skipped).toEqual([
      expect.objectContaining({ contact_id: person.id, reason: 'do_not_call' }),
    ]);
  });
});
