import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createApiKey, signedInUser, type TestApp } from '../../../test/helper.ts';

/**
 * "Call your assistant" through the API (issue #18): a call to the business number taken in the browser, turn by
 * turn, through the same conversation as a phone call; a real inbound call of the account in Call History.
 */
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await buildTestApp({ engine: true });
});
afterAll(async () => {
  await t.close();
});

const start = (owner: User, from?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/assistant/test-calls',
    headers: owner.headers,
    payload: from === undefined ? {} : { from },
  });
const answer = (owner: User, id: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/assistant/test-calls/${id}/answers`,
    headers: owner.headers,
    payload,
  });

async function withKnowledge(owner: User) {
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/v1/assistant',
    headers: owner.headers,
    payload: {
      knowledge: [
        {
          topic: 'parking',
          question: 'Where can I park?',
          answer: 'There is free parking behind the building.',
        },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('a call to the assistant from the browser', () => {
  it('greets, answers from the knowledge, takes a message, and ends as an inbound call in Call History', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await withKnowledge(owner);
    const started = await start(owner);
    expect(started.statusCode, started.body).toBe(201);
    const call = started.json();
    expect(call).toMatchObject({
      from: '+13125550142',
      status: 'in-progress',
      outcome: null,
      listening: true,
      transfer_to: null,
    });
    expect(call.lines).toEqual([
      {
        speaker: 'ai',
        text: expect.stringMatching(/^Thank you for calling Business \d+\..* You can ask me a question/),
      },
    ]);

    const first = await answer(owner, call.call_id, { turn: 1, speech: 'Where can I park?' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().lines.slice(1)).toEqual([
      { speaker: 'callee', text: 'Where can I park?' },
      {
        speaker: 'ai',
        text: 'There is free parking behind the building. Is there anything else I can help you with?',
      },
    ]);
    // The same answer sent again (a retried request) changes nothing and answers the same.
    const again = await answer(owner, call.call_id, { turn: 1, speech: 'Where can I park?' });
    expect(again.json()).toEqual(first.json());
    // An answer ahead of the next is refused.
    const ahead = await answer(owner, call.call_id, { turn: 3, speech: 'Hello?' });
    expect(ahead.statusCode).toBe(409);

    const second = await answer(owner, call.call_id, { turn: 2, speech: 'Do you sell gift cards?' });
    expect(second.json()).toMatchObject({ listening: true, status: 'in-progress' });
    const third = await answer(owner, call.call_id, { turn: 3, speech: 'Please call me about gift cards.' });
    expect(third.json()).toMatchObject({ listening: false, status: 'completed', outcome: 'message_taken' });
    const late = await answer(owner, call.call_id, { turn: 4, speech: 'Hello?' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This call has ended. Start a new one.');

    const history = (await t.app.inject({ url: `/v1/calls/${call.call_id}`, headers: owner.headers })).json();
    expect(history).toMatchObject({
      direction: 'inbound',
      status: 'completed',
      outcome: 'message_taken',
      phone: '+13125550142',
    });
    expect(history.transcript).toHaveLength(7);
    expect(history.duration).toBeGreaterThanOrEqual(1);
  });

  it('greets a contact by name, and keys confirm their appointment', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const contact = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/contacts',
        headers: owner.headers,
        payload: {
          name: 'Maria Garcia',
          phone: '+13125550177',
          email: 'maria@example.com',
          company: 'Garcia Bakery',
          consent: 'informational',
        },
      })
    ).json();
    const appointment = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/appointments',
        headers: owner.headers,
        payload: { contact_id: contact.id, starts_at: '2030-12-04T15:00:00Z', service: 'Cleaning' },
      })
    ).json();
    const call = (await start(owner, '(312) 555-0177')).json();
    expect(call.from).toBe('+13125550177');
    expect(call.lines[0].text).toMatch(/^Hi Maria, thank you for calling .* You have a cleaning on /);
    const confirmed = (await answer(owner, call.call_id, { turn: 1, digits: '1' })).json();
    expect(confirmed).toMatchObject({ outcome: 'confirmed', status: 'completed', listening: false });
    const after = (
      await t.app.inject({ url: `/v1/appointments/${appointment.id}`, headers: owner.headers })
    ).json();
    expect(after.status).toBe('confirmed');
  });

  it('plays each of the assistant’s lines in the call’s voice, and no other line', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const call = (await start(owner)).json();
    await answer(owner, call.call_id, { turn: 1, speech: 'Who is this?' });
    const audio = await t.app.inject({
      url: `/v1/assistant/test-calls/${call.call_id}/lines/2/audio`,
      headers: owner.headers,
    });
    expect(audio.statusCode, audio.body).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(audio.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(audio.rawPayload.length).toBeGreaterThan(10_000);
    const callee = await t.app.inject({
      url: `/v1/assistant/test-calls/${call.call_id}/lines/1/audio`,
      headers: owner.headers,
    });
    expect(callee.statusCode).toBe(404);
  });

  it('hangs up; a call left open is ended by the sweep’s look after five quiet minutes', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const call = (await start(owner)).json();
    const hung = await t.app.inject({
      method: 'POST',
      url: `/v1/assistant/test-calls/${call.call_id}/hang-up`,
      headers: owner.headers,
    });
    expect(hung.json()).toMatchObject({ status: 'completed', listening: false, outcome: null });

    const left = (await start(owner)).json();
    const providerCallId = (
      await t.database.executeSql('SELECT provider_call_id FROM calls WHERE id = $1', [left.call_id])
    ).rows[0] as { provider_call_id: string };
    const lookup = { providerCallId: providerCallId.provider_call_id, callId: left.call_id, attempt: 1 };
    expect(await t.services.engine.browserCalls.lookup(lookup)).toEqual({ event: null, ended: false });
    await t.database.executeSql(`UPDATE calls SET updated_at = now() - interval '6 minutes' WHERE id = $1`, [
      left.call_id,
    ]);
    const quiet = await t.services.engine.browserCalls.lookup(lookup);
    expect(quiet).toMatchObject({ ended: true, event: { status: 'completed', callId: left.call_id } });
  });

  it('refuses a number it cannot read and answers with the field; another account’s call is not found; keys get 403', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const bad = await start(owner, 'front desk');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('from');
    const call = (await start(owner)).json();
    const both = await answer(owner, call.call_id, { turn: 1, speech: 'Hi', digits: '1' });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.details[0].field).toBe('digits');

    const other = await signedInUser(t, { plan: 'professional' });
    const theirs = await answer(other, call.call_id, { turn: 1, speech: 'Hi' });
    expect(theirs.statusCode).toBe(404);
    const read = await t.app.inject({
      url: `/v1/assistant/test-calls/${call.call_id}`,
      headers: other.headers,
    });
    expect(read.statusCode).toBe(404);

    const key = await createApiKey(t, owner);
    const byKey = await t.app.inject({
      method: 'POST',
      url: '/v1/assistant/test-calls',
      headers: key.headers,
      payload: {},
    });
    expect(byKey.statusCode).toBe(403);
  });
});
