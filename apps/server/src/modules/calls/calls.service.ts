import { randomUUID } from 'node:crypto';
import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import {
  type AppliedStatus,
  applyCarrierStatuses,
  attachRecording,
  type CallRow,
  type CarrierStatusChange,
  cancelCall,
  detachRecording,
  findCallByProviderId,
  insertCallsWithinAllowance,
  type NewCall,
  scheduleRetry,
  setCallOutcome,
} from '@callwise/db/queries/call-engine';
import { getCall } from '@callwise/db/queries/calls';
import { getContact } from '@callwise/db/queries/contacts';
import { getScript } from '@callwise/db/queries/scripts';
import type { CallType } from '@callwise/shared/calls';
import { normalizePhone } from '@callwise/shared/phone';
import { PLANS, type PlanId, planAllowsVoice } from '@callwise/shared/plans';
import type { createCallInputSchema } from '@callwise/shared/schemas/calls';
import { renderTemplate } from '@callwise/shared/variables';
import { findVoice, VOICE_IDS, type VoiceId } from '@callwise/shared/voices';
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { createBatcher } from '../../lib/batcher.ts';
import { type DialogueEngine, KEY_MENU } from '../../providers/dialogue/index.ts';
import { concatPcm, pcmDurationSeconds, silence } from '../../providers/speech/audio.ts';
import type { SpeechService } from '../../providers/speech/speech.ts';
import type { FileStorage, StoredFile } from '../../providers/storage/index.ts';
import type { CallHost, CarrierStatusEvent } from '../../providers/telephony/carrier.ts';
import { CALL_FAILURE_ALERT, failureAlertWindow } from './call-notifications.job.ts';

type CreateCallInput = z.output<typeof createCallInputSchema>;
type Transcript = NonNullable<CallRow['transcript']>;

/** Seconds of a call beyond the spoken message: the menu's pause, the callee's answer and our reply. */
const CONVERSATION_OVERHEAD_SECONDS = 6;
/** A time in the past by less than this is taken to mean "now" (the form rounds to the minute). */
const PAST_GRACE_MS = 5 * 60_000;

const validation = (path: string, message: string) =>
  new AppError('validation_failed', message, [{ field: path, message }]);

/** A problem with one call of a batch, named by its place: `calls.<index>.<field>`. */
function inBatch(error: unknown, index: number): unknown {
  if (!(error instanceof AppError)) return error;
  const details = Array.isArray(error.details)
    ? (error.details as Array<{ field: string; message: string }>).map((detail) => ({
        ...detail,
        field: `calls.${index}.${detail.field}`,
      }))
    : error.details;
  return new AppError(error.code, `calls[${index}]: ${error.message}`, details, error.headers);
}

export interface CallServiceDeps {
  db: Database;
  config: Pick<
    Config,
    | 'CALL_RATE_PER_MINUTE_USD'
    | 'CALL_RETRY_ATTEMPTS'
    | 'CALL_RETRY_DELAY_SECONDS'
    | 'FAILURE_ALERT_WINDOW_SECONDS'
  >;
  speech: SpeechService;
  dialogue: DialogueEngine;
  storage: FileStorage;
  queue: PgBoss;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** Tells this process's dispatcher that a call may be due. */
  onCallsDue?: () => void;
}

/** Creating and cancelling calls, their recordings, and our side of each call a carrier places. */
export class CallService {
  /** Status reports arriving together are applied in one statement. */
  private readonly applyStatus: (change: CarrierStatusChange) => Promise<AppliedStatus | null>;

  constructor(private readonly deps: CallServiceDeps) {
    this.applyStatus = createBatcher((changes) => applyCarrierStatuses(deps.db, changes), {
      waitMs: 5,
      maxSize: 500,
    });
  }

  async create(accountId: string, input: CreateCallInput): Promise<CallRow> {
    const [call] = await this.createMany(accountId, [input], { batch: false });
    if (!call) throw new Error('no call created');
    return call;
  }

  /**
   * Creates several calls together, all or none (POST /v1/calls/batch): each is checked as a single call would
   * be, a problem names the call (`calls.<index>.<field>`), and the allowance must hold them all.
   */
  async createMany(
    accountId: string,
    inputs: CreateCallInput[],
    options: { batch: boolean } = { batch: true },
  ): Promise<CallRow[]> {
    const { db } = this.deps;
    const account = await findAccount(db, accountId);
    if (!account) throw notFound('Account');
    const plan = account.plan as PlanId;
    const rows: NewCall[] = [];
    // A few at a time: each may synthesise its message to measure it.
    for (let start = 0; start < inputs.length; start += 8) {
      const chunk = inputs.slice(start, start + 8);
      const prepared = await Promise.all(
        chunk.map((input, offset) =>
          this.prepare(account, plan, input).catch((error: unknown) => {
            throw options.batch ? inBatch(error, start + offset) : error;
          }),
        ),
      );
      rows.push(...prepared);
    }

    const limit = plan === 'trial' ? PLANS.trial.callsIncluded : null;
    const result = await insertCallsWithinAllowance(db, accountId, rows, { limit, since: null });
    if (!result.ok) {
      const left = Math.max(0, result.included - result.used);
      throw new AppError(
        'call_limit_reached',
        options.batch && left > 0
          ? `Your free trial has ${left} of its ${result.included} calls left, fewer than the ${rows.length} in this batch. Upgrade to a paid plan to schedule more calls.`
          : `Your free trial includes ${result.included} calls and all of them are used. Upgrade to a paid plan to schedule more calls.`,
        { used: result.used, included: result.included, upgrade_url: '/pricing' },
      );
    }
    this.deps.onCallsDue?.();
    // In the order asked for.
    const byId = new Map(result.calls.map((call) => [call.id, call]));
    return rows.map((row) => byId.get(row.id as string) as CallRow);
  }

