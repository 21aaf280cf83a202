import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMaria, bookAppointment } from '../../test/customers.ts';
import {
  type ChatAnswer,
  type ChatRequest,
  lastSaid,
  startFakeChatModel,
  toolsOffered,
} from '../../test/fake-chat-model.ts';
import { buildTestApp, signedInUser, type TestApp } from '../../test/helper.ts';

/**
 * Issue #18, decision 027, through the public surface: with LLM_BASE_URL set, a chat model (a local stand-in of the
 * OpenAI-compatible API, answering as a model would) runs simulated calls' conversations with tools. Each tool's
 * effect is the built-in engine's — the appointment confirmed, moved into an open time, a message kept, a caller
 * put through — and a model that fails or chooses what does not fit leaves the turn to the built-in engine.
 */
const API_KEY = 'sk-calls-agent-0123456789';
let t: TestApp;
let model: Awaited<ReturnType<typeof startFakeChatModel>>;
let brain: (request: ChatRequest) => ChatAnswer;
type User = Awaited<ReturnType<typeof signedInUser>>;

/** Answers as a model would: the tool the caller's words call for, else words. */
function modelLike(request: ChatRequest): ChatAnswer {
  const said = lastSaid(request);
  const tools = toolsOffered(request);
  if (said.includes('second one')) return { tool: 'book_slot', args: { option: 2 } };
  if (said.includes('who am i talking to')) {
    return { say: 'This is the automated assistant of the practice. How can I help you today?' };
  }
  if (said.includes('move it')) return { tool: 'list_slots', args: { when: 'Thursday afternoon' } };
  if (said.includes('confirm')) return { tool: 'confirm' };
  if (said.includes('dr. lee')) return { tool: 'transfer' };
  if (said.includes('leave a message')) return { tool: 'take_message' };
  if (said.includes('tell them')) return { tool: 'take_message', args: { message: 'the caller’s request' } };
  if (tools.includes('book_slot')) return { say: 'Which one would you like?' };
  return { say: 'Could you say that again?' };
}

beforeAll(async () => {
  model = await startFakeChatModel({ apiKey: API_KEY, brain: (request) => brain(request) });
  t = await buildTestApp({
    engine: true,
    env: {
      SIMULATOR_SPEED: '200',
      LLM_BASE_URL: model.baseUrl,
      LLM_API_KEY: API_KEY,
      LLM_MODEL: 'test-model',
    },
  });
});
afterAll(async () => {
  await t.close();
  await model.close();
});
beforeEach(() => {
  brain = modelLike;
  model.requests.length = 0;
});

const TERMINAL = ['completed', 'busy', 'no-answer', 'failed', 'canceled'];

