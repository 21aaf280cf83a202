import type { DatabaseHandle } from '@callwise/db/client';
import type PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import type { CallEventBus } from '../infra/call-events.ts';
import type { Logger } from '../infra/logger.ts';
import { EMBEDDED_POLL_SECONDS } from '../infra/queue.ts';
import type { SpeechService } from '../providers/speech/speech.ts';
import type { FileStorage } from '../providers/storage/index.ts';
import { BrowserCalls, isBrowserCall } from './browser-calls.ts';
import { businessNumber } from './business-number.ts';
import type { ConversationGoals } from './call-conversation.ts';
import { CallHostService } from './call-host.ts';
import { CallSweeper } from './call-sweeper.ts';
import type { Carrier } from './carriers/carrier.ts';
import type { MessageCarrier } from './carriers/messaging.ts';
import { SimulatedMessaging } from './carriers/simulated-messaging.ts';
import { SimulatedCarrier } from './carriers/simulator.ts';
import type { CallAudio } from './carriers/twilio/call-audio.ts';
import type { TwilioCarrier } from './carriers/twilio/twilio.ts';
import type { TwilioMessaging } from './carriers/twilio/twilio-messaging.ts';
import type { TwilioNumbers } from './carriers/twilio/twilio-numbers.ts';
import type { DialogueEngine } from './conversation/index.ts';
import { Dispatcher } from './dispatcher.ts';
import { WebhookDeliverer } from './webhooks/webhook-deliverer.ts';

/**
 * The call engine (decision 025): everything that happens to a call after it is saved. Every process has the
 * carrier and the call host (a carrier's report may reach any process serving HTTP); the parts that place calls
 * and deliver webhooks are built only where ROLE runs them (`all`, `worker`) and run once `start` is called.
 */
export interface CallEngine {
  carrier: Carrier;
  /** Our side of each call: the carrier's reports, the conversation, the recording. */
  host: CallHostService;
  /**
   * Twilio's carrier, the audio its calls fetch (its webhooks need both), its texts and the account's numbers
   * at Twilio, when Twilio places the calls.
   */
  twilio: {
    carrier: TwilioCarrier;
    audio: CallAudio;
    messaging: TwilioMessaging;
    numbers: TwilioNumbers;
  } | null;
  /** Hands due calls to the carrier (null where ROLE=api). */
  dispatcher: Dispatcher | null;
  /** Posts call and appointment events to their webhooks (null where ROLE=api). */
  webhooks: WebhookDeliverer | null;
  /** The simulated carrier, when it carries the calls (its own API places simulated incoming calls). */
  simulator: SimulatedCarrier | null;
  /** The same carrier's texts (decision 029): Twilio Messaging, or the simulated phones. */
  messaging: MessageCarrier;
  /** The simulated texts, when the simulator carries them (its own API writes simulated inbound texts). */
  simulatedMessaging: SimulatedMessaging | null;
  /** The number callers call: with the simulator a fictional one given on first use, with Twilio the assigned one. */
  businessNumber(accountId: string): Promise<string | null>;
  /** Calls to the business taken in the browser ("Call your assistant"), whatever the carrier. */
  browserCalls: BrowserCalls;
  /** Something may have become due: this process's dispatcher looks now. */
  callsDue(): void;
  /** Places calls from this process (the dispatcher, the sweep, the carrier's call handling, webhook delivery). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface EngineDeps {
  config: Config;
  database: DatabaseHandle;
  queue: PgBoss;
  log: Logger;
  events: CallEventBus;
  speech: SpeechService;
  storage: FileStorage;
  dialogue: DialogueEngine;
  /** The goals a conversation reaches through the appointments and the waitlist, built after the engine. */
  goals: ConversationGoals;
}

