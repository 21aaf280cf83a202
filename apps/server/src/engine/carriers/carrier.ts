import type { Pcm } from '../../providers/speech/audio.ts';

/** What a carrier reports about a call it placed. */
export type CarrierCallStatus = 'ringing' | 'in-progress' | 'completed' | 'busy' | 'no-answer' | 'failed';

export interface CarrierStatusEvent {
  providerCallId: string;
  /** Our call id, as given when placing it: a report may arrive before we recorded the carrier's id. */
  callId: string;
  /** The attempt of our call the carrier's call is (as given when placing it). */
  attempt: number;
  status: CarrierCallStatus;
  at: Date;
  answeredBy?: 'human' | 'machine';
  /** Connected time in seconds, on completion. */
  durationSeconds?: number;
  failureReason?: string;
}

export interface PlaceCallRequest {
  /** The same key for the same attempt: a carrier that sees it again answers with the call it already has. */
  idempotencyKey: string;
  callId: string;
  /** E.164 */
  to: string;
  /** Which attempt of the call this is (1 for the first). */
  attempt: number;
}

/** What we play when the callee answers, and whether we wait for an answer. */
export interface CallPrompt {
  audio: Pcm;
  /** Listen for a key or words after the prompt (false for a voicemail). */
  gather: boolean;
}

/** What the callee pressed or said (both absent: nothing), and which of their answers in the call it is. */
export interface CalleeInput {
  digits?: string;
  speech?: string;
  /** 1 (or absent) for the first answer, 2 for the one after our next question, …: a repeated report is known. */
  turn?: number;
}

/** Putting the caller through to a person (decision 026): the carrier dials `to` and joins them. */
export interface TransferRequest {
  /** The staff phone, E.164. */
  to: string;
  /** How long it rings before we take a message instead. */
  ringSeconds: number;
  /** Said to the staff member before they are joined, where the carrier can (a whisper): who and why. */
  whisper: string;
}

/** What we say after an answer: the reply, then listen again, put the caller through, or (neither) hang up. */
export interface CallReply {
  reply: Pcm;
  gather?: boolean;
  transfer?: TransferRequest;
}

/** Our side of a call, which a carrier drives: status reports, the conversation and the recording. */
export interface CallHost {
  onStatus(event: CarrierStatusEvent): Promise<void>;
  onAnswer(providerCallId: string, answeredBy: 'human' | 'machine'): Promise<CallPrompt | null>;
  /**
   * What the callee pressed or said: our reply, and whether to listen again after it (a conversation of several
   * turns), to put them through to a person, or (neither) to end the call after the reply.
   */
  onInput(providerCallId: string, input: CalleeInput): Promise<CallReply | null>;
  /**
   * How a transfer ended: answered (the call is the staff member's now; nothing more of ours) or not (we take a
   * message instead: the reply asks for it and listens).
   */
  onTransferEnded(providerCallId: string, result: { answered: boolean }): Promise<CallReply | null>;
  /**
   * A call to a business number (decision 026): our call for it, made now (`callId` is the id to give it), or
   * null when the number is nobody's. The carrier then reports it in progress and asks `onAnswer` as for ours.
   */
  onIncoming(call: { providerCallId: string; callId: string; from: string; to: string }): Promise<{
    callId: string;
  } | null>;
  onRecording(
    providerCallId: string,
    recording: { data: Buffer; contentType: string; durationSeconds: number },
  ): Promise<void>;
}

/** A refusal that trying again will not fix (an unreachable number, a blocked destination). */
export class CarrierRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CarrierRejectedError';
  }
}

/** The carrier did not take the call now (its pace, its lines), but will later: tried again, not a refusal. */
export class CarrierDeferredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CarrierDeferredError';
  }
}

export type PlaceCallResult = { providerCallId: string } | { error: unknown };

/**
 * What a carrier says of one of its calls when asked (the sweep asks about calls that went quiet): the latest
 * status it knows, if any, and whether the call is over at the carrier — an ended call whose final status is
 * unknown, or that our records cannot take, is failed by the sweep with a reason.
 */
export interface CarrierLookup {
  event: CarrierStatusEvent | null;
  ended: boolean;
}

export interface Carrier {
  readonly name: 'simulator' | 'twilio';
  /** Places a call; idempotent by request.idempotencyKey. Throws CarrierRejectedError for a permanent refusal. */
  place(request: PlaceCallRequest): Promise<{ providerCallId: string }>;
  /** Places several calls (a carrier may batch them); one result per request, in order. */
  placeAll(requests: PlaceCallRequest[]): Promise<PlaceCallResult[]>;
  /** Asks the carrier about one of its calls (our call and attempt, for the report it answers with). */
  lookup(call: { providerCallId: string; callId: string; attempt: number }): Promise<CarrierLookup>;
  /** Hangs up a call we no longer want (best effort). */
  hangUp(providerCallId: string): Promise<void>;
  /** Starts delivering events to the host (and resumes calls a stopped worker left). */
  start(host: CallHost): Promise<void>;
  /** Stops driving calls; in-flight work is left to be resumed. */
  stop(): Promise<void>;
}
