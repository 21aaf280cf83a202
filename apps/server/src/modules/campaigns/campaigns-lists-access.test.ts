import { describe, expect, it } from 'vitest';
import { createApiKey } from '../../../test/helper.ts';
import {
  account,
  act,
  contact,
  createCampaign,
  getCampaign,
  inAnHour,
  owner,
  script,
  stranger,
  t,
  useCampaignsApp,
} from './campaigns-test-setup.ts';

useCampaignsApp();

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
