import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import { findCallById, findCallByProviderId } from '@callwise/db/queries/call-rows';
import {
  type AppliedStatus,
  applyCarrierStatuses,
  attachRecording,
  type CarrierStatusChange,
  setCallOutcome,
} from '@callwise/db/queries/call-status';
import { callOpening } from '@callwise/shared/call-prompt';
import type { VoiceId } from '@callwise/shared/voices';
import type PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import { notFound } from '../http/app-error.ts';
import { crashPoint } from '../infra/crash-points.ts';
import { sendJob } from '../jobs/send.ts';
import type { Pcm } from '../providers/speech/audio.ts';
import type { SpeechService } from '../providers/speech/speech.ts';
import type { FileStorage } from '../providers/storage/index.ts';
import { createBatcher } from '../util/batcher.ts';
import { CallConversation, type ConversationGoals } from './call-conversation.ts';
import { speakPrompt } from './call-prompt.ts';
import type { CallHost, CarrierStatusEvent } from './carriers/carrier.ts';
import type { DialogueEngine } from './conversation/index.ts';
import { FailureAlerts } from './failure-alerts.ts';
import { CALL_MESSAGE_ALERTS } from './message-alerts.ts';

export interface CallHostDeps {
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
  /** Tells this process's dispatcher that a call may be due (a retry). */
  onCallsDue?: () => void;
  /** What conversations reach through other parts (built after the host, hence reached through functions). */
  goals: ConversationGoals;
}

/**
 * Our side of each call a carrier places, whichever process the carrier's report reaches: its status (with the
 * retry of a busy or unanswered attempt and the failure alert), what the callee hears on answering, the
 * conversation's turns, and the recording. The status change's other reactions — the appointment's answer, the
 * webhook deliveries, the account's change notice — are the database's (`CALL_STATUS_TRIGGERS` in
 * `@callwise/db/queries/call-status`).
 */
export class CallHostService {
  /** Status reports arriving together are applied in one statement. */
  private readonly applyStatus: (change: CarrierStatusChange) => Promise<AppliedStatus | null>;

  private readonly failureAlerts: FailureAlerts;
  /** The turns of each call's conversation. */
  readonly conversation: CallConversation;

  constructor(private readonly deps: CallHostDeps) {
    this.conversation = new CallConversation({
      db: deps.db,
      speech: deps.speech,
      dialogue: deps.dialogue,
      goals: deps.goals,
      onMessage: () => {
        sendJob(deps.queue, CALL_MESSAGE_ALERTS, {}).catch(() => undefined);
      },
    });
    this.failureAlerts = new FailureAlerts({
      queue: deps.queue,
      windowMs: deps.config.FAILURE_ALERT_WINDOW_SECONDS * 1000,
    });
    const retry = {
      attempts: deps.config.CALL_RETRY_ATTEMPTS,
      delaySeconds: deps.config.CALL_RETRY_DELAY_SECONDS,
    };
    const between = () => crashPoint('status.between-status-and-retry');
    this.applyStatus = createBatcher(
      (changes) => applyCarrierStatuses(deps.db, changes, { retry, between }),
      { waitMs: 5, maxSize: 500 },
    );
  }

  /** Whether a call's recording is stored already (a repeated recording report is then ignored). */
  async hasRecording(id: string): Promise<boolean> {
    const call = await findCallById(this.deps.db, id);
    return Boolean(call?.recordingKey);
  }