async function callIn(owner: User, from: string, inputs: unknown[]) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/v1/simulator/inbound-calls',
    headers: owner.headers,
    payload: { from, inputs },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const call = (
      await t.app.inject({ url: `/v1/calls/${answer.json().call_id}`, headers: owner.headers })
    ).json();
    if (TERMINAL.includes(call.status) && call.recording_url) return call;
    if (Date.now() > deadline) throw new Error(`call did not end: ${JSON.stringify(call)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const lines = (call: { transcript: Array<{ speaker: string; text: string }> }) =>
  call.transcript.map((line) => `${line.speaker}: ${line.text}`);

async function customerWithAppointment(owner: User, phone: string, startsAt: string) {
  const contact = await addMaria(t, owner, { phone, consent: 'informational' });
  return bookAppointment(t, owner, {
    contact_id: contact.id,
    starts_at: startsAt,
    service: 'Cleaning',
    staff: 'Dr. Patel',
  });
}

const getAppointment = async (owner: User, id: string) =>
  (await t.app.inject({ url: `/v1/appointments/${id}`, headers: owner.headers })).json();

async function openAllWeek(owner: User, assistant: Record<string, unknown>) {
  const settings = (await t.app.inject({ url: '/v1/booking-settings', headers: owner.headers })).json();
  const { timezone: _zone, updated_at: _at, ...rest } = settings;
  const hours = Object.fromEntries(
    ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((day) => [
      day,
      [{ opens: '00:00', closes: '24:00' }],
    ]),
  );
  await t.app.inject({
    method: 'PUT',
    url: '/v1/booking-settings',
    headers: owner.headers,
    payload: { ...rest, hours },
  });
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/v1/assistant',
    headers: owner.headers,
    payload: assistant,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('a chat model running the conversation with tools', () => {
  it('answers in its words, then confirm writes the confirmation back to the appointment', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const appointmentId = await customerWithAppointment(owner, '+13125550161', '2030-12-04T10:00:00-05:00');
    const call = await callIn(owner, '+13125550161', [
      { speech: 'Hi, who am I talking to?' },
      { speech: 'Great, I want to confirm it.' },
    ]);
    expect(call.outcome).toBe('confirmed');
    expect(lines(call).slice(1)).toEqual([
      'callee: Hi, who am I talking to?',
      'ai: This is the automated assistant of the practice. How can I help you today?',
      'callee: Great, I want to confirm it.',
      expect.stringMatching(/^ai: Thank you, your appointment with .* is confirmed\. Goodbye\.$/),
    ]);
    expect((await getAppointment(owner, appointmentId)).status).toBe('confirmed');
    // The second turn carried the conversation so far: the opening, the first answer and its reply.
    const second = model.requests.find((request) => lastSaid(request).includes('confirm'));
    expect(second?.body.messages.slice(1).map((message) => `${message.role}: ${message.content}`)).toEqual([
      expect.stringMatching(/^assistant: Hi Maria, thank you for calling /),
      'user: Hi, who am I talking to?',
      'assistant: This is the automated assistant of the practice. How can I help you today?',
      'user: Great, I want to confirm it.',
    ]);
    expect(toolsOffered(second as ChatRequest)).toContain('list_slots');
  });

  it('list_slots offers open times near the wish, and book_slot moves the appointment into the one chosen', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    // The business's default hours, 9 to 5, slots every 30 minutes; the wish is the coming Thursday afternoon.
    const appointmentId = await customerWithAppointment(owner, '+13125550162', '2030-12-04T10:00:00-05:00');
    const call = await callIn(owner, '+13125550162', [
      { speech: 'Could we move it to Thursday afternoon?' },
      { speech: 'The second one, please.' },
    ]);
    expect(call.outcome).toBe('rescheduled');
    const said = lines(call);
    expect(said[2]).toMatch(
      /^ai: No problem\. For Thursday, \w+ \d+ at \d+:\d\d PM, press 1\. For Thursday, \w+ \d+ at \d+:\d\d PM, press 2\./,
    );
    const second = /press 1\. For (Thursday, \w+ \d+ at \d+:\d\d PM), press 2/.exec(said[2] ?? '')?.[1];
    expect(said[4]).toBe(
      `ai: You're booked for ${second} with Dr. Patel. Your appointment is confirmed. Goodbye.`,
    );
    const old = await getAppointment(owner, appointmentId);
    expect(old.status).toBe('rescheduled');
    const moved = await getAppointment(owner, old.rescheduled_to);
    expect(moved).toMatchObject({ status: 'confirmed', staff: 'Dr. Patel', rescheduled_from: appointmentId });
    // The offer's times were named to the model, and only book_slot, list_slots and end_call were open.
    const choosing = model.requests.find((request) => lastSaid(request).includes('second one'));
    expect(toolsOffered(choosing as ChatRequest)).toEqual(['book_slot', 'list_slots', 'end_call']);
    expect(choosing?.body.messages[0]?.content).toContain(`2. ${second}`);
  });

  it('take_message asks for the message, or keeps the caller’s own words when already said', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await openAllWeek(owner, {});
    const asked = await callIn(owner, '+13125550163', [
      { speech: 'I would like to leave a message.' },
      { speech: 'Please call me about invoice 42.' },
    ]);
    expect(asked.outcome).toBe('message_taken');
    expect(lines(asked)[2]).toBe(
      'ai: Of course. Please leave a short message after the tone, and they will call you back.',
    );
    const told = await callIn(owner, '+13125550164', [{ speech: 'Can you tell them my order is late?' }]);
    expect(told.outcome).toBe('message_taken');
    const attention = (
      await t.app.inject({ url: '/v1/calls?outcome=message_taken', headers: owner.headers })
    ).json();
    expect(attention.data).toHaveLength(2);
    const messages = await t.database.executeSql(
      `SELECT dialogue->>'message' AS message FROM calls WHERE id = ANY($1::uuid[]) ORDER BY created_at`,
      [[asked.id, told.id]],
    );
    expect((messages.rows as Array<{ message: string }>).map((row) => row.message)).toEqual([
      'Please call me about invoice 42.',
      'Can you tell them my order is late?',
    ]);
  });

  it('transfer puts the caller through while the business is open (…0199 answers)', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await openAllWeek(owner, { transfer_number: '+12025550199' });
    const call = await callIn(owner, '+13125550165', [{ speech: 'Can I talk to Dr. Lee?' }]);
    expect(call.outcome).toBe('transferred');
    expect(lines(call).at(-1)).toBe('ai: (Put through to +1 202 555 0199.)');
  });

  it('a model that fails, or chooses a tool the call does not have, leaves the turn to the built-in engine', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await openAllWeek(owner, {
      knowledge: [{ topic: 'parking', question: 'Where can I park?', answer: 'Behind the building, free.' }],
    });
    brain = (request) =>
      lastSaid(request).includes('park')
        ? { status: 503, error: 'overloaded' }
        : // An unknown caller has no appointment to confirm: not a tool of this call.
          { tool: 'confirm' };
    const call = await callIn(owner, '+13125550166', [
      { speech: 'Where can I park?' },
      { speech: 'No, that is all, thanks.' },
    ]);
    expect(lines(call).slice(1)).toEqual([
      'callee: Where can I park?',
      'ai: Behind the building, free. Is there anything else I can help you with?',
      'callee: No, that is all, thanks.',
      'ai: Thank you, and have a good day. Goodbye.',
    ]);
    expect(call.outcome).toBeNull();
    expect(model.requests).toHaveLength(2);
    expect(toolsOffered(model.requests[1] as ChatRequest)).not.toContain('confirm');
  });

  it('keys and silence are the menu’s, without asking the model', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await customerWithAppointment(owner, '+13125550167', '2030-12-04T10:00:00-05:00');
    const call = await callIn(owner, '+13125550167', [{ silence_s: 6 }, { digits: '1' }]);
    expect(call.outcome).toBe('confirmed');
    expect(model.requests).toHaveLength(0);
  });
});
