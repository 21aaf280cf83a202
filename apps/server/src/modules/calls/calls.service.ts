import { randomUUID } from 'node:crypto';
import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import { getAppointment } from '@callwise/db/queries/appointments';
import { insertCallsWithBilling } from '@callwise/db/queries/billing';
import {
  cancelCall,
  editUnplacedCall,
  type NotEditableReason,
  notEditableReason,
} from '@callwise/db/queries/call-edits';
import type { CallRow, NewCall } from '@callwise/db/queries/call-rows';
import { detachRecording } from '@callwise/db/queries/call-status';
import { callRuleFacts, callsOnDays, promotionalCallTimes } from '@callwise/db/queries/calling-rule-facts';
import { getCall } from '@callwise/db/queries/calls';
import { type ContactRow, getContact } from '@callwise/db/queries/contacts';
import { getScript } from '@callwise/db/queries/scripts';
import type { AppointmentRow } from '@callwise/db/schema';
import { promptTexts } from '@callwise/shared/call-prompt';
import type { SkipReason } from '@callwise/shared/calling-rules';
import { checkCallingRules } from '@callwise/shared/calling-rules-check';
import { localDay } from '@callwise/shared/calling-window';
import type { CallType } from '@callwise/shared/calls';
import { type Jurisdiction, jurisdictionsFor } from '@callwise/shared/jurisdictions';
import { formatPhone, normalizePhone, timezoneForPhone } from '@callwise/shared/phone';
import { PLANS, type PlanId, planAllowsVoice } from '@callwise/shared/plans';
import type {
  createCallInputSchema,
  SkippedCall,
  updateCallInputSchema,
} from '@callwise/shared/schemas/calls';
import { isRecipientVariable, recipientValues, renderTemplate } from '@callwise/shared/variables';
import { findVoice, VOICE_IDS, type VoiceId } from '@callwise/shared/voices';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { speakPrompt } from '../../engine/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { callbackUrlProblem } from '../../infra/ssrf.ts';
import { pcmDurationSeconds } from '../../providers/speech/audio.ts';
import type { SpeechService } from '../../providers/speech/speech.ts';
import type { FileStorage, StoredFile } from '../../providers/storage/index.ts';
import { appointmentValues } from '../appointments/appointment-values.ts';
import { billingRefusal } from '../billing/billing.service.ts';

type CreateCallInput = z.output<typeof createCallInputSchema>;
type UpdateCallInput = z.output<typeof updateCallInputSchema>;

/** Seconds of a call beyond the spoken prompt: the pauses in it, the callee's answer and our reply. */
const CONVERSATION_OVERHEAD_SECONDS = 6;
/** Batches up to this size have each message synthesised to measure it; larger ones use the voice's rate. */
const MEASURED_BATCH = 20;
/** A typical reminder, to measure a voice's speaking rate by. */
const SPEAKING_RATE_SAMPLE =
  'Hi Maria, this is a reminder of your appointment with Harbor Dental on Friday, March 6 at 10:30 AM. Please arrive ten minutes early.';
const DAY_MS = 24 * 60 * 60_000;
/** A state rule with a limit per 24 hours (decision 028), whose count the check needs. */
const hasLimit = (state: Jurisdiction) => state.maxPer24h !== undefined;
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

type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/** What a call needs of its contact, when the caller has read the contacts already (a campaign's, a booking's). */
export type CallContact = Pick<
  ContactRow,
  'id' | 'name' | 'firstName' | 'lastName' | 'phone' | 'company' | 'consent' | 'existingCustomer' | 'timezone'
>;

/** A call ready for the calling rules, with what they need to know of the person. */
type PreparedCall = NewCall & {
  accountId: string;
  phone: string;
  contact: { consent: string; existingCustomer: boolean; timezone: string | null } | null;
};

const RULE_ERROR_CODES = {
  do_not_call: 'do_not_call',
  no_consent: 'consent_required',
  invalid_number: 'validation_failed',
  frequency_cap: 'frequency_cap_reached',
  state_rule: 'state_rule',
} as const satisfies Record<SkipReason, string>;

/**
 * A call the calling rules refuse: an error for a single call, a skip in a batch that allows them. A state rule's
 * refusal names the rule (`rule`: 'FL'), in the error's details and in the skip.
 */
