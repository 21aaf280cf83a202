import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface CachedAudio {
  data: Buffer;
  contentType: string;
}

export interface AudioCacheOptions {
  /** Where audio survives restarts (`${DATA_DIR}/audio-cache`); null keeps it in memory only. */
  dir: string | null;
  /** Default 64 MB. */
  maxMemoryBytes?: number;
  /** Default 512 MB; the least recently used files go first. */
  maxDiskBytes?: number;
  /** Files unused for longer are removed when the directory is tidied. Default 30 days. */
  maxAgeMs?: number;
}

export interface AudioCacheStats {
  memoryHits: number;
  diskHits: number;
  misses: number;
}

const CONTENT_TYPES: Record<string, string> = { wav: 'audio/wav', mp3: 'audio/mpeg' };
const EXTENSIONS: Record<string, string> = { 'audio/wav': 'wav', 'audio/mpeg': 'mp3' };
const NAME = /^[0-9a-f]{64}\.(wav|mp3)$/;
const STALE_TEMP_MS = 60 * 60 * 1000;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Synthesized audio by key (a SHA-256 of what decides the audio): in memory, least recently used first out,
 * bounded by bytes; and on disk as `<sha256>.<wav|mp3>`. Concurrent requests for one key share one synthesis.
 * The cache is best effort: a disk that cannot be read or written only costs a new synthesis.
 */
export class AudioCache {
  readonly stats: AudioCacheStats = { memoryHits: 0, diskHits: 0, misses: 0 };
  readonly #dir: string | null;
  readonly #maxMemoryBytes: number;
  readonly #maxDiskBytes: number;
  readonly #maxAgeMs: number;
  readonly #memory = new Map<string, CachedAudio>();
  #memoryBytes = 0;
  readonly #inFlight = new Map<string, Promise<{ audio: CachedAudio; cached: boolean }>>();
  readonly #writes = new Set<Promise<void>>();
  #dirReady: Promise<void> | null = null;
  /** Bytes on disk, once counted (null: not yet). */
  #diskBytes: number | null = null;
  #tidying: Promise<void> | null = null;

  constructor(options: AudioCacheOptions) {
    this.#dir = options.dir;
    this.#maxMemoryBytes = options.maxMemoryBytes ?? 64 * 1024 * 1024;
    this.#maxDiskBytes = options.maxDiskBytes ?? 512 * 1024 * 1024;
    this.#maxAgeMs = options.maxAgeMs ?? 30 * 24 * 60 * 60 * 1000;
  }

  static key(parts: readonly string[]): string {
    return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  }

  get memoryBytes(): number {
    return this.#memoryBytes;
  }

  /**
   * The audio under `key`, from memory, else from disk (`ext` says which file), else made by `create` and kept.
   * `cached` tells whether it came from the cache.
   */
  async get(
    key: string,
    ext: 'wav' | 'mp3',
    create: () => Promise<CachedAudio>,
  ): Promise<{ audio: CachedAudio; cached: boolean }> {
    const remembered = this.#memory.get(key);
    if (remembered) {
      this.#memory.delete(key);
      this.#memory.set(key, remembered);
      this.stats.memoryHits++;
      return { audio: remembered, cached: true };
    }
    const running = this.#inFlight.get(key);
    if (running) return running;
    const task = this.#load(key, ext, create).finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, task);
    return task;
  }

  async #load(key: string, ext: 'wav' | 'mp3', create: () => Promise<CachedAudio>) {
    const file = this.#dir ? path.join(this.#dir, `${key}.${ext}`) : null;
    if (file) {
      try {
        const data = await readFile(file);
        const audio = { data, contentType: CONTENT_TYPES[ext] as string };
        this.#remember(key, audio);
        this.stats.diskHits++;
        const now = new Date();
        void utimes(file, now, now).catch(() => undefined);
        return { audio, cached: true };
      } catch {
        // not cached yet (or unreadable): make it
      }
    }
    this.stats.misses++;
    const audio = await create();
    this.#remember(key, audio);
    if (file && EXTENSIONS[audio.contentType] === ext) this.#track(this.#store(file, audio.data));
    return { audio, cached: false };
  }

  #remember(key: string, audio: CachedAudio) {
    const size = audio.data.length;
    if (size > this.#maxMemoryBytes / 2) return;
    this.#memory.set(key, audio);
    this.#memoryBytes += size;
    for (const [oldest, entry] of this.#memory) {
      if (this.#memoryBytes <= this.#maxMemoryBytes) break;
      this.#memory.delete(oldest);
      this.#memoryBytes -= entry.data.length;
    }
  }

  #track(write: Promise<void>) {
    this.#writes.add(write);
    void write.finally(() => this.#writes.delete(write));
  }

  async #store(file: string, data: Buffer): Promise<void> {
    const dir = path.dirname(file);
    try {
      this.#dirReady ??= mkdir(dir, { recursive: true }).then(() => undefined);
      await this.#dirReady;
      // Written aside and renamed: a reader (or another process) never sees half a file.
      const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temp, data);
      await rename(temp, file);
    } catch {
      this.#dirReady = null;
      return;
    }
    if (this.#diskBytes === null) {
      await this.#tidy();
    } else {
      this.#diskBytes += data.length;
      if (this.#diskBytes > this.#maxDiskBytes) await this.#tidy();
    }
  }

  /** Counts the directory and removes stale files, then the least recently used until under 80% of the cap. */
  #tidy(): Promise<void> {
    this.#tidying ??= this.#tidyNow().finally(() => {
      this.#tidying = null;
    });
    return this.#tidying;
  }

  async #tidyNow(): Promise<void> {
    const dir = this.#dir;
    if (!dir) return;
    const now = Date.now();
    const files: { file: string; size: number; used: number }[] = [];
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) continue;
      const temp = name.endsWith('.tmp');
      if (!temp && !NAME.test(name)) continue;
      if (now - info.mtimeMs > (temp ? STALE_TEMP_MS : this.#maxAgeMs)) {
        await unlink(file).catch(() => undefined);
        continue;
      }
      if (!temp) files.push({ file, size: info.size, used: info.mtimeMs });
    }
    let total = files.reduce((sum, entry) => sum + entry.size, 0);
    if (total > this.#maxDiskBytes) {
      files.sort((a, b) => a.used - b.used);
      for (const entry of files) {
        if (total <= this.#maxDiskBytes * 0.8) break;
        try {
          await unlink(entry.file);
          total -= entry.size;
        } catch (error) {
          if (isMissing(error)) total -= entry.size;
        }
      }
    }
    this.#diskBytes = total;
  }

  /** Waits for files still being written (tests, shutdown). */
  async flush(): Promise<void> {
    await Promise.all([...this.#writes]);
    await this.#tidying;
  }
}
