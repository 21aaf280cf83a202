import type Twilio from 'twilio';
import type { ProblemLogger as Logger } from '../../../infra/logger.ts';
import {
  type CarrierMessageStatus,
  type CarrierMessageStatusEvent,
  type MessageCarrier,
  type MessageHost,
  MessageRejectedError,
  type SendMessageRequest,
  type SentMessage,
} from '../messaging.ts';
import { type RestFailure, restFailure, type Sdk, TWILIO_WEBHOOK_PATH, twilioClient } from './twilio.ts';

/**
 * Twilio's codes for a text it will never send as asked (the number, the recipient, the sender, the text itself):
 * a 404 with one of them is about the text, not our account.
 */
const REFUSAL_CODES = new Set([21211, 21408, 21602, 21603, 21604, 21606, 21610, 21612, 21614, 21617]);

/** Why Twilio refused to take a text, in words for the message's history. */
function refusalMessage(failure: RestFailure, to: string, from: string): string {
  switch (failure.code) {
    case 21211:
      return `${to} is not a valid phone number.`;
    case 21604:
      return 'The text has no recipient.';
    case 21610:
      return `${to} replied STOP to texts from this number; Twilio will not send them more until they reply START.`;
    case 21614:
      return `${to} is not a mobile number that can receive texts.`;
    case 21408:
      return `Texts to ${to} are not enabled in the geographic permissions of your Twilio account.`;
    case 21612:
      return `Twilio cannot send texts from ${from} to ${to}.`;
    case 21603:
    case 21606:
      return `${from} cannot send texts: it is not an SMS-capable number of your Twilio account.`;
    case 21602:
      return 'The text is empty.';
    case 21617:
      return 'The text is longer than the 1600 characters Twilio takes.';
    default:
      return `Twilio refused the text: ${failure.message}${failure.code ? ` (error ${failure.code})` : ''}.`;
  }
}

/** Twilio's MessageStatus values that say something final to us; the others (queued, sending…) say nothing. */
const STATUSES: Record<string, CarrierMessageStatus> = {
  sent: 'sent',
  delivered: 'delivered',
  // Only some channels report it; read is delivered and then some.
  read: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  canceled: 'failed',
};

/** Twilio's delivery error codes in words (https://www.twilio.com/docs/api/errors). */
const DELIVERY_ERRORS: Record<string, string> = {
  '30003': 'unreachable handset',
  '30004': 'message blocked',
  '30005': 'unknown destination handset',
  '30006': 'landline or unreachable carrier',
  '30007': 'carrier filtered it as spam',
  '30008': 'unknown error',
  '21610': 'the recipient replied STOP',
};

/** A Twilio ErrorCode with its reason, as a status report's error. */
function deliveryError(code: string): string {
  const why = DELIVERY_ERRORS[code];
  return `Twilio error ${code}${why ? `: ${why}` : ''}`;
}

/** Twilio's price (a negative USD amount, as text: "-0.00790") in cents, rounded to a hundredth of a cent. */
function costCentsOf(price: string | number | null | undefined): number | undefined {
  if (price === null || price === undefined || price === '') return undefined;
  const usd = Number(price);
  if (!Number.isFinite(usd)) return undefined;
  return Math.round(-usd * 100 * 100) / 100;
}

/** Where Twilio reports on one of our texts: our message id rides along in the signed query. */
export function twilioMessageStatusUrl(publicUrl: string, messageId: string): string {
  return `${publicUrl}${TWILIO_WEBHOOK_PATH}/message-status?message=${encodeURIComponent(messageId)}`;
}

export interface TwilioMessagingOptions {
  accountSid: string;
  authToken: string;
  /** Where Twilio reaches our webhooks. */
  publicUrl: string;
  /** Stands in for https://api.twilio.com when set. */
  apiBaseUrl?: string;
  /** A Messaging Service (MG…) to send through instead of the business number (A2P 10DLC registration). */
  messagingServiceSid?: string;
  log: Logger;
  requestTimeoutMs?: number;
}

/**
 * Texts through Twilio's Messages API (the official SDK): sends them from the business number (or through the
 * Messaging Service, when one is configured) with a status callback naming our message, and hands the host
 * Twilio's status reports and the texts written to a business number (its SmsUrl), both signed webhooks
 * (twilio.routes.ts). Sending is not retried here: a refusal that sending again will not fix is a
 * MessageRejectedError, anything else a plain error the caller retries later.
 */
