import type { DatabaseHandle } from '@callwise/db/client';
import type PgBoss from 'pg-boss';
import type { Config } from './config.ts';
import { CallEventBus } from './lib/call-events.ts';
import { armCrashPoint } from './lib/crash-points.ts';
import type { Logger } from './lib/logger.ts';
import { EMBEDDED_POLL_SECONDS, sendJob } from './lib/queue.ts';
import { APPOINTMENT_EMAILS } from './modules/appointments/appointment-emails.ts';
import { AppointmentService } from './modules/appointments/appointments.service.ts';
import { AvailabilityCache } from './modules/appointments/availability-cache.ts';
import { RescheduleDialogue } from './modules/appointments/reschedule-dialogue.ts';
import { CalendarConnectionService } from './modules/appointments/sources/calendar-connections.ts';
import { CALENDAR_WRITEBACKS } from './modules/appointments/sources/calendar-writebacks.ts';
import { WaitlistService } from './modules/appointments/waitlist.service.ts';
import { CallSweeper } from './modules/calls/call-sweeper.ts';
import { CallService } from './modules/calls/calls.service.ts';
import { Dispatcher } from './modules/calls/dispatcher.ts';
import { WebhookDeliverer } from './modules/webhooks/webhook-deliverer.ts';
import { createDialogueEngine, type DialogueEngine } from './providers/dialogue/index.ts';
import { createSpeechService, type SpeechService } from './providers/speech/speech.ts';
import { createFileStorage, type FileStorage } from './providers/storage/index.ts';
import type { Carrier } from './providers/telephony/carrier.ts';
import { SimulatedCarrier } from './providers/telephony/simulator.ts';
import type { TwilioCarrier } from './providers/telephony/twilio.ts';

