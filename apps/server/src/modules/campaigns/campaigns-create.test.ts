import { randomUUID } from 'node:crypto';
import type { CampaignDetail } from '@callwise/shared/schemas/campaigns';
import { describe, expect, it } from 'vitest';
import {
  account,
  callsOf,
  contact,
  createCampaign,
  getCampaign,
  inAnHour,
  owner,
  script,
  t,
  useCampaignsApp,
} from './campaigns-test-setup.ts';

useCampaignsApp();

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
