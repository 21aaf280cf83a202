import type { DatabaseHandle } from '@callwise/db/client';
import type PgBoss from 'pg-boss';
import type { Config } from './config.ts';
import { CallEventBus } from './lib/call-events.ts';
import type { Logger } from './lib/logger.ts';
import { CallService } from './modules/calls/calls.service.ts';
import { Dispatcher } from './modules/calls/dispatcher.ts';
import { createDialogueEngine, type DialogueEngine } from './providers/dialogue/index.ts';
import { createSpeechService, type SpeechService } from './providers/speech/speech.ts';
import { createFileStorage, type FileStorage } from './providers/storage/index.ts';
import type { Carrier } from './providers/telephony/carrier.ts';
import { SimulatedCarrier } from './providers/telephony/simulator.ts';

/** The parts behind interfaces (speech, dialogue, files, carrier) and the call engine built on them. */
export interface Services {
  speech: SpeechService;
  dialogue: DialogueEngine;
  storage: FileStorage;
  carrier: Carrier;
  events: CallEventBus;
  calls: CallService;
  dispatcher: Dispatcher;
  /** Places calls from this process: the dispatcher and the carrier's call handling (workers only). */
  startEngine(): Promise<void>;
  close(): Promise<void>;
}

export async function openServices(deps: {
  config: Config;
  database: DatabaseHandle;
  queue: PgBoss;
  log: Logger;
}): Promise<Services> {
  const { config, database, queue, log } = deps;
  const speech = createSpeechService(config);
  const dialogue = createDialogueEngine(config, log);
  const storage = createFileStorage(config);
  const carrier: Carrier = new SimulatedCarrier({
    db: database.db,
    speed: config.SIMULATOR_SPEED,
    log,
    exclusive: database.kind === 'pglite',
  });
  const events = new CallEventBus(database, log);
  await events.start();
  const dispatcher = new Dispatcher({
    db: database.db,
    carrier,
    log,
    claimSeconds: config.DISPATCH_CLAIM_SECONDS,
    afterCarrierAccepted: crashAfterAcceptances(config),
  });
  const calls = new CallService({
    db: database.db,
    config,
    speech,
    dialogue,
    storage,
    queue,
    log,
    onCallsDue: () => dispatcher.wake(),
  });
  let engineStarted = false;
  let offDue: (() => void) | null = null;
  return {
    speech,
    dialogue,
    storage,
    carrier,
    events,
    calls,
    dispatcher,
    async startEngine() {
      if (engineStarted) return;
      engineStarted = true;
      await carrier.start(calls.host);
      offDue = events.onCallsDue(() => dispatcher.wake());
      dispatcher.start();
    },
    async close() {
      offDue?.();
      if (engineStarted) {
        await dispatcher.stop();
        await carrier.stop();
      }
      await events.close();
      await speech.close();
    },
  };
}

/**
 * Fault injection for the crash tests (NODE_ENV=test only): CALLWISE_TEST_KILL_AFTER_ACCEPTED=N makes this
 * process kill itself with SIGKILL once the carrier has accepted N calls, before that is recorded —
 * the worst moment for a crash.
 */
function crashAfterAcceptances(config: Config): ((count: number) => void) | undefined {
  const limit = Number(process.env.CALLWISE_TEST_KILL_AFTER_ACCEPTED);
  if (config.NODE_ENV !== 'test' || !Number.isInteger(limit) || limit <= 0) return undefined;
  let accepted = 0;
  return (count) => {
    accepted += count;
    if (accepted >= limit) process.kill(process.pid, 'SIGKILL');
  };
}
