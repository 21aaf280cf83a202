import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CallEvent } from '@callwise/shared/schemas/calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp, waitForMail } from '../../test/helper.ts';
import { callFailureAlertJob, callsDailySummaryJob } from '../modules/calls/call-notifications.job.ts';
import { recordingsPurgeJob } from '../modules/calls/recordings-purge.job.ts';
import { decodeWav, pcmDurationSeconds } from '../providers/speech/audio.ts';

let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let user: User;

beforeAll(async () => {
  t = await buildTestApp({
    engine: true,
    env: {
      SIMULATOR_SPEED: '200',
      CALL_RETRY_DELAY_SECONDS: '1',
      CALL_RATE_PER_MINUTE_USD: '0.05',
      FAILURE_ALERT_WINDOW_SECONDS: '1',
    },
  });
  user = await signedInUser(t, { plan: 'professional' });
});
afterAll(async () => {
  await t.close();
});

const TERMINAL = ['completed', 'busy', 'no-answer', 'failed', 'canceled'];

function createCall(owner: User, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/v1/calls', headers: owner.headers, payload: body });
}

async function waitForEnd(owner: User, id: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const call = (await t.app.inject({ url: `/v1/calls/${id}`, headers: owner.headers })).json();
    // A busy or unanswered call goes back to scheduled for its retry: only a final status with no retry ends it.
    if (TERMINAL.includes(call.status)) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      const again = (await t.app.inject({ url: `/v1/calls/${id}`, headers: owner.headers })).json();
      if (again.status === call.status && again.version === call.version) return again;
      if (TERMINAL.includes(again.status)) return again;
    }
    if (Date.now() > deadline) throw new Error(`call ${id} did not end: ${JSON.stringify(call)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The statuses a call went through, as the live event stream told them (repeats folded). */
function recordStatuses(accountId: string) {
  const byCall = new Map<string, string[]>();
  const unsubscribe = t.services.events.subscribe(accountId, (event: CallEvent) => {
    const list = byCall.get(event.id) ?? [];
    if (list.at(-1) !== event.status) list.push(event.status);
    byCall.set(event.id, list);
  });
  return { byCall, unsubscribe };
}

const ANSWERED = ['queued', 'ringing', 'in-progress', 'completed'];
const BUSY_ROUND = ['queued', 'ringing', 'busy'];
const NO_ANSWER_ROUND = ['queued', 'ringing', 'no-answer'];

const cases: Array<{
  number: string;
  statuses: string[];
  status: string;
  outcome: string | null;
  attempts: number;
  recording: boolean;
}> = [
  {
    number: '0100',
    statuses: ANSWERED,
    status: 'completed',
    outcome: 'confirmed',
    attempts: 1,
    recording: true,
  },
  {
    number: '0101',
    statuses: [...BUSY_ROUND, 'scheduled', ...BUSY_ROUND, 'scheduled', ...BUSY_ROUND],
    status: 'busy',
    outcome: null,
    attempts: 3,
    recording: false,
  },
  {
    number: '0102',
    statuses: [...NO_ANSWER_ROUND, 'scheduled', ...NO_ANSWER_ROUND, 'scheduled', ...NO_ANSWER_ROUND],
    status: 'no-answer',
    outcome: null,
    attempts: 3,
    recording: false,
  },
  {
    number: '0103',
    statuses: ['queued', 'failed'],
    status: 'failed',
    outcome: null,
    attempts: 1,
    recording: false,
  },
  {
    number: '0104',
    statuses: ANSWERED,
    status: 'completed',
    outcome: 'voicemail',
    attempts: 1,
    recording: true,
  },
  {
    number: '0105',
    statuses: ANSWERED,
    status: 'completed',
    outcome: 'cancelled',
    attempts: 1,
    recording: true,
  },
  {
    number: '0106',
    statuses: ANSWERED,
    status: 'completed',
    outcome: 'reschedule_requested',
    attempts: 1,
    recording: true,
  },
  {
    number: '0107',
    statuses: ANSWERED,
    status: 'completed',
    outcome: 'opted_out',
    attempts: 1,
    recording: true,
  },
  {
    number: '0108',
    statuses: ANSWERED,
    status: 'completed',
    outcome: 'no_response',
    attempts: 1,
    recording: true,
  },
  {
    number: '0109',
    statuses: [...BUSY_ROUND, 'scheduled', ...ANSWERED],
    status: 'completed',
    outcome: 'confirmed',
    attempts: 2,
    recording: true,
  },
];

describe('every simulator number, end to end', () => {
  it.each(cases)('+1 202 555 $number', async (expected) => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const events = recordStatuses(owner.accountId);
    try {
      const res = await createCall(owner, {
        phone: `+1 202 555 ${expected.number}`,
        recipient_name: 'Dana Reyes',
        message: 'Hi {{name}}, this is a reminder of your appointment on {{date}} at {{time}}.',
        variables: { date: 'Monday', time: '3 PM' },
        call_type: 'appointment-reminder',
        voice: 'sarah',
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({
        status: 'queued',
        phone: `+1202555${expected.number}`,
        message: 'Hi Dana Reyes, this is a reminder of your appointment on Monday at 3 PM.',
        voice: 'sarah',
      });
      expect(created.estimated_duration).toBeGreaterThan(8);

      const call = await waitForEnd(owner, created.id);
      expect(call.status).toBe(expected.status);
      expect(call.outcome).toBe(expected.outcome);
      expect(call.attempts).toBe(expected.attempts);
      expect(events.byCall.get(created.id)).toEqual(expected.statuses);

      if (expected.recording) {
        expect(call.recording_url).toBe(`/v1/calls/${created.id}/recording`);
        const audio = await t.app.inject({ url: call.recording_url, headers: owner.headers });
        expect(audio.statusCode).toBe(200);
        expect(audio.headers['content-type']).toBe('audio/wav');
        const pcm = decodeWav(audio.rawPayload);
        const seconds = pcmDurationSeconds(pcm);
        expect(seconds).toBeGreaterThan(5);
        expect(call.duration).toBe(Math.round(seconds));
        expect(call.cost).toBeCloseTo(Math.ceil(call.duration / 60) * 0.05, 4);
        expect(call.started_at).not.toBeNull();
        expect(call.transcript?.length).toBeGreaterThan(0);
      } else {
        expect(call.recording_url).toBeNull();
        expect(call.cost).toBe(0);
      }
      if (expected.number === '0103') expect(call.failure_reason).toMatch(/could not connect/);
      if (expected.number === '0104') expect(call.answered_by).toBe('machine');
      if (['0101', '0102', '0103'].includes(expected.number)) {
        const mail = await waitForMail(t.app, owner.email, /Call to Dana Reyes/);
        expect(mail.text).toContain('+12025550');
      }
    } finally {
      events.unsubscribe();
    }
  });

  it('the carrier rang each accepted call exactly once', async () => {
    // One acceptance per attempt, and a ring for each except the failed connection (0103 never rings).
    const result = await t.database.executeSql(
      `SELECT c.phone, count(*)::int AS accepted, max(c.attempts)::int AS attempts, sum(s.rings)::int AS rings
       FROM simulator_calls s JOIN calls c ON c.id = s.call_id
       WHERE c.phone LIKE '+1202555010_' GROUP BY c.id, c.phone
       HAVING count(*) <> max(c.attempts) OR sum(s.rings) <> CASE WHEN c.phone = '+12025550103' THEN 0 ELSE count(*) END`,
    );
    expect(result.rows).toEqual([]);
    const total = await t.database.executeSql('SELECT count(*)::int AS n FROM simulator_calls');
    // 0101 and 0102: three attempts each; 0109: two; the rest: one.
    expect(Number(total.rows[0]?.n)).toBe(15);
  });
});

describe('creating calls', () => {
  it('fills {{name}} with "there" and refuses an unknown variable', async () => {
    const ok = await createCall(user, {
      phone: '+12025550100',
      message: 'Hi {{name}}!',
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ message: 'Hi there!', status: 'scheduled', recipient_name: 'there' });

    const missing = await createCall(user, {
      phone: '+12025550100',
      message: 'See you {{date}} at {{time}}',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('{{date}}, {{time}}');
    expect(missing.json().error.details).toEqual([
      { field: 'variables.date', message: 'needs a value' },
      { field: 'variables.time', message: 'needs a value' },
    ]);
  });

  it('validates the request', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ phone: '+12025550100' }, /Please enter a message for the call\./],
      [{ message: 'Hello' }, /contact_id or a phone/],
      [{ phone: 'not a number', message: 'Hello' }, /phone/i],
      [{ phone: '+12025550100', message: 'Hello', voice: 'robot' }, /voice/],
      [{ phone: '+12025550100', message: 'Hello', status: 'completed' }, /status|Unrecognized/i],
      [{ phone: '+12025550100', message: 'Hello', scheduled_at: 'tomorrow' }, /ISO 8601/],
      [
        {
          phone: '+12025550100',
          message: 'Hello',
          scheduled_at: new Date(Date.now() - 86_400_000).toISOString(),
        },
        /in the past/,
      ],
    ];
    for (const [body, pattern] of cases) {
      const res = await createCall(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json().error), JSON.stringify(body)).toMatch(pattern);
    }
  });

  it('calls a contact with a script, and never another account’s', async () => {
    const contact = await t.app.inject({
      method: 'POST',
      url: '/v1/contacts',
      headers: user.headers,
      payload: {
        name: 'Mia Chen',
        phone: '(202) 555-0106',
        email: 'mia@example.com',
        company: 'Chen Dental',
        consent: 'informational',
      },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const script = await t.app.inject({
      method: 'POST',
      url: '/v1/scripts',
      headers: user.headers,
      payload: { title: 'Checkup', content: 'Hello {{name}} from {{company}}, time for your checkup.' },
    });
    const res = await createCall(user, {
      contact_id: contact.json().id,
      script_id: script.json().id,
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      contact_id: contact.json().id,
      script_id: script.json().id,
      recipient_name: 'Mia Chen',
      phone: '+12025550106',
      message: 'Hello Mia Chen from Chen Dental, time for your checkup.',
      status: 'scheduled',
    });

    const stranger = await signedInUser(t);
    const theirs = await createCall(stranger, { contact_id: contact.json().id, message: 'Hi' });
    expect(theirs.statusCode).toBe(404);
    const theirScript = await createCall(stranger, { phone: '+12025550100', script_id: script.json().id });
    expect(theirScript.statusCode).toBe(404);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/v1/calls/${res.json().id}/cancel`,
      headers: stranger.headers,
    });
    expect(cancel.statusCode).toBe(404);
  });

  it('refuses a voice the plan does not include', async () => {
    const starter = await signedInUser(t, { plan: 'starter' });
    const res = await createCall(starter, { phone: '+12025550100', message: 'Hi', voice: 'george' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/George voice is not included in the Starter plan/);
    expect(
      (await createCall(starter, { phone: '+12025550100', message: 'Hi', voice: 'aria' })).statusCode,
    ).toBe(201);
  });
});

