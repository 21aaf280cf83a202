import type { DatabaseHandle } from '@callwise/db/client';
import type PgBoss from 'pg-boss';
import type { Config } from './config.ts';
import { type CallEngine, openEngine } from './engine/engine.ts';
import { createDialogueEngine, type DialogueEngine } from './engine/index.ts';
import { type CounterStore, PostgresCounterStore, RedisCounterStore } from './http/api-rate-limits.ts';
import { PageCache } from './http/page-cache.ts';
import { CallEventBus } from './infra/call-events.ts';
import { armCrashPoint } from './infra/crash-points.ts';
import type { Logger } from './infra/logger.ts';
import { RedisClient } from './infra/redis.ts';
import { SecretBox } from './infra/secret-box.ts';
import { sendJob } from './jobs/send.ts';
import { ApiKeyVerifier } from './modules/api-keys/api-keys.service.ts';
import { AppointmentConversation } from './modules/appointments/appointment-conversation.ts';
import { APPOINTMENT_EMAILS, AppointmentEmailSender } from './modules/appointments/appointment-emails.ts';
import { AppointmentService } from './modules/appointments/appointments.service.ts';
import { AvailabilityCache } from './modules/appointments/availability-cache.ts';
import { RescheduleDialogue } from './modules/appointments/reschedule-dialogue.ts';
import { SelfServiceLinks } from './modules/appointments/self-service-link.ts';
import { CalcomClient } from './modules/appointments/sources/calcom.ts';
import { CalendarConnectionService } from './modules/appointments/sources/calendar-connections.ts';
import {
  CALENDAR_WRITEBACKS,
  CalendarWritebackSender,
} from './modules/appointments/sources/calendar-writebacks.ts';
import { WaitlistService } from './modules/appointments/waitlist.service.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { checkBearer } from './modules/auth/bearer.ts';
import { MfaService } from './modules/auth/mfa.service.ts';
import { LiveSessionCache } from './modules/auth/session-cache.ts';
import { BillingService } from './modules/billing/billing.service.ts';
import { LocalBillingProvider } from './modules/billing/billing-provider.ts';
import { StripeBillingProvider } from './modules/billing/stripe-billing-provider.ts';
import { CallCountFolder } from './modules/calls/call-count-folder.ts';
import { CallService } from './modules/calls/calls.service.ts';
import { CampaignService } from './modules/campaigns/campaigns.service.ts';
import { UnsubscribeLinks } from './modules/consent/unsubscribe-links.ts';
import { createMailProvider, type MailProvider } from './modules/mail/mail.provider.ts';
import { MessageSender, SEND_MESSAGES } from './modules/messages/message-sender.ts';
import { MessagesService } from './modules/messages/messages.service.ts';
import { TEXT_FOLLOW_UPS, TextFollowUps } from './modules/messages/text-follow-ups.ts';
import { TeamService } from './modules/team/team.service.ts';
import { createSpeechService, type SpeechService } from './providers/speech/speech.ts';
import { createFileStorage, type FileStorage } from './providers/storage/index.ts';

/**
 * Every service of the server, built here and nowhere else (decision 025): the parts behind interfaces (speech,
 * dialogue, files, mail, billing), the modules' services, and the call engine. Routes, plugins and jobs reach
 * them through `fastify.services` or the jobs' deps.
 */
export interface Services {
  speech: SpeechService;
  dialogue: DialogueEngine;
  storage: FileStorage;
  mail: MailProvider;
  events: CallEventBus;
  /** Sign-up, sign-in, sessions and recovery (GoTrue-compatible). */
  auth: AuthService;
  /** Two-factor sign-in: TOTP factors and recovery codes (decision 033). */
  mfa: MfaService;
  /** Invitations to join an account (decision 035). */
  team: TeamService;
  /** Who a request is from: sessions believed for seconds, API keys cached with their plan. */
  identity: {
    sessions: LiveSessionCache;
    apiKeys: ApiKeyVerifier;
    checkBearer(authorization: string | undefined): ReturnType<typeof checkBearer>;
    /** Where API keys' and sessions' rate limits are counted, shared by every process: Redis, else the database. */
    rateLimits: CounterStore;
  };
  billing: BillingService;
  /** Pages of GET /v1/calls answered to API keys, kept a second per account and address (plugins/call-pages.ts). */
  callPages: PageCache;
  /** The API side of calls: creating, editing, cancelling, recordings. */
  calls: CallService;
  campaigns: CampaignService;
  /** Appointments and their reminder calls, written together. */
  appointments: AppointmentService;
  /** The customer's signed link to their appointment. */
  selfServiceLinks: SelfServiceLinks;
  /** The unsubscribe link of the e-mails to a customer (decision 030). */
  unsubscribeLinks: UnsubscribeLinks;
  /** Appointment reminders and notices by e-mail (the `appointment-emails` job). */
  appointmentEmails: AppointmentEmailSender;
  /** Offers freed slots to the waitlist by call (decision 021). */
  waitlist: WaitlistService;
  /** What open slots are computed from, kept on the embedded engine (decision 024). */
  availability: AvailabilityCache;
  /** Calendars feeding the appointments: ICS, Cal.com, Google (decisions 016, 022, 023). */
  calendars: CalendarConnectionService;
  /** Changes made here, written back to the calendars they came from (the `calendar-writebacks` job). */
  calendarWritebacks: CalendarWritebackSender;
  /** Everything that happens to a call after it is saved (decision 025). */
  engine: CallEngine;
  /** Text messages: sending, the lists, and our side of the carrier's texts (decision 029). */
  messages: MessagesService;
  /** Sends the queued texts (the `send-messages` job). */
  messageSender: MessageSender;
  /** Writes the texts after calls that reached nobody (the `text-follow-ups` job). */
  textFollowUps: TextFollowUps;
  close(): Promise<void>;
}

