import http from 'node:http';
import https from 'node:https';
import type { Database } from '@callwise/db/client';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  type DeliveryOutcome,
  ensureWebhookSecret,
  nextDeliveryAt,
  recordDeliveryAttempt,
} from '@callwise/db/queries/webhooks';
import { PRODUCT_NAME } from '@callwise/shared/product';
import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_STEPS,
  WEBHOOK_TIMEOUT_SECONDS,
} from '@callwise/shared/schemas/webhooks';
import type { ProblemLogger as Logger } from '../../infra/logger.ts';
import { callbackUrlProblem, checkedLookup, ForbiddenAddressError, type Resolver } from '../../infra/ssrf.ts';
import { generateWebhookSecret, webhookHeaders } from './signing.ts';

/** The longest wait a receiver's Retry-After can ask for. */
const MAX_RETRY_AFTER_SECONDS = 24 * 3600;
/** How much of a refusing receiver's answer is kept in the delivery log. */
const ERROR_BODY_CHARS = 200;
/** The fewest milliseconds between two looks when woken by call changes. */
const MIN_WAKE_GAP_MS = 100;
/** A retry's timer fires this long after the retry is due, so that the row is due when it is claimed. */
const RETRY_TIMER_SLACK_MS = 20;
/**
 * Retries due within this get a timer; a later one is found by the loop, which reads the next due time at least
 * every idle poll (a few seconds' lateness at most, against a wait of many minutes).
 */
const RETRY_TIMER_MAX_MS = 10 * 60 * 1000;

export interface WebhookDelivererOptions {
  db: Database;
  log: Logger;
  /** WEBHOOK_ALLOW_PRIVATE: deliver to loopback and private addresses too (local development). */
  allowPrivate: boolean;
  /** The wait before the first retry; later waits grow from it (WEBHOOK_RETRY_STEPS). */
  retryDelaySeconds: number;
  /** How long a receiver has to answer. */
  timeoutMs?: number;
  /** Deliveries claimed (and sent concurrently) at a time. */
  batchSize?: number;
  /** The longest sleep: how soon deliveries made by another process are noticed without a wake-up. */
  idlePollMs?: number;
  /** Resolves host names (tests stand in for DNS). */
  resolve?: Resolver;
}

export interface PostResult {
  statusCode: number;
  /** Seconds the receiver asked us to wait (Retry-After), if it did. */
  retryAfter: number | null;
  /** The start of the answer's body. */
  body: string;
}

/**
 * POSTs a JSON body once, without following redirects, connecting only to addresses `lookup` checked, and
 * giving up after `timeoutMs`.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; lookup: ReturnType<typeof checkedLookup> },
): Promise<PostResult> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (error: Error | null, result?: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(result as PostResult);
    };
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': `${PRODUCT_NAME}-Webhooks/1.0`,
        },
        lookup: options.lookup as never,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < 4096) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('error', (error) => finish(error));
        response.on('end', () =>
          finish(null, {
            statusCode: response.statusCode ?? 0,
            retryAfter: parseRetryAfter(response.headers['retry-after']),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    const timer = setTimeout(() => {
      const error = Object.assign(new Error(`no answer within ${options.timeoutMs / 1000} seconds`), {
        code: 'ETIMEDOUT',
      });
      request.destroy(error);
      finish(error);
    }, options.timeoutMs);
    request.on('error', (error) => finish(error));
    request.end(body);
  });
}

function parseRetryAfter(value: string | undefined): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - Date.now()) / 1000));
}

/** A failed attempt's cause, in words for the delivery log. */
function describeError(error: unknown): string {
  if (error instanceof ForbiddenAddressError) return error.message;
  const err = error as NodeJS.ErrnoException;
  switch (err?.code) {
    case 'ETIMEDOUT':
      return err.message;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name could not be resolved';
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'the connection was closed before an answer';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the host could not be reached';
    default:
      if (err?.code?.startsWith('ERR_TLS') || /certificate|SSL|TLS/i.test(err?.message ?? '')) {
        return `TLS error: ${err.message}`;
      }
      return err?.message ? `could not be sent: ${err.message}` : 'could not be sent';
  }
}