describe('cancelling and the trial allowance', () => {
  it('counts 10 trial calls, refuses the 11th, and gives a cancelled one back', async () => {
    const trial = await signedInUser(t);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      // A different number each: the daily cap per person is tested on its own.
      const res = await createCall(trial, {
        phone: `+1202555${2000 + i}`,
        message: `Call ${i}`,
        scheduled_at: later,
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const eleventh = await createCall(trial, {
      phone: '+12025552010',
      message: 'One more',
      scheduled_at: later,
    });
    expect(eleventh.statusCode).toBe(402);
    expect(eleventh.json().error).toMatchObject({ code: 'call_limit_reached' });
    expect(eleventh.json().error.message).toMatch(/Upgrade/);
    const dashboard = await t.app.inject({ url: '/v1/dashboard', headers: trial.headers });
    expect(dashboard.json().usage).toMatchObject({ used: 10, remaining: 0 });

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/v1/calls/${ids[0]}/cancel`,
      headers: trial.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('canceled');
    const again = await t.app.inject({
      method: 'POST',
      url: `/v1/calls/${ids[0]}/cancel`,
      headers: trial.headers,
    });
    expect(again.statusCode).toBe(409);
    const now = await createCall(trial, {
      phone: '+12025552011',
      message: 'Given back',
      scheduled_at: later,
    });
    expect(now.statusCode).toBe(201);
  });

  it('does not let two requests take the last trial call together', async () => {
    const trial = await signedInUser(t);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const results = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        createCall(trial, { phone: `+1202555${3000 + i}`, message: `Race ${i}`, scheduled_at: later }),
      ),
    );
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(10);
    expect(results.filter((res) => res.statusCode === 402)).toHaveLength(4);
  });

  it('places a scheduled call at its time, not before', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const due = Date.now() + 1500;
    const res = await createCall(owner, {
      phone: '+12025550105',
      message: 'Soon',
      scheduled_at: new Date(due).toISOString(),
    });
    expect(res.json().status).toBe('scheduled');
    await new Promise((resolve) => setTimeout(resolve, 700));
    const before = (await t.app.inject({ url: `/v1/calls/${res.json().id}`, headers: owner.headers })).json();
    expect(before.status).toBe('scheduled');
    const call = await waitForEnd(owner, res.json().id);
    expect(call.outcome).toBe('cancelled');
    const placed = await t.database.executeSql('SELECT placed_at FROM calls WHERE id = $1', [res.json().id]);
    const placedAt = new Date(placed.rows[0]?.placed_at as string).getTime();
    expect(placedAt).toBeGreaterThanOrEqual(due - 5);
    expect(placedAt - due).toBeLessThan(1000);
  });
});

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

describe('the rules on a call', () => {
  it('opens with the disclosure naming the business and the opt-out offer, in the account’s wording', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await t.database.executeSql(
      `UPDATE accounts SET name = 'Harbor Dental', disclosure = 'Hello, this is an automated call from {{business_name}}.' WHERE id = $1`,
      [owner.accountId],
    );
    const res = await createCall(owner, { phone: '+12025550100', message: 'Your cleaning is on Friday.' });
    const call = await waitForEnd(owner, res.json().id);
    expect(call.transcript[0].text).toMatch(
      /^Hello, this is an automated call from Harbor Dental\. To stop these calls, press 9\. Your cleaning is on Friday\./,
    );
    // The opening is one utterance: the offer follows the disclosure with no pause, before the message.
    const opening = await t.services.engine.host.opening(owner.accountId, 'aria');
    const offerAlone = await t.services.speech.speak(
      'aria',
      'Hello, this is an automated call from Harbor Dental.',
    );
    expect(pcmDurationSeconds(opening)).toBeGreaterThan(pcmDurationSeconds(offerAlone));
    expect(pcmDurationSeconds(opening) - pcmDurationSeconds(offerAlone)).toBeLessThan(3);
  });

  it('puts a number that opts out on the do-not-call list at once and cancels its next call', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const next = await createCall(owner, {
      phone: '+12025550107',
      message: 'Next week',
      scheduled_at: tomorrow,
    });
    expect(next.json().status).toBe('scheduled');
    // 555-0107 answers and presses 9.
    const now = await createCall(owner, { phone: '+12025550107', message: 'A reminder' });
    const ended = await waitForEnd(owner, now.json().id);
    expect(ended.outcome).toBe('opted_out');
    const listed = await t.database.executeSql(
      'SELECT source, call_id FROM do_not_call WHERE account_id = $1 AND phone = $2',
      [owner.accountId, '+12025550107'],
    );
    expect(listed.rows).toEqual([{ source: 'opted_out', call_id: now.json().id }]);
    const after = (await t.app.inject({ url: `/v1/calls/${next.json().id}`, headers: owner.headers })).json();
    expect(after.status).toBe('canceled');
    expect(after.failure_reason).toMatch(/do-not-call list/);
    const again = await createCall(owner, {
      phone: '+12025550107',
      message: 'Hello?',
      scheduled_at: tomorrow,
    });
    expect(again.statusCode).toBe(409);
  });

  it('keeps every attempt of a retried call', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    // 555-0101 is busy every time: the first try and two retries.
    const res = await createCall(owner, { phone: '+12025550101', message: 'Busy?' });
    const call = await waitForEnd(owner, res.json().id, 30_000);
    expect(call).toMatchObject({ status: 'busy', attempts: 3 });
    const attempts = await t.app.inject({ url: `/v1/calls/${call.id}/attempts`, headers: owner.headers });
    expect(attempts.statusCode).toBe(200);
    expect(
      attempts.json().data.map((a: { attempt: number; status: string }) => [a.attempt, a.status]),
    ).toEqual([
      [1, 'busy'],
      [2, 'busy'],
      [3, 'busy'],
    ]);
    const stranger = await signedInUser(t);
    expect(
      (await t.app.inject({ url: `/v1/calls/${call.id}/attempts`, headers: stranger.headers })).statusCode,
    ).toBe(404);
  });
});

describe('what the callee hears', () => {
  const menuCount = (text: string) => text.match(/press 1/gi)?.length ?? 0;

  it('is one key menu: the engine’s after a message without one, none after a message with its own', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const plain = await createCall(owner, { phone: '+12025550100', message: 'Your cleaning is on Friday.' });
    const withMenu = await createCall(owner, {
      phone: '+12025550100',
      // A script written before the engine appended its menu (stored scripts are the user's: never rewritten).
      message: 'Your cleaning is on Friday. Press 1 to confirm, 2 to cancel, or 3 to reschedule.',
    });
    const [first, second] = await Promise.all([
      waitForEnd(owner, plain.json().id),
      waitForEnd(owner, withMenu.json().id),
    ]);
    expect(first.transcript[0].text).toMatch(
      /Your cleaning is on Friday\. Press 1 to confirm, 2 to cancel, 3 to reschedule, or 9 to stop receiving these calls\.$/,
    );
    expect(menuCount(first.transcript[0].text)).toBe(1);
    expect(second.transcript[0].text).toMatch(
      /Your cleaning is on Friday\. Press 1 to confirm, 2 to cancel, or 3 to reschedule\.$/,
    );
    expect(menuCount(second.transcript[0].text)).toBe(1);
    // The keys work the same: the callee pressed 1.
    expect([first.outcome, second.outcome]).toEqual(['confirmed', 'confirmed']);
    // The recording holds one menu too: the script's own menu is shorter than the engine's.
    expect(second.duration).toBeLessThan(first.duration);
  });

  it('greets a contact by first name: its own when set, else the first word of its name', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const addContact = async (payload: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/contacts',
        headers: owner.headers,
        payload: { email: 'x@example.com', company: 'Acme', consent: 'informational', ...payload },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const maria = await addContact({ name: 'Maria Lopez Garcia', phone: '+12025550141' });
    const ana = await addContact({ name: 'Dr. Ana Silva', first_name: 'Ana', phone: '+12025550142' });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const message = 'Hi {{first_name}}, this is for {{name}} ({{last_name}}).';
    const toMaria = await createCall(owner, { contact_id: maria.id, message, scheduled_at: later });
    expect(toMaria.json()).toMatchObject({
      recipient_name: 'Maria Lopez Garcia',
      message: 'Hi Maria, this is for Maria Lopez Garcia (Lopez Garcia).',
    });
    const toAna = await createCall(owner, { contact_id: ana.id, message, scheduled_at: later });
    expect(toAna.json().message).toBe('Hi Ana, this is for Dr. Ana Silva (Silva).');
    // A value given for the call wins; a typed recipient's first word is the first name.
    const given = await createCall(owner, {
      contact_id: ana.id,
      message,
      variables: { first_name: 'Annie' },
      scheduled_at: later,
    });
    expect(given.json().message).toBe('Hi Annie, this is for Dr. Ana Silva (Silva).');
    const typed = await createCall(owner, {
      phone: '+12025550143',
      recipient_name: 'Sam Ortiz',
      message,
      scheduled_at: later,
    });
    expect(typed.json().message).toBe('Hi Sam, this is for Sam Ortiz (Ortiz).');
    // No name at all: "there"; a one-word name has no last name to say.
    const nobody = await createCall(owner, {
      phone: '+12025550144',
      message: 'Hi {{first_name}}!',
      scheduled_at: later,
    });
    expect(nobody.json().message).toBe('Hi there!');
    const cher = await createCall(owner, {
      phone: '+12025550145',
      recipient_name: 'Cher',
      message: 'Dear {{last_name}}',
    });
    expect(cher.statusCode).toBe(400);
    expect(cher.json().error.details).toEqual([
      { field: 'variables.last_name', message: 'needs a value (the recipient’s name has none)' },
    ]);
  });
});
