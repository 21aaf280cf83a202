import type { Database } from '@callwise/db/client';
import { markCallsPlaced } from '@callwise/db/queries/call-dispatch';
import { findCallById } from '@callwise/db/queries/call-rows';
import {
  type CarrierRequest,
  countLiveCarrierCalls,
  dropCarrierRequest,
  findCarrierRequest,
  knownProviderCallIds,
  openCarrierRequest,
  pruneCarrierRequests,
  recordCarrierCall,
} from '@callwise/db/queries/carrier-requests';
import type Twilio from 'twilio';
import type SdkRequestClient from 'twilio/lib/base/RequestClient.js';
import { crashPoint } from '../../../infra/crash-points.ts';
import type { ProblemLogger as Logger } from '../../../infra/logger.ts';
import {
  type CallHost,
  type Carrier,
  type CarrierCallStatus,
  CarrierDeferredError,
  type CarrierLookup,
  CarrierRejectedError,
  type CarrierStatusEvent,
  type PlaceCallRequest,
  type PlaceCallResult,
} from '../carrier.ts';
import { Backoff, type Clock, systemClock, TokenBucket } from './twilio-pace.ts';

/** Where Twilio's requests for our calls arrive (modules/telephony/twilio.routes.ts). */
export const TWILIO_WEBHOOK_PATH = '/telephony/twilio';
export type TwilioWebhook = 'voice' | 'gather' | 'status' | 'recording' | 'dial' | 'whisper';

/**
 * The address Twilio requests about one attempt of one of our calls. The call and the attempt ride along in the
 * query, which Twilio's signature covers: a report names the placement it is about.
 */
export function twilioWebhookUrl(
  publicUrl: string,
  hook: TwilioWebhook,
  placement: { callId: string; attempt: number },
): string {
  return `${publicUrl}${TWILIO_WEBHOOK_PATH}/${hook}?call=${encodeURIComponent(placement.callId)}&attempt=${placement.attempt}`;
}

const TWILIO_API = 'https://api.twilio.com';
/** Twilio's CallStatus values after which nothing more happens to a call. */
export const TWILIO_FINAL_STATUSES = new Set(['completed', 'busy', 'no-answer', 'failed', 'canceled']);
/** Twilio's call ids (CallSid) start with this. */
const CALL_SID_PREFIX = 'CA';
/** How far Twilio's clock may be from ours when we look for a call by its creation time. */
const CLOCK_SKEW_MS = 60_000;

/** Twilio's answer to a request that failed, as the SDK reports it. */
export interface RestFailure {
  status: number;
  code?: number;
  message: string;
}

/** The SDK (`twilio`): loaded when the carrier opens, since importing it takes about half a second. */
export type Sdk = typeof Twilio;

export function restFailure(sdk: Sdk, error: unknown): RestFailure | null {
  if (error instanceof sdk.RestException) {
    return { status: error.status, code: error.code, message: error.message };
  }
  return null;
}

/** What a status report from Twilio says (a status callback, or a call fetched from the REST API). */
export interface TwilioCallReport {
  callSid: string;
  /** Twilio's CallStatus: queued, initiated, ringing, in-progress, completed, busy, no-answer, failed, canceled. */
  status: string;
  /** Twilio's AnsweredBy (answering machine detection): human, unknown, machine_start, machine_end_*, fax. */
  answeredBy?: string | null;
  /** CallDuration: seconds connected, on completion. */
  durationSeconds?: number | null;
  sipResponseCode?: string | null;
  at: Date;
}

/** Twilio's AnsweredBy in our words: a person (or unknown: treated as one), or a machine (voicemail, fax). */
export function answeredByOf(value: string | null | undefined): 'human' | 'machine' | undefined {
  if (!value) return undefined;
  if (value === 'human' || value === 'unknown') return 'human';
  if (value.startsWith('machine') || value === 'fax') return 'machine';
  return undefined;
}

const SIP_REASONS: Record<string, string> = {
  '404': 'the number does not exist',
  '480': 'the phone is unavailable',
  '484': 'the number is incomplete',
  '486': 'the line is busy',
  '487': 'the call was withdrawn',
  '503': 'the network is unavailable',
  '603': 'the call was declined',
};