  /** One call checked and rendered, ready to insert. */
  private async prepare(
    account: NonNullable<Awaited<ReturnType<typeof findAccount>>>,
    plan: PlanId,
    input: CreateCallInput,
  ): Promise<NewCall & { accountId: string }> {
    const { db } = this.deps;
    const accountId = account.id;
    const voice = input.voice as VoiceId;
    if (!planAllowsVoice(plan, VOICE_IDS.indexOf(voice))) {
      throw new AppError(
        'forbidden',
        `The ${findVoice(voice)?.name ?? voice} voice is not included in the ${PLANS[plan].name} plan. Choose another voice or upgrade.`,
      );
    }

    let recipientName = input.recipient_name?.trim() ?? '';
    let phone: string;
    let contactId: string | null = null;
    const extraValues: Record<string, string> = {};
    if (input.contact_id) {
      const contact = await getContact(db, accountId, input.contact_id);
      if (!contact) throw notFound('Contact');
      contactId = contact.id;
      recipientName = recipientName || contact.name;
      phone = contact.phone;
      if (contact.company) extraValues.company = contact.company;
    } else {
      const parsed = normalizePhone(input.phone ?? '', (account.defaultCountry || 'US') as never);
      if (!parsed.ok) throw validation('phone', parsed.message);
      phone = parsed.e164;
    }

    let text: string;
    let scriptId: string | null = null;
    if (input.script_id) {
      const script = await getScript(db, accountId, input.script_id);
      if (!script) throw notFound('Script');
      scriptId = script.id;
      text = script.content;
    } else {
      text = (input.message ?? input.script ?? '').trim();
    }
    if (!text) throw validation('message', 'Please enter a message for the call.');

    const rendered = renderTemplate(text, {
      ...extraValues,
      ...input.variables,
      name: input.variables.name ?? recipientName,
    });
    if (!rendered.ok) {
      const list = rendered.missing.map((name) => `{{${name}}}`).join(', ');
      throw new AppError(
        'validation_failed',
        `The message uses ${list}: give a value for each in variables.`,
        [...rendered.missing.map((name) => ({ field: `variables.${name}`, message: 'needs a value' }))],
      );
    }

    const now = Date.now();
    let scheduledAt = input.scheduled_at ? new Date(input.scheduled_at) : new Date(now);
    if (scheduledAt.getTime() < now - PAST_GRACE_MS) {
      throw validation('scheduled_at', 'The schedule time is in the past. Choose a time from now on.');
    }
    if (scheduledAt.getTime() < now) scheduledAt = new Date(now);
    const dueNow = scheduledAt.getTime() <= now + 1000;

    return {
      id: randomUUID(),
      accountId,
      contactId,
      scriptId,
      recipientName: recipientName || 'there',
      phone,
      callType: input.call_type,
      message: rendered.text,
      voice,
      scheduledAt,
      status: dueNow ? 'queued' : 'scheduled',
      callbackUrl: input.callback_url ?? null,
      estimatedDuration: await this.estimateDuration(voice, rendered.text),
    };
  }

  /** The real length of what will be said: the spoken message and the key menu, plus the exchange after it. */
  private async estimateDuration(voice: VoiceId, message: string): Promise<number> {
    try {
      const [spoken, menu] = await Promise.all([
        this.deps.speech.speak(voice, message),
        this.deps.speech.speak(voice, KEY_MENU),
      ]);
      return Math.round(
        pcmDurationSeconds(spoken) + pcmDurationSeconds(menu) + CONVERSATION_OVERHEAD_SECONDS,
      );
    } catch (error) {
      // The estimate is not worth refusing the call for: fall back to a speaking rate of 150 words a minute.
      this.deps.log.warn({ err: error }, 'speech unavailable for the duration estimate');
      const words = `${message} ${KEY_MENU}`.split(/\s+/).length;
      return Math.round((words / 150) * 60 + CONVERSATION_OVERHEAD_SECONDS);
    }
  }

