import type { BookingSettings } from '@callwise/shared/schemas/booking';

/** A busy stretch of a staff member, as `holdingTimes` reads it. */
export interface HeldTime {
  staff: string;
  start: number;
  end: number;
  service: string | null;
}

/** How long a kept copy serves at most, notice or not (a safety net: notices make it fresh). */
const MAX_AGE_MS = 5 * 60_000;
/** Accounts kept at once (the least recently used goes first), and busy-time windows kept per account. */
const MAX_ACCOUNTS = 500;
const MAX_WINDOWS = 16;

interface AccountEntry {
  at: number;
  settings?: Promise<{ settings: BookingSettings; updatedAt: Date | null }>;
  timezone?: Promise<string>;
  held: Map<string, Promise<HeldTime[]>>;
}

/**
 * What `GET /v1/availability` computes open slots from — an account's booking settings, its time zone and the busy
 * times of its staff members — kept in this process (decision 024), so that asking again reads nothing. Only on
 * the embedded engine, where every write happens in this process and the database's notice of it
 * (BOOKINGS_CHANNEL, sent on commit) arrives before the writing request is answered; elsewhere `enabled` is false
 * and every request reads the database. A notice forgets the accounts it names; a missed one (`null`) all.
 */
export class AvailabilityCache {
  private readonly accounts = new Map<string, AccountEntry>();

  constructor(
    readonly enabled: boolean,
    private readonly now: () => number = Date.now,
  ) {}

  /** The database's notice: these accounts (comma-separated) changed; '*' or null: any may have. */
  forget(accounts: string | null): void {
    if (accounts === null || accounts === '*') {
      this.accounts.clear();
      return;
    }
    for (const id of accounts.split(',')) this.accounts.delete(id.trim());
  }

  settings(accountId: string, load: () => Promise<{ settings: BookingSettings; updatedAt: Date | null }>) {
    if (!this.enabled) return load();
    const entry = this.entry(accountId);
    entry.settings ??= this.kept(accountId, entry, load, () => {
      entry.settings = undefined;
    });
    return entry.settings;
  }

  timezone(accountId: string, load: () => Promise<string>) {
    if (!this.enabled) return load();
    const entry = this.entry(accountId);
    entry.timezone ??= this.kept(accountId, entry, load, () => {
      entry.timezone = undefined;
    });
    return entry.timezone;
  }

  /** The busy times of these staff members in [from, to): kept per staff list and window. */
  held(accountId: string, staff: readonly string[], from: Date, to: Date, load: () => Promise<HeldTime[]>) {
    if (!this.enabled) return load();
    const entry = this.entry(accountId);
    const key = `${[...staff].sort().join('\u0000')}|${from.getTime()}|${to.getTime()}`;
    let held = entry.held.get(key);
    if (!held) {
      if (entry.held.size >= MAX_WINDOWS) entry.held.delete(entry.held.keys().next().value as string);
      held = this.kept(accountId, entry, load, () => entry.held.delete(key));
      entry.held.set(key, held);
    }
    return held;
  }

  /** The account's entry (the most recently used last), made fresh when too old. */
  private entry(accountId: string): AccountEntry {
    let entry = this.accounts.get(accountId);
    if (entry && this.now() - entry.at > MAX_AGE_MS) entry = undefined;
    if (entry) this.accounts.delete(accountId);
    else entry = { at: this.now(), held: new Map() };
    this.accounts.set(accountId, entry);
    if (this.accounts.size > MAX_ACCOUNTS) this.accounts.delete(this.accounts.keys().next().value as string);
    return entry;
  }

  /** A load kept in the entry; a failed one is not kept. */
  private kept<T>(
    accountId: string,
    entry: AccountEntry,
    load: () => Promise<T>,
    drop: () => void,
  ): Promise<T> {
    const promise = load();
    promise.catch(() => {
      if (this.accounts.get(accountId) === entry) drop();
    });
    return promise;
  }
}
