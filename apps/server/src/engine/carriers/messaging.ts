/**
 * Text messages through the carrier (issue #19, decision 029): the same carrier that places an account's calls
 * sends its texts from the business number and hands it the replies. Our side is the `MessageHost`, which the
 * carrier drives as the `CallHost` drives calls.
 */

/** What a carrier reports about a text it took. */
export type CarrierMessageStatus = 'sent' | 'delivered' | 'undelivered' | 'failed';

export interface SendMessageRequest {
  /** Our message id: the carrier's reports name it, and the simulator takes a message once per id. */
  messageId: string;
  /** E.164: the account's business number. */
  from: string;
  /** E.164 */
  to: string;
  body: string;
}

export interface SentMessage {
  /** The carrier's id for the text (Twilio's MessageSid, `SM…`). */
  providerMessageId: string;
  /** The carrier's price for it in cents, when it says at once (else it comes with a status report). */
  costCents?: number;
}

export interface CarrierMessageStatusEvent {
  providerMessageId: string;
  /** Our message id, when the report carries it (a report may come before we stored the carrier's id). */
  messageId?: string;
  status: CarrierMessageStatus;
  at: Date;
  /** Why it was not delivered (the carrier's error code and words). */
  error?: string;
  /** The carrier's final price in cents, when it reports one. */
  costCents?: number;
}

export interface InboundMessage {
  providerMessageId: string;
  /** E.164: who wrote. */
  from: string;
  /** E.164: the business number written to. */
  to: string;
  body: string;
  at: Date;
}

/** Our side of texts: the carrier's status reports and the texts written to a business number. */
export interface MessageHost {
  onMessageStatus(event: CarrierMessageStatusEvent): Promise<void>;
  /**
   * A text to a business number, stored and acted on in one transaction. Idempotent by `providerMessageId` (a
   * carrier may deliver the same text twice). Our answer to it, if any (STOP's confirmation, HELP), is an
   * outbound message of ours sent like any other, never a reply in the carrier's webhook answer.
   */
  onInboundMessage(message: InboundMessage): Promise<void>;
}

/** A refusal sending again will not fix (an invalid number, a recipient who replied STOP at the carrier). */
export class MessageRejectedError extends Error {
  constructor(
    message: string,
    /** The carrier's own code, when it gives one (Twilio: 21211 invalid To, 21610 unsubscribed recipient). */
    readonly code?: number,
  ) {
    super(message);
    this.name = 'MessageRejectedError';
  }
}

export interface MessageCarrier {
  readonly name: 'simulator' | 'twilio';
  /**
   * Hands one text to the carrier. Throws MessageRejectedError for a permanent refusal; any other error is one
   * that may pass (its pace, a network fault): the text was not taken.
   */
  send(request: SendMessageRequest): Promise<SentMessage>;
  /** Starts delivering reports and inbound texts to the host. */
  startMessaging(host: MessageHost): void;
}
