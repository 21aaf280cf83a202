import type { Database } from '@callwise/db/client';
import { findAccount } from '@callwise/db/queries/accounts';
import { findAccountByBusinessNumber, findAssistantSettings } from '@callwise/db/queries/assistant';
import {
  type CallRow,
  findCallById,
  findCallByProviderId,
  insertInboundCall,
} from '@callwise/db/queries/call-rows';
import { takeCallTurn } from '@callwise/db/queries/call-status';
import { findContactByPhone } from '@callwise/db/queries/contacts';
import type { CallDialogue, TimeWish } from '@callwise/shared/call-dialogue';
import { KEY_MENU, promptTexts } from '@callwise/shared/call-prompt';
import { spokenTime } from '@callwise/shared/calling-window';
import type { CallType } from '@callwise/shared/calls';
import { formatPhone, timezoneForPhone } from '@callwise/shared/phone';
import {
  type AssistantSettings,
  DEFAULT_ASSISTANT_SETTINGS,
  DEFAULT_GREETING,
} from '@callwise/shared/schemas/assistant';
import { DEFAULT_VOICE, type VoiceId } from '@callwise/shared/voices';
import { crashPoint } from '../infra/crash-points.ts';
import type { SpeechService } from '../providers/speech/speech.ts';
import type { CalleeInput, CallReply } from './carriers/carrier.ts';
import {
  type ConversationFacts,
  type ConversationStep,
  converse,
  converseByTool,
  FIRST_TURN,
} from './conversation/conversation.ts';
import { CALL_BACK_KEY } from './conversation/cues.ts';
import type { DialogueContext, DialogueEngine, DialogueReply } from './conversation/index.ts';
import { decide } from './conversation/intent-engine.ts';
import { type HeardLine, toolsFor } from './conversation/tools.ts';

type Transcript = NonNullable<CallRow['transcript']>;
type Offering = Extract<CallDialogue, { stage: 'offering' }>;
type Open = Extract<CallDialogue, { stage: 'talking' | 'message' | 'transferring' }>;

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

/**
 * What the conversation asks of the business's appointments and hours (decision 026), in the business's time
 * zone (the caller has read the account already).
 */
export interface BusinessGoal {
  /** An appointment in words: "your cleaning on Thursday, December 4 at 3:00 PM". */
  aboutAppointment(accountId: string, appointmentId: string, timezone: string): Promise<string | null>;
  /** A caller's next appointment still on, from `after`. */
  nextAppointment(
    accountId: string,
    contactId: string,
    after: Date,
    timezone: string,
  ): Promise<{ id: string; about: string } | null>;
  /** Whether the business is open (booking hours and closures): transfers happen only then. */
  isOpen(accountId: string, at: Date, timezone: string): Promise<boolean>;
}

export interface ConversationGoals {
  rescheduling?: () => RescheduleGoal | undefined;
  waitlist?: () => WaitlistGoal | undefined;
  business?: () => BusinessGoal | undefined;
}

/** The keys an inbound caller with an appointment is offered: in the greeting, and (without 0) the menu's own. */
const INBOUND_APPOINTMENT_GREETING =
  'Press 1 to confirm, 2 to cancel, 3 to change it, or 0 to talk to someone.';
const INBOUND_APPOINTMENT_MENU = 'Press 1 to confirm, 2 to cancel, 3 to change it.';
const INBOUND_OPTIONS = 'You can ask me a question, leave a message, or press 0 to talk to someone.';

/** What the transcript says the callee did: the keys pressed, the words heard, or nothing. */
export function heardText(input: CalleeInput): string {
  if (input.digits) return `Pressed ${input.digits}`;
  return input.speech?.trim() || '(no response)';
}

/**
 * The conversation of a call, turn by turn (issue #18, decision 026), for whichever process the carrier's request
 * reaches: the state is the call row's `dialogue`, each turn is written only if the conversation still stands
 * where the turn found it (a repeated report hears the same reply again and changes nothing), and the turn's
 * effects — the outcome written back to the appointment, the times offered, the do-not-call list, a transfer —
 * are the same functions whichever engine (the built-in rules, or a chat model) read the answer.
 */
