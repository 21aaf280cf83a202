import type { CampaignDetail } from '@callwise/shared/schemas/campaigns';
import { describe, expect, it } from 'vitest';
import {
  account,
  act,
  callsOf,
  contact,
  createCampaign,
  getCampaign,
  inAnHour,
  owner,
  script,
  t,
  useCampaignsApp,
  waitFor,
} from './campaigns-test-setup.ts';

useCampaignsApp();

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