class RuleRefusal extends AppError {
  constructor(
    readonly reason: SkipReason,
    message: string,
    field?: string,
    readonly rule?: string,
  ) {
    super(
      RULE_ERROR_CODES[reason],
      message,
      field ? [{ field, message, ...(rule ? { rule } : {}) }] : undefined,
    );
  }
}

const refusal = (reason: SkipReason, message: string, rule?: string) =>
  rule ? new RuleRefusal(reason, message, 'phone', rule) : new RuleRefusal(reason, message);

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
  constructor(private readonly deps: CallServiceDeps) {}

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
          this.prepare(account, plan, input, {
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
    for (const { index, call } of await this.applyRules(account, prepared)) {
      if ('refusal' in call) skip(index, call.refusal);
      else rows.push({ ...call, accountId });
    }
    skipped.sort((a, b) => a.index - b.index);
    return { rows, skipped };
  }

  /**
   * The calling rules over prepared calls, with one read of the facts they need: do-not-call, consent, the
   * calling window (a call due outside it is moved to the next opening), the state rules on promotional calls
   * (their hours, and their limits per 24 hours: decision 028) and the daily cap per person.
   */
  private async applyRules(
    account: AccountRow,
    prepared: Array<{ index: number; call: PreparedCall }>,
    /** The call being edited, which does not count against its own daily cap. */
    exceptCallId?: string,
  ): Promise<Array<{ index: number; call: NewCall | { refusal: RuleRefusal } }>> {
    const { db } = this.deps;
    const facts = await callRuleFacts(
      db,
      account.id,
      prepared.map(({ call }) => call.phone),
      // A call to a contact knows the contact already; only calls by number look theirs up.
      prepared.flatMap(({ call }) => (call.contact ? [] : [call.phone])),
    );
    const window = this.deps.config.CALLING_WINDOW_OVERRIDE ?? {
      start: account.callingWindowStart,
      end: account.callingWindowEnd,
    };
    // The override of tests and benches replaces the states' hours too (not their limits).
    const options = { stateHours: !this.deps.config.CALLING_WINDOW_OVERRIDE };
    type Checked = { index: number; call: NewCall | { refusal: RuleRefusal } };
    const checks = prepared.map(({ index, call }) => {
      const { contact, ...row } = call;
      const person = contact ?? facts.contacts.get(row.phone) ?? null;
      const timezone = person?.timezone ?? timezoneForPhone(row.phone) ?? account.timezone;
      const requested = row.scheduledAt as Date;
      const subject = { phone: row.phone, callType: row.callType as CallType, timezone, at: requested };
      const known = { onDoNotCall: facts.doNotCall.has(row.phone), contact: person };
      return { index, row, subject, known, verdict: checkCallingRules(subject, known, window, options) };
    });
    // The states' limits per 24 hours: the account's other promotional calls to the number a day either side of
    // the time the call goes, and this batch's before it; the check runs again with them.
    const limited = checks.filter(
      (check) =>
        check.verdict.allowed && jurisdictionsFor(check.row.phone, check.subject.callType).some(hasLimit),
    );
    const around = await promotionalCallTimes(
      db,
      account.id,
      limited.map(({ row, verdict }) => {
        const at = (verdict as { at: Date }).at.getTime();
        return { phone: row.phone, from: new Date(at - DAY_MS), to: new Date(at + DAY_MS) };
      }),
      exceptCallId,
    );
    const batchTimes = new Map<string, Date[]>();
    for (const [position, check] of limited.entries()) {
      const earlier = batchTimes.get(check.row.phone) ?? [];
      const others = [...(around[position] ?? []), ...earlier];
      check.verdict = checkCallingRules(
        check.subject,
        { ...check.known, promotionalCalls: others },
        window,
        options,
      );
      if (check.verdict.allowed) batchTimes.set(check.row.phone, [...earlier, check.verdict.at]);
    }
    const checked = checks.map(({ index, row, subject, verdict }): Checked => {
      const { timezone, at: requested } = subject;
      if (!verdict.allowed) {
        return { index, call: { refusal: refusal(verdict.reason, verdict.message, verdict.rule) } };
      }
      return {
        index,
        call: {
          ...row,
          timezone,
          scheduledAt: verdict.at,
          requestedAt: verdict.moved ? requested : null,
          status: verdict.moved ? 'scheduled' : row.status,
        } satisfies NewCall,
      };
    });
    // The frequency cap: calls already on that person's local day, plus the ones of this batch before it.
    const allowed = checked.filter((entry) => !('refusal' in entry.call));
    const days = allowed.map((entry) => {
      const call = entry.call as NewCall;
      return { phone: call.phone, ...localDay(call.scheduledAt as Date, call.timezone as string) };
    });
    const existing = await callsOnDays(
      db,
      account.id,
      days.map((day) => ({ phone: day.phone, from: day.start, to: day.end })),
      exceptCallId,
    );
    const taken = new Map<string, number>();
    const cap = account.dailyCallCap;
    for (const [position, entry] of allowed.entries()) {
      const day = days[position] as (typeof days)[number];
      const key = `${day.phone} ${day.key}`;
      const count = (taken.get(key) ?? existing[position] ?? 0) + 1;
      if (count > cap) {
        entry.call = {
          refusal: refusal(
            'frequency_cap',
            `${formatPhone(day.phone)} already has ${cap} call${cap === 1 ? '' : 's'} on ${day.key} (their local day), the most your account allows per person per day.`,
          ),
        };
        continue;
      }
      taken.set(key, count);
    }
    return checked;
  }

  /** One call checked and rendered, ready for the calling rules. */
  private async prepare(
    account: AccountRow,
    plan: PlanId,
    input: CreateCallInput,
    batch: {
      campaignId: string | null;
      measure: boolean;
      scripts: Map<string, ReturnType<typeof getScript>>;
      appointments?: ReadonlyMap<string, AppointmentRow>;
      contacts?: ReadonlyMap<string, CallContact>;
    },
  ): Promise<PreparedCall> {
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
    let person: PreparedCall['contact'] = null;
    const extraValues: Record<string, string> = {};
    /** The contact's own first and last names, when the call goes to the contact under its name. */
    let ownNames: { first_name: string | null; last_name: string | null } | null = null;
    if (input.contact_id) {
      const contact =
        batch.contacts?.get(input.contact_id) ?? (await getContact(db, accountId, input.contact_id));
      if (!contact) throw notFound('Contact');
      contactId = contact.id;
      person = {
        consent: contact.consent,
        existingCustomer: contact.existingCustomer,
        timezone: contact.timezone,
      };
      if (!recipientName || recipientName === contact.name) {
        ownNames = { first_name: contact.firstName, last_name: contact.lastName };
      }
      recipientName = recipientName || contact.name;
      phone = contact.phone;
      if (contact.company) extraValues.company = contact.company;
    } else {
      const parsed = normalizePhone(input.phone ?? '', (account.defaultCountry || 'US') as never);
      if (!parsed.ok) throw new RuleRefusal('invalid_number', parsed.message, 'phone');
      phone = parsed.e164;
    }

    // A call about an appointment: its facts fill the message's variables, and the answer goes back to it.
    let appointmentId: string | null = null;
    if (input.appointment_id) {
      const appointment =
        batch.appointments?.get(input.appointment_id) ??
        (await getAppointment(db, accountId, input.appointment_id));
      if (!appointment) throw validation('appointment_id', 'No appointment with this id in your account');
      if (contactId && appointment.contactId && appointment.contactId !== contactId) {
        throw validation('appointment_id', 'This appointment is with another contact');
      }
      appointmentId = appointment.id;
      Object.assign(extraValues, appointmentValues(appointment, account.timezone));
    }

    let text: string;
    let scriptId: string | null = null;
    if (input.script_id) {
      let read = batch.scripts.get(input.script_id);
      if (!read) {
        read = getScript(db, accountId, input.script_id);
        batch.scripts.set(input.script_id, read);
      }
      const script = await read;
      if (!script) throw notFound('Script');
      scriptId = script.id;
      text = script.content;
    } else {
      text = (input.message ?? input.script ?? '').trim();
    }
    if (!text) throw validation('message', 'Please enter a message for the call.');
    if (input.callback_url) {
      const problem = callbackUrlProblem(input.callback_url, this.deps.config.WEBHOOK_ALLOW_PRIVATE);
      if (problem) throw validation('callback_url', `The callback URL ${problem}.`);
    }

    // {{name}}, {{first_name}} and {{last_name}} are the recipient's; values given in `variables` win (a blank
    // one is no value).
    const given = Object.fromEntries(Object.entries(input.variables).filter(([, value]) => value.trim()));
    const recipient = recipientValues(
      given.name ? { name: given.name } : { name: recipientName, ...ownNames },
    );
    const rendered = renderTemplate(text, { ...extraValues, ...recipient, ...given });
    if (!rendered.ok) {
      const list = rendered.missing.map((name) => `{{${name}}}`).join(', ');
      throw new AppError(
        'validation_failed',
        `The message uses ${list}: give a value for each in variables.`,
        rendered.missing.map((name) => ({
          field: `variables.${name}`,
          message: isRecipientVariable(name)
            ? 'needs a value (the recipient’s name has none)'
            : 'needs a value',
        })),
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
      contact: person,
      appointmentId,
      campaignId: batch.campaignId,
      scriptId,
      recipientName: recipientName || 'there',
      phone,
      callType: input.call_type,
      message: rendered.text,
      voice,
      scheduledAt,
      status: dueNow ? 'queued' : 'scheduled',
      callbackUrl: input.callback_url ?? null,
      estimatedDuration: await this.estimateDuration(voice, account, rendered.text, batch.measure),
    };
  }

  /**
   * The length of the call: what the callee hears on answering (disclosure, message and menu, as onAnswer speaks
   * it), plus the exchange after it. Measured from the synthesised audio (`measure`; the call's own audio is then
   * cached for when it is answered), or — for the calls of a large batch, where synthesising thousands of
   * messages would take minutes — from the voice's own speaking rate, measured once.
   */
  private async estimateDuration(
    voice: VoiceId,
    account: AccountRow,
    message: string,
    measure: boolean,
  ): Promise<number> {
    const words = promptTexts(account, message)
      .map((part) => part.text)
      .join(' ');
    try {
      const spoken = measure
        ? pcmDurationSeconds((await speakPrompt(this.deps.speech, voice, account, message)).audio)
        : (await this.secondsPerCharacter(voice)) * words.length;
      return Math.round(spoken + CONVERSATION_OVERHEAD_SECONDS);
    } catch (error) {
      // The estimate is not worth refusing the call for: fall back to a speaking rate of 150 words a minute.
      this.deps.log.warn({ err: error }, 'speech unavailable for the duration estimate');
      return Math.round((words.split(/\s+/).length / 150) * 60 + CONVERSATION_OVERHEAD_SECONDS);
    }
  }

  private readonly speakingRates = new Map<VoiceId, Promise<number>>();

  /**
   * Starts measuring a voice's speaking rate (once per voice and process) for a caller about to create a batch of
   * `size` calls, when the batch will be timed by it (larger than MEASURED_BATCH): the sample is synthesised by
   * the speech provider while the caller reads the database, instead of after.
   */
  warmSpeakingRate(voice: string, size: number): void {
    if (size <= MEASURED_BATCH || !(VOICE_IDS as readonly string[]).includes(voice)) return;
    this.secondsPerCharacter(voice as VoiceId).catch(() => undefined);
  }

  /** Seconds of speech per character of text in a voice, from a sample sentence (once per voice). */
  private secondsPerCharacter(voice: VoiceId): Promise<number> {
    let rate = this.speakingRates.get(voice);
    if (!rate) {
      rate = this.deps.speech
        .speak(voice, SPEAKING_RATE_SAMPLE)
        .then((pcm) => pcmDurationSeconds(pcm) / SPEAKING_RATE_SAMPLE.length);
      rate.catch(() => this.speakingRates.delete(voice));
      this.speakingRates.set(voice, rate);
    }
    return rate;
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
    const prepared = await this.prepare(account, plan, input, {
      campaignId: current.campaignId,
      measure: true,
      scripts: new Map(),
    });
    const [checked] = await this.applyRules(account, [{ index: 0, call: prepared }], current.id);
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