export class CallConversation {
  constructor(
    private readonly deps: {
      db: Database;
      speech: SpeechService;
      dialogue: DialogueEngine;
      goals: ConversationGoals;
      /** Wakes the job that e-mails a message taken (it also runs every minute). */
      onMessage?: () => void;
    },
  ) {}

  private settings = async (accountId: string): Promise<AssistantSettings> =>
    (await findAssistantSettings(this.deps.db, accountId))?.settings ?? DEFAULT_ASSISTANT_SETTINGS;

  private speak = (call: CallRow, text: string) => this.deps.speech.speak(call.voice as VoiceId, text);

  /** The callee's answer at a turn; null when the call is not (or no longer) ours. */
  async onInput(call: CallRow, input: CalleeInput): Promise<CallReply | null> {
    const state = call.dialogue;
    if (state?.stage === 'offering') return this.offeringTurn(call, state, input);
    const open: Open | null = state
      ? state.stage === 'talking' || state.stage === 'message' || state.stage === 'transferring'
        ? state
        : null
      : call.outcome
        ? null
        : FIRST_TURN;
    const turn = input.turn ?? 1;
    if (!open || turn <= open.turns || open.stage === 'transferring') return this.replay(call, turn);
    crashPoint('conversation.before-turn');

    const account = await findAccount(this.deps.db, call.accountId);
    if (!account) return null;
    const facts = await this.facts(call, account);
    const context: DialogueContext = {
      message: call.message,
      callType: call.callType as CallType,
      businessName: account.name,
      recipientName: call.recipientName,
      timezone: account.timezone,
      now: facts.now,
    };
    const waitlistOffer = Boolean(call.slotOfferId && open.turns === 0);

    // Words, while the conversation talks: the chat model's tool when there is one (decision 027); anything it
    // cannot give — no answer in time, a tool that does not fit — the built-in engine answers, this turn only.
    const agent = this.deps.dialogue.agent;
    let step: ConversationStep | null = null;
    let modelTried = false;
    if (agent && open.stage === 'talking' && !waitlistOffer && speechOnly(input)) {
      modelTried = true;
      const tools = toolsFor(facts, {
        offering: false,
        appointment: Boolean(call.appointmentId && this.deps.goals.rescheduling?.()),
      });
      const choice = await agent.chooseTool({
        facts,
        history: this.history(call, account),
        speech: input.speech ?? '',
        tools,
      });
      step = choice ? converseByTool(open, input, facts, choice, context) : null;
    }

    if (!step) {
      const answer: DialogueReply =
        open.stage === 'message'
          ? { intent: 'nothing', outcome: 'no_response', reply: '' }
          : modelTried
            ? decide(input, context)
            : await this.deps.dialogue.respond(input, context);
      const offerAnswer = waitlistOffer
        ? await this.deps.goals.waitlist?.()?.answer(call, answer.intent)
        : null;
      if (offerAnswer) {
        // A freed slot offered to the waitlist (decision 021): one answer, 1 books it for the callee.
        step = {
          reply: offerAnswer.reply,
          gather: false,
          dialogue: { stage: 'ended', turns: 1, reply: offerAnswer.reply },
          outcome: offerAnswer.outcome,
          action: { kind: 'none' },
        };
      } else {
        step = converse(open, input, facts, answer);
      }
    }
    // Asked to reschedule a call about an appointment: the call offers open times and listens again.
    if (step.action.kind === 'answer' && step.action.answer.intent === 'reschedule' && call.appointmentId) {
      const offer = await this.deps.goals
        .rescheduling?.()
        ?.offer(call.accountId, call.appointmentId, step.action.answer.wish);
      if (offer && offer.dialogue.stage === 'offering') {
        step = {
          ...step,
          reply: offer.reply,
          gather: true,
          dialogue: { ...offer.dialogue, ...(open.turns > 0 ? { after: open.turns } : {}) },
        };
      }
    }

    let at = call.transcript?.at(-1)?.at ?? -1;
    const lines: Transcript = [];
    if (open.turns === 0 && !call.transcript?.length) {
      lines.push({ speaker: 'ai', text: this.openingText(call, account), at: ++at });
    }
    lines.push({ speaker: 'callee', text: heardText(input), at: ++at });
    if (step.reply) lines.push({ speaker: 'ai', text: step.reply, at: ++at });
    const recorded = await takeCallTurn(this.deps.db, call.id, open.turns, {
      dialogue: step.dialogue,
      lines,
      ...(step.outcome ? { outcome: step.outcome } : {}),
      // At once: the number goes on the list (the account's other pending calls to it are cancelled).
      ...(step.outcome === 'opted_out' ? { optOut: { phone: call.phone, note: 'Opted out on a call' } } : {}),
    });
    if (!recorded) {
      // Another report of this turn got there first: its reply.
      const now = await findCallById(this.deps.db, call.id);
      return now ? this.replay(now) : null;
    }
    crashPoint('conversation.after-turn-written');
    if (step.outcome === 'message_taken' || step.outcome === 'callback_requested') this.deps.onMessage?.();
    return {
      reply: await this.speak(call, step.reply),
      ...(step.gather ? { gather: true } : {}),
      ...(step.action.kind === 'transfer' ? { transfer: step.action.transfer } : {}),
    };
  }