/**
 * A Twilio report as our carrier status, or null when it tells nothing new (queued, initiated: the call is
 * still on its way). Canceled (hung up before it was answered) is a failure with its reason.
 */
export function carrierStatusOf(
  report: TwilioCallReport,
  placement: { callId: string; attempt: number },
): CarrierStatusEvent | null {
  const base = {
    providerCallId: report.callSid,
    callId: placement.callId,
    attempt: placement.attempt,
    at: report.at,
  };
  const simple: Record<string, CarrierCallStatus> = {
    ringing: 'ringing',
    busy: 'busy',
    'no-answer': 'no-answer',
  };
  const status = report.status;
  if (status in simple) return { ...base, status: simple[status] as CarrierCallStatus };
  if (status === 'in-progress') {
    const answeredBy = answeredByOf(report.answeredBy);
    return { ...base, status: 'in-progress', ...(answeredBy ? { answeredBy } : {}) };
  }
  if (status === 'completed') {
    const seconds = report.durationSeconds;
    return {
      ...base,
      status: 'completed',
      ...(seconds !== undefined && seconds !== null && Number.isFinite(seconds)
        ? { durationSeconds: seconds }
        : {}),
    };
  }
  if (status === 'failed') {
    const code = report.sipResponseCode ?? '';
    const why = SIP_REASONS[code];
    return {
      ...base,
      status: 'failed',
      failureReason: code
        ? `Twilio could not connect the call (SIP ${code}${why ? `: ${why}` : ''}).`
        : 'Twilio could not connect the call.',
    };
  }
  if (status === 'canceled') {
    return { ...base, status: 'failed', failureReason: 'The call was canceled before it was answered.' };
  }
  return null;
}

/** Why Twilio refused to place a call, in words for the call's history (its error codes: 400 answers). */
function refusalMessage(failure: RestFailure, to: string, from: string): string {
  switch (failure.code) {
    case 21211:
    case 13224:
      return `${to} is not a valid phone number.`;
    case 21214:
      return `${to} cannot be reached by phone.`;
    case 21215:
    case 21408:
      return `Calls to ${to} are not enabled in the geographic permissions of your Twilio account.`;
    case 21216:
      return `Twilio does not allow calls to ${to}.`;
    case 21219:
      return `A Twilio trial account can only call verified numbers, and ${to} is not verified.`;
    case 21210:
    case 21212:
      return `The caller ID ${from} is not a number of your Twilio account.`;
    case 21614:
      return `${to} is not a number that can take this call.`;
    default:
      return `Twilio refused the call: ${failure.message}${failure.code ? ` (error ${failure.code})` : ''}.`;
  }
}

/**
 * The SDK's HTTP client, sending every request for *.twilio.com to another origin (TWILIO_API_BASE_URL: a local
 * stand-in in tests, or a proxy). The SDK's own `httpClient` option is the place for it.
 */
function redirectingRequestClient(sdk: Sdk, base: URL, timeout: number): SdkRequestClient {
  class RedirectingRequestClient extends sdk.RequestClient {
    override request<TData>(opts: SdkRequestClient.RequestOptions<TData>) {
      const uri = new URL(opts.uri);
      if (uri.hostname.endsWith('.twilio.com')) {
        const prefix = base.pathname.replace(/\/$/, '');
        uri.protocol = base.protocol;
        uri.host = base.host;
        uri.pathname = `${prefix}${uri.pathname}`;
      }
      return super.request<TData>({ ...opts, uri: uri.href });
    }
  }
  return new RedirectingRequestClient({ timeout });
}

/** An SDK client for the account, without the SDK's own retries (we pace and retry), at `apiBaseUrl` when set. */
export function twilioClient(
  sdk: Sdk,
  options: { accountSid: string; authToken: string; apiBaseUrl?: string | undefined; timeoutMs: number },
): Twilio.Twilio {
  return sdk(options.accountSid, options.authToken, {
    timeout: options.timeoutMs,
    autoRetry: false,
    ...(options.apiBaseUrl
      ? { httpClient: redirectingRequestClient(sdk, new URL(options.apiBaseUrl), options.timeoutMs) }
      : {}),
  });
}

