import type { Database } from '@callwise/db/client';
import {
  type ClaimedCall,
  claimDueCalls,
  failUnplacedCall,
  holdClaimedCall,
  markCallsPlaced,
  nextDispatchAt,
  retryClaimLater,
} from '@callwise/db/queries/call-dispatch';
import { promotionalCallTimes } from '@callwise/db/queries/calling-rule-facts';
import { DO_NOT_CALL_REASON } from '@callwise/db/queries/do-not-call';
import { checkCallingRules } from '@callwise/shared/calling-rules-check';
import type { CallType } from '@callwise/shared/calls';
import { jurisdictionsFor } from '@callwise/shared/jurisdictions';
import { crashPoint } from '../infra/crash-points.ts';
import type { ProblemLogger as Logger } from '../infra/logger.ts';
import {
  type Carrier,
  CarrierDeferredError,
  CarrierRejectedError,
  type PlaceCallResult,
} from './carriers/carrier.ts';

/** How long calls falling due in a steady stream are gathered before they are placed together. */
const GATHER_MS = 50;

export interface DispatcherOptions {
  db: Database;
  carrier: Carrier;
  log: Logger;
  /** How long a claim protects a call being handed to the carrier; a crashed dispatcher's calls are retaken after it. */
  claimSeconds: number;
  /** Calls claimed (and placed concurrently) at a time. */
  batchSize?: number;
  /** The longest sleep: how soon calls created by another process are noticed without a wake-up. */
  idlePollMs?: number;
  /** Replaces every account's calling window (tests and benches only; see CALLING_WINDOW_OVERRIDE). */
  windowOverride?: { start: string; end: string } | null;
}

/**
 * Hands each due call to the carrier at its time. The call row is the truth: a call is claimed (queued, with a
 * deadline), placed with an idempotency key made of its id and attempt number, then marked placed. A process
 * killed anywhere in between leaves a claim that runs out; the next dispatcher places the call again with the
 * same key, and the carrier answers with the call it already has — so no call is lost and none placed twice.
 */
export class Dispatcher {
  private running = false;
  private loopDone: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private readonly batchSize: number;
  private readonly idlePollMs: number;
  /** Placement times of the last calls, for the bench: [due, placed] in ms since the epoch. */
  readonly placements: Array<[number, number]> = [];
  recordPlacements = false;

  constructor(private readonly options: DispatcherOptions) {
    this.batchSize = options.batchSize ?? 200;
    this.idlePollMs = options.idlePollMs ?? 1000;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Something may have become due sooner: look again now. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loopDone;
  }

