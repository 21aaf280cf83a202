import type { Database } from '@callwise/db/client';
import { foldCallCounts, vacuumCallCountChanges } from '@callwise/db/queries/call-counts';
import type { Logger } from '../../infra/logger.ts';

/** After calls change, the changes are folded at most this often. */
export const FOLD_WAKE_MS = 1_000;
/** And at least this often, for changes whose notice was missed (a reconnection, another process's write). */
export const FOLD_EVERY_MS = 15_000;
/** Folded changes whose space is freed at once (VACUUM) rather than left for (auto)vacuum. */
export const VACUUM_AFTER_CHANGES = 10_000;

/**
 * Keeps the call history's rollups folded (decision 032): the changes the `calls` triggers append are moved into
 * the rollups soon after calls change, so a count reads a few rows, however many calls the account has. Where the
 * fold runs does not matter for a count's exactness (a count adds the changes not folded yet), only for its speed.
 */
export class CallCountFolder {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private lastFold = 0;
  private foldedSinceVacuum = 0;
  private closed = false;
  private readonly interval: NodeJS.Timeout;

  constructor(private readonly deps: { db: Database; log: Logger }) {
    this.interval = setInterval(() => this.wake(), FOLD_EVERY_MS);
    this.interval.unref();
    // What was left unfolded before a restart (or written while no process folded) goes soon after start.
    this.wake();
  }

  /** Calls changed: fold within FOLD_WAKE_MS of the last fold. */
  wake(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => this.fold(), Math.max(0, this.lastFold + FOLD_WAKE_MS - Date.now()));
    this.timer.unref();
  }

  /** Folds now (the tests, and the bench's wait); resolves when the changes committed before it are folded. */
  async foldNow(): Promise<void> {
    if (this.running) await this.running;
    await this.fold();
  }

  private fold(): Promise<void> {
    this.timer = null;
    if (this.running) {
      // One at a time: the running fold may not see the newest changes, so look again after it.
      return this.running.then(() => this.wake());
    }
    this.lastFold = Date.now();
    this.running = foldCallCounts(this.deps.db)
      .then(async (moved) => {
        this.foldedSinceVacuum += moved;
        if (this.foldedSinceVacuum < VACUUM_AFTER_CHANGES) return;
        this.foldedSinceVacuum = 0;
        await vacuumCallCountChanges(this.deps.db);
      })
      .catch((error: unknown) => {
        if (!this.closed) this.deps.log.warn({ error }, 'call counts not folded; the next fold takes them');
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.interval);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