export interface TwilioCarrierOptions {
  db: Database;
  log: Logger;
  accountSid: string;
  authToken: string;
  /** Our Twilio number, the caller ID (E.164). */
  fromNumber: string;
  /** Where Twilio reaches our webhooks. */
  publicUrl: string;
  /** Stands in for https://api.twilio.com when set. */
  apiBaseUrl?: string;
  callsPerSecond: number;
  maxConcurrentCalls: number;
  /** The longest one placeAll may spend pacing its calls; the rest are handed back to be tried again. */
  maxBatchMs: number;
  requestTimeoutMs?: number;
  /** How often old ledger rows are forgotten (ms; 0: never). */
  pruneEveryMs?: number;
  clock?: Clock;
  random?: () => number;
}

/** What one call of a placeAll needs once pacing let it through. */
type Step = { done: PlaceCallResult } | { send: PlaceCallRequest; row: CarrierRequest };

/**
 * Places our calls through Twilio's REST API (the official SDK) and reads its reports. Twilio has no
 * idempotency keys, so each request is written to the carrier_requests ledger first: a key seen again answers
 * with the call it got, and a request cut off by a crash is looked up at Twilio before it is made again.
 * Calls go out at the account's calls per second, never beyond its concurrent lines, and after a 429 only
 * once a growing pause is over. Twilio drives each call through our webhooks (modules/telephony).
 */
export class TwilioCarrier implements Carrier {
  readonly name = 'twilio' as const;
  readonly client: Twilio.Twilio;
  private readonly bucket: TokenBucket;
  private readonly backoff: Backoff;
  private readonly clock: Clock;
  private readonly apiBase: string;
  private host: CallHost | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private pruning: Promise<void> | null = null;

  /** Opens the carrier, loading the SDK. */
  static async open(options: TwilioCarrierOptions): Promise<TwilioCarrier> {
    const { default: sdk } = await import('twilio');
    return new TwilioCarrier(options, sdk);
  }

  private constructor(
    private readonly options: TwilioCarrierOptions,
    private readonly sdk: Sdk,
  ) {
    this.clock = options.clock ?? systemClock;
    this.bucket = new TokenBucket(options.callsPerSecond, this.clock);
    this.backoff = new Backoff({ clock: this.clock, random: options.random });
    this.apiBase = (options.apiBaseUrl ?? TWILIO_API).replace(/\/$/, '');
    this.client = twilioClient(sdk, { ...options, timeoutMs: options.requestTimeoutMs ?? 10_000 });
  }

  /** How many calls the dispatcher should hand over at once: what pacing lets through in one batch. */
  get batchSize(): number {
    const perBatch = Math.floor((this.options.callsPerSecond * this.options.maxBatchMs) / 1000);
    return Math.max(1, this.bucket.burst + perBatch);
  }

  /** A ledger row without a call id younger than this may still be waiting for Twilio's answer. */
  private get inFlightMs() {
    return (this.options.requestTimeoutMs ?? 10_000) + 5000;
  }

  async place(request: PlaceCallRequest): Promise<{ providerCallId: string }> {
    const [result] = await this.placeAll([request]);
    if (!result) throw new Error('no result');
    if ('error' in result) throw result.error;
    return result;
  }

  async placeAll(requests: PlaceCallRequest[]): Promise<PlaceCallResult[]> {
    const deadline = this.clock.now() + this.options.maxBatchMs;
    const lines = { live: null as number | null };
    const results: Array<Promise<PlaceCallResult>> = [];
    // Pacing decides in order, one call at a time; the requests themselves run side by side.
    for (const request of requests) {
      let step: Step;
      try {
        step = await this.prepare(request, deadline, lines);
      } catch (error) {
        results.push(Promise.resolve({ error }));
        continue;
      }
      results.push('done' in step ? Promise.resolve(step.done) : this.send(step.send, lines));
    }
    return Promise.all(results);
  }