/**
 * Sends webhook deliveries (the `webhook_deliveries` outbox the calls trigger fills) to their callback URLs,
 * signed per Standard Webhooks with the account's secret. Claims due rows like the dispatcher claims calls
 * (SKIP LOCKED, a deadline), one call's changes in order, retries with growing waits, gives up after
 * WEBHOOK_MAX_ATTEMPTS. Runs in worker processes.
 *
 * Up to `batchSize` deliveries are out at once, each on its own: a receiver that takes its time (up to the
 * timeout) holds up only its own delivery, never the others' sends or retries. When an attempt fails, a timer
 * in this process wakes the loop when its retry falls due, so the retry goes out on time whatever the idle poll
 * (5 s on the embedded engine); other processes see it at their next look.
 */
export class WebhookDeliverer {
  private running = false;
  private loopDone: Promise<void> | null = null;
  private wakeUp: ((now?: boolean) => void) | null = null;
  private woken = false;
  /** Set when a delivery ended, a retry fell due or a stop was asked: look again at once, not after a gap. */
  private urgent = false;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly batchSize: number;
  private readonly idlePollMs: number;
  private readonly timeoutMs: number;
  private readonly lookup: ReturnType<typeof checkedLookup>;

  constructor(private readonly options: WebhookDelivererOptions) {
    this.batchSize = options.batchSize ?? 20;
    this.idlePollMs = options.idlePollMs ?? 1000;
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_SECONDS * 1000;
    this.lookup = checkedLookup(options.allowPrivate, options.resolve);
  }

