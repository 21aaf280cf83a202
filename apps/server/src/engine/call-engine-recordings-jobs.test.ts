import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedInUser, waitForMail } from '../../test/helper.ts';
import { callFailureAlertJob, callsDailySummaryJob } from '../modules/calls/call-notifications.job.ts';
import { recordingsPurgeJob } from '../modules/calls/recordings-purge.job.ts';
import { createCall, t, type User, useCallEngineApp, user, waitForEnd } from './call-engine-test-setup.ts';

useCallEngineApp();

describe('recordings', () => {
  it('are served to their owner only, and can be deleted', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const res = await createCall(owner, { phone: '+12025550100', message: 'Recorded' });
    const call = await waitForEnd(owner, res.json().id);
    const stranger = await signedInUser(t);
    expect((await t.app.inject({ url: call.recording_url, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: call.recording_url })).statusCode).toBe(401);

    const file = path.join(t.config.DATA_DIR, 'files', 'recordings', owner.accountId, `${call.id}.wav`);
    expect(existsSync(file)).toBe(true);
    const del = await t.app.inject({ method: 'DELETE', url: call.recording_url, headers: owner.headers });
    expect(del.statusCode).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect((await t.app.inject({ url: call.recording_url, headers: owner.headers })).statusCode).toBe(404);
    const after = (await t.app.inject({ url: `/v1/calls/${call.id}`, headers: owner.headers })).json();
    expect(after.recording_url).toBeNull();
    // The deletion is in the account's audit log; deleting again (404) adds nothing.
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/v1/calls/${call.id}/recording`,
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(404);
    const log = (
      await t.app.inject({ url: '/v1/audit-log?action=recording.deleted', headers: owner.headers })
    ).json();
    expect(log.data).toMatchObject([
      {
        summary: 'Deleted the recording of a call',
        target_type: 'call',
        target_id: call.id,
        actor: owner.email,
      },
    ]);
  });
});

describe('jobs around calls', () => {
  it('sends failure alerts only to users with failure alerts and e-mail switched on', async () => {
    const wants = await signedInUser(t, { plan: 'professional' });
    const noAlerts = await signedInUser(t, { plan: 'professional' });
    const noEmail = await signedInUser(t, { plan: 'professional' });
    const patch = (who: User, payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/v1/me/notifications', headers: who.headers, payload });
    expect((await patch(noAlerts, { failure_alerts: false })).statusCode).toBe(200);
    expect((await patch(noEmail, { email_notifications: false })).statusCode).toBe(200);
    const windowStart = Date.now() - 60_000;
    for (const who of [wants, noAlerts, noEmail]) {
      const res = await createCall(who, { phone: '+12025550103', recipient_name: 'Lee Park', message: 'Hi' });
      expect((await waitForEnd(who, res.json().id)).status).toBe('failed');
    }
    // One window covering the failures, run directly (the scheduled ones are already on their way too).
    const job = callFailureAlertJob({
      db: t.database.db,
      queue: t.queue,
      publicUrl: 'http://x',
      windowMs: 120_000,
    });
    for (const who of [wants, noAlerts, noEmail]) {
      await job.handler({ accountId: who.accountId, windowStart }, { id: 'test', retryCount: 0 });
    }
    const mail = await waitForMail(t.app, wants.email, /Call to Lee Park could not be connected/);
    expect(mail.text).toContain('+12025550103');
    // Give the e-mail job time to deliver anything it was wrongly given.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const mails = (await t.app.inject('/_dev/mail.json')).json() as Array<{ to: string; subject: string }>;
    for (const who of [noAlerts, noEmail]) {
      expect(mails.filter((m) => m.to === who.email && m.subject.startsWith('Call to'))).toEqual([]);
    }
  });

  it('estimates a longer message as a longer call', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    // A number of its own: the file's other calls to +12025550100 can fall on the same local day of the
    // recipient (from 23:00 New York time), and the daily cap of two calls per person would refuse this one.
    const short = await createCall(user, { phone: '+12025550177', message: 'Hi.', scheduled_at: later });
    const long = await createCall(user, {
      phone: '+12025550177',
      message:
        'Hello, this is a reminder from the clinic about your appointment next Tuesday afternoon. Please bring ' +
        'your insurance card, arrive ten minutes early, and call us if you need directions or parking help.',
      scheduled_at: later,
    });
    expect([short.statusCode, long.statusCode]).toEqual([201, 201]);
    expect(long.json().estimated_duration - short.json().estimated_duration).toBeGreaterThanOrEqual(5);
  });

  it('purges recordings older than the retention period, and only those', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const oldCall = await waitForEnd(
      owner,
      (await createCall(owner, { phone: '+12025550100', message: 'Old' })).json().id,
    );
    const newCall = await waitForEnd(
      owner,
      (await createCall(owner, { phone: '+12025550100', message: 'New' })).json().id,
    );
    await t.database.executeSql(
      `UPDATE calls SET recording_created_at = now() - interval '91 days' WHERE id = $1`,
      [oldCall.id],
    );
    const job = recordingsPurgeJob({
      db: t.database.db,
      storage: () => t.services.storage,
      retentionDays: 90,
    });
    await job.handler({}, { id: 'test', retryCount: 0 });
    const file = (id: string) =>
      path.join(t.config.DATA_DIR, 'files', 'recordings', owner.accountId, `${id}.wav`);
    expect(existsSync(file(oldCall.id))).toBe(false);
    expect(existsSync(file(newCall.id))).toBe(true);
    const after = (id: string) => t.app.inject({ url: `/v1/calls/${id}`, headers: owner.headers });
    expect((await after(oldCall.id)).json().recording_url).toBeNull();
    expect((await after(newCall.id)).json().recording_url).not.toBeNull();
  });

  it('sends the daily summary to users who want it', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const quiet = await signedInUser(t, { plan: 'professional' });
    await t.app.inject({
      method: 'PATCH',
      url: '/v1/me/notifications',
      headers: quiet.headers,
      payload: { call_summaries: false },
    });
    for (const [who, number] of [
      [owner, '0105'],
      [owner, '0100'],
      [quiet, '0100'],
    ] as const) {
      await waitForEnd(who, (await createCall(who, { phone: `+1202555${number}`, message: 'Hi' })).json().id);
    }
    const today = new Date().toISOString().slice(0, 10);
    const job = callsDailySummaryJob({ db: t.database.db, queue: t.queue, publicUrl: 'http://x' });
    await job.handler({ date: today }, { id: 'test', retryCount: 0 });
    const mail = await waitForMail(t.app, owner.email, /Your calls on/);
    expect(mail.subject).toBe(`Your calls on ${today}: 2 of 2 completed`);
    expect(mail.text).toContain('1 confirmed, 1 cancelled');
    const mails = (await t.app.inject('/_dev/mail.json')).json() as Array<{ to: string; subject: string }>;
    expect(mails.some((m) => m.to === quiet.email && m.subject.startsWith('Your calls on'))).toBe(false);
  });
});