  /** Everything before the request: the ledger, the 429 pause, a free line, and the pace. */
  private async prepare(
    request: PlaceCallRequest,
    deadline: number,
    lines: { live: number | null },
  ): Promise<Step> {
    const { db, maxConcurrentCalls } = this.options;
    const existing = await findCarrierRequest(db, request.idempotencyKey);
    if (existing?.providerCallId) return { done: { providerCallId: existing.providerCallId } };
    if (existing) {
      if (this.clock.now() - existing.createdAt.getTime() < this.inFlightMs) {
        throw new CarrierDeferredError('This call is being placed right now; waiting for Twilio to answer.');
      }
      // A request cut off (a crash, a timeout): Twilio may have placed the call all the same.
      const found = await this.findPlacedCall(existing);
      if (found) {
        await recordCarrierCall(db, existing.idempotencyKey, found);
        return { done: { providerCallId: found } };
      }
    }
    this.throwWhilePaused();
    lines.live ??= await countLiveCarrierCalls(db, CALL_SID_PREFIX);
    if (lines.live >= maxConcurrentCalls) {
      throw new CarrierDeferredError(
        `All ${maxConcurrentCalls} lines are in use (TWILIO_MAX_CONCURRENT_CALLS); the call waits for one to free up.`,
      );
    }
    if (!(await this.bucket.take(deadline))) {
      throw new CarrierDeferredError(
        `Calls go out at ${this.options.callsPerSecond} a second (TWILIO_CALLS_PER_SECOND); this one is next in line.`,
      );
    }
    // Twilio may have said 429 to an earlier call of the batch while this one waited for its turn.
    this.throwWhilePaused();
    let row = existing;
    if (!row) {
      const opened = await openCarrierRequest(db, {
        idempotencyKey: request.idempotencyKey,
        callId: request.callId,
        toNumber: request.to,
      });
      if (!opened)
        throw new CarrierDeferredError('The call no longer waits to be placed (it was cancelled).');
      if (!opened.created) {
        if (opened.row.providerCallId) return { done: { providerCallId: opened.row.providerCallId } };
        throw new CarrierDeferredError('This call is being placed right now; waiting for Twilio to answer.');
      }
      row = opened.row;
      crashPoint('twilio.after-ledger-open');
    }
    lines.live += 1;
    return { send: request, row };
  }

  private throwWhilePaused() {
    const pause = this.backoff.remainingMs();
    if (pause > 0) throw slowDown(pause);
  }

  /** The request to Twilio, with the ledger completed by its answer. */
  private async send(request: PlaceCallRequest, lines: { live: number | null }): Promise<PlaceCallResult> {
    const { db, publicUrl, fromNumber } = this.options;
    try {
      const call = await this.client.calls.create({
        to: request.to,
        from: fromNumber,
        url: twilioWebhookUrl(publicUrl, 'voice', request),
        method: 'POST',
        statusCallback: twilioWebhookUrl(publicUrl, 'status', request),
        statusCallbackMethod: 'POST',
        statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
        machineDetection: 'DetectMessageEnd',
        record: true,
        recordingStatusCallback: twilioWebhookUrl(publicUrl, 'recording', request),
        recordingStatusCallbackMethod: 'POST',
        recordingStatusCallbackEvent: ['completed'],
      });
      this.backoff.succeeded();
      crashPoint('twilio.after-request');
      await recordCarrierCall(db, request.idempotencyKey, call.sid).catch((error: unknown) =>
        // Not fatal: the call's first report or the next attempt completes the row.
        this.options.log.warn({ err: error, callId: request.callId }, 'twilio: recording the call id failed'),
      );
      return { providerCallId: call.sid };
    } catch (error) {
      if (lines.live !== null) lines.live -= 1;
      return { error: await this.failure(error, request) };
    }
  }