  /** How a transfer ended: answered, the call is the staff member's; not, the assistant takes a message. */
  async onTransferEnded(call: CallRow, answered: boolean): Promise<CallReply | null> {
    const state = call.dialogue;
    if (state?.stage !== 'transferring') return state?.stage === 'message' ? this.replay(call) : null;
    const last = call.transcript?.at(-1)?.at ?? 0;
    const account = await findAccount(this.deps.db, call.accountId);
    const from = account?.name.trim() || 'our team';
    const reply = answered
      ? ''
      : `I'm sorry, nobody from ${from} is free to take your call right now. Please leave a short message after the tone, and they will call you back.`;
    const recorded = await takeCallTurn(
      this.deps.db,
      call.id,
      state.turns,
      answered
        ? {
            dialogue: { stage: 'ended', turns: state.turns, reply: '' },
            lines: [{ speaker: 'ai', text: `(Put through to ${formatPhone(state.to)}.)`, at: last + 1 }],
            outcome: 'transferred',
          }
        : {
            dialogue: { stage: 'message', reason: 'transfer_failed', turns: state.turns, misses: 0 },
            lines: [
              { speaker: 'ai', text: `(${formatPhone(state.to)} did not answer.)`, at: last + 1 },
              { speaker: 'ai', text: reply, at: last + 2 },
            ],
          },
      { stage: 'transferring' },
    );
    if (!recorded) {
      const now = await findCallById(this.deps.db, call.id);
      return now && now.dialogue?.stage === 'message' ? this.replay(now) : null;
    }
    return answered ? null : { reply: await this.speak(call, reply), gather: true };
  }

  /**
   * A call to a business number: recorded as the account's inbound call with who called (a contact, by the number)
   * and what the assistant says first — a known caller hears their name and their next appointment with its menu,
   * anyone else the business's greeting. Null when the number is nobody's.
   */
  async onIncoming(call: { providerCallId: string; callId: string; from: string; to: string }) {
    // The carrier asking again about a call it handed over already (a retried request): the same call.
    const known = await findCallByProviderId(this.deps.db, call.providerCallId);
    if (known) return known.direction === 'inbound' ? { callId: known.id } : null;
    const account = await findAccountByBusinessNumber(this.deps.db, call.to);
    if (!account) return null;
    const contact = await findContactByPhone(this.deps.db, account.id, call.from);
    const next = contact
      ? await this.deps.goals
          .business?.()
          ?.nextAppointment(account.id, contact.id, new Date(), account.timezone)
      : null;
    const settings = await this.settings(account.id);
    const name = account.name.trim() || 'us';
    const first = contact ? contact.firstName?.trim() || contact.name.trim().split(/\s+/)[0] || '' : '';
    const greeting = contact
      ? `Hi${first ? ` ${first}` : ''}, thank you for calling ${name}. This is the automated assistant.`
      : (settings.greeting?.trim() || DEFAULT_GREETING).replaceAll('{{business_name}}', name);
    const message = next
      ? `${greeting} You have ${next.about.replace(/^your /, 'a ')}. ${INBOUND_APPOINTMENT_GREETING}`
      : `${greeting} ${INBOUND_OPTIONS}`;
    const row = await insertInboundCall(this.deps.db, {
      id: call.callId,
      accountId: account.id,
      contactId: contact?.id ?? null,
      appointmentId: next?.id ?? null,
      recipientName: contact?.name ?? 'Caller',
      phone: call.from,
      callType: next ? 'appointment-reminder' : 'custom',
      message,
      voice: DEFAULT_VOICE,
      providerCallId: call.providerCallId,
      timezone: contact?.timezone ?? timezoneForPhone(call.from) ?? account.timezone,
    });
    return { callId: row.id };
  }

