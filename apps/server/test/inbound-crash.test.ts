import { describe, expect, it } from 'vitest';
import type { CrashPoint } from '../src/infra/crash-points.ts';
import {
  type EngineDatabase,
  exitedWithin,
  seedOwner,
  signInWithPassword,
  startServer,
} from './engine-processes.ts';
import { engineTestCleanup } from './engine-test-cleanup.ts';

/**
 * A call to the business (decision 026) survives a crash mid-conversation (decision 008): a server process is
 * killed (CRASH_AT, SIGKILL) at a middle turn of a simulated incoming call — before the caller's answer is written,
 * or after the turn is written and before its reply reaches the carrier — and started again. The simulator resumes
 * the call from its ledger row; every turn it reports again is heard once: the call ends with the message taken,
 * each line of the conversation is in the transcript once and in order, the carrier's ledger has one row for it
 * (rung once, finished), the message is e-mailed once, and nothing is left in a non-final status.
 */
const postgres = Boolean(process.env.DATABASE_URL);
const cleanup = engineTestCleanup();

const email = 'owner@inbound-crash.example.com';
const password = 'Harbor-Lantern-64';

const ENGINE_ENV = {
  NODE_ENV: 'test',
  PORT: '0',
  SIMULATOR_SPEED: '50',
  SIMULATOR_LEASE_SECONDS: '3',
  CALL_SWEEP_SECONDS: '1',
  CALL_QUIET_SECONDS: '3',
};

const KNOWLEDGE = [
  { topic: 'parking', question: 'Where can I park?', answer: 'There is free parking behind the building.' },
];

/** Three answers: one from the knowledge, one it has no answer for (it offers to take a message), the message. */
const INPUTS = [
  { speech: 'Where can I park?' },
  { speech: 'Do you sell gift cards?' },
  { speech: 'Please call me back about gift cards.' },
];

const FINAL = ['completed', 'busy', 'no-answer', 'failed', 'canceled'];