  /** A failed request as the dispatcher's kind of error; a request that certainly placed nothing frees its key. */
  private async failure(error: unknown, request: PlaceCallRequest): Promise<Error> {
    const failure = restFailure(this.sdk, error);
    const placedNothing = failure !== null && failure.status >= 400 && failure.status < 500;
    if (placedNothing) {
      await dropCarrierRequest(this.options.db, request.idempotencyKey).catch(() => undefined);
    }
    if (failure && (failure.status === 429 || failure.code === 20429)) {
      return slowDown(this.backoff.throttled());
    }
    if (failure && (failure.status === 401 || failure.status === 403 || failure.status === 404)) {
      const message = `Twilio refused our account (HTTP ${failure.status}${failure.code ? `, error ${failure.code}` : ''}: ${failure.message}). Check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN; the call will be tried again.`;
      this.options.log.error({ callId: request.callId }, message);
      return new CarrierDeferredError(message);
    }
    if (failure && failure.status >= 400 && failure.status < 500) {
      return new CarrierRejectedError(refusalMessage(failure, request.to, this.options.fromNumber));
    }
    const why = failure
      ? `HTTP ${failure.status}: ${failure.message}`
      : error instanceof Error
        ? error.message
        : String(error);
    return new CarrierDeferredError(`Twilio could not be reached (${why}); the call will be tried again.`);
  }

  /**
   * The call Twilio placed for a request whose answer we never got: to our number, from ours, created since
   * the request (Twilio lists started calls by StartTime; a call still queued has none, so those too).
   */
  private async findPlacedCall(row: CarrierRequest): Promise<string | null> {
    const since = new Date(row.createdAt.getTime() - CLOCK_SKEW_MS);
    const from = this.options.fromNumber;
    const [started, queued] = await Promise.all([
      this.client.calls.list({ to: row.toNumber, from, startTimeAfter: since, limit: 20 }),
      this.client.calls.list({ to: row.toNumber, from, status: 'queued', limit: 20 }),
    ]);
    // The SDK leaves a date it could not read as the text it got.
    const createdAt = (call: { dateCreated: Date | string }) => new Date(call.dateCreated).getTime();
    const candidates = [...started, ...queued].filter(
      (call) => call.sid.startsWith(CALL_SID_PREFIX) && createdAt(call) >= since.getTime(),
    );
    if (candidates.length === 0) return null;
    // A call another request of ours already holds is not this one.
    const taken = await knownProviderCallIds(
      this.options.db,
      candidates.map((call) => call.sid),
    );
    const free = candidates
      .filter((call) => !taken.has(call.sid))
      .sort((a, b) => createdAt(a) - createdAt(b));
    return free[0]?.sid ?? null;
  }

  async hangUp(providerCallId: string): Promise<void> {
    try {
      await this.client.calls(providerCallId).update({ status: 'completed' });
    } catch (error) {
      this.options.log.warn({ err: error, providerCallId }, 'twilio: hanging up failed');
    }
  }

  /**
   * Records a call to a business number (decision 026): ours are recorded as they are placed; an incoming call is
   * recorded from when the assistant answers, and its recording arrives at the same hook.
   */
  async recordCall(callSid: string, placement: { callId: string; attempt: number }): Promise<void> {
    await this.client.calls(callSid).recordings.create({
      recordingStatusCallback: twilioWebhookUrl(this.options.publicUrl, 'recording', placement),
      recordingStatusCallbackMethod: 'POST',
      recordingStatusCallbackEvent: ['completed'],
    });
  }

  async start(host: CallHost): Promise<void> {
    this.host = host;
    const every = this.options.pruneEveryMs ?? 3600_000;
    if (every <= 0) return;
    const tick = () => {
      this.pruning = pruneCarrierRequests(this.options.db, 7 * 24 * 3600)
        .then(() => undefined)
        .catch((error: unknown) =>
          this.options.log.error({ err: error }, 'twilio: pruning the ledger failed'),
        )
        .finally(() => {
          this.pruning = null;
          if (this.host) this.pruneTimer = setTimeout(tick, every);
        });
    };
    this.pruneTimer = setTimeout(tick, every);
  }

  async stop(): Promise<void> {
    this.host = null;
    if (this.pruneTimer) clearTimeout(this.pruneTimer);
    this.pruneTimer = null;
    await this.pruning;
  }