  async cancel(accountId: string, id: string): Promise<CallRow> {
    const result = await cancelCall(this.deps.db, accountId, id);
    if (result.ok) return result.call;
    if (result.reason === 'not_found') throw notFound('Call');
    throw new AppError(
      'conflict',
      'This call can no longer be cancelled: it is already being placed or has ended.',
    );
  }

  async recording(accountId: string, id: string): Promise<StoredFile> {
    const call = await getCall(this.deps.db, accountId, id);
    if (!call) throw notFound('Call');
    if (!call.recordingKey) throw notFound('Recording');
    const file = await this.deps.storage.get(call.recordingKey);
    if (!file) throw notFound('Recording');
    return file;
  }

  async deleteRecording(accountId: string, id: string): Promise<void> {
    const key = await detachRecording(this.deps.db, accountId, id);
    if (!key) throw notFound('Recording');
    await this.deps.storage.delete(key);
  }

  /** Our side of the calls a carrier places. */
  readonly host: CallHost = {
    onStatus: (event) => this.onStatus(event),
    onAnswer: async (providerCallId, answeredBy) => {
      const call = await findCallByProviderId(this.deps.db, providerCallId);
      if (!call) return null;
      const voice = call.voice as VoiceId;
      const message = await this.deps.speech.speak(voice, call.message);
      if (answeredBy === 'machine') {
        await setCallOutcome(this.deps.db, call.id, {
          outcome: 'voicemail',
          transcript: [{ speaker: 'ai', text: call.message, at: 0 }],
        });
        return { audio: message, gather: false };
      }
      const menu = await this.deps.speech.speak(voice, KEY_MENU);
      return { audio: concatPcm([message, silence(400), menu]), gather: true };
    },
    onInput: async (providerCallId, input) => {
      const call = await findCallByProviderId(this.deps.db, providerCallId);
      if (!call) return null;
      const account = await findAccount(this.deps.db, call.accountId);
      const answer = await this.deps.dialogue.respond(input, {
        message: call.message,
        callType: call.callType as CallType,
        businessName: account?.name ?? 'us',
        recipientName: call.recipientName,
      });
      const heard = input.digits
        ? `Pressed ${input.digits}`
        : input.speech?.trim()
          ? input.speech.trim()
          : '(no response)';
      const transcript: Transcript = [
        { speaker: 'ai', text: `${call.message} ${KEY_MENU}`, at: 0 },
        { speaker: 'callee', text: heard, at: 1 },
        { speaker: 'ai', text: answer.reply, at: 2 },
      ];
      await setCallOutcome(this.deps.db, call.id, { outcome: answer.outcome, transcript });
      return { reply: await this.deps.speech.speak(call.voice as VoiceId, answer.reply) };
    },
    onRecording: async (providerCallId, recording) => {
      const call = await findCallByProviderId(this.deps.db, providerCallId);
      if (!call) return;
      const key = `recordings/${call.accountId}/${call.id}.wav`;
      await this.deps.storage.put(key, recording.data, recording.contentType);
      await attachRecording(this.deps.db, call.id, { key, url: `/v1/calls/${call.id}/recording` });
    },
  };

  private async onStatus(event: CarrierStatusEvent) {
    const { db, config } = this.deps;
    const row = await this.applyStatus({
      providerCallId: event.providerCallId,
      callId: event.callId,
      status: event.status,
      at: event.at,
      answeredBy: event.answeredBy ?? null,
      durationSeconds: event.durationSeconds ?? null,
      failureReason: event.failureReason ?? null,
      costPerMinute: config.CALL_RATE_PER_MINUTE_USD,
    });
    if (!row) return;
    if (row.status === 'busy' || row.status === 'no-answer') {
      if (row.attempts <= config.CALL_RETRY_ATTEMPTS) {
        const at = new Date(Date.now() + config.CALL_RETRY_DELAY_SECONDS * 1000);
        const retried = await scheduleRetry(db, row.id, { status: row.status, attempts: row.attempts }, at);
        if (retried) return;
      }
    }
    if (row.status === 'failed' || row.status === 'busy' || row.status === 'no-answer') {
      await this.alertFailure(row.accountId, row.endedAt?.getTime() ?? Date.now());
    }
  }

  private readonly alertedWindows = new Set<string>();

  /** Makes sure the account's failure alert for this minute is coming (one job per account and minute). */
  private async alertFailure(accountId: string, endedAt: number) {
    const windowMs = this.deps.config.FAILURE_ALERT_WINDOW_SECONDS * 1000;
    const window = failureAlertWindow(accountId, endedAt, windowMs);
    if (this.alertedWindows.has(window.id)) return;
    // A job id made from the window: another process sending the same job changes nothing.
    await this.deps.queue.send(
      CALL_FAILURE_ALERT,
      { accountId, windowStart: window.start },
      { id: window.id, startAfter: new Date(window.start + windowMs + 1000) },
    );
    this.alertedWindows.add(window.id);
    if (this.alertedWindows.size > 10_000) this.alertedWindows.clear();
  }
}
