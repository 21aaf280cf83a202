import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import { sendJob } from '../jobs/send.ts';

/** The job that e-mails an account's failure alert (defined with the calls' notifications, sent from here). */
export const CALL_FAILURE_ALERT = 'call-failure-alert';
export const callFailureAlertPayload = z.object({ accountId: z.uuid(), windowStart: z.number().int() });

/**
 * Failures are gathered per account over a window (FAILURE_ALERT_WINDOW_SECONDS, a minute by default), then
 * reported in one e-mail. The window a failure at `at` belongs to, and the job id that stands for it (the same
 * for every failure in it).
 */
export function failureAlertWindow(accountId: string, at: number, windowMs: number) {
  const start = Math.floor(at / windowMs) * windowMs;
  const hash = createHash('sha256').update(`${accountId}:${start}`).digest('hex');
  const id = `${hash.slice(0, 8)}-${hash.slice(8, 12)}-4${hash.slice(13, 16)}-a${hash.slice(17, 20)}-${hash.slice(20, 32)}`;
  return { start, id };
}

/** Makes sure an account's failure alert for the window of a failure is coming (one job per account and window). */
export class FailureAlerts {
  private readonly alertedWindows = new Set<string>();

  constructor(private readonly deps: { queue: PgBoss; windowMs: number }) {}

  async alert(accountId: string, endedAt: number): Promise<void> {
    const { windowMs } = this.deps;
    const window = failureAlertWindow(accountId, endedAt, windowMs);
    if (this.alertedWindows.has(window.id)) return;
    // A job id made from the window: another process sending the same job changes nothing.
    await sendJob(
      this.deps.queue,
      CALL_FAILURE_ALERT,
      { accountId, windowStart: window.start },
      { id: window.id, startAfter: new Date(window.start + windowMs + 1000) },
    );
    this.alertedWindows.add(window.id);
    if (this.alertedWindows.size > 10_000) this.alertedWindows.clear();
  }
}
