import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import { type CallRow, findCallById, findCallByProviderId } from '@callwise/db/queries/call-rows';
import {
  type AppliedStatus,
  advanceCallDialogue,
  applyCarrierStatuses,
  attachRecording,
  type CarrierStatusChange,
  setCallOutcome,
} from '@callwise/db/queries/call-status';
import { addToDoNotCall } from '@callwise/db/queries/do-not-call';
import type { CallDialogue, TimeWish } from '@callwise/shared/call-dialogue';
import { callOpening, promptTexts } from '@callwise/shared/call-prompt';
import type { CallType } from '@callwise/shared/calls';
import type { VoiceId } from '@callwise/shared/voices';
import type PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import { notFound } from '../lib/app-error.ts';
import { createBatcher } from '../lib/batcher.ts';
import { crashPoint } from '../lib/crash-points.ts';
import type { Pcm } from '../providers/speech/audio.ts';
import type { SpeechService } from '../providers/speech/speech.ts';
import type { FileStorage } from '../providers/storage/index.ts';
import { speakPrompt } from './call-prompt.ts';
import type { CalleeInput, CallHost, CarrierStatusEvent } from './carriers/carrier.ts';
import type { DialogueEngine } from './conversation/index.ts';
import { FailureAlerts } from './failure-alerts.ts';

type Transcript = NonNullable<CallRow['transcript']>;
type Offering = Extract<CallDialogue, { stage: 'offering' }>;

/** One turn of a conversation that goes beyond the first answer: what to say, whether to listen again, its state. */
export interface ConversationTurn {
  reply: string;
  gather: boolean;
  dialogue: CallDialogue;
  outcome?: 'rescheduled';
}

/**
 * Moving an appointment during its call (decision 017), served by the appointments: the open times to offer after
 * "reschedule", and the callee's choice among them.
 */
export interface RescheduleGoal {
  offer(accountId: string, appointmentId: string, wish?: TimeWish | null): Promise<ConversationTurn | null>;
  choose(
    accountId: string,
    state: Offering,
    input: { digits?: string; speech?: string },
    businessName: string,
  ): Promise<ConversationTurn>;
}

