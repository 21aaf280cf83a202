import type { Database } from '@callwise/db/client';
import { failStuckCall, quietOpenCalls } from '@callwise/db/queries/call-dispatch';
import { crashPoint } from '../infra/crash-points.ts';
import type { ProblemLogger as Logger } from '../infra/logger.ts';
import type { CallHostService } from './call-host.ts';
import type { Carrier } from './carriers/carrier.ts';

/** The reason written on a call the carrier has finished with but never told us how. */
export const LOST_AT_CARRIER =
  'The carrier ended this call without a final report we could use; it is marked failed.';

export interface CallSweeperOptions {
  db: Database;
  /** Who is asked about a quiet call: its carrier (a call taken in the browser: the browser calls' own word). */
  carrier: Pick<Carrier, 'lookup'>;
  calls: Pick<CallHostService, 'onStatus' | 'alertFailureNow'>;
  log: Logger;
  /** How often to look (ms). */
  everyMs: number;
  /** A call unchanged for this long is asked of the carrier. */
  quietSeconds: number;
}

/**
 * Nothing stays open forever: every open call at a carrier that nobody holds and that has gone quiet is asked
 * of the carrier. What it says is applied as any report would be (with its retry); a call it has finished with
 * whose end we still cannot take — its report lost, or never linkable — is failed with a reason. Calls not yet
 * at a carrier are the dispatcher's: a claim that runs out is taken again.
 */
export class CallSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: CallSweeperOptions) {}

  start(): void {
    this.stopped = false;
    const tick = () => {
      this.running = this.sweep()
        .then(() => undefined)
        .catch((error: unknown) =>
          this.options.log.error({ err: error }, 'sweep: looking at quiet calls failed'),
        )
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.timer = setTimeout(tick, this.options.everyMs);
        });
    };
    this.timer = setTimeout(tick, this.options.everyMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One look: returns how many calls were brought up to date or failed. */
  async sweep(): Promise<number> {
    const { db, carrier, calls, log } = this.options;
    let resolved = 0;
    const quiet = await quietOpenCalls(db, { quietSeconds: this.options.quietSeconds, limit: 100 });
    for (const call of quiet) {
      if (this.stopped) break;
      try {
        const answer = await carrier.lookup({
          providerCallId: call.providerCallId,
          callId: call.id,
          // A call linked before its attempt was recorded (attempts 0) is on its first.
          attempt: Math.max(1, call.attempts),
        });
        crashPoint('sweep.after-lookup');
        if (answer.event && (await calls.onStatus(answer.event))) resolved += 1;
        if (!answer.ended) continue;
        const failed = await failStuckCall(db, {
          id: call.id,
          providerCallId: call.providerCallId,
          reason: LOST_AT_CARRIER,
        });
        if (failed) {
          resolved += 1;
          log.warn({ callId: call.id }, 'sweep: a call the carrier ended without a usable report was failed');
          await calls.alertFailureNow(failed.accountId);
        }
      } catch (error) {
        log.warn({ err: error, callId: call.id }, 'sweep: asking the carrier about a call failed');
      }
    }
    return resolved;
  }
}