/** How long a page of the call list may be served again without reading the database. */
const CALL_PAGE_TTL_MS = 1000;

/** The texts after calls are looked for at most this often when calls change (and each minute besides). */
const FOLLOW_UPS_WAKE_MS = 5_000;

export async function openServices(deps: {
  config: Config;
  database: DatabaseHandle;
  queue: PgBoss;
  log: Logger;
}): Promise<Services> {
  const { config, database, queue, log } = deps;
  const { db } = database;
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
  const mail = createMailProvider({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db });
  const events = new CallEventBus(database, log);
  await events.start();
  const offs: Array<() => void> = [];

  // The call history's rollups are folded where calls are placed (ROLE=all|worker), soon after calls change.
  const folder = config.ROLE === 'api' ? null : new CallCountFolder({ db, log });
  if (folder) offs.push(events.onAccountChanged(() => folder.wake()));

  const sessions = new LiveSessionCache(db);
  offs.push(events.onSessionChanged((notice) => sessions.forget(notice)));
  const apiKeys = new ApiKeyVerifier(db);
  offs.push(events.onApiKeyRevoked((hash) => apiKeys.forget(hash)));
  const bearer = { secret: config.JWT_SECRET, issuer: `${config.PUBLIC_URL}/auth/v1`, sessions };
  const redis = config.REDIS_URL ? new RedisClient(config.REDIS_URL) : null;
  const rateLimits: CounterStore = redis ? new RedisCounterStore(redis) : new PostgresCounterStore(db);
  const auth = new AuthService({ db, config, queue });
  // Credentials and second-factor secrets are kept sealed with a key derived from the server's secret.
  const secrets = new SecretBox(config.JWT_SECRET);
  const mfa = new MfaService({ db, secrets });
  const team = new TeamService({ db, config, queue, auth });
  const billing = new BillingService({
    db,
    // Real payments through Stripe when it is configured (decision 036); otherwise billing is simulated.
    provider:
      config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
        ? new StripeBillingProvider({
            secretKey: config.STRIPE_SECRET_KEY,
            webhookSecret: config.STRIPE_WEBHOOK_SECRET,
            apiBaseUrl: config.STRIPE_API_BASE_URL,
          })
        : new LocalBillingProvider(),
    // Keys are cached with their plan for seconds: forget them, so a plan without API access applies at once.
    onPlanChanged: () => apiKeys.forget(null),
    publicUrl: config.PUBLIC_URL,
  });

  // On the embedded engine every write is this process's, and its notice arrives on commit (decision 024).
  const availability = new AvailabilityCache(database.kind === 'pglite');
  offs.push(events.onBookingsChanged((accounts) => availability.forget(accounts)));
  // An account's cached call pages are dropped on every change of its calls, from any process.
  const callPages = new PageCache({ ttlMs: CALL_PAGE_TTL_MS, maxEntries: 2000 });
  offs.push(events.onAccountChanged((accountId) => callPages.invalidate(accountId)));
  const engine: CallEngine = await openEngine({
    config,
    database,
    queue,
    log,
    events,
    speech,
    storage,
    dialogue,
    goals: {
      rescheduling: () => rescheduling,
      waitlist: () => waitlist,
      business: () => business,
    },
  });
  const calls = new CallService({
    db,
    config,
    speech,
    storage,
    log,
    onCallsDue: engine.callsDue,
  });
  const campaigns = new CampaignService({ db, calls });
  const onWritebacksDue = () => {
    sendJob(queue, CALENDAR_WRITEBACKS, {}).catch((error: unknown) =>
      log.warn({ error }, 'calendar-writebacks job not woken; its next minute writes it back'),
    );
  };
  const appointments: AppointmentService = new AppointmentService({
    db,
    calls,
    config,
    log,
    onCallsDue: engine.callsDue,
    onEmailsDue: () => {
      sendJob(queue, APPOINTMENT_EMAILS, {}).catch((error: unknown) =>
        log.warn({ error }, 'appointment-emails job not woken; its next minute sends the e-mail'),
      );
    },
    onWritebacksDue,
  });
  const rescheduling: RescheduleDialogue = new RescheduleDialogue({ db, appointments });
  const business = new AppointmentConversation({ db });
  const calendars = new CalendarConnectionService({ db, appointments, config, log, secrets });
  const waitlist: WaitlistService = new WaitlistService({
    db,
    calls,
    appointments,
    log,
    onCallsDue: engine.callsDue,
  });
  const selfServiceLinks = new SelfServiceLinks({ secret: config.JWT_SECRET, publicUrl: config.PUBLIC_URL });
  const unsubscribeLinks = new UnsubscribeLinks({ secret: config.JWT_SECRET, publicUrl: config.PUBLIC_URL });
  const appointmentEmails = new AppointmentEmailSender({
    db,
    mail,
    links: selfServiceLinks,
    unsubscribeUrl: (contactId) => unsubscribeLinks.url(contactId),
    onMessagesDue: () => messages.wake(),
  });
  const messages = new MessagesService({
    db,
    links: selfServiceLinks,
    businessNumber: engine.businessNumber,
    onMessagesDue: () => {
      sendJob(queue, SEND_MESSAGES, {}).catch((error: unknown) =>
        log.warn({ error }, 'send-messages job not woken; its next minute sends the text'),
      );
    },
    onWritebacksDue,
    log,
  });
  // Every process takes the carrier's reports and inbound texts (they may reach any process serving HTTP).
  engine.messaging.startMessaging(messages.host);
  const textFollowUps = new TextFollowUps({ db, onMessagesDue: () => messages.wake(), log });
  // A call that ended may want a text: the follow-ups look soon after calls change (at most every few seconds,
  // the last change always followed by a look), not only each minute.
  let followUpsTimer: NodeJS.Timeout | null = null;
  let followUpsLooked = 0;
  const lookForFollowUps = () => {
    followUpsTimer = null;
    followUpsLooked = Date.now();
    sendJob(queue, TEXT_FOLLOW_UPS, {}).catch((error: unknown) =>
      log.warn({ error }, 'text-follow-ups job not woken; its next minute writes the texts'),
    );
  };
  offs.push(
    events.onAccountChanged(() => {
      if (followUpsTimer) return;
      followUpsTimer = setTimeout(
        lookForFollowUps,
        Math.max(0, followUpsLooked + FOLLOW_UPS_WAKE_MS - Date.now()),
      );
      followUpsTimer.unref();
    }),
  );
  offs.push(() => {
    if (followUpsTimer) clearTimeout(followUpsTimer);
  });
  const messageSender = new MessageSender({
    db,
    carrier: engine.messaging,
    businessNumber: engine.businessNumber,
    ratePerSegmentUsd: config.SMS_RATE_PER_SEGMENT_USD,
    log,
    windowOverride: config.CALLING_WINDOW_OVERRIDE,
  });
  const calendarWritebacks = new CalendarWritebackSender({
    db,
    calcom: (apiKey) => new CalcomClient({ apiKey, baseUrl: config.CALCOM_API_BASE_URL }),
    secrets,
    google: { writeBack: (...args) => calendars.google.writeBack(...args) },
  });

  return {
    speech,
    dialogue,
    storage,
    mail,
    events,
    auth,
    mfa,
    team,
    identity: {
      sessions,
      apiKeys,
      checkBearer: (authorization) => checkBearer(db, bearer, authorization),
      rateLimits,
    },
    billing,
    callPages,
    calls,
    campaigns,
    appointments,
    selfServiceLinks,
    unsubscribeLinks,
    appointmentEmails,
    waitlist,
    availability,
    calendars,
    calendarWritebacks,
    engine,
    messages,
    messageSender,
    textFollowUps,
    async close() {
      for (const off of offs.splice(0)) off();
      await engine.close();
      await folder?.close();
      await events.close();
      await speech.close();
      await redis?.close();
    },
  };
}
