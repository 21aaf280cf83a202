import { describe, expect, it } from 'vitest';
import { signedInUser, waitForMail } from '../../test/helper.ts';
import { decodeWav, pcmDurationSeconds } from '../providers/speech/audio.ts';
import { createCall, recordStatuses, t, useCallEngineApp, waitForEnd } from './call-engine-test-setup.ts';

useCallEngineApp();

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