  private async loop() {
    while (this.running) {
      this.woken = false;
      let claimed: ClaimedCall[];
      try {
        claimed = await claimDueCalls(this.options.db, {
          limit: this.batchSize,
          claimSeconds: this.options.claimSeconds,
        });
      } catch (error) {
        if (!this.running) return;
        this.options.log.error({ err: error }, 'dispatcher: claiming due calls failed');
        await this.sleep(1000);
        continue;
      }
      if (claimed.length > 0) {
        crashPoint('dispatch.after-claim');
        await this.place(claimed);
        // A full batch: more are due right now.
        if (claimed.length === this.batchSize) continue;
      }
      let delay = this.idlePollMs;
      try {
        const next = await nextDispatchAt(this.options.db);
        if (next) delay = Math.max(0, Math.min(delay, next.getTime() - Date.now()));
      } catch (error) {
        if (!this.running) return;
        this.options.log.error({ err: error }, 'dispatcher: reading the next due time failed');
      }
      // Calls due one after another are gathered for a few milliseconds and placed together: far fewer
      // statements per call, at the price of at most GATHER_MS of lateness.
      if (claimed.length > 0) delay = Math.max(delay, GATHER_MS);
      if (!this.woken || claimed.length > 0) await this.sleep(delay);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.wakeUp = null;
        resolve();
      }
      this.wakeUp = done;
    });
  }

  /**
   * The calling rules, checked again as a call goes out (they may have changed since it was scheduled): a number
   * put on the do-not-call list is not called, and a call outside the recipient's calling window — a retry, or a
   * window the account narrowed — waits for the next opening. Returns the calls that may go out now.
   */
  private async applyRules(claimed: ClaimedCall[]): Promise<ClaimedCall[]> {
    const now = new Date();
    const ready: ClaimedCall[] = [];
    for (const call of claimed) {
      const window = this.options.windowOverride ?? { start: call.windowStart, end: call.windowEnd };
      const subject = {
        phone: call.phone,
        timezone: call.timezone,
        at: now,
        callType: call.callType as CallType,
      };
      // Consent was checked when the call was made; the list, the window and (for a state's limit on
      // solicitations) the calls of the last 24 hours may have changed since.
      const verdict = checkCallingRules(
        subject,
        { onDoNotCall: call.doNotCall, promotionalCalls: await this.lastDayOfPromotions(call, now) },
        window,
        { stateHours: !this.options.windowOverride },
      );
      const hold: Parameters<typeof holdClaimedCall>[2] | null = !verdict.allowed
        ? { cancel: verdict.reason === 'do_not_call' ? DO_NOT_CALL_REASON : verdict.message }
        : verdict.moved
          ? { until: verdict.at }
          : null;
      if (!hold) {
        ready.push(call);
        continue;
      }
      await holdClaimedCall(this.options.db, call.id, hold).catch((err: unknown) =>
        this.options.log.error({ err, callId: call.id }, 'dispatcher: holding back a call failed'),
      );
    }
    return ready;
  }

  /** For a call under a state's limit per 24 hours, the account's other promotional calls to it in the last day. */
  private async lastDayOfPromotions(call: ClaimedCall, now: Date): Promise<Date[] | undefined> {
    if (!jurisdictionsFor(call.phone, call.callType as CallType).some((s) => s.maxPer24h !== undefined))
      return;
    const from = new Date(now.getTime() - 24 * 60 * 60_000);
    // Checked when the call was made already: a failed read leaves the limit to that check.
    const read = promotionalCallTimes(
      this.options.db,
      call.accountId,
      [{ phone: call.phone, from, to: now }],
      call.id,
    );
    return read
      .then(([times]) => times)
      .catch((err: unknown) => {
        this.options.log.error(
          { err, callId: call.id },
          'dispatcher: reading the last day of promotions failed',
        );
        return undefined;
      });
  }

  /** Hands claimed calls to the carrier, then records which it accepted (one statement each way). */
  private async place(all: ClaimedCall[]) {
    const { db, carrier, log } = this.options;
    const claimed = await this.applyRules(all);
    if (claimed.length === 0) return;
    const requests = claimed.map((call) => ({
      idempotencyKey: `${call.id}:${call.attempts + 1}`,
      callId: call.id,
      to: call.phone,
      attempt: call.attempts + 1,
    }));
    let results: PlaceCallResult[];
    try {
      results = await carrier.placeAll(requests);
    } catch (error) {
      results = requests.map(() => ({ error }));
    }
    const accepted: Array<{ id: string; providerCallId: string; attempt: number }> = [];
    const now = Date.now();
    for (const [index, result] of results.entries()) {
      const call = claimed[index] as ClaimedCall;
      const request = requests[index] as (typeof requests)[number];
      if ('providerCallId' in result) {
        accepted.push({ id: call.id, providerCallId: result.providerCallId, attempt: request.attempt });
        if (this.recordPlacements) this.placements.push([call.scheduledAt.getTime(), now]);
      } else if (result.error instanceof CarrierRejectedError) {
        await failUnplacedCall(db, call.id, result.error.message).catch((err: unknown) =>
          log.error({ err, callId: call.id }, 'dispatcher: recording a refused call failed'),
        );
      } else if (result.error instanceof CarrierDeferredError) {
        // The carrier's own pace or lines: expected under load, not worth a warning per call.
        await retryClaimLater(db, call.id, 5).catch(() => undefined);
      } else {
        log.warn(
          { err: result.error, callId: call.id },
          'dispatcher: the carrier did not take the call; trying again',
        );
        await retryClaimLater(db, call.id, 10).catch(() => undefined);
      }
    }
    if (accepted.length === 0) return;
    crashPoint('dispatch.after-carrier-accepted', accepted.length);
    try {
      const ours = await markCallsPlaced(db, accepted);
      crashPoint('dispatch.after-mark-placed');
      for (const placed of accepted) {
        // Cancelled while our claim had run out, or past this attempt: the carrier must not go on with it.
        if (!ours.has(placed.id)) await carrier.hangUp(placed.providerCallId);
      }
    } catch (error) {
      // The claims run out and the calls are placed again with the same keys: the carrier dedupes them.
      log.error({ err: error }, 'dispatcher: recording placed calls failed');
    }
  }
}