/** The parts behind interfaces (speech, dialogue, files, carrier) and the call engine built on them. */
export interface Services {
  speech: SpeechService;
  dialogue: DialogueEngine;
  storage: FileStorage;
  carrier: Carrier;
  events: CallEventBus;
  calls: CallService;
  /** Appointments and their reminder calls, written together. */
  appointments: AppointmentService;
  /** Offers freed slots to the waitlist by call (decision 021). */
  waitlist: WaitlistService;
  /** What open slots are computed from, kept on the embedded engine (decision 024). */
  availability: AvailabilityCache;
  /** Calendars feeding the appointments: ICS, Cal.com, Google (decisions 016, 022, 023). */
  calendars: CalendarConnectionService;
  dispatcher: Dispatcher;
  /** Posts call status changes to their callback_url (workers only). */
  webhooks: WebhookDeliverer;
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
  if (config.CALLING_WINDOW_OVERRIDE) {
    const { start, end } = config.CALLING_WINDOW_OVERRIDE;
    log.warn(
      { start, end },
      "CALLING_WINDOW_OVERRIDE is set: it replaces every account's calling window. It is for tests and benches; never set it for real calls.",
    );
  }
  armCrashPoint(config.NODE_ENV === 'test' ? config.CRASH_AT : undefined);
  const speech = createSpeechService(config);
  const dialogue = createDialogueEngine(config, log);
  const storage = createFileStorage(config);
  const twilio =
    config.TELEPHONY_PROVIDER === 'twilio' ? await openTwilioCarrier(config, database, log) : null;
  const carrier: Carrier =
    twilio ??
    new SimulatedCarrier({
      db: database.db,
      speed: config.SIMULATOR_SPEED,
      ...(config.SIMULATOR_LEASE_SECONDS ? { leaseSeconds: config.SIMULATOR_LEASE_SECONDS } : {}),
      log,
      exclusive: database.kind === 'pglite',
    });
  const events = new CallEventBus(database, log);
  await events.start();
  // On the embedded engine every write is this process's, and its notice arrives on commit (decision 024).
  const availability = new AvailabilityCache(database.kind === 'pglite');
  const offBookings = events.onBookingsChanged((accounts) => availability.forget(accounts));
  // The embedded database has one writer, this process, which wakes the dispatcher and the webhook deliverer
  // itself whenever a call changes; between changes they sleep until the next due time they read, and look
  // again only every few seconds (each look holds up the requests it coincides with).
  const idlePollMs = database.kind === 'pglite' ? EMBEDDED_POLL_SECONDS * 1000 : undefined;
  const dispatcher = new Dispatcher({
    ...(idlePollMs ? { idlePollMs } : {}),
    db: database.db,
    carrier,
    log,
    claimSeconds: config.DISPATCH_CLAIM_SECONDS,
    windowOverride: config.CALLING_WINDOW_OVERRIDE,
    // Twilio is paced: the dispatcher hands over only what one paced batch places within its claim.
    ...(twilio ? { batchSize: twilio.batchSize } : {}),
  });
  const calls: CallService = new CallService({
    db: database.db,
    config,
    speech,
    dialogue,
    storage,
    queue,
    log,
    onCallsDue: () => dispatcher.wake(),
    rescheduling: (): RescheduleDialogue => rescheduling,
    waitlist: (): WaitlistService => waitlist,
  });
  const appointments: AppointmentService = new AppointmentService({
    db: database.db,
    calls,
    config,
    log,
    onCallsDue: () => dispatcher.wake(),
    onEmailsDue: () => {
      sendJob(queue, APPOINTMENT_EMAILS, {}).catch((error: unknown) =>
        log.warn({ error }, 'appointment-emails job not woken; its next minute sends the e-mail'),
      );
    },
    onWritebacksDue: () => {
      sendJob(queue, CALENDAR_WRITEBACKS, {}).catch((error: unknown) =>
        log.warn({ error }, 'calendar-writebacks job not woken; its next minute writes it back'),
      );
    },
  });
  const rescheduling: RescheduleDialogue = new RescheduleDialogue({ db: database.db, appointments });
  const calendars = new CalendarConnectionService({ db: database.db, appointments, config, log });
  const waitlist: WaitlistService = new WaitlistService({
    db: database.db,
    calls,
    appointments,
    log,
    onCallsDue: () => dispatcher.wake(),
  });
  const sweeper = new CallSweeper({
    db: database.db,
    carrier,
    calls,
    log,
    everyMs: config.CALL_SWEEP_SECONDS * 1000,
    quietSeconds: config.CALL_QUIET_SECONDS,
  });
  const webhooks = new WebhookDeliverer({
    ...(idlePollMs ? { idlePollMs } : {}),
    db: database.db,
    log,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    retryDelaySeconds: config.WEBHOOK_RETRY_DELAY_SECONDS,
  });
  let engineStarted = false;
  let offDue: (() => void) | null = null;
  let offChanged: (() => void) | null = null;
  let offWebhooksDue: (() => void) | null = null;
  return {
    speech,
    dialogue,
    storage,
    carrier,
    events,
    calls,
    appointments,
    waitlist,
    availability,
    calendars,
    dispatcher,
    webhooks,
    async startEngine() {
      if (engineStarted) return;
      engineStarted = true;
      await carrier.start(calls.host);
      offDue = events.onCallsDue(() => dispatcher.wake());
      dispatcher.start();
      sweeper.start();
      // Every change of a call may have queued a delivery (the calls trigger writes them in the same statement).
      offChanged = events.onAccountChanged(() => webhooks.wake());
      offWebhooksDue = events.onWebhooksDue(() => webhooks.wake());
      webhooks.start();
    },
    async close() {
      offBookings();
      offDue?.();
      offChanged?.();
      offWebhooksDue?.();
      if (engineStarted) {
        await webhooks.stop();
        await sweeper.stop();
        await dispatcher.stop();
        await carrier.stop();
      }
      await events.close();
      await speech.close();
    },
  };
}

/** Twilio's carrier; its SDK is loaded only when it places the calls. */
async function openTwilioCarrier(
  config: Config,
  database: DatabaseHandle,
  log: Logger,
): Promise<TwilioCarrier> {
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER } = config;
  if (!TWILIO_ACCOUNT_SID || !TWILIO_AUTH_TOKEN || !TWILIO_FROM_NUMBER) {
    throw new Error('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER are required for Twilio');
  }
  const { TwilioCarrier } = await import('./providers/telephony/twilio.ts');
  return TwilioCarrier.open({
    db: database.db,
    log,
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
}
