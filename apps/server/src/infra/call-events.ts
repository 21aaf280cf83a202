import { EventEmitter } from 'node:events';
import type { DatabaseHandle } from '@callwise/db/client';
import { API_KEYS_CHANNEL } from '@callwise/db/queries/api-keys';
import { BOOKINGS_CHANNEL } from '@callwise/db/queries/booking-settings';
import { CALL_EVENTS_CHANNEL, CALLS_DUE_CHANNEL } from '@callwise/db/queries/call-rows';
import { MESSAGE_EVENTS_CHANNEL } from '@callwise/db/queries/messages';
import { SESSIONS_CHANNEL } from '@callwise/db/queries/sessions';
import { WEBHOOKS_DUE_CHANNEL } from '@callwise/db/queries/webhooks';
import type { CallEvent } from '@callwise/shared/schemas/calls';
import type pg from 'pg';
import type { ProblemLogger as Logger } from './logger.ts';

/** The channels the bus listens on. */
const CHANNELS = [
  CALL_EVENTS_CHANNEL,
  CALLS_DUE_CHANNEL,
  API_KEYS_CHANNEL,
  SESSIONS_CHANNEL,
  WEBHOOKS_DUE_CHANNEL,
  BOOKINGS_CHANNEL,
  MESSAGE_EVENTS_CHANNEL,
] as const;

/** A change of one of an account's texts, as the live stream sends it (`event: message`). */
export interface MessageEvent {
  id: string;
  status: string;
}

/**
 * Changes of calls (and revoked API keys, ended sessions), from every process: the queries announce each change
 * with NOTIFY (delivered on commit), and this bus LISTENs — on PGlite in process, on PostgreSQL over one
 * dedicated connection (re-established when it drops). Subscribers get the changes of one account.
 */
export class CallEventBus {
  private readonly emitter = new EventEmitter();
  private stopListening: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: Logger,
  ) {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    if (this.database.pglite) {
      const pglite = this.database.pglite;
      const offs: Array<() => Promise<void>> = [];
      for (const channel of CHANNELS)
        offs.push(await pglite.listen(channel, (payload) => this.onNotification(channel, payload)));
      this.stopListening = async () => {
        for (const off of offs) await off();
      };
      return;
    }
    if (this.database.pool) await this.listenOnPool(this.database.pool);
  }

  private async listenOnPool(pool: pg.Pool) {
    let client: pg.PoolClient | null = null;
    const connect = async () => {
      if (this.closed) return;
      try {
        client = await pool.connect();
        client.on('notification', (message) => this.onNotification(message.channel, message.payload ?? ''));
        client.on('error', (error) => {
          this.log.warn({ err: error }, 'call events: listening connection lost; reconnecting');
          client?.release(true);
          client = null;
          setTimeout(connect, 1000).unref();
        });
        await client.query(CHANNELS.map((channel) => `LISTEN ${channel};`).join(' '));
        // Anything may have changed while we were not listening.
        this.emitter.emit('due');
        this.emitter.emit('resync');
      } catch (error) {
        this.log.warn({ err: error }, 'call events: cannot listen; retrying');
        setTimeout(connect, 1000).unref();
      }
    };
    await connect();
    this.stopListening = async () => {
      const current = client as pg.PoolClient | null;
      client = null;
      if (current) {
        await current.query(`UNLISTEN *`).catch(() => undefined);
        current.release();
      }
    };
  }

  /** A notice on one of the channels, from whichever engine. */
  private onNotification(channel: string, payload: string) {
    if (channel === CALL_EVENTS_CHANNEL) this.onEvent(payload);
    else if (channel === CALLS_DUE_CHANNEL) this.emitter.emit('due');
    else if (channel === API_KEYS_CHANNEL) this.emitter.emit('api-key', payload);
    else if (channel === SESSIONS_CHANNEL) this.emitter.emit('session', payload);
    else if (channel === WEBHOOKS_DUE_CHANNEL) this.emitter.emit('webhooks-due', '');
    else if (channel === BOOKINGS_CHANNEL) this.emitter.emit('bookings', payload);
    else if (channel === MESSAGE_EVENTS_CHANNEL) this.onMessageEvent(payload);
  }

  private onMessageEvent(payload: string) {
    try {
      const event = JSON.parse(payload) as { a: string; id: string; s: string };
      this.emitter.emit(`messages:${event.a}`, { id: event.id, status: event.s } satisfies MessageEvent);
    } catch {
      // Not ours.
    }
  }

  /** The changes of one account's texts. Returns the unsubscribe function. */
  subscribeMessages(accountId: string, listener: (event: MessageEvent) => void): () => void {
    this.emitter.on(`messages:${accountId}`, listener);
    return () => this.emitter.off(`messages:${accountId}`, listener);
  }

  private onEvent(payload: string) {
    try {
      const event = JSON.parse(payload) as { a: string; id: string; s: string; o: string | null; v: number };
      // Caches of the account's calls first, so that subscribers who fetch on an event get fresh data.
      this.emitter.emit('account-changed', event.a);
      this.emitter.emit(`account:${event.a}`, {
        id: event.id,
        status: event.s,
        outcome: event.o,
        version: Number(event.v),
      } as CallEvent);
    } catch {
      // Not ours.
    }
  }

  /** The changes of one account's calls. Returns the unsubscribe function. */
  subscribe(accountId: string, listener: (event: CallEvent) => void): () => void {
    this.emitter.on(`account:${accountId}`, listener);
    return () => this.emitter.off(`account:${accountId}`, listener);
  }

  /**
   * Any change of an account's calls (called before the account's subscribers), and `null` after the
   * listening connection was re-established, when anything may have changed unseen.
   */
  onAccountChanged(listener: (accountId: string | null) => void): () => void {
    return this.onNotice('account-changed', listener);
  }

  /** A webhook delivery not caused by a call was queued (an appointment's), or a reconnection may have missed one. */
  onWebhooksDue(listener: () => void): () => void {
    return this.onNotice('webhooks-due', () => listener());
  }

  /**
   * An API key was revoked (its hash, from any process), and `null` after the listening connection was
   * re-established, when a revocation may have been missed.
   */
  onApiKeyRevoked(listener: (keyHash: string | null) => void): () => void {
    return this.onNotice('api-key', listener);
  }

  /**
   * A session ended or its user changed (the database's notice, from any process: see SESSIONS_CHANNEL), and
   * `null` after the listening connection was re-established, when a notice may have been missed.
   */
  onSessionChanged(listener: (notice: string | null) => void): () => void {
    return this.onNotice('session', listener);
  }

  /**
   * What open slots are computed from changed (appointments, booking settings, a time zone: BOOKINGS_CHANNEL):
   * the accounts' ids, comma-separated, or '*'; `null` on a resync, when a notice may have been missed.
   */
  onBookingsChanged(listener: (accounts: string | null) => void): () => void {
    return this.onNotice('bookings', listener);
  }

  /** The notices of one kind, and `null` on every resync (when notices may have been missed). */
  private onNotice(event: string, listener: (payload: string | null) => void): () => void {
    const noticed = (payload: string) => listener(payload);
    const resync = () => listener(null);
    this.emitter.on(event, noticed);
    this.emitter.on('resync', resync);
    return () => {
      this.emitter.off(event, noticed);
      this.emitter.off('resync', resync);
    };
  }

  /** A call may have become due (created in any process). */
  onCallsDue(listener: () => void): () => void {
    this.emitter.on('due', listener);
    return () => this.emitter.off('due', listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stopListening?.();
    this.emitter.removeAllListeners();
  }
}
