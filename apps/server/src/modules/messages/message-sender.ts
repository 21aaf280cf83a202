import type { Database } from '@callwise/db/client';
import { isListed } from '@callwise/db/queries/do-not-call';
import {
  abandonStaleMessages,
  claimDueMessage,
  finishMessage,
  recipientWindow,
} from '@callwise/db/queries/messages';
import type { MessageRow } from '@callwise/db/schema';
import { insideCallingWindow, nextCallingTime } from '@callwise/shared/calling-window';
import { isValidTimezone, timezoneForPhone } from '@callwise/shared/phone';
import { smsCost } from '@callwise/shared/sms';
import { type MessageCarrier, MessageRejectedError } from '../../engine/index.ts';
import { crashPoint } from '../../infra/crash-points.ts';
import type { Logger } from '../../infra/logger.ts';
import { everyMinuteJob } from '../../infra/queue.ts';

const MINUTE = 60_000;
/** A text claimed longer ago than this and still `sending`: its sender died (a hand-over takes seconds). */
export const STALE_MESSAGE_MS = 10 * MINUTE;
/** Tries of a text the carrier did not take (its pace, a fault), a few minutes apart, then `failed`. */
const MAX_ATTEMPTS = 5;
/**
 * Texts we send of our own accord keep to quiet hours as calls do (the account's calling window in the person's
 * time zone); a text the owner writes, and our answers to the customer's own text or call, go at once.
 */
const QUIET_HOURS_KINDS = new Set(['reminder', 'call_follow_up']);
/** Texts one run sends before it yields (the next run goes on at once when woken). */
const RUN_LIMIT = 200;

export interface MessageRun {
  sent: number;
  skipped: number;
  failed: number;
  abandoned: number;
}

/**
 * Sends the due texts one at a time (decision 029): claim (queued → sending, committed), check the stop rules, hand
 * to the carrier, mark sent with the carrier's id and the cost. A crash between claim and mark leaves the text
 * `sending`; a later run marks it `unknown` and never sends it again (at most once: Twilio's Messages API has no
 * idempotency key). A text the carrier refused for good is `failed`; one it did not take now goes back to the queue.
 */
export class MessageSender {
  constructor(
    private readonly deps: {
      db: Database;
      carrier: Pick<MessageCarrier, 'send'>;
      businessNumber: (accountId: string) => Promise<string | null>;
      ratePerSegmentUsd: number;
      log: Pick<Logger, 'warn'>;
      /** Replaces every account's calling window (tests and benches only; see CALLING_WINDOW_OVERRIDE). */
      windowOverride?: { start: string; end: string } | null;
    },
  ) {}

  /** When an automatic text may go if not now (quiet hours), or null: now. */
  private async heldUntil(row: MessageRow, now: Date): Promise<Date | null> {
    if (!QUIET_HOURS_KINDS.has(row.kind)) return null;
    const where = await recipientWindow(this.deps.db, row.accountId, row.phone);
    if (!where) return null;
    const zone =
      (where.contactTimezone && isValidTimezone(where.contactTimezone) ? where.contactTimezone : null) ??
      timezoneForPhone(row.phone) ??
      where.accountTimezone;
    const window = this.deps.windowOverride ?? { start: where.start, end: where.end };
    return insideCallingWindow(now, zone, window) ? null : nextCallingTime(now, zone, window);
  }

  async sendDue(now = new Date()): Promise<MessageRun> {
    const { db, log } = this.deps;
    const run: MessageRun = { sent: 0, skipped: 0, failed: 0, abandoned: 0 };
    const abandoned = await abandonStaleMessages(db, new Date(now.getTime() - STALE_MESSAGE_MS));
    for (const row of abandoned) {
      log.warn({ id: row.id }, 'text left sending by a crash: marked unknown, not sent again');
    }
    run.abandoned = abandoned.length;
    for (let count = 0; count < RUN_LIMIT; count++) {
      const row = await claimDueMessage(db, now);
      if (!row) break;
      // A number that opted out gets nothing more, but the one confirmation of its STOP (and HELP's answer).
      if (row.kind !== 'keyword_reply' && (await isListed(db, row.accountId, [row.phone])).has(row.phone)) {
        await finishMessage(db, row.id, { status: 'skipped', error: 'The number opted out: not sent' });
        run.skipped++;
        continue;
      }
      const until = await this.heldUntil(row, now);
      if (until) {
        await finishMessage(db, row.id, { status: 'held', sendAt: until });
        continue;
      }
      const from = await this.deps.businessNumber(row.accountId);
      if (!from) {
        await finishMessage(db, row.id, {
          status: 'failed',
          error: 'The account has no business number to text from: choose one in Settings → Assistant',
        });
        run.failed++;
        continue;
      }
      crashPoint('message.after-claim');
      let sent: Awaited<ReturnType<MessageCarrier['send']>>;
      try {
        sent = await this.deps.carrier.send({ messageId: row.id, from, to: row.phone, body: row.body });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof MessageRejectedError || row.attempts >= MAX_ATTEMPTS) {
          await finishMessage(db, row.id, { status: 'failed', error: message, businessNumber: from });
          run.failed++;
        } else {
          const sendAt = new Date(now.getTime() + 2 ** row.attempts * MINUTE);
          await finishMessage(db, row.id, { status: 'queued', error: message, sendAt });
        }
        log.warn({ id: row.id, error: message }, 'text not taken by the carrier');
        continue;
      }
      crashPoint('message.after-send');
      await finishMessage(db, row.id, {
        status: 'sent',
        providerMessageId: sent.providerMessageId,
        businessNumber: from,
        cost:
          sent.costCents !== undefined
            ? sent.costCents / 100
            : smsCost(row.segments, this.deps.ratePerSegmentUsd),
      });
      run.sent++;
    }
    return run;
  }
}

export const SEND_MESSAGES = 'send-messages';

/** Every minute, and at once when a text is written: sends the texts that are due. */
export function sendMessagesJob(sender: () => MessageSender) {
  return everyMinuteJob(SEND_MESSAGES, () => sender().sendDue());
}
