import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import { insertCallsWithBilling } from '@callwise/db/queries/billing';
import {
  cancelCall,
  editUnplacedCall,
  type NotEditableReason,
  notEditableReason,
} from '@callwise/db/queries/call-edits';
import type { CallRow, NewCall } from '@callwise/db/queries/call-rows';
import { detachRecording } from '@callwise/db/queries/call-status';
import { getCall } from '@callwise/db/queries/calls';
import type { getScript } from '@callwise/db/queries/scripts';
import type { AppointmentRow } from '@callwise/db/schema';
import type { CallType } from '@callwise/shared/calls';
import type { PlanId } from '@callwise/shared/plans';
import type { SkippedCall, updateCallInputSchema } from '@callwise/shared/schemas/calls';
import type { VoiceId } from '@callwise/shared/voices';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SpeechService } from '../../providers/speech/speech.ts';
import type { FileStorage, StoredFile } from '../../providers/storage/index.ts';
import { billingRefusal } from '../billing/billing.service.ts';
import { applyCallingRules, type PreparedCall, RuleRefusal } from './apply-calling-rules.ts';
import { CallDurations, MEASURED_BATCH } from './call-duration.ts';
import { type CallContact, type CreateCallInput, prepareCall } from './call-prepare.ts';

export type { CallContact } from './call-prepare.ts';

type UpdateCallInput = z.output<typeof updateCallInputSchema>;

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

/** The 409 for a call that can no longer be edited, with a code naming why. */
function notEditable(reason: NotEditableReason): AppError {
  switch (reason) {
    case 'being_placed':
      return new AppError(
        'call_being_placed',
        'This call can no longer be changed: it is being handed to the carrier right now.',
      );
    case 'already_placed':
      return new AppError(
        'call_already_placed',
        'This call can no longer be changed: it has already gone out or has ended.',
      );
    case 'canceled':
      return new AppError('call_canceled', 'This call was cancelled, so it can no longer be changed.');
  }
}

export interface CallServiceDeps {
  db: Database;
  config: Pick<Config, 'CALLING_WINDOW_OVERRIDE' | 'WEBHOOK_ALLOW_PRIVATE' | 'PUBLIC_URL'>;
  speech: SpeechService;
  storage: FileStorage;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** Tells this process's dispatcher that a call may be due. */
  onCallsDue?: () => void;
}

/**
 * The API side of calls: creating (under the calling rules), editing and cancelling them, and their recordings.
 * What happens to a call once saved — placing it, the carrier's reports, the conversation — is the engine's.
 */
export class CallService {
  private readonly durations: CallDurations;
  /** What checking and rendering one call needs (prepareCall). */
  private readonly prepareDeps: Parameters<typeof prepareCall>[0];

  constructor(private readonly deps: CallServiceDeps) {
    this.durations = new CallDurations(deps);
    this.prepareDeps = { db: deps.db, config: deps.config, durations: this.durations };
  }

  async create(accountId: string, input: CreateCallInput): Promise<CallRow> {
    const { created } = await this.createMany(accountId, [input], { onProblem: 'fail' });
    const [call] = created;
    if (!call) throw new Error('no call created');
    return call;
  }

  /**
   * Creates several calls together (POST /v1/calls/batch, campaigns). Each is checked as a single call would be;
   * a problem with the request names the call (`calls.<index>.<field>`) and answers for the whole batch. With
   * `onProblem: 'skip'`, a call the calling rules refuse (do-not-call, consent, invalid number, frequency cap, a
   * state rule) is left out and reported instead; the allowance must hold the calls that remain.
   */
  async createMany(
    accountId: string,
    inputs: CreateCallInput[],
    options: {
      onProblem: 'fail' | 'skip';
      campaignId?: string;
      /** The contacts of the calls, when the caller has read them already (others are read). */
      contacts?: ReadonlyMap<string, CallContact>;
      /** false: the calls are written but not read back, `created` is empty (a campaign counts its calls). */
      read?: boolean;
    },
  ): Promise<{ created: CallRow[]; skipped: SkippedCall[] }> {
    const { db } = this.deps;
    const { rows, skipped } = await this.prepareMany(accountId, inputs, options);
    if (rows.length === 0) return { created: [], skipped };

    // Billed in the same transaction: the trial's limit, extra calls beyond a paid plan and the monthly budget.
    const result = await insertCallsWithBilling(db, accountId, rows, { read: options.read });
    if (!result.ok) throw billingRefusal(result, rows.length, this.deps.config.PUBLIC_URL);
    this.deps.onCallsDue?.();
    if (options.read === false) return { created: [], skipped };
    // In the order asked for.
    const byId = new Map(result.calls.map((call) => [call.id, call]));
    return { created: rows.map((row) => byId.get(row.id as string) as CallRow), skipped };
  }

