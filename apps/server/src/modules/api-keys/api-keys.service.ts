import { createHash, randomInt } from 'node:crypto';
import type { Database } from '@callwise/db/client';
import { findActiveApiKey, touchApiKey } from '@callwise/db/queries/api-keys';
import { PLAN_IDS, type PlanId } from '@callwise/shared/plans';
import { API_KEY_PREFIX, API_KEY_VISIBLE_LENGTH } from '@callwise/shared/schemas/api-keys';
import { SingleFlight } from '../../util/single-flight.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 40 characters of 62: about 238 random bits. */
const SECRET_LENGTH = 40;

/** The stored form of a key: SHA-256 is enough for a random secret of this length (no dictionary to try). */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key (shown once), the part kept in clear, and its hash. */
export function generateApiKey(): { key: string; prefix: string; hash: string } {
  let secret = '';
  for (let i = 0; i < SECRET_LENGTH; i++) secret += ALPHABET[randomInt(ALPHABET.length)];
  const key = `${API_KEY_PREFIX}${secret}`;
  return { key, prefix: key.slice(0, API_KEY_VISIBLE_LENGTH), hash: hashApiKey(key) };
}

/** A well-formed key: the prefix and 40 letters or digits (anything else is refused without a lookup). */
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9]{${SECRET_LENGTH}}$`);

export interface VerifiedApiKey {
  id: string;
  /** The name its owner gave it (the audit log names the key that acted). */
  name: string;
  accountId: string;
  plan: PlanId;
}

interface CacheEntry {
  hash: string;
  key: VerifiedApiKey;
  expiresAt: number;
  /** When this process last wrote last_used_at. */
  touchedAt: number;
}

const CACHE_TTL_MS = 10_000;
const CACHE_MAX = 10_000;
const TOUCH_EVERY_MS = 60_000;

/**
 * Checks API keys. Active keys are kept in memory for 10 seconds (a lookup per request would cost more than the
 * request): a key revoked in this process is forgotten at once, one revoked in another process as soon as its
 * NOTIFY arrives, and everything is forgotten when the listening connection had to be re-established. Unknown
 * keys are never cached. `last_used_at` is written at most once a minute per key and process.
 */
export class ApiKeyVerifier {
  private readonly cache = new Map<string, CacheEntry>();
  /** The same entries by the key as sent (only while they are in `cache`). */
  private readonly recent = new Map<string, CacheEntry>();
  /** Lookups under way, by hash, in the generation of `forgets` they started in. */
  private readonly lookups = new SingleFlight<CacheEntry | null>();
  /** How many times keys were forgotten. */
  private forgets = 0;

  constructor(private readonly db: Database) {}

  async verify(token: string): Promise<VerifiedApiKey | null> {
    const now = Date.now();
    // The entry of a key seen a moment ago, without hashing it again.
    let entry = this.recent.get(token);
    if (entry && entry.expiresAt > now && this.cache.get(entry.hash) === entry)
      return this.touched(entry, now);
    if (!KEY_PATTERN.test(token)) return null;
    const hash = hashApiKey(token);
    entry = this.cache.get(hash);
    if (!entry || entry.expiresAt <= now) {
      const found = await this.lookup(hash);
      if (!found) return null;
      entry = found;
    }
    if (this.cache.get(hash) === entry) this.recent.set(token, entry);
    return this.touched(entry, now);
  }

  /**
   * Looks a key up once for every request that needs it meanwhile (after a quiet spell, an integrator's burst
   * would otherwise look the same key up on every connection). A key forgotten while its lookup runs (revoked) is
   * not cached from that lookup, and a request after the forgetting never waits for a lookup started before it.
   */
  private lookup(hash: string): Promise<CacheEntry | null> {
    const forgets = this.forgets;
    return this.lookups.run(hash, forgets, async () => {
      const row = await findActiveApiKey(this.db, hash);
      const current = forgets === this.forgets;
      if (!row) {
        if (current) this.cache.delete(hash);
        return null;
      }
      const plan = (PLAN_IDS as readonly string[]).includes(row.plan) ? (row.plan as PlanId) : 'trial';
      const found: CacheEntry = {
        hash,
        key: { id: row.id, name: row.name, accountId: row.accountId, plan },
        expiresAt: Date.now() + CACHE_TTL_MS,
        touchedAt: this.cache.get(hash)?.touchedAt ?? row.lastUsedAt?.getTime() ?? 0,
      };
      if (current) {
        if (this.cache.size >= CACHE_MAX) {
          this.cache.clear();
          this.recent.clear();
        }
        this.cache.set(hash, found);
      }
      return found;
    });
  }

  private async touched(entry: CacheEntry, now: number): Promise<VerifiedApiKey> {
    if (now - entry.touchedAt >= TOUCH_EVERY_MS) {
      entry.touchedAt = now;
      await touchApiKey(this.db, entry.key.id);
    }
    return entry.key;
  }

  /** Forgets a revoked key (by its hash), or every key (null). */
  forget(keyHash: string | null): void {
    this.forgets++;
    if (keyHash === null) {
      this.cache.clear();
      this.recent.clear();
    } else {
      this.cache.delete(keyHash);
    }
  }
}
