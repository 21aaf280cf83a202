import { claimMessageAlerts } from '@callwise/db/queries/call-reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp, waitForMail } from '../../test/helper.ts';
import { sendJob } from '../jobs/send.ts';
import { CALL_MESSAGE_ALERTS } from './message-alerts.ts';

/**
 * Issue #18 through the public surface: the assistant's settings, simulated incoming calls to the business number,
 * and outbound callees who talk (who is calling, a question, a person, the wrong number, a call back) — each call
 * run end to end by the simulated carrier and read back from the call history.
 */
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await buildTestApp({
    engine: true,
    env: { SIMULATOR_SPEED: '200', CALL_RATE_PER_MINUTE_USD: '0.05' },
  });
});
afterAll(async () => {
  await t.close();
});

const TERMINAL = ['completed', 'busy', 'no-answer', 'failed', 'canceled'];

async function waitForEnd(owner: User, id: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const call = (await t.app.inject({ url: `/v1/calls/${id}`, headers: owner.headers })).json();
    if (TERMINAL.includes(call.status) && call.recording_url) return call;
    if (Date.now() > deadline) throw new Error(`call ${id} did not end: ${JSON.stringify(call)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const ALL_WEEK = Object.fromEntries(
  ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((day) => [
    day,
    [{ opens: '00:00', closes: '24:00' }],
  ]),
);
const NEVER = Object.fromEntries(Object.keys(ALL_WEEK).map((day) => [day, []]));

async function setUp(owner: User, assistant: Record<string, unknown>, open = true) {
  const settings = (await t.app.inject({ url: '/v1/booking-settings', headers: owner.headers })).json();
  const { timezone: _zone, updated_at: _at, ...rest } = settings;
  const booking = await t.app.inject({
    method: 'PUT',
    url: '/v1/booking-settings',
    headers: owner.headers,
    payload: { ...rest, hours: open ? ALL_WEEK : NEVER },
  });
  expect(booking.statusCode).toBe(200);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/v1/assistant',
    headers: owner.headers,
    payload: assistant,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json();
}

async function callIn(owner: User, from: string, inputs: unknown[]) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/v1/simulator/inbound-calls',
    headers: owner.headers,
    payload: { from, inputs },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return waitForEnd(owner, answer.json().call_id);
}

const lines = (call: { transcript: Array<{ speaker: string; text: string }> }) =>
  call.transcript.map((line) => `${line.speaker}: ${line.text}`);

const KNOWLEDGE = [
  { topic: 'parking', question: 'Where can I park?', answer: 'There is free parking behind the building.' },
];

describe('the assistant settings', () => {
  it('start from the defaults with a fictional business number, and keep what is saved', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const first = (await t.app.inject({ url: '/v1/assistant', headers: owner.headers })).json();
    expect(first).toMatchObject({ greeting: null, transfer_number: null, knowledge: [], updated_at: null });
    expect(first.business_number).toMatch(/^\+1\d{3}55501\d\d$/);
    const again = (await t.app.inject({ url: '/v1/assistant', headers: owner.headers })).json();
    expect(again.business_number).toBe(first.business_number);

    const saved = await setUp(owner, {
      greeting: 'Thanks for calling {{business_name}}!',
      transfer_number: '(202) 555-0199',
      knowledge: KNOWLEDGE,
    });
    expect(saved).toMatchObject({ transfer_number: '+12025550199', knowledge: KNOWLEDGE });
    expect(saved.updated_at).not.toBeNull();
  });

  it('refuses what it cannot use, naming the field', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/v1/assistant',
      headers: owner.headers,
      payload: { transfer_number: 'front desk' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([{ field: 'transfer_number', message: expect.any(String) }]);
    const empty = await t.app.inject({
      method: 'PUT',
      url: '/v1/assistant',
      headers: owner.headers,
      payload: { knowledge: [{ topic: 'parking', question: 'Where?', answer: '' }] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details[0].field).toBe('knowledge.0.answer');
  });
});

describe('a call to the business number', () => {
  it('answers an unknown caller’s question from the knowledge', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await setUp(owner, { knowledge: KNOWLEDGE });
    const call = await callIn(owner, '+13125550142', [
      { speech: 'Where can I park?' },
      { speech: 'No, that is all, thanks.' },
    ]);
    expect(call).toMatchObject({
      direction: 'inbound',
      status: 'completed',
      phone: '+13125550142',
      outcome: null,
    });
    expect(call.cost).toBeGreaterThan(0);
    expect(lines(call)).toEqual([
      expect.stringMatching(
        /^ai: Thank you for calling .*\. This is the automated assistant\. You can ask me a question/,
      ),
      'callee: Where can I park?',
      'ai: There is free parking behind the building. Is there anything else I can help you with?',
      'callee: No, that is all, thanks.',
      'ai: Thank you, and have a good day. Goodbye.',
    ]);
    const inbound = (
      await t.app.inject({ url: '/v1/calls?direction=inbound', headers: owner.headers })
    ).json();
    expect(inbound.data.map((row: { id: string }) => row.id)).toEqual([call.id]);
    const outbound = (
      await t.app.inject({ url: '/v1/calls?direction=outbound', headers: owner.headers })
    ).json();
    expect(outbound.data).toEqual([]);
  });

  it('speaks each answer’s own reply again when a resumed carrier goes through the answers again', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await setUp(owner, { knowledge: KNOWLEDGE });
    const call = await callIn(owner, '+13125550149', [
      { speech: 'Where can I park?' },
      { speech: 'No, that is all, thanks.' },
    ]);
    const { provider_call_id: providerCallId } = (
      await t.database.executeSql('SELECT provider_call_id FROM calls WHERE id = $1', [call.id])
    ).rows[0] as { provider_call_id: string };
    const host = t.services.engine.host.host;
    const speak = (text: string) => t.services.speech.speak(call.voice, text);
    const first = await host.onInput(providerCallId, { speech: 'Where can I park?', turn: 1 });
    expect(first).toEqual({
      reply: await speak(
        'There is free parking behind the building. Is there anything else I can help you with?',
      ),
      gather: true,
    });
    const last = await host.onInput(providerCallId, { speech: 'No, that is all, thanks.', turn: 2 });
    expect(last).toEqual({ reply: await speak('Thank you, and have a good day. Goodbye.') });
    // Nothing was taken again.
    const after = (await t.app.inject({ url: `/v1/calls/${call.id}`, headers: owner.headers })).json();
    expect(after.transcript).toEqual(call.transcript);
  });

  it('takes a message it has no answer for, and the call needs attention', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await setUp(owner, { knowledge: KNOWLEDGE });
    const call = await callIn(owner, '+13125550143', [
      { speech: 'Do you sell gift cards?' },
      { speech: 'Please call me back about gift cards.' },
    ]);
    expect(call).toMatchObject({ outcome: 'message_taken', needs_attention: true });
    expect(lines(call).at(-2)).toBe('callee: Please call me back about gift cards.');
    // E-mailed to the owner (the switch is on by default), once.
    const mail = await waitForMail(t.app, owner.email, /^Message from A caller$/);
    expect(mail.text).toContain('“Please call me back about gift cards.”');
    expect(mail.text).toContain(`/call-history?call=${call.id}`);
    await sendJob(t.queue, CALL_MESSAGE_ALERTS, {});
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const all = (await t.app.inject('/_dev/mail.json')).json() as Array<{ to: string; subject: string }>;
    expect(all.filter((m) => m.to === owner.email && /^Message from/.test(m.subject))).toHaveLength(1);
    // Claimed once: no later pass of the job finds it again.
    const { rows } = await t.database.executeSql('SELECT message_alerted_at FROM calls WHERE id = $1', [
      call.id,
    ]);
    expect(rows[0]?.message_alerted_at).not.toBeNull();
    expect((await claimMessageAlerts(t.database.db, 50)).map((row) => row.id)).not.toContain(call.id);
  });

  it('e-mails no one who switched messages from callers off', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/v1/me/notifications',
      headers: owner.headers,
      payload: { message_alerts: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().notifications.message_alerts).toBe(false);
    await setUp(owner, {});
    const call = await callIn(owner, '+13125550149', [
      { speech: 'Do you sell gift cards?' },
      { speech: 'Call me about gift cards.' },
    ]);
    expect(call.outcome).toBe('message_taken');
    // The job has claimed it (so it looked), and sent nothing.
    for (let tries = 0; tries < 100; tries += 1) {
      const { rows } = await t.database.executeSql('SELECT message_alerted_at FROM calls WHERE id = $1', [
        call.id,
      ]);
      if (rows[0]?.message_alerted_at) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { rows } = await t.database.executeSql('SELECT message_alerted_at FROM calls WHERE id = $1', [
      call.id,
    ]);
    expect(rows[0]?.message_alerted_at).not.toBeNull();
    const all = (await t.app.inject('/_dev/mail.json')).json() as Array<{ to: string }>;
    expect(all.filter((m) => m.to === owner.email)).toHaveLength(0);
  });

  it('answers a caller on the do-not-call list (the list stops our calls, not theirs)', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await setUp(owner, { knowledge: KNOWLEDGE });
    const listed = await t.app.inject({
      method: 'POST',
      url: '/v1/do-not-call',
      headers: owner.headers,
      payload: { phone: '+13125550150' },
    });
    expect(listed.statusCode).toBeLessThan(300);
    const call = await callIn(owner, '+13125550150', [
      { speech: 'Where can I park?' },
      { speech: 'No thanks' },
    ]);
    expect(call).toMatchObject({ direction: 'inbound', status: 'completed' });
    expect(lines(call)).toContain(
      'ai: There is free parking behind the building. Is there anything else I can help you with?',
    );
  });

  it('greets a contact by name with their next appointment, and 1 confirms it', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await setUp(owner, {});
    const contact = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/contacts',
        headers: owner.headers,
        payload: {
          name: 'Maria Garcia',
          phone: '+13125550144',
          email: 'maria@example.com',
          company: 'Garcia Family',
          consent: 'informational',
        },
      })
    ).json();
    const startsAt = new Date(Date.now() + 3 * 86_400_000);
    startsAt.setUTCMinutes(0, 0, 0);
    const appointment = await t.app.inject({
      method: 'POST',
      url: '/v1/appointments',
      headers: owner.headers,
      payload: {
        contact_id: contact.id,
        starts_at: startsAt.toISOString(),
        duration_minutes: 30,
        service: 'Cleaning',
      },
    });
    expect(appointment.statusCode, appointment.body).toBe(201);
    const call = await callIn(owner, '+13125550144', [{ digits: '1' }]);
    expect(call).toMatchObject({
      outcome: 'confirmed',
      contact_id: contact.id,
      appointment_id: appointment.json().id,
      recipient_name: 'Maria Garcia',
    });
    expect(lines(call)[0]).toMatch(
      /^ai: Hi Maria, thank you for calling .*\. You have a cleaning on \w+, \w+ \d+ at \d+:\d\d [AP]M\. Press 1 to confirm, 2 to cancel, 3 to change it, or 0 to talk to someone\.$/,
    );
    const after = (
      await t.app.inject({ url: `/v1/appointments/${appointment.json().id}`, headers: owner.headers })
    ).json();
    expect(after.status).toBe('confirmed');
  });

  it('puts the caller through during business hours (…0199 answers)', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await setUp(owner, { transfer_number: '+12025550199' });
    const call = await callIn(owner, '+13125550145', [{ digits: '0' }]);
    expect(call.outcome).toBe('transferred');
    expect(lines(call).slice(-2)).toEqual([
      expect.stringMatching(/^ai: Please hold while I put you through to /),
      'ai: (Put through to +1 202 555 0199.)',
    ]);
  });

  it('takes a message when the transfer is not answered (…0198), or outside business hours', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await setUp(owner, { transfer_number: '+12025550198', transfer_ring_seconds: 10 });
    const missed = await callIn(owner, '+13125550146', [
      { speech: 'I want to speak to someone' },
      { speech: 'Please call me about my bill.' },
    ]);
    expect(missed.outcome).toBe('message_taken');
    expect(lines(missed)).toContain('ai: (+1 202 555 0198 did not answer.)');

    const silent = await callIn(owner, '+13125550147', [{ digits: '0' }, { silence_s: 6 }]);
    expect(silent.outcome).toBe('transfer_failed');

    const closed = await signedInUser(t, { plan: 'professional' });
    await setUp(closed, { transfer_number: '+12025550199' }, false);
    const after = await callIn(closed, '+13125550148', [{ digits: '0' }, { speech: 'Call me tomorrow.' }]);
    expect(after.outcome).toBe('message_taken');
    expect(lines(after)[2]).toMatch(/can come to the phone right now/);
  });

  it('refuses a caller number it cannot read, naming the field', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/simulator/inbound-calls',
      headers: owner.headers,
      payload: { from: 'nobody', inputs: [{ digits: 'x' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((detail: { field: string }) => detail.field)).toEqual([
      'inputs.0.digits',
    ]);
    const number = await t.app.inject({
      method: 'POST',
      url: '/v1/simulator/inbound-calls',
      headers: owner.headers,
      payload: { from: 'nobody', inputs: [] },
    });
    expect(number.statusCode).toBe(400);
    expect(number.json().error.details).toEqual([{ field: 'from', message: expect.any(String) }]);
  });
});

describe('a simulated call taken by a process that places no calls', () => {
  it('waits in the simulator’s ledger until a worker’s simulator takes it over', async () => {
    const api = await buildTestApp({ env: { SIMULATOR_SPEED: '200' } });
    try {
      const owner = await signedInUser(api, { plan: 'professional' });
      const answer = await api.app.inject({
        method: 'POST',
        url: '/v1/simulator/inbound-calls',
        headers: owner.headers,
        payload: { from: '+13125550151', inputs: [{ digits: '0' }, { speech: 'Call me back, please.' }] },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      const id = answer.json().call_id;
      const { rows } = await api.database.executeSql(
        'SELECT lease_until <= now() AS free FROM simulator_calls WHERE call_id = $1',
        [id],
      );
      expect(rows[0]?.free).toBe(true);
      expect((await api.app.inject({ url: `/v1/calls/${id}`, headers: owner.headers })).json().status).toBe(
        'ringing',
      );
      await api.services.engine.start();
      const deadline = Date.now() + 20_000;
      let call = (await api.app.inject({ url: `/v1/calls/${id}`, headers: owner.headers })).json();
      // The recording is stored just before the final status: both mark the end.
      while (!(call.recording_url && call.status === 'completed') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        call = (await api.app.inject({ url: `/v1/calls/${id}`, headers: owner.headers })).json();
      }
      expect(call).toMatchObject({ status: 'completed', outcome: 'message_taken' });
    } finally {
      await api.close();
    }
  });
});

describe('outbound callees who talk', () => {
  async function place(owner: User, phone: string) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/calls',
      headers: owner.headers,
      payload: {
        phone,
        recipient_name: 'Sam',
        message: 'Hi Sam, your order ships today.',
        call_type: 'order-confirmation',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return waitForEnd(owner, created.json().id);
  }

  it('…0113 asks who is calling, then confirms', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const call = await place(owner, '+12025550113');
    expect(call.outcome).toBe('confirmed');
    expect(lines(call)[2]).toMatch(
      /^ai: This is the automated assistant of .*\. I'm calling with a message for Sam\./,
    );
  });

  it('…0114 says it is the wrong number', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    expect((await place(owner, '+12025550114')).outcome).toBe('wrong_number');
  });

  it('…0115 asks where to park and hears the business’s answer', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await setUp(owner, { knowledge: KNOWLEDGE });
    const call = await place(owner, '+12025550115');
    expect(lines(call)).toContain(
      'ai: There is free parking behind the building. Is there anything else I can help you with?',
    );
  });

  it('…0116 asks to be called back tomorrow at 5 PM', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const call = await place(owner, '+12025550116');
    expect(call.outcome).toBe('callback_requested');
    expect(lines(call).at(-1)).toMatch(/will call you back on \w+, \w+ \d+ at 5:00 PM\. Goodbye\.$/);
    const mail = await waitForMail(t.app, owner.email, /^Sam asked to be called back$/);
    expect(mail.text).toContain('They said: “Can you call me back tomorrow at 5 PM?”');
  });

  it('…0111 asks for a person: put through, or a message when nobody answers', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await setUp(owner, { transfer_number: '+12025550199' });
    expect((await place(owner, '+12025550111')).outcome).toBe('transferred');
    await setUp(owner, { transfer_number: '+12025550198', transfer_ring_seconds: 10 });
    const missed = await place(owner, '+12025550111');
    expect(missed.outcome).toBe('message_taken');
    expect(lines(missed).at(-2)).toBe('callee: Please call me back about my appointment.');
  });
});
