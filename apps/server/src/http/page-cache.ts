import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SingleFlight } from '../util/single-flight.ts';

export type PageEncoding = 'br' | 'gzip';

/** A page as sent: the JSON, and the same compressed (made on first use, as the app's compression would). */
export class CachedPage {
  private readonly encoded: Partial<Record<PageEncoding, Buffer>> = {};
  /** The JSON as UTF-8 bytes, encoded once rather than on every answer. */
  readonly bytes: Buffer;
  constructor(readonly body: string) {
    this.bytes = Buffer.from(body);
  }

  in(encoding: PageEncoding): Buffer {
    this.encoded[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : gzipSync(this.body, { level: 6 });
    return this.encoded[encoding];
  }
}

const encodingsSeen = new Map<string, PageEncoding | null>();

/** The encoding to answer with for an Accept-Encoding header: br, else gzip, else none. */
export function preferredEncoding(header: string | undefined): PageEncoding | null {
  if (!header) return null;
  const seen = encodingsSeen.get(header);
  if (seen !== undefined) return seen;
  const encoding = parseAcceptEncoding(header);
  // Clients send a handful of different headers: remember them (a few hundred at most).
  if (encodingsSeen.size < 500) encodingsSeen.set(header, encoding);
  return encoding;
}

function parseAcceptEncoding(header: string): PageEncoding | null {
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(token.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

interface Entry {
  page: CachedPage;
  generation: number;
  expiresAt: number;
  /** When a request set out to read the page afresh (its first request after it expired). */
  refreshingSince: number;
}

/** How long the others wait for that request before one of them tries instead. */
const REFRESH_TIMEOUT_MS = 5000;

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly reads = new SingleFlight<CachedPage>();
  private readonly generations = new Map<string, number>();
  /** Raised by a whole-cache drop, so that every generation differs from all earlier ones. */
  private epoch = 0;

  constructor(private readonly options: { ttlMs: number; maxEntries: number }) {}

  /** The account's current generation, to pass to `set` with the page read after it. */
  generation(accountId: string): number {
    return this.epoch + (this.generations.get(accountId) ?? 0);
  }

  /**
   * Reads a page with `read` and keeps it; requests for the same page while that read is under way wait for it
   * rather than each reading the database (after a quiet spell, an integrator's first burst would otherwise start
   * a read per connection). A request that comes after a change of the account's calls never joins a read started
   * before it. If the read fails, everyone waiting gets its error.
   */
  load(accountId: string, key: string, read: () => Promise<string>): Promise<CachedPage> {
    const generation = this.generation(accountId);
    return this.reads.run(`${accountId}\n${key}`, generation, () =>
      read().then((body) => this.set(accountId, key, body, generation) ?? new CachedPage(body)),
    );
  }

  /** The page to send, or undefined when this request should read it (with `load`). */
  get(accountId: string, key: string): CachedPage | undefined {
    const id = `${accountId}\n${key}`;
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.generation !== this.generation(accountId)) {
      this.entries.delete(id);
      return undefined;
    }
    const now = Date.now();
    if (entry.expiresAt > now) return entry.page;
    if (now - entry.expiresAt > REFRESH_TIMEOUT_MS) {
      // Long unused: nobody gets it any more.
      this.entries.delete(id);
      return undefined;
    }
    if (now - entry.refreshingSince > REFRESH_TIMEOUT_MS) {
      entry.refreshingSince = now;
      return undefined;
    }
    return entry.page;
  }

  /** Keeps a page read in `generation` (and returns it), unless the account's calls changed since. */
  set(accountId: string, key: string, body: string, generation: number): CachedPage | undefined {
    if (generation !== this.generation(accountId)) return undefined;
    const id = `${accountId}\n${key}`;
    this.entries.delete(id);
    if (this.entries.size >= this.options.maxEntries) {
      // The oldest entry goes first (a Map iterates in insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const page = new CachedPage(body);
    this.entries.set(id, {
      page,
      generation,
      expiresAt: Date.now() + this.options.ttlMs,
      refreshingSince: 0,
    });
    return page;
  }

  /** Drops an account's pages, or everyone's (null). */
  invalidate(accountId: string | null): void {
    if (accountId === null) {
      this.entries.clear();
      this.generations.clear();
      this.epoch += 1_000_000_000;
      return;
    }
    if (this.generations.size >= 100_000) this.invalidate(null);
    this.generations.set(accountId, (this.generations.get(accountId) ?? 0) + 1);
  }
}