  /** The carrier's view of this host. */
  readonly host: CallHost = {
    onStatus: async (event) => {
      await this.onStatus(event);
    },
    onAnswer: async (providerCallId, answeredBy) => {
      const call = await findCallByProviderId(this.deps.db, providerCallId);
      if (!call) return null;
      // A call to the business: the assistant's greeting (with its menu), then it listens.
      if (call.direction === 'inbound') {
        return { audio: await this.deps.speech.speak(call.voice as VoiceId, call.message), gather: true };
      }
      const account = await findAccount(this.deps.db, call.accountId);
      if (!account) throw notFound('Account');
      // The disclosure, the message and the menu (none on a voicemail, nor after a message offering its own):
      // the same audio as the voice preview.
      const prompt = await speakPrompt(this.deps.speech, call.voice as VoiceId, account, call.message, {
        answeredBy,
      });
      if (answeredBy === 'machine') {
        // A voicemail names the business too, and how to stop the calls.
        await setCallOutcome(this.deps.db, call.id, {
          outcome: 'voicemail',
          transcript: [{ speaker: 'ai', text: prompt.text, at: 0 }],
          onlyFirst: true,
        });
        return { audio: prompt.audio, gather: false };
      }
      return { audio: prompt.audio, gather: true };
    },
    onInput: async (providerCallId, input) => {
      const call = await findCallByProviderId(this.deps.db, providerCallId);
      return call ? this.conversation.onInput(call, input) : null;
    },
    onTransferEnded: async (providerCallId, result) => {
      const call = await findCallByProviderId(this.deps.db, providerCallId);
      return call ? this.conversation.onTransferEnded(call, result.answered) : null;
    },
    onIncoming: (call) => this.conversation.onIncoming(call),
    onRecording: async (providerCallId, recording) => {
      const call = await findCallByProviderId(this.deps.db, providerCallId);
      if (!call) return;
      const key = `recordings/${call.accountId}/${call.id}.wav`;
      await this.deps.storage.put(key, recording.data, recording.contentType);
      await attachRecording(this.deps.db, call.id, { key, url: `/v1/calls/${call.id}/recording` });
    },
  };

  /**
   * What every answered call opens with: the account's disclosure naming the business, then the opt-out offer
   * (the opt-out key works from the first word: the carrier listens for keys while the prompt plays).
   */
  async opening(accountId: string, voice: VoiceId): Promise<Pcm> {
    return this.deps.speech.speak(voice, await this.openingText(accountId));
  }

  async openingText(accountId: string): Promise<string> {
    const account = await findAccount(this.deps.db, accountId);
    if (!account) throw notFound('Account');
    return callOpening(account);
  }

  /**
   * A carrier's report about one attempt of a call. The status and, for a busy or unanswered call with
   * attempts left, its retry are written together (applyCarrierStatuses); only the failure alert follows.
   * Returns the change, or null when the report changed nothing (a replay, a stale or foreign report).
   */
  async onStatus(event: CarrierStatusEvent): Promise<AppliedStatus | null> {
    const { config } = this.deps;
    crashPoint('status.before-apply');
    const row = await this.applyStatus({
      providerCallId: event.providerCallId,
      callId: event.callId,
      attempt: event.attempt,
      status: event.status,
      at: event.at,
      answeredBy: event.answeredBy ?? null,
      durationSeconds: event.durationSeconds ?? null,
      failureReason: event.failureReason ?? null,
      costPerMinute: config.CALL_RATE_PER_MINUTE_USD,
    });
    if (!row) return null;
    crashPoint('status.after-apply');
    if (row.retryAt) {
      // This process's dispatcher may be asleep past the retry's time.
      this.deps.onCallsDue?.();
      return row;
    }
    if (row.status === 'failed' || row.status === 'busy' || row.status === 'no-answer') {
      await this.alertFailure(row.accountId, row.endedAt?.getTime() ?? Date.now());
    }
    return row;
  }

  /** A call failed outside a carrier report (the sweep): its account's failure alert is coming. */
  async alertFailureNow(accountId: string): Promise<void> {
    await this.alertFailure(accountId, Date.now());
  }

  /** Makes sure the account's failure alert for this minute is coming (one job per account and minute). */
  private alertFailure(accountId: string, endedAt: number): Promise<void> {
    return this.failureAlerts.alert(accountId, endedAt);
  }
}