async function api(base: string, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The message e-mails about one call (each links to it). */
async function messageMails(base: string, callId: string) {
  const res = await fetch(`${base}/_dev/mail.json?limit=200`);
  return ((await res.json()) as Array<{ to: string; subject: string; text: string }>).filter(
    (mail) =>
      mail.to === email && /^Message from/.test(mail.subject) && mail.text.includes(`?call=${callId}`),
  );
}

type Line = { speaker: string; text: string; at: number };

/** One database for both runs (each places its own call): the account every process signs in to. */
let sharedDatabase: Promise<EngineDatabase> | null = null;
function shared(): Promise<EngineDatabase> {
  sharedDatabase ??= (async () => {
    const { database } = await cleanup.seededDatabase('inbound-crash', (handle) =>
      seedOwner(handle, { businessName: 'Crash Point Bakery', email, password, plan: 'professional' }),
    );
    return database;
  })();
  return sharedDatabase;
}

/** Dies at `point` (its `hits`-th time) during a three-turn incoming call; the call is then finished by a restart. */
async function crashMidCall(point: CrashPoint, hits: number) {
  const database = await shared();
  const env = { ...ENGINE_ENV, ...database.env, ROLE: 'all' };

  const doomed = startServer({ ...env, CRASH_AT: `${point}@${hits}` });
  const doomedBase = await doomed.url();
  const doomedToken = await signInWithPassword(doomedBase, email, password);
  const saved = await api(doomedBase, doomedToken, 'PUT', '/v1/assistant', { knowledge: KNOWLEDGE });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  // The call's id is answered at once; the call goes on (and the process dies at its middle turn).
  const placed = await api(doomedBase, doomedToken, 'POST', '/v1/simulator/inbound-calls', {
    from: '+13125550142',
    inputs: INPUTS,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const callId = placed.body.call_id as string;
  const how = await exitedWithin(doomed, 60_000);
  expect(how, `${point} was never reached:\n${doomed.output()}`).toBe('SIGKILL');
  expect(doomed.output()).toContain(`crash point reached: ${point}`);

  // What the dead process left: the turns before the middle one, and the middle one only once it was written.
  const written = hits - (point === 'conversation.before-turn' ? 1 : 0);
  const left = await database.open();
  try {
    const { rows } = await left.executeSql(`SELECT status, dialogue, transcript FROM calls WHERE id = $1`, [
      callId,
    ]);
    const row = rows[0] as { status: string; dialogue: { turns: number }; transcript: Line[] };
    expect(row.dialogue.turns).toBe(written);
    expect(row.transcript.filter((line) => line.speaker === 'callee')).toHaveLength(written);
    expect(FINAL).not.toContain(row.status);
  } finally {
    await left.close();
  }

  // The engine again: on PostgreSQL two processes (the second a worker that may take the call over instead).
  const finisher = startServer(env);
  const helper = postgres ? startServer({ ...env, ROLE: 'worker' }) : null;
  const base = await finisher.url();
  const token = await signInWithPassword(base, email, password);
  const deadline = Date.now() + 60_000;
  let call: Record<string, unknown>;
  for (;;) {
    call = (await api(base, token, 'GET', `/v1/calls/${callId}`)).body;
    if (FINAL.includes(call.status as string) && call.recording_url) break;
    if (Date.now() > deadline) {
      throw new Error(`the call did not end: ${JSON.stringify(call)}\n${finisher.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  while ((await messageMails(base, callId)).length < 1) {
    if (Date.now() > deadline) throw new Error(`no message e-mail:\n${finisher.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A moment for a late duplicate (a report of a turn again, a second alert) to show itself, then a clean stop.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const mails = await messageMails(base, callId);
  call = (await api(base, token, 'GET', `/v1/calls/${callId}`)).body;
  finisher.child.kill('SIGTERM');
  helper?.child.kill('SIGTERM');
  expect(await finisher.exited).toBe('0');
  if (helper) expect(await helper.exited).toBe('0');

  expect(call).toMatchObject({ direction: 'inbound', status: 'completed', outcome: 'message_taken' });
  const transcript = call.transcript as Line[];
  const said = transcript.map((line) => `${line.speaker}: ${line.text}`);
  // Greeting, then each answer and its reply, once each and in order.
  expect(said).toHaveLength(1 + 2 * INPUTS.length);
  expect(said[0]).toMatch(/^ai: .*Crash Point Bakery.* You can ask me a question, leave a message/);
  expect(said.filter((line) => line.startsWith('callee: '))).toEqual(
    INPUTS.map((input) => `callee: ${input.speech}`),
  );
  expect(said.filter((_, index) => index % 2 === 1)).toEqual(
    INPUTS.map((input) => `callee: ${input.speech}`),
  );
  expect(said[2]).toBe(
    'ai: There is free parking behind the building. Is there anything else I can help you with?',
  );
  expect(said.filter((line) => line.startsWith('ai: '))).toHaveLength(1 + INPUTS.length);
  expect(new Set(said).size).toBe(said.length);
  expect(transcript.map((line) => line.at)).toEqual(transcript.map((_, index) => index));

  expect(mails).toHaveLength(1);
  expect(mails[0]?.subject).toBe('Message from A caller');
  expect(mails[0]?.text).toContain('“Please call me back about gift cards.”');

  const after = await database.open();
  try {
    const ledger = (
      await after.executeSql(`SELECT rings, finished_at, inbound FROM simulator_calls WHERE call_id = $1`, [
        callId,
      ])
    ).rows as Array<{ rings: number; finished_at: Date | null; inbound: unknown }>;
    expect(ledger).toHaveLength(1);
    expect(ledger[0]?.rings).toBe(1);
    expect(ledger[0]?.finished_at).not.toBeNull();
    expect(ledger[0]?.inbound).toMatchObject({ from: '+13125550142', inputs: INPUTS });
    const rows = (
      await after.executeSql(`SELECT message_alerted_at, dialogue FROM calls WHERE id = $1`, [callId])
    ).rows as Array<{ message_alerted_at: Date | null; dialogue: unknown }>;
    expect(rows[0]?.message_alerted_at).not.toBeNull();
    expect(rows[0]?.dialogue).toMatchObject({ stage: 'ended', turns: INPUTS.length });
    // Nothing stuck: every call final, every carrier call finished.
    const calls = (await after.executeSql(`SELECT id, status FROM calls`)).rows as Array<{ status: string }>;
    expect(calls.filter((row) => !FINAL.includes(row.status))).toEqual([]);
    const unfinished = (await after.executeSql(`SELECT id FROM simulator_calls WHERE finished_at IS NULL`))
      .rows;
    expect(unfinished).toEqual([]);
  } finally {
    await after.close();
  }
}

describe(`an incoming call killed mid-conversation (${postgres ? 'PostgreSQL' : 'embedded'})`, {
  timeout: 180_000,
}, () => {
  it('loses and doubles nothing when killed before its middle answer is written', async () => {
    await crashMidCall('conversation.before-turn', 2);
  });

  it('loses and doubles nothing when killed after its middle turn is written, before the reply', async () => {
    await crashMidCall('conversation.after-turn-written', 2);
  });
});