  /** The conversation so far for a chat model: the transcript's spoken lines, or the opening before the first answer. */
  private history(call: CallRow, account: { disclosure: string; name: string }): HeardLine[] {
    const spoken = (call.transcript ?? []).filter((line) => !line.text.startsWith('('));
    return spoken.length > 0
      ? spoken.map((line) => ({ speaker: line.speaker === 'ai' ? 'ai' : 'callee', text: line.text }))
      : [{ speaker: 'ai', text: this.openingText(call, account) }];
  }

  /** What the callee heard first, as the transcript keeps it. */
  openingText(call: CallRow, account: { disclosure: string; name: string }): string {
    if (call.direction === 'inbound') return call.message;
    return promptTexts(account, call.message)
      .map((part) => part.text)
      .join(' ');
  }

  private async facts(
    call: CallRow,
    account: NonNullable<Awaited<ReturnType<typeof findAccount>>>,
  ): Promise<ConversationFacts> {
    const now = new Date();
    const settings = await this.settings(call.accountId);
    const business = this.deps.goals.business?.();
    const [open, about] = await Promise.all([
      settings.transfer_number && business ? business.isOpen(call.accountId, now, account.timezone) : false,
      call.appointmentId && business
        ? business.aboutAppointment(call.accountId, call.appointmentId, account.timezone)
        : null,
    ]);
    const inbound = call.direction === 'inbound';
    return {
      direction: inbound ? 'inbound' : 'outbound',
      businessName: account.name,
      recipientName: inbound && !call.contactId ? '' : call.recipientName,
      message: call.message,
      menu: inbound ? (call.appointmentId ? INBOUND_APPOINTMENT_MENU : null) : KEY_MENU,
      about,
      answers: !inbound || Boolean(call.appointmentId),
      knowledge: settings.knowledge,
      transfer:
        open && settings.transfer_number
          ? {
              to: settings.transfer_number,
              ringSeconds: settings.transfer_ring_seconds,
              whisper: whisperFor(call, about),
            }
          : null,
      timezone: account.timezone,
      window: { start: account.callingWindowStart, end: account.callingWindowEnd },
      now,
    };
  }

  /**
   * A turn of the times offered to move an appointment (decision 017), or a repeated report of one already
   * taken. The offer began after `after` answers of the conversation (none when the first answer asked for it).
   */
  private async offeringTurn(call: CallRow, state: Offering, input: CalleeInput): Promise<CallReply | null> {
    const rescheduling = this.deps.goals.rescheduling?.();
    const turn = input.turn ?? 1;
    if (!rescheduling || turn <= state.turns + (state.after ?? 0)) return this.replay(call, turn);
    const account = await findAccount(this.deps.db, call.accountId);
    const next = await rescheduling.choose(
      call.accountId,
      state,
      account ? await this.offeringInput(call, account, state, input) : input,
      account?.name ?? '',
    );
    const last = call.transcript?.at(-1)?.at ?? 2;
    const advanced = await takeCallTurn(
      this.deps.db,
      call.id,
      state.turns,
      {
        dialogue:
          next.dialogue.stage === 'offering' && state.after
            ? { ...next.dialogue, after: state.after }
            : next.dialogue,
        lines: [
          { speaker: 'callee', text: heardText(input), at: last + 1 },
          { speaker: 'ai', text: next.reply, at: last + 2 },
        ],
        ...(next.outcome ? { outcome: next.outcome } : {}),
      },
      { stage: 'offering' },
    );
    if (!advanced) {
      const now = await findCallById(this.deps.db, call.id);
      return now ? this.replay(now) : null;
    }
    return { reply: await this.speak(call, next.reply), ...(next.gather ? { gather: true } : {}) };
  }

