// The conversation's numbers for `npm run bench` (issue #18): the server's time for one turn of a call.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@callwise/db/client';
import { runMigrations } from '@callwise/db/migrate';
import { saveAssistantSettings } from '@callwise/db/queries/assistant';
import { createAccountWithUser } from '@callwise/db/queries/users';
import { DEFAULT_ASSISTANT_SETTINGS } from '@callwise/shared/schemas/assistant';
import { loadConfig } from '../apps/server/src/config.ts';
import { createQueue } from '../apps/server/src/infra/queue.ts';
import { openServices } from '../apps/server/src/services.ts';
import { type ChatAnswer, lastSaid, startFakeChatModel } from '../apps/server/test/fake-chat-model.ts';
import { percentile, quiet, type Recorder } from './bench-parts.ts';

/** Conversations taking their turns at the same moment, on one process. */
const CONCURRENT = 200;
/** A chat model's fixed thinking time, as the local fake answers. */
const MODEL_MS = 300;

/**
 * The local OpenAI-compatible stand-in answering after MODEL_MS as a model running the conversation with tools
 * would: words for "who is this" and the parking question, end_call when the caller is done.
 */
const fakeModel = () =>
  startFakeChatModel({
    apiKey: 'bench',
    brain: (request) => {
      const said = lastSaid(request);
      const next: ChatAnswer = said.includes('who')
        ? { say: 'This is the automated assistant of Harbor Dental. How can I help you?' }
        : said.includes('park')
          ? { say: 'There is free parking behind the building. Anything else?' }
          : { tool: 'end_call', args: { reason: 'done' } };
      return { delayMs: MODEL_MS, next };
    },
  });

/**
 * Turn times of CONCURRENT calls to the business number in progress on one process, each taking three turns
 * ("Who is this?", "Where can I park?" answered from the knowledge, "No, that is all"): from the carrier's report
 * of the answer to our reply's audio ready (`CallHost.onInput`: read the call, decide, write the turn, speak), on
 * PGlite with the offline voice.
 */
async function run(model: string | null, burst = false) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'callwise-bench-conversation-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: 'c'.repeat(40),
    ...(model ? { LLM_BASE_URL: model, LLM_API_KEY: 'bench', LLM_MODEL: 'bench-model' } : {}),
  });
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    await runMigrations(database);
    const queue = createQueue(database, { supervise: false });
    await queue.start();
    const services = await openServices({ config, database, queue, log: quiet });
    const user = await createAccountWithUser(database.db, {
      businessName: 'Harbor Dental',
      email: `conversation-${Date.now()}@callwise.local`,
      passwordHash: 'x',
      userMetadata: {},
    });
    await saveAssistantSettings(database.db, user.accountId, {
      ...DEFAULT_ASSISTANT_SETTINGS,
      knowledge: [
        {
          topic: 'parking',
          question: 'Where can I park?',
          answer: 'There is free parking behind the building.',
        },
      ],
    });
    const number = await services.engine.businessNumber(user.accountId);
    if (!number) throw new Error('no business number');
    const host = services.engine.host.host;
    const calls = await Promise.all(
      Array.from({ length: CONCURRENT }, async (_, index) => {
        const providerCallId = `BENCH-${randomUUID()}`;
        const from = `+1312555${String(1000 + index).padStart(4, '0')}`;
        const taken = await host.onIncoming({ providerCallId, callId: randomUUID(), from, to: number });
        if (!taken) throw new Error('the call was not taken');
        await host.onAnswer(providerCallId, 'human');
        return providerCallId;
      }),
    );
    // Each conversation as a caller has it: a first answer within two seconds of the greeting, then the next one
    // after hearing our reply (2 to 4 s: our replies are several seconds of speech), so that at any moment the 200
    // are at different turns, as calls are.
    const times: number[] = [];
    const turns = ['Who is this?', 'Where can I park?', 'No, that is all, thanks.'];
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await Promise.all(
      calls.map(async (providerCallId) => {
        if (!burst) await pause(Math.random() * 2000);
        for (const [index, speech] of turns.entries()) {
          const started = performance.now();
          const reply = await host.onInput(providerCallId, { speech, turn: index + 1 });
          times.push(performance.now() - started);
          if (!reply) throw new Error(`turn ${index + 1} got no reply`);
          // With `burst`, every call answers again the moment its reply is ready: the worst case, not a call.
          if (!burst) await pause(2000 + Math.random() * 2000);
        }
      }),
    );
    await services.close();
    await queue.stop({ graceful: false, close: false, wait: true });
    return times;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchConversation(record: Recorder) {
  const builtIn = await run(null);
  const p95 = percentile(builtIn, 95);
  record({
    name: `turn, built-in engine, p50 (${CONCURRENT} calls in progress)`,
    value: Math.round(percentile(builtIn, 50)),
    unit: 'ms',
  });
  record({
    name: `turn, built-in engine, p95 (${CONCURRENT} calls in progress)`,
    value: Math.round(p95),
    unit: 'ms',
    target: '<= 150 ms (Retell "as low as 600 ms", Bolna < 600 ms voice-to-voice)',
    ok: p95 <= 150,
  });
  const burst = await run(null, true);
  record({
    name: `turn p95, ${CONCURRENT} answering in the same instant`,
    value: Math.round(percentile(burst, 95)),
    unit: 'ms',
  });
  const fake = await fakeModel();
  try {
    const withModel = await run(fake.baseUrl);
    // Every turn the model's: none fell back to the built-in engine.
    if (fake.requests.length !== CONCURRENT * 3) {
      throw new Error(`the model was asked ${fake.requests.length} times, not ${CONCURRENT * 3}`);
    }
    const modelP95 = percentile(withModel, 95);
    record({
      name: `turn, chat model with tools (${MODEL_MS} ms), p95 (${CONCURRENT} calls in progress)`,
      value: Math.round(modelP95),
      unit: 'ms',
      target: `<= ${MODEL_MS + 150} ms (the model's ${MODEL_MS} ms + 150)`,
      ok: modelP95 <= MODEL_MS + 150,
    });
  } finally {
    await fake.close();
  }
}