export class TwilioMessaging implements MessageCarrier {
  readonly name = 'twilio' as const;
  readonly client: Twilio.Twilio;
  private host: MessageHost | null = null;

  /** Opens messaging, loading the SDK. */
  static async open(options: TwilioMessagingOptions): Promise<TwilioMessaging> {
    const { default: sdk } = await import('twilio');
    return new TwilioMessaging(options, sdk);
  }

  private constructor(
    private readonly options: TwilioMessagingOptions,
    private readonly sdk: Sdk,
  ) {
    this.client = twilioClient(sdk, { ...options, timeoutMs: options.requestTimeoutMs ?? 10_000 });
  }

  async send(request: SendMessageRequest): Promise<SentMessage> {
    const { publicUrl, messagingServiceSid } = this.options;
    try {
      const message = await this.client.messages.create({
        to: request.to,
        body: request.body,
        statusCallback: twilioMessageStatusUrl(publicUrl, request.messageId),
        ...(messagingServiceSid ? { messagingServiceSid } : { from: request.from }),
      });
      const costCents = costCentsOf(message.price);
      return { providerMessageId: message.sid, ...(costCents !== undefined ? { costCents } : {}) };
    } catch (error) {
      throw this.failure(error, request);
    }
  }

  /** A failed request as the caller's kind of error: a permanent refusal, or one to try again later. */
  private failure(error: unknown, request: SendMessageRequest): Error {
    const failure = restFailure(this.sdk, error);
    if (!failure) {
      const why = error instanceof Error ? error.message : String(error);
      return new Error(`Twilio could not be reached (${why}); the text will be sent again later.`);
    }
    const said = `HTTP ${failure.status}${failure.code ? `, error ${failure.code}` : ''}: ${failure.message}`;
    if (failure.status === 429 || failure.code === 20429) {
      return new Error(`Twilio asked us to slow down (${said}); the text will be sent again later.`);
    }
    const refusedAccount =
      failure.status === 401 ||
      failure.status === 403 ||
      (failure.status === 404 && !(failure.code !== undefined && REFUSAL_CODES.has(failure.code)));
    if (refusedAccount) {
      const message = `Twilio refused our account (${said}). Check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN; the text will be sent again later.`;
      this.options.log.error({ messageId: request.messageId }, message);
      return new Error(message);
    }
    // 400 (and 404 with one of the codes above): Twilio will not send this text, whenever asked.
    if (failure.status >= 400 && failure.status < 500 && failure.status !== 408) {
      return new MessageRejectedError(refusalMessage(failure, request.to, request.from), failure.code);
    }
    return new Error(`Twilio could not take the text (${said}); it will be sent again later.`);
  }

  startMessaging(host: MessageHost): void {
    this.host = host;
  }

  private started(): MessageHost {
    if (!this.host) throw new Error('Twilio messaging has not been started (no message host).');
    return this.host;
  }

  /**
   * A status callback of one of our texts (MessageSid, MessageStatus, ErrorCode), for our message named in its
   * signed URL: handed to the host when it says something final; queued, accepted, sending, scheduled say
   * nothing new.
   */
  async reportStatus(params: Record<string, string>, messageId: string | undefined): Promise<void> {
    const host = this.started();
    const status = STATUSES[params.MessageStatus ?? params.SmsStatus ?? ''];
    if (!status) return;
    const providerMessageId = params.MessageSid ?? params.SmsSid;
    if (!providerMessageId) throw new Error('A Twilio status report without a MessageSid.');
    const errorCode = params.ErrorCode;
    const event: CarrierMessageStatusEvent = {
      providerMessageId,
      ...(messageId ? { messageId } : {}),
      status,
      at: new Date(),
      ...(errorCode && errorCode !== '0' ? { error: deliveryError(errorCode) } : {}),
    };
    const costCents = costCentsOf(params.Price);
    if (costCents !== undefined) event.costCents = costCents;
    await host.onMessageStatus(event);
  }

  /** A text written to a business number (its SmsUrl): handed to the host, which answers it, if at all, apart. */
  async receive(params: Record<string, string>): Promise<void> {
    const host = this.started();
    const providerMessageId = params.MessageSid ?? params.SmsSid;
    if (!providerMessageId) throw new Error('An inbound text from Twilio without a MessageSid.');
    await host.onInboundMessage({
      providerMessageId,
      from: params.From ?? '',
      to: params.To ?? '',
      body: params.Body ?? '',
      at: new Date(),
    });
  }
}