  /**
   * The calls createMany would insert, each checked and under the calling rules, without inserting them: for a
   * caller that inserts them in a transaction of its own (an appointment's reminders). `appointments` gives the
   * facts of appointments not written yet, by id.
   */
  async prepareMany(
    accountId: string,
    inputs: CreateCallInput[],
    options: {
      onProblem: 'fail' | 'skip';
      campaignId?: string;
      appointments?: ReadonlyMap<string, AppointmentRow>;
      /** The contacts of the calls, when the caller has read them already (others are read). */
      contacts?: ReadonlyMap<string, CallContact>;
      /** Synthesise each message to measure its length (the default for small batches), or estimate it. */
      measure?: boolean;
    },
  ): Promise<{ rows: Array<NewCall & { accountId: string }>; skipped: SkippedCall[] }> {
    const { db } = this.deps;
    const account = await findAccount(db, accountId);
    if (!account) throw notFound('Account');
    const plan = account.plan as PlanId;
    const batch = inputs.length > 1 || options.onProblem === 'skip';
    const measure = options.measure ?? inputs.length <= MEASURED_BATCH;
    // A campaign's calls share one script: read it once for the batch.
    const scripts = new Map<string, ReturnType<typeof getScript>>();
    const skipped: SkippedCall[] = [];
    const skip = (index: number, error: unknown) => {
      if (options.onProblem === 'skip' && error instanceof RuleRefusal) {
        skipped.push({
          index,
          reason: error.reason,
          message: error.message,
          ...(error.rule ? { rule: error.rule } : {}),
        });
        return null;
      }
      throw batch ? inBatch(error, index) : error;
    };
    const prepared: Array<{ index: number; call: PreparedCall }> = [];
    // A few at a time when each may synthesise its message to measure it.
    const chunkSize = measure ? 8 : 1000;
    for (let start = 0; start < inputs.length; start += chunkSize) {
      const chunk = inputs.slice(start, start + chunkSize);
      const results = await Promise.all(
        chunk.map((input, offset) =>
          prepareCall(this.prepareDeps, account, plan, input, {
            campaignId: options.campaignId ?? null,
            measure,
            scripts,
            appointments: options.appointments,
            contacts: options.contacts,
          }).catch((error: unknown) => skip(start + offset, error)),
        ),
      );
      for (const [offset, call] of results.entries()) {
        if (call) prepared.push({ index: start + offset, call });
      }
    }
    const rows: Array<NewCall & { accountId: string }> = [];
    for (const { index, call } of await applyCallingRules(this.deps, account, prepared)) {
      if ('refusal' in call) skip(index, call.refusal);
      else rows.push({ ...call, accountId });
    }
    skipped.sort((a, b) => a.index - b.index);
    return { rows, skipped };
  }

  /**
   * Starts measuring a voice's speaking rate (once per voice and process) for a caller about to create a batch of
   * `size` calls, when the batch will be timed by it: see CallDurations.
   */
  warmSpeakingRate(voice: string, size: number): void {
    this.durations.warmSpeakingRate(voice, size);
  }

  /**
   * Changes a call that has not gone out (PATCH /v1/calls/{id}): the call as it would be with the changes is
   * checked exactly as a new call (prepare and applyRules: number, voice of the plan, variables, time, do-not-call,
   * consent, calling window, daily cap — the call itself not counted), then written in one statement that only
   * takes a call no dispatcher has claimed (editUnplacedCall). The call is billed already: its charge is flat,
   * so nothing is billed again; the duration estimate is measured again for the new message or voice.
   */
  async update(accountId: string, id: string, patch: UpdateCallInput): Promise<CallRow> {
    const { db } = this.deps;
    const current = await getCall(db, accountId, id);
    if (!current) throw notFound('Call');
    const early = notEditableReason(current);
    if (early) throw notEditable(early);
    const account = await findAccount(db, accountId);
    if (!account) throw notFound('Account');

    const newRecipient = patch.contact_id !== undefined || patch.phone !== undefined;
    const newText =
      patch.script_id !== undefined || patch.message !== undefined || patch.script !== undefined;
    const now = Date.now();
    // Unless a new time is given, the time first asked for (the window may have moved it), and now when past.
    const asked = (current.requestedAt ?? current.scheduledAt).getTime();
    const input: CreateCallInput = {
      ...(newRecipient
        ? { contact_id: patch.contact_id, phone: patch.phone }
        : current.contactId
          ? { contact_id: current.contactId }
          : { phone: current.phone }),
      recipient_name: patch.recipient_name ?? (newRecipient ? undefined : current.recipientName),
      ...(newText
        ? { script_id: patch.script_id, message: patch.message, script: patch.script }
        : { message: current.message }),
      voice: (patch.voice ?? current.voice) as VoiceId,
      call_type: (patch.call_type ?? current.callType) as CallType,
      scheduled_at: patch.scheduled_at ?? new Date(Math.max(asked, now)).toISOString(),
      variables: patch.variables ?? {},
      callback_url: patch.callback_url ?? (current.callbackUrl === null ? undefined : current.callbackUrl),
    };
    const plan = account.plan as PlanId;
    const prepared = await prepareCall(this.prepareDeps, account, plan, input, {
      campaignId: current.campaignId,
      measure: true,
      scripts: new Map(),
    });
    const [checked] = await applyCallingRules(this.deps, account, [{ index: 0, call: prepared }], current.id);
    if (!checked) throw new Error('no call checked');
    if ('refusal' in checked.call) throw checked.call.refusal;
    const call = checked.call;
    const result = await editUnplacedCall(db, accountId, id, {
      contactId: call.contactId ?? null,
      scriptId: newText ? (call.scriptId ?? null) : current.scriptId,
      recipientName: call.recipientName,
      phone: call.phone,
      callType: call.callType,
      message: call.message,
      voice: call.voice,
      scheduledAt: call.scheduledAt,
      requestedAt: call.requestedAt ?? null,
      timezone: call.timezone ?? null,
      status: call.status,
      callbackUrl: call.callbackUrl ?? null,
      estimatedDuration: call.estimatedDuration ?? null,
    });
    if (!result.ok) throw result.reason === 'not_found' ? notFound('Call') : notEditable(result.reason);
    this.deps.onCallsDue?.();
    return result.call;
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
}
