import { createHash } from 'node:crypto';
import { simulatedTextBehaviour } from '@callwise/shared/simulator';
import type { ProblemLogger as Logger } from '../../infra/logger.ts';
import type { MessageCarrier, MessageHost, SendMessageRequest, SentMessage } from './messaging.ts';

/** Seconds at real speed (SIMULATOR_SPEED=1) from a text's hand-over to its delivery, and on to the reply. */
export const SIMULATED_TEXT_TIMING = { deliver: 1, reply: 3 };
/** A simulated phone answers one text in this long: its reply's answer (STOP's confirmation) gets none. */
const REPLY_MEMORY_MS = 10 * 60_000;

/**
 * Texts without a phone network (decision 029): each text is taken (its id derived from ours, so the same text
 * handed over twice is one), reported delivered (or undelivered, for …0123) a moment later, and the phone at the
 * number answers as its last digits say (…0120 "C", …0121 "STOP", …0122 never) — once in ten minutes, so that an
 * answer to its answer is not answered again (per business number). Reports of a stopped process are not resumed: its texts stay `sent`.
 */
export class SimulatedMessaging implements MessageCarrier {
  readonly name = 'simulator' as const;
  private host: MessageHost | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly answered = new Map<string, number>();
  private stopped = false;

  constructor(
    private readonly options: {
      /** SIMULATOR_SPEED: 10 is ten times faster than real time. */
      speed: number;
      log: Logger;
      now?: () => number;
    },
  ) {}

  startMessaging(host: MessageHost): void {
    this.host = host;
    this.stopped = false;
  }

  async send(request: SendMessageRequest): Promise<SentMessage> {
    const providerMessageId = `SM${createHash('sha256').update(request.messageId).digest('hex').slice(0, 32)}`;
    const behaviour = simulatedTextBehaviour(request.to);
    this.later(SIMULATED_TEXT_TIMING.deliver, () =>
      this.host?.onMessageStatus({
        providerMessageId,
        messageId: request.messageId,
        status: behaviour.undelivered ? 'undelivered' : 'delivered',
        at: new Date(),
        ...(behaviour.undelivered ? { error: '30003: the phone is switched off or out of reach' } : {}),
      }),
    );
    if (behaviour.reply && !behaviour.undelivered && this.mayAnswer(request.from, request.to)) {
      const reply = behaviour.reply;
      this.later(SIMULATED_TEXT_TIMING.deliver + SIMULATED_TEXT_TIMING.reply, () =>
        this.host?.onInboundMessage({
          providerMessageId: `SM${createHash('sha256').update(`reply:${request.messageId}`).digest('hex').slice(0, 32)}`,
          from: request.to,
          to: request.from,
          body: reply,
          at: new Date(),
        }),
      );
    }
    return { providerMessageId };
  }

  /** A text someone writes to a business number (the simulator's own API, for trying the inbound side). */
  async receive(message: { from: string; to: string; body: string; id: string }): Promise<string> {
    if (!this.host) throw new Error('Texts are not being received in this process');
    const providerMessageId = `SM${createHash('sha256').update(`inbound:${message.id}`).digest('hex').slice(0, 32)}`;
    await this.host.onInboundMessage({
      providerMessageId,
      from: message.from,
      to: message.to,
      body: message.body,
      at: new Date(),
    });
    return providerMessageId;
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Whether the phone at `to` answers this business now: once in ten minutes to each business number. */
  private mayAnswer(from: string, to: string): boolean {
    const now = this.options.now?.() ?? Date.now();
    const key = `${from}>${to}`;
    const last = this.answered.get(key);
    if (last !== undefined && now - last < REPLY_MEMORY_MS) return false;
    this.answered.set(key, now);
    return true;
  }

  private later(seconds: number, work: () => Promise<void> | undefined) {
    if (this.stopped) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        void Promise.resolve()
          .then(work)
          .catch((error: unknown) => this.options.log.warn({ err: error }, 'simulated text report failed'));
      },
      (seconds * 1000) / Math.max(this.options.speed, 0.01),
    );
    timer.unref();
    this.timers.add(timer);
  }
}