export async function openEngine(deps: EngineDeps): Promise<CallEngine> {
  const { config, database, queue, log, events } = deps;
  const twilio = config.TELEPHONY_PROVIDER === 'twilio' ? await openTwilio(config, database, deps) : null;
  const carrier: Carrier =
    twilio?.carrier ??
    new SimulatedCarrier({
      db: database.db,
      speed: config.SIMULATOR_SPEED,
      ...(config.SIMULATOR_LEASE_SECONDS ? { leaseSeconds: config.SIMULATOR_LEASE_SECONDS } : {}),
      log,
      exclusive: database.kind === 'pglite',
    });
  const places = config.ROLE !== 'api';
  // The embedded database has one writer, this process, which wakes the dispatcher and the webhook deliverer
  // itself whenever a call changes; between changes they sleep until the next due time they read, and look
  // again only every few seconds (each look holds up the requests it coincides with).
  const idlePollMs = database.kind === 'pglite' ? EMBEDDED_POLL_SECONDS * 1000 : undefined;
  const dispatcher = places
    ? new Dispatcher({
        ...(idlePollMs ? { idlePollMs } : {}),
        db: database.db,
        carrier,
        log,
        claimSeconds: config.DISPATCH_CLAIM_SECONDS,
        windowOverride: config.CALLING_WINDOW_OVERRIDE,
        // Twilio is paced: the dispatcher hands over only what one paced batch places within its claim.
        ...(twilio ? { batchSize: twilio.carrier.batchSize } : {}),
      })
    : null;
  const callsDue = () => dispatcher?.wake();
  const host = new CallHostService({
    db: database.db,
    config,
    speech: deps.speech,
    dialogue: deps.dialogue,
    storage: deps.storage,
    queue,
    onCallsDue: callsDue,
    goals: deps.goals,
  });
  const number = (accountId: string) => businessNumber(database.db, accountId, carrier.name);
  const browserCalls = new BrowserCalls({ db: database.db, host: host.host, businessNumber: number });
  const sweeper = places
    ? new CallSweeper({
        db: database.db,
        carrier: {
          lookup: (call) =>
            isBrowserCall(call.providerCallId) ? browserCalls.lookup(call) : carrier.lookup(call),
        },
        calls: host,
        log,
        everyMs: config.CALL_SWEEP_SECONDS * 1000,
        quietSeconds: config.CALL_QUIET_SECONDS,
      })
    : null;
  const webhooks = places
    ? new WebhookDeliverer({
        ...(idlePollMs ? { idlePollMs } : {}),
        db: database.db,
        log,
        allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
        retryDelaySeconds: config.WEBHOOK_RETRY_DELAY_SECONDS,
      })
    : null;

  const simulatedMessaging = twilio ? null : new SimulatedMessaging({ speed: config.SIMULATOR_SPEED, log });
  const messaging: MessageCarrier = twilio?.messaging ?? (simulatedMessaging as SimulatedMessaging);

  let started = false;
  const offs: Array<() => void> = [];
  return {
    carrier,
    host,
    twilio,
    simulator: carrier instanceof SimulatedCarrier ? carrier : null,
    messaging,
    simulatedMessaging,
    businessNumber: number,
    browserCalls,
    dispatcher,
    webhooks,
    callsDue,
    async start() {
      if (started) return;
      if (!dispatcher || !sweeper || !webhooks) throw new Error('ROLE=api places no calls');
      started = true;
      await carrier.start(host.host);
      offs.push(events.onCallsDue(() => dispatcher.wake()));
      dispatcher.start();
      sweeper.start();
      // Every change of a call may have queued a delivery (the calls trigger writes them in the same statement).
      offs.push(events.onAccountChanged(() => webhooks.wake()));
      offs.push(events.onWebhooksDue(() => webhooks.wake()));
      webhooks.start();
    },
    async close() {
      for (const off of offs.splice(0)) off();
      simulatedMessaging?.stop();
      if (started) {
        await webhooks?.stop();
        await sweeper?.stop();
        await dispatcher?.stop();
        await carrier.stop();
      }
    },
  };
}

/** Twilio's carrier and its calls' audio; the SDK is loaded only when Twilio places the calls. */
async function openTwilio(
  config: Config,
  database: DatabaseHandle,
  deps: Pick<EngineDeps, 'log' | 'storage'>,
): Promise<{ carrier: TwilioCarrier; audio: CallAudio; messaging: TwilioMessaging; numbers: TwilioNumbers }> {
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER } = config;
  if (!TWILIO_ACCOUNT_SID || !TWILIO_AUTH_TOKEN || !TWILIO_FROM_NUMBER) {
    throw new Error('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER are required for Twilio');
  }
  const [{ TwilioCarrier, TWILIO_WEBHOOK_PATH }, { CallAudio }, { TwilioMessaging }, { TwilioNumbers }] =
    await Promise.all([
      import('./carriers/twilio/twilio.ts'),
      import('./carriers/twilio/call-audio.ts'),
      import('./carriers/twilio/twilio-messaging.ts'),
      import('./carriers/twilio/twilio-numbers.ts'),
    ]);
  const carrier = await TwilioCarrier.open({
    db: database.db,
    log: deps.log,
    accountSid: TWILIO_ACCOUNT_SID,
    authToken: TWILIO_AUTH_TOKEN,
    fromNumber: TWILIO_FROM_NUMBER,
    publicUrl: config.PUBLIC_URL,
    apiBaseUrl: config.TWILIO_API_BASE_URL,
    callsPerSecond: config.TWILIO_CALLS_PER_SECOND,
    maxConcurrentCalls: config.TWILIO_MAX_CONCURRENT_CALLS,
    // A batch is placed well inside the dispatcher's claim on it.
    maxBatchMs: Math.min(10_000, config.DISPATCH_CLAIM_SECONDS * 500),
  });
  const audio = new CallAudio({
    storage: deps.storage,
    publicUrl: config.PUBLIC_URL,
    secret: config.JWT_SECRET,
    path: `${TWILIO_WEBHOOK_PATH}/audio`,
  });
  const messaging = await TwilioMessaging.open({
    accountSid: TWILIO_ACCOUNT_SID,
    authToken: TWILIO_AUTH_TOKEN,
    publicUrl: config.PUBLIC_URL,
    apiBaseUrl: config.TWILIO_API_BASE_URL,
    messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID,
    log: deps.log,
  });
  // The account's numbers at Twilio: listing, buying and pointing them at us (`business-number.routes.ts`).
  const numbers = new TwilioNumbers(carrier.client, config.PUBLIC_URL);
  return { carrier, audio, messaging, numbers };
}