/** Answering a call that offers a freed slot to the waitlist (decision 021), served by the waitlist. */
export interface WaitlistGoal {
  answer(
    call: Pick<CallRow, 'id' | 'accountId' | 'slotOfferId'>,
    intent: string,
  ): Promise<{ reply: string; outcome: 'confirmed' | 'cancelled' | 'no_response' } | null>;
}

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
  /** Built after the host (they book through services that create calls), hence reached through functions. */
  rescheduling?: () => RescheduleGoal | undefined;
  waitlist?: () => WaitlistGoal | undefined;
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

  constructor(private readonly deps: CallHostDeps) {
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
      if (!call) return null;
      // The first answer of an attempt is the callee's answer: a repeated report of it (a carrier's retry, a
      // replay) changes nothing and hears the same reply again. A later turn of a conversation goes on.
      if (call.outcome) return this.laterTurn(call, input);
      const account = await findAccount(this.deps.db, call.accountId);
      let answer = await this.deps.dialogue.respond(input, {
        message: call.message,
        callType: call.callType as CallType,
        businessName: account?.name ?? 'us',
        recipientName: call.recipientName,
        timezone: account?.timezone ?? 'UTC',
        now: new Date(),
      });
      // A freed slot offered to the waitlist: 1 books it for the callee (decision 021).
      const offerAnswer = call.slotOfferId ? await this.deps.waitlist?.()?.answer(call, answer.intent) : null;
      if (offerAnswer) answer = { ...answer, reply: offerAnswer.reply, outcome: offerAnswer.outcome };
      const heard = heardText(input);
      // Asked to reschedule a call about an appointment: the call offers open times and listens again.
      const offer =
        answer.intent === 'reschedule' && call.appointmentId
          ? await this.deps.rescheduling?.()?.offer(call.accountId, call.appointmentId, answer.wish)
          : null;
      if (offer) answer = { ...answer, reply: offer.reply };
      const transcript: Transcript = [
        {
          speaker: 'ai',
          text: account
            ? promptTexts(account, call.message)
                .map((part) => part.text)
                .join(' ')
            : call.message,
          at: 0,
        },
        { speaker: 'callee', text: heard, at: 1 },
        { speaker: 'ai', text: answer.reply, at: 2 },
      ];
      const recorded = await setCallOutcome(this.deps.db, call.id, {
        outcome: answer.outcome,
        transcript,
        onlyFirst: true,
        ...(offer ? { dialogue: offer.dialogue } : {}),
      });
      if (!recorded) {
        const now = await findCallByProviderId(this.deps.db, providerCallId);
        return now ? this.replayedAnswer(now) : null;
      }
      if (answer.outcome === 'opted_out') {
        // At once: the number goes on the list and the account's other pending calls to it are cancelled.
        await addToDoNotCall(
          this.deps.db,
          call.accountId,
          [{ phone: call.phone, note: 'Opted out on a call' }],
          {
            source: 'opted_out',
            callId: call.id,
          },
        );
      }
      return {
        reply: await this.deps.speech.speak(call.voice as VoiceId, answer.reply),
        ...(offer ? { gather: true } : {}),
      };
    },
    onRecording: async (providerCallId, recording) => {
      const call = await findCallByProviderId(this.deps.db, providerCallId);
      if (!call) return;
      const key = `recordings/${call.accountId}/${call.id}.wav`;
      await this.deps.storage.put(key, recording.data, recording.contentType);
      await attachRecording(this.deps.db, call.id, { key, url: `/v1/calls/${call.id}/recording` });
    },
  };

  /**
   * An answer after the first: the next turn of a conversation still going on (the callee's choice among the
   * times offered), or a repeated report of a turn already taken, which hears the same reply again.
   */
  private async laterTurn(
    call: CallRow,
    input: CalleeInput,
  ): Promise<{ reply: Pcm; gather?: boolean } | null> {
    const state = call.dialogue;
    const rescheduling = this.deps.rescheduling?.();
    const turn = input.turn ?? 1;
    if (state?.stage !== 'offering' || !rescheduling || turn <= state.turns) {
      const replay = await this.replayedAnswer(call);
      return replay && state?.stage === 'offering' ? { ...replay, gather: true } : replay;
    }
    const account = await findAccount(this.deps.db, call.accountId);
    const next = await rescheduling.choose(call.accountId, state, input, account?.name ?? '');
    const last = call.transcript?.at(-1)?.at ?? 2;
    const advanced = await advanceCallDialogue(this.deps.db, call.id, state.turns, {
      dialogue: next.dialogue,
      lines: [
        { speaker: 'callee', text: heardText(input), at: last + 1 },
        { speaker: 'ai', text: next.reply, at: last + 2 },
      ],
      ...(next.outcome ? { outcome: next.outcome } : {}),
    });
    if (!advanced) {
      // Another report of this turn got there first: its reply.
      const now = await findCallById(this.deps.db, call.id);
      return now ? this.replayedAnswer(now) : null;
    }
    return {
      reply: await this.deps.speech.speak(call.voice as VoiceId, next.reply),
      ...(next.gather ? { gather: true } : {}),
    };
  }

  /** The reply already given to the first answer of a call, spoken again. */
  private async replayedAnswer(call: CallRow): Promise<{ reply: Pcm } | null> {
    const reply = call.transcript?.filter((line) => line.speaker === 'ai').at(-1);
    if (!reply || (call.transcript?.length ?? 0) < 2) return null;
    return { reply: await this.deps.speech.speak(call.voice as VoiceId, reply.text) };
  }

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

/** What the transcript says the callee did: the keys pressed, the words heard, or nothing. */
function heardText(input: CalleeInput): string {
  if (input.digits) return `Pressed ${input.digits}`;
  return input.speech?.trim() || '(no response)';
}