  private get claimSeconds() {
    // The claim outlives the request (its timeout) with room to record the result.
    return Math.ceil(this.timeoutMs / 1000) + 30;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  /** A call changed: a delivery may be waiting. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Looks again at once: a delivery ended (its call's next one may go out) or a retry fell due. */
  private wakeNow(): void {
    this.urgent = true;
    this.wakeUp?.(true);
  }

  /** Stops taking deliveries; those being sent finish (at most the timeout). */
  async stop(): Promise<void> {
    this.running = false;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    this.wakeNow();
    await this.loopDone;
    await Promise.all([...this.inFlight]);
  }

  /** One round: claims what is due and sends it. Returns how many were claimed (tests drive it directly). */
  async deliverDue(): Promise<number> {
    const claimed = await claimDueDeliveries(this.options.db, {
      limit: this.batchSize,
      claimSeconds: this.claimSeconds,
    });
    await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
    return claimed.length;
  }

  private async loop() {
    while (this.running) {
      this.woken = false;
      this.urgent = false;
      const room = this.batchSize - this.inFlight.size;
      if (room > 0) {
        let claimed: ClaimedDelivery[];
        try {
          claimed = await claimDueDeliveries(this.options.db, {
            limit: room,
            claimSeconds: this.claimSeconds,
          });
        } catch (error) {
          if (!this.running) return;
          this.options.log.error({ err: error }, 'webhooks: claiming due deliveries failed');
          await this.sleep(1000);
          continue;
        }
        for (const delivery of claimed) this.send(delivery);
        // As many as there was room for: more may be due right now.
        if (claimed.length === room) continue;
      }
      if (!this.running) return;
      if (this.urgent) continue;
      let delay = this.idlePollMs;
      // Full: a delivery that ends wakes the loop. Otherwise sleep until the next one falls due.
      if (this.inFlight.size < this.batchSize) {
        try {
          const next = await nextDeliveryAt(this.options.db);
          if (next) delay = Math.min(delay, next.getTime() - Date.now());
        } catch (error) {
          if (!this.running) return;
          this.options.log.error({ err: error }, 'webhooks: reading the next due time failed');
        }
      }
      if (this.urgent) continue;
      // Never a busy loop (the database's clock may run a little ahead of ours); woken meanwhile: look soon.
      delay = Math.max(delay, MIN_WAKE_GAP_MS / 2);
      await this.sleep(this.woken ? Math.min(delay, MIN_WAKE_GAP_MS) : delay);
    }
  }

  /**
   * Sleeps `ms`. A call change ends it after a short gap, so that a burst of changes costs one look; a
   * delivery that ended or a retry that fell due ends it at once.
   */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      let gap: NodeJS.Timeout | null = null;
      const done = () => {
        clearTimeout(timer);
        if (gap) clearTimeout(gap);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = (now = false) => {
        if (now || !this.running) done();
        else gap ??= setTimeout(done, MIN_WAKE_GAP_MS);
      };
    });
  }

  /** Sends a claimed delivery without waiting for it; when it ends, the loop looks again. */
  private send(delivery: ClaimedDelivery): void {
    const sending: Promise<void> = this.deliver(delivery)
      .catch((error: unknown) => {
        this.options.log.error({ err: error, deliveryId: delivery.id }, 'webhooks: a delivery failed');
      })
      .finally(() => {
        this.inFlight.delete(sending);
        this.wakeNow();
      });
    this.inFlight.add(sending);
  }

  /** Wakes the loop when a retry falls due (a little after, so that the row is due by the database's clock). */
  private armRetry(seconds: number): void {
    const ms = Math.ceil(seconds * 1000) + RETRY_TIMER_SLACK_MS;
    if (!this.running || ms > RETRY_TIMER_MAX_MS) return;
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.wakeNow();
    }, ms);
    timer.unref?.();
    this.retryTimers.add(timer);
  }

  /** Sends one delivery and records the attempt. */
  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const { db, log } = this.options;
    let outcome: DeliveryOutcome;
    try {
      outcome = await this.attempt(delivery);
    } catch (error) {
      log.error({ err: error, deliveryId: delivery.id }, 'webhooks: a delivery could not be attempted');
      outcome = {
        kind: 'failed',
        statusCode: null,
        error: 'could not be sent (an error on our side)',
        retryInSeconds: this.retryDelay(delivery.attempts + 1, null),
      };
    }
    try {
      await recordDeliveryAttempt(db, delivery.id, outcome);
      if (outcome.kind === 'failed' && outcome.retryInSeconds !== null) this.armRetry(outcome.retryInSeconds);
    } catch (error) {
      // The claim runs out and the delivery is sent again: receivers dedupe by webhook-id.
      log.error({ err: error, deliveryId: delivery.id }, 'webhooks: recording a delivery failed');
    }
  }

  private async attempt(delivery: ClaimedDelivery): Promise<DeliveryOutcome> {
    const attempt = delivery.attempts + 1;
    const problem = callbackUrlProblem(delivery.url, this.options.allowPrivate);
    if (problem) {
      // The address itself is refused: no retry can change that.
      return { kind: 'failed', statusCode: null, error: `refused: the URL ${problem}`, retryInSeconds: null };
    }
    const secret =
      delivery.secret ??
      (await ensureWebhookSecret(this.options.db, delivery.accountId, generateWebhookSecret));
    if (!secret) throw new Error('the account of a delivery is gone');
    // For a day after a rotation, the previous secret signs too: receivers not yet given the new one still
    // accept the delivery.
    const secrets = delivery.previousSecret ? [secret, delivery.previousSecret] : [secret];
    const body = JSON.stringify({
      type: delivery.eventType,
      timestamp: delivery.createdAt.toISOString(),
      data: delivery.payload,
    });
    const headers = webhookHeaders(secrets, delivery.id, Math.floor(Date.now() / 1000), body);
    let result: PostResult;
    try {
      result = await postWebhook(delivery.url, headers, body, {
        timeoutMs: this.timeoutMs,
        lookup: this.lookup,
      });
    } catch (error) {
      return {
        kind: 'failed',
        statusCode: null,
        error: describeError(error),
        retryInSeconds: this.retryDelay(attempt, null),
      };
    }
    if (result.statusCode >= 200 && result.statusCode < 300) {
      return { kind: 'delivered', statusCode: result.statusCode };
    }
    const answer = result.body.replace(/\s+/g, ' ').trim().slice(0, ERROR_BODY_CHARS);
    const error = `the receiver answered HTTP ${result.statusCode}${answer ? `: ${answer}` : ''}`;
    // 410 Gone: the receiver wants no more deliveries of this (Standard Webhooks' advice).
    const retryInSeconds =
      result.statusCode === 410
        ? null
        : this.retryDelay(
            attempt,
            result.statusCode === 429 || result.statusCode === 503 ? result.retryAfter : null,
          );
    return { kind: 'failed', statusCode: result.statusCode, error, retryInSeconds };
  }

  /** The wait before the next attempt after `attempt` attempts, or null when that was the last. */
  private retryDelay(attempt: number, retryAfter: number | null): number | null {
    if (attempt >= WEBHOOK_MAX_ATTEMPTS) return null;
    const step = WEBHOOK_RETRY_STEPS[Math.min(attempt, WEBHOOK_RETRY_STEPS.length) - 1] ?? 1;
    // ±10% so that many deliveries failing together do not come back together.
    const backoff = this.options.retryDelaySeconds * step * (0.9 + Math.random() * 0.2);
    const asked = retryAfter === null ? 0 : Math.min(retryAfter, MAX_RETRY_AFTER_SECONDS);
    return Math.round(Math.max(backoff, asked) * 1000) / 1000;
  }
}
