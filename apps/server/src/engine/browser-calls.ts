import { randomUUID } from 'node:crypto';
import type { Database } from '@callwise/db/client';
import { type CallRow, findCallById, findCallByProviderId } from '@callwise/db/queries/call-rows';
import type { CallHost, CarrierLookup } from './carriers/carrier.ts';

/** The carrier id of a call taken in the browser: the browser is its carrier (decision 026, issue #18). */
export const BROWSER_CALL_PREFIX = 'WEB-';
/** A call in the browser that has heard nothing for this long was left (the tab closed): it is ended. */
export const BROWSER_CALL_IDLE_SECONDS = 300;

export const isBrowserCall = (providerCallId: string) => providerCallId.startsWith(BROWSER_CALL_PREFIX);

/** A line of a browser call as the page shows and plays it. */
export interface BrowserCallLine {
  speaker: 'ai' | 'callee';
  text: string;
}

/** Where a call in the browser stands. */
export interface BrowserCallState {
  callId: string;
  from: string;
  /** The voice the assistant speaks in. */
  voice: string;
  status: string;
  outcome: string | null;
  /** Whether the assistant waits for the caller's next answer. */
  listening: boolean;
  /** Where a real caller would now be put through (the test call ends there; no phone rings). */
  transferTo: string | null;
  lines: BrowserCallLine[];
}

/** Why a browser call's request cannot be served: the route answers with the HTTP status it names. */
export class BrowserCallProblem extends Error {
  constructor(
    readonly kind: 'not_found' | 'ended' | 'no_number',
    message: string,
  ) {
    super(message);
  }
}

/**
 * "Call your assistant": a call to the business number taken in the browser (issue #18). The browser is its
 * carrier — the caller's words typed or spoken, the assistant's replies played in the call's voice — and the call
 * goes through the same host as a phone call's: an inbound `calls` row, the greeting, each turn by the
 * conversation (a repeated turn number changes nothing twice, as a carrier's retry), its effects, Call History.
 * No phone rings: a transfer ends the test call where a real caller would be put through. A call left open (the
 * tab closed) is ended by the sweep after BROWSER_CALL_IDLE_SECONDS.
 */
export class BrowserCalls {
  constructor(
    private readonly deps: {
      db: Database;
      host: CallHost;
      businessNumber: (accountId: string) => Promise<string | null>;
    },
  ) {}

  /** Calls the account's business number from `from`: the call answered, the greeting its first line. */
  async start(accountId: string, from: string): Promise<BrowserCallState & { to: string }> {
    const to = await this.deps.businessNumber(accountId);
    if (!to) {
      throw new BrowserCallProblem(
        'no_number',
        'The account has no business number yet: assign one in Settings → Assistant first.',
      );
    }
    const providerCallId = `${BROWSER_CALL_PREFIX}${randomUUID()}`;
    const taken = await this.deps.host.onIncoming({ providerCallId, callId: randomUUID(), from, to });
    if (!taken) throw new BrowserCallProblem('no_number', 'The business number belongs to no account.');
    const report = (status: 'ringing' | 'in-progress') =>
      this.deps.host.onStatus({
        providerCallId,
        callId: taken.callId,
        attempt: 1,
        status,
        at: new Date(),
        ...(status === 'in-progress' ? { answeredBy: 'human' as const } : {}),
      });
    await report('ringing');
    await report('in-progress');
    await this.deps.host.onAnswer(providerCallId, 'human');
    return { ...this.state(await this.own(accountId, taken.callId)), to };
  }

  /**
   * The caller's `turn`-th answer (keys or words; neither is silence). A turn sent again (a retried request) hears
   * the same reply and changes nothing; a reply that ends the conversation ends the call.
   */
  async answer(
    accountId: string,
    callId: string,
    input: { turn: number; speech?: string; digits?: string },
  ): Promise<BrowserCallState> {
    const call = await this.own(accountId, callId);
    const providerCallId = call.providerCallId as string;
    const answered = (call.transcript ?? []).filter((line) => line.speaker === 'callee').length;
    // Past the turn already taken (a retry of it is replayed); never ahead of it.
    if (call.status !== 'in-progress' && input.turn > answered) {
      throw new BrowserCallProblem('ended', 'This call has ended. Start a new one.');
    }
    if (input.turn > answered + 1) {
      throw new BrowserCallProblem('ended', `Answer ${answered + 1} is the next one, not ${input.turn}.`);
    }
    const reply = await this.deps.host.onInput(providerCallId, {
      turn: input.turn,
      ...(input.speech?.trim() ? { speech: input.speech.trim() } : {}),
      ...(input.digits?.trim() ? { digits: input.digits.trim() } : {}),
    });
    if (reply && !reply.gather) await this.end(call);
    return this.state(await this.own(accountId, callId));
  }

  /** The caller hangs up. */
  async hangUp(accountId: string, callId: string): Promise<BrowserCallState> {
    const call = await this.own(accountId, callId);
    await this.end(call);
    return this.state(await this.own(accountId, callId));
  }

  /** Where a call of the account stands, if it is a browser call. */
  async find(accountId: string, callId: string): Promise<BrowserCallState> {
    return this.state(await this.own(accountId, callId));
  }

  /** For the sweep: a browser call quiet for BROWSER_CALL_IDLE_SECONDS was left, and ends. */
  async lookup(call: { providerCallId: string; callId: string; attempt: number }): Promise<CarrierLookup> {
    const row = await findCallByProviderId(this.deps.db, call.providerCallId);
    if (!row || row.id !== call.callId) return { event: null, ended: true };
    if (row.status !== 'in-progress') return { event: null, ended: row.status !== 'ringing' };
    const quietFor = Date.now() - row.updatedAt.getTime();
    if (quietFor < BROWSER_CALL_IDLE_SECONDS * 1000) return { event: null, ended: false };
    return { event: this.completed(row, row.updatedAt), ended: true };
  }

  private async end(call: CallRow): Promise<void> {
    if (call.status !== 'in-progress') return;
    await this.deps.host.onStatus(this.completed(call, new Date()));
  }

  private completed(call: CallRow, at: Date) {
    const started = call.startedAt ?? call.createdAt;
    return {
      providerCallId: call.providerCallId as string,
      callId: call.id,
      attempt: 1,
      status: 'completed' as const,
      at,
      durationSeconds: Math.max(1, Math.round((at.getTime() - started.getTime()) / 1000)),
    };
  }

  /** The account's browser call, or not found (another account's, a phone call, none). */
  private async own(accountId: string, callId: string): Promise<CallRow> {
    const call = await findCallById(this.deps.db, callId);
    if (!call || call.accountId !== accountId || !isBrowserCall(call.providerCallId ?? '')) {
      throw new BrowserCallProblem('not_found', 'No such test call.');
    }
    return call;
  }

  private state(call: CallRow): BrowserCallState {
    const spoken = (call.transcript ?? []).filter((line) => !line.text.startsWith('('));
    const lines: BrowserCallLine[] =
      spoken.length > 0
        ? spoken.map((line) => ({ speaker: line.speaker, text: line.text }))
        : [{ speaker: 'ai', text: call.message }];
    const dialogue = call.dialogue;
    const open =
      dialogue === null ||
      dialogue.stage === 'talking' ||
      dialogue.stage === 'message' ||
      dialogue.stage === 'offering';
    return {
      callId: call.id,
      from: call.phone,
      voice: call.voice,
      status: call.status,
      outcome: call.outcome,
      listening: call.status === 'in-progress' && open,
      transferTo: dialogue?.stage === 'transferring' ? dialogue.to : null,
      lines,
    };
  }
}