  /**
   * Twilio's word on one of our calls (the sweep asks about calls whose reports stopped, e.g. while our server
   * was down): its status now, and whether the call is over. A call Twilio does not know has failed.
   */
  async lookup(call: { providerCallId: string; callId: string; attempt: number }): Promise<CarrierLookup> {
    try {
      const remote = await this.client.calls(call.providerCallId).fetch();
      const event = carrierStatusOf(
        {
          callSid: remote.sid,
          status: remote.status,
          answeredBy: remote.answeredBy,
          durationSeconds: remote.duration ? Number(remote.duration) : null,
          at: remote.endTime ?? remote.startTime ?? new Date(this.clock.now()),
        },
        call,
      );
      return { event, ended: TWILIO_FINAL_STATUSES.has(remote.status) };
    } catch (error) {
      if (restFailure(this.sdk, error)?.status !== 404) throw error;
      return {
        event: {
          providerCallId: call.providerCallId,
          callId: call.callId,
          attempt: call.attempt,
          status: 'failed',
          at: new Date(this.clock.now()),
          failureReason: 'Twilio has no record of this call.',
        },
        ended: true,
      };
    }
  }

  /**
   * Whether a report from Twilio (about this CallSid, for the placement its signed URL names) is about the
   * call's current attempt, and so may be applied: answers the call id, or null for a report of an earlier
   * attempt or of a call we never requested. On the way, the placement is recorded when the report got here
   * first: Twilio rings while the rest of a batch is still being placed (before the dispatcher writes it down),
   * or a crash cut the request off before Twilio's answer (the ledger row learns its CallSid here).
   */
  async reportedCall(
    callSid: string,
    placement: { callId: string; attempt: number },
  ): Promise<string | null> {
    const { db } = this.options;
    const key = `${placement.callId}:${placement.attempt}`;
    const row = await findCarrierRequest(db, key);
    if (!row) {
      // A call to a business number was no request of ours: it is known by its SID alone (decision 026).
      const call = await findCallById(db, placement.callId);
      return call?.direction === 'inbound' && call.providerCallId === callSid ? call.id : null;
    }
    if (row.providerCallId === null) await recordCarrierCall(db, key, callSid);
    else if (row.providerCallId !== callSid) return null;
    const call = await findCallById(db, placement.callId);
    if (!call) return null;
    if (call.providerCallId === callSid) return call.id;
    if (call.providerCallId === null && call.status === 'queued' && call.attempts + 1 === placement.attempt) {
      const ours = await markCallsPlaced(db, [
        { id: call.id, providerCallId: callSid, attempt: placement.attempt },
      ]);
      if (ours.has(call.id)) return call.id;
    }
    return null;
  }

  /** A recording of one of our calls, downloaded from Twilio as WAV (retried while Twilio is still storing it). */
  async downloadRecording(recordingSid: string): Promise<Buffer> {
    const url = `${this.apiBase}/2010-04-01/Accounts/${this.options.accountSid}/Recordings/${encodeURIComponent(recordingSid)}.wav`;
    const authorization = `Basic ${Buffer.from(`${this.options.accountSid}:${this.options.authToken}`).toString('base64')}`;
    let lastProblem = '';
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt > 0) await this.clock.sleep(500 * 2 ** attempt);
      const response = await fetch(url, {
        headers: { authorization },
        signal: AbortSignal.timeout(this.options.requestTimeoutMs ?? 10_000),
      });
      if (response.ok) return Buffer.from(await response.arrayBuffer());
      lastProblem = `HTTP ${response.status}`;
      await response.body?.cancel();
      if (response.status !== 404 && response.status < 500) break;
    }
    throw new Error(`Downloading recording ${recordingSid} from Twilio failed (${lastProblem}).`);
  }

  /** Deletes a recording at Twilio once we keep our own copy (best effort: Twilio would keep it, and bill it). */
  async deleteRecording(recordingSid: string): Promise<void> {
    try {
      await this.client.recordings(recordingSid).remove();
    } catch (error) {
      this.options.log.warn({ err: error, recordingSid }, 'twilio: deleting a recording failed');
    }
  }
}

function slowDown(pauseMs: number) {
  return new CarrierDeferredError(
    `Twilio asked us to slow down (too many requests); calls go out again in ${Math.ceil(pauseMs / 1000)} s.`,
  );
}
