import type { Database } from '@callwise/db/client';
import { findLiveSession } from '@callwise/db/queries/sessions';
import { SingleFlight } from '../../util/single-flight.ts';

export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

/** How long a checked session is believed without reading it again (a missed notice is forgotten after this). */
export const SESSION_CACHE_TTL_MS = 10_000;
const CACHE_MAX = 10_000;

interface Entry {
  session: LiveSession;
  expiresAt: number;
}

/**
 * The sessions this process has checked, for a few seconds: the web app sends its access token with every
 * request, and reading the session each time was half of the database work of a list page. A session that
 * ends anywhere (sign-out, password change, deleted user or account) and a user whose e-mail changes are
 * announced by the database (SESSIONS_CHANNEL) and forgotten here at once; only sessions that exist are kept.
 */
export class LiveSessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Reads under way, by session, in the generation of `forgets` they started in. */
  private readonly reads = new SingleFlight<LiveSession | undefined>();
  /** How many notices arrived: a read under way when one did is not kept. */
  private forgets = 0;

  constructor(
    private readonly db: Database,
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
  ) {}

  async find(sessionId: string, userId: string): Promise<LiveSession | undefined> {
    const now = Date.now();
    const entry = this.entries.get(sessionId);
    if (entry && entry.expiresAt > now && entry.session.userId === userId) return entry.session;
    // The web app sends several requests at once: the session is read once for all of them.
    const forgets = this.forgets;
    return this.reads.run(`${sessionId}\n${userId}`, forgets, async () => {
      const session = await findLiveSession(this.db, sessionId, userId);
      if (forgets !== this.forgets) return session ?? undefined;
      if (!session) {
        this.entries.delete(sessionId);
        return undefined;
      }
      if (this.entries.size >= CACHE_MAX) this.entries.clear();
      this.entries.set(sessionId, { session, expiresAt: Date.now() + this.ttlMs });
      return session;
    });
  }

  /**
   * A notice of the database: 's:<session id>' (the session ended), 'u:<user id>' (the user changed), or null
   * when notices may have been missed (the listening connection was re-established): then everything.
   */
  forget(notice: string | null): void {
    this.forgets++;
    if (notice === null) {
      this.entries.clear();
    } else if (notice.startsWith('s:')) {
      this.entries.delete(notice.slice(2));
    } else if (notice.startsWith('u:')) {
      const userId = notice.slice(2);
      for (const [id, entry] of this.entries) if (entry.session.userId === userId) this.entries.delete(id);
    }
  }
}