  /**
   * Words answering the times offered, as the chat model read them (decision 027): a time chosen is its key, other
   * times asked for are the words of the wish, a call back is the call-back key — so the same choice books it.
   * Keys, silence, and anything the model cannot give are the callee's own input, read by the built-in rules.
   */
  private async offeringInput(
    call: CallRow,
    account: NonNullable<Awaited<ReturnType<typeof findAccount>>>,
    state: Offering,
    input: CalleeInput,
  ): Promise<CalleeInput> {
    const agent = this.deps.dialogue.agent;
    if (!agent || !speechOnly(input)) return input;
    const facts = await this.facts(call, account);
    const choice = await agent.chooseTool({
      facts,
      history: this.history(call, account),
      speech: input.speech ?? '',
      tools: toolsFor(facts, { offering: true, appointment: true }),
      offers: state.offers.map((offer) => spokenTime(new Date(offer.starts_at), account.timezone)),
    });
    switch (choice?.tool) {
      case 'book_slot':
        return { ...input, digits: String(choice.option), speech: '' };
      case 'list_slots':
        return choice.when ? { ...input, speech: choice.when } : input;
      case 'end_call':
        return { ...input, digits: CALL_BACK_KEY, speech: '' };
      default:
        return input;
    }
  }

  /**
   * The reply already given to an answer, spoken again: to the latest (a repeated report, or one that lost the race),
   * listening again while the conversation is still open; or, for an earlier `turn` (a resumed simulated call going
   * through its answers again), that turn's own reply, after which the conversation went on.
   */
  async replay(call: CallRow, turn?: number): Promise<CallReply | null> {
    const lines = call.transcript ?? [];
    const spoken = (line: Transcript[number]) => line.speaker === 'ai' && !line.text.startsWith('(');
    const answers = lines.flatMap((line, index) => (line.speaker === 'callee' ? [index] : []));
    const earlier = turn !== undefined && turn >= 1 && turn < answers.length ? answers[turn - 1] : undefined;
    if (earlier !== undefined) {
      const reply = lines.slice(earlier + 1).find(spoken);
      if (reply) return { reply: await this.speak(call, reply.text), gather: true };
    }
    const reply = lines.filter(spoken).at(-1);
    if (!reply || lines.length < 2) return null;
    const state = call.dialogue;
    const open = state?.stage === 'talking' || state?.stage === 'message' || state?.stage === 'offering';
    return {
      reply: await this.speak(call, reply.text),
      ...(open ? { gather: true } : {}),
      // Still putting the caller through: the same transfer again.
      ...(state?.stage === 'transferring'
        ? {
            transfer: {
              to: state.to,
              ringSeconds: state.ring_seconds ?? DEFAULT_ASSISTANT_SETTINGS.transfer_ring_seconds,
              whisper: state.whisper ?? '',
            },
          }
        : {}),
    };
  }
}

/** Words alone (no keys): what a chat model reads. */
function speechOnly(input: CalleeInput): boolean {
  return (input.speech?.trim() ?? '') !== '' && (input.digits?.trim() ?? '') === '';
}

/** What the staff member hears before being joined: who is on the line and what about. */
function whisperFor(call: CallRow, subject: string | null): string {
  const who = call.contactId ? call.recipientName : `A caller at ${formatPhone(call.phone)}`;
  const about = subject ? `, about ${subject.replace(/^your /, 'their ')}` : '';
  return `${who} is on the line from your automated assistant${about}.`;
}
