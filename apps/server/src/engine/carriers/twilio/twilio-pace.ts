/** How fast calls go out to Twilio: a token bucket for calls per second, and a backoff when Twilio says 429. */

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * `rate` calls a second: a full bucket lets `burst` go at once (the whole part of the rate, at least one),
 * then one more every 1/rate seconds.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;
  readonly burst: number;

  constructor(
    private readonly rate: number,
    private readonly clock: Clock = systemClock,
  ) {
    if (!(rate > 0)) throw new Error('A token bucket needs a positive rate');
    this.burst = Math.max(1, Math.floor(rate));
    this.tokens = this.burst;
    this.updatedAt = clock.now();
  }

  private refill() {
    const now = this.clock.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.updatedAt) / 1000) * this.rate);
    this.updatedAt = now;
  }

  /** Milliseconds until a token is free (0: now). */
  waitMs(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.rate) * 1000);
  }

  /**
   * Takes a token, waiting for it unless the wait would end after `deadline` (ms since the epoch): then takes
   * nothing and answers false.
   */
  async take(deadline: number): Promise<boolean> {
    for (;;) {
      const wait = this.waitMs();
      if (wait === 0) {
        this.tokens -= 1;
        return true;
      }
      if (this.clock.now() + wait > deadline) return false;
      await this.clock.sleep(wait);
    }
  }
}

/**
 * After a 429 from Twilio nothing is sent for a while: 1 s, 2 s, 4 s … up to `maxMs` for each 429 in a row,
 * each pause drawn between half and all of that (jitter, so that workers do not come back together).
 */
export class Backoff {
  private failures = 0;
  private until = 0;

  constructor(
    private readonly options: {
      baseMs?: number;
      maxMs?: number;
      random?: () => number;
      clock?: Clock;
    } = {},
  ) {}

  private get clock() {
    return this.options.clock ?? systemClock;
  }

  /** Twilio said "too many requests": returns how long to pause (ms). */
  throttled(): number {
    this.failures += 1;
    const ceiling = Math.min(
      this.options.maxMs ?? 60_000,
      (this.options.baseMs ?? 1000) * 2 ** Math.min(this.failures - 1, 30),
    );
    const pause = Math.round(ceiling / 2 + (this.options.random ?? Math.random)() * (ceiling / 2));
    this.until = Math.max(this.until, this.clock.now() + pause);
    return pause;
  }

  /** A request went through: the next 429 starts again from the shortest pause. */
  succeeded(): void {
    this.failures = 0;
  }

  /** Milliseconds of the current pause still to run (0: none). */
  remainingMs(): number {
    return Math.max(0, this.until - this.clock.now());
  }
}
