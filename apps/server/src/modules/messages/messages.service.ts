import type { Database } from '@callwise/db/client';
import { changeAppointmentStatus, nextAppointmentOf } from '@callwise/db/queries/appointments';
import { findAccountByBusinessNumber } from '@callwise/db/queries/assistant';
import { cancelAppointmentReminders } from '@callwise/db/queries/call-edits';
import { getContact } from '@callwise/db/queries/contacts';
import {
  addToDoNotCall,
  findDoNotCallByPhone,
  isListed,
  removeFromDoNotCall,
} from '@callwise/db/queries/do-not-call';
import {
  contactByPhone,
  findMessage,
  getTextSettings,
  insertInboundMessage,
  insertOutboundMessages,
  listMessages,
  listMessageThreads,
  recordMessageReport,
  type TextSettingsRow,
  updateTextSettings,
} from '@callwise/db/queries/messages';
import type { MessageRow } from '@callwise/db/schema';
import type {
  ListMessagesQuery,
  Message,
  MessageThread,
  SendMessageInput,
  TextSettings,
} from '@callwise/shared/schemas/messages';
import { type SmsKeyword, smsKeyword, smsSize } from '@callwise/shared/sms';
import { recipientValues, renderTemplate } from '@callwise/shared/variables';
import {
  type CarrierMessageStatusEvent,
  classifySpeech,
  type InboundMessage,
  type MessageHost,
} from '../../engine/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { parseCursor as cursorOf } from '../../http/pagination.ts';
import type { Logger } from '../../infra/logger.ts';
import { formatAppointmentTime } from '../appointments/appointment-emails.ts';
import type { SelfServiceLinks } from '../appointments/self-service-link.ts';
import { accountCountry, fieldError, parsePhone } from '../contacts/contacts.service.ts';
import { messageReplies } from './message-replies.ts';

/**
 * What an inbound text asks: a keyword (STOP, START, HELP, C, R…), else what the calls' own intent engine hears in
 * its words — "please stop texting me" revokes, "yes I'll be there" confirms, "can we do Friday instead" or "I need
 * to cancel" gets the link to pick a new time or cancel. Anything else is the owner's to answer.
 */
function answerOf(body: string): SmsKeyword {
  const keyword = smsKeyword(body);
  if (keyword !== 'other') return keyword;
  const { intent } = classifySpeech(body);
  if (intent === 'opt_out') return 'stop';
  if (intent === 'confirm') return 'confirm';
  if (intent === 'reschedule' || intent === 'cancel') return 'reschedule';
  return 'other';
}

/** The note on a do-not-call entry a text's STOP made: START takes only such an entry away. */
export const TEXTED_STOP_NOTE = 'Replied STOP by text';

export function toMessage(row: MessageRow & { contactName: string | null }): Message {
  return {
    id: row.id,
    direction: row.direction as Message['direction'],
    kind: row.kind as Message['kind'],
    status: row.status as Message['status'],
    phone: row.phone,
    business_number: row.businessNumber,
    contact_id: row.contactId,
    contact_name: row.contactName,
    body: row.body,
    segments: row.segments,
    encoding: row.encoding as Message['encoding'],
    cost: row.cost,
    error: row.error,
    call_id: row.callId,
    appointment_id: row.appointmentId,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  };
}

const toTextSettings = (row: TextSettingsRow): TextSettings => ({
  follow_up_call_types: row.followUpTextCallTypes as TextSettings['follow_up_call_types'],
  follow_up_text: row.followUpText,
  missed_call_text_back: row.missedCallTextBack,
  missed_call_text: row.missedCallText,
});

/**
 * Text messages (issue #19, decision 029): sending (written to the outbox, sent by `MessageSender`), the lists,
 * and our side of the carrier's texts — its reports and the texts written to a business number, where the
 * keywords act: STOP lists the number (calls and texts) in the text's own transaction, START undoes a STOP sent by
 * text, HELP answers, C/YES/1 confirms the next appointment and R answers with its self-service link.
 */
export class MessagesService {
  readonly host: MessageHost;

  constructor(
    private readonly deps: {
      db: Database;
      links: Pick<SelfServiceLinks, 'url'>;
      /** The account's business number (the simulator gives one on first use). */
      businessNumber: (accountId: string) => Promise<string | null>;
      /** Texts were queued: the sender looks now. */
      onMessagesDue: () => void;
      /** An appointment confirmed by text that came from a calendar: write it back. */
      onWritebacksDue?: () => void;
      log: Logger;
    },
  ) {
    this.host = {
      onMessageStatus: (event) => this.onStatus(event),
      onInboundMessage: (message) => this.onInbound(message),
    };
  }

  async textSettings(accountId: string): Promise<TextSettings> {
    const row = await getTextSettings(this.deps.db, accountId);
    if (!row) throw notFound('Account');
    return toTextSettings(row);
  }

  async updateTextSettings(accountId: string, patch: Partial<TextSettings>): Promise<TextSettings> {
    const row = await updateTextSettings(this.deps.db, accountId, {
      ...(patch.follow_up_call_types
        ? { followUpTextCallTypes: [...new Set(patch.follow_up_call_types)] }
        : {}),
      ...(patch.follow_up_text !== undefined ? { followUpText: patch.follow_up_text } : {}),
      ...(patch.missed_call_text_back !== undefined
        ? { missedCallTextBack: patch.missed_call_text_back }
        : {}),
      ...(patch.missed_call_text !== undefined ? { missedCallText: patch.missed_call_text } : {}),
    });
    if (!row) throw notFound('Account');
    return toTextSettings(row);
  }

  /** Texts were queued elsewhere: the sender looks now. */
  wake(): void {
    this.deps.onMessagesDue();
  }

  async list(accountId: string, query: ListMessagesQuery) {
    const { db } = this.deps;
    const phone = query.phone ? parsePhone(query.phone, await accountCountry(db, accountId)) : undefined;
    const page = await listMessages(
      db,
      accountId,
      { phone, contactId: query.contact_id, direction: query.direction, status: query.status },
      { limit: query.limit, cursor: cursorOf(query.cursor) },
    );
    return { data: page.rows.map(toMessage), next_cursor: page.nextCursor };
  }

  async get(accountId: string, id: string): Promise<Message> {
    const row = await findMessage(this.deps.db, accountId, id);
    if (!row) throw notFound('Message');
    return toMessage(row);
  }

  async threads(accountId: string, page: { limit: number; cursor?: string | undefined }) {
    const result = await listMessageThreads(this.deps.db, accountId, {
      limit: page.limit,
      cursor: cursorOf(page.cursor),
    });
    return {
      data: result.rows.map(
        (row): MessageThread => ({
          phone: row.latest.phone,
          contact_id: row.contactId,
          contact_name: row.contactName,
          last_message: toMessage(row.latest),
          message_count: row.count,
        }),
      ),
      next_cursor: result.nextCursor,
    };
  }

  /**
   * A text from the owner (the app or the API): to a contact (its variables filled) or a number. A number that
   * opted out is refused (409 opted_out), as a call to it is.
   */
  async send(accountId: string, input: SendMessageInput): Promise<Message> {
    const { db } = this.deps;
    let phone: string;
    let contact: { id: string; name: string; firstName: string | null; lastName: string | null } | undefined;
    if (input.contact_id) {
      const row = await getContact(db, accountId, input.contact_id);
      if (!row) throw fieldError('contact_id', 'There is no such contact.');
      contact = row;
      phone = row.phone;
    } else {
      phone = parsePhone(input.to ?? '', await accountCountry(db, accountId), 'to');
      contact = await contactByPhone(db, accountId, phone);
    }
    const rendered = renderTemplate(
      input.body,
      contact
        ? recipientValues({ name: contact.name, first_name: contact.firstName, last_name: contact.lastName })
        : {},
    );
    if (!rendered.ok) {
      throw fieldError(
        'body',
        `This text needs ${rendered.missing.map((name) => `{{${name}}}`).join(', ')}.`,
      );
    }
    if ((await isListed(db, accountId, [phone])).has(phone)) {
      throw new AppError(
        'do_not_call',
        'This number opted out (STOP, or the do-not-call list): no texts or calls go to it.',
        [{ field: input.contact_id ? 'contact_id' : 'to', message: 'This number opted out.' }],
      );
    }
    const size = smsSize(rendered.text);
    const [row] = await insertOutboundMessages(db, [
      {
        accountId,
        kind: 'manual',
        phone,
        contactId: contact?.id ?? null,
        body: rendered.text,
        segments: size.segments,
        encoding: size.encoding,
      },
    ]);
    if (!row) throw new Error('the text was not written');
    this.deps.onMessagesDue();
    return toMessage({ ...row, contactName: contact?.name ?? null });
  }

  private async onStatus(event: CarrierMessageStatusEvent) {
    await recordMessageReport(this.deps.db, {
      providerMessageId: event.providerMessageId,
      messageId: event.messageId,
      status: event.status,
      at: event.at,
      error: event.error,
      cost: event.costCents === undefined ? undefined : event.costCents / 100,
    });
  }

  /**
   * A text to a business number: stored, and its keyword acted on, in one transaction (a crash leaves neither;
   * the carrier's next delivery of it does both). A text delivered again is recognised by the carrier's id.
   */
  private async onInbound(message: InboundMessage) {
    const { db, log } = this.deps;
    const account = await findAccountByBusinessNumber(db, message.to);
    if (!account) {
      log.warn({ to: message.to }, 'a text to a number no account has: dropped');
      return;
    }
    const keyword = answerOf(message.body);
    let woke = false;
    let writeback = false;
    await db.transaction(async (tx) => {
      const contact = await contactByPhone(tx, account.id, message.from);
      const size = smsSize(message.body);
      const inbound = await insertInboundMessage(tx, {
        accountId: account.id,
        providerMessageId: message.providerMessageId,
        phone: message.from,
        businessNumber: message.to,
        contactId: contact?.id ?? null,
        body: message.body,
        segments: size.segments,
        encoding: size.encoding,
        at: message.at,
      });
      if (!inbound) return;
      const reply = async (body: string, appointmentId: string | null = null) => {
        const replySize = smsSize(body);
        await insertOutboundMessages(tx, [
          {
            accountId: account.id,
            kind: 'keyword_reply',
            phone: message.from,
            contactId: contact?.id ?? null,
            body,
            segments: replySize.segments,
            encoding: replySize.encoding,
            appointmentId,
            dedupeKey: `reply:${inbound.id}`,
            createdAt: new Date(Math.max(Date.now(), message.at.getTime() + 1)),
          },
        ]);
        woke = true;
      };
      const listed = await findDoNotCallByPhone(tx, account.id, message.from);
      const number = message.to;
      if (keyword === 'stop') {
        // Calls and texts stop together (one record of the revocation), and pending calls are cancelled.
        if (!listed)
          await addToDoNotCall(tx, account.id, [{ phone: message.from, note: TEXTED_STOP_NOTE }], {
            source: 'texted_stop',
            consent: { method: 'text', words: message.body },
          });
        await reply(messageReplies.stop(account.name));
        return;
      }
      if (keyword === 'start') {
        if (listed?.source === 'texted_stop') {
          await removeFromDoNotCall(tx, account.id, listed.id, { method: 'text', words: message.body });
        }
        if (!listed || listed.source === 'texted_stop') await reply(messageReplies.start(account.name));
        return;
      }
      if (keyword === 'help') {
        await reply(messageReplies.help(account.name, number));
        return;
      }
      // Anything else from a number that opted out is kept for the owner, never answered.
      if (listed || (keyword !== 'confirm' && keyword !== 'reschedule')) return;
      const appointment = contact
        ? await nextAppointmentOf(tx, account.id, contact.id, message.at)
        : undefined;
      // Without an appointment to answer, a "yes" may answer something the owner wrote: theirs to read.
      if (!appointment) return;
      const when = formatAppointmentTime(appointment.startsAt, account.timezone);
      if (keyword === 'confirm') {
        const confirmed = await changeAppointmentStatus(
          tx,
          account.id,
          appointment.id,
          ['scheduled', 'reschedule_requested', 'confirmed'],
          'confirmed',
        );
        if (confirmed) await cancelAppointmentReminders(tx, account.id, [appointment.id]);
        writeback = Boolean(confirmed?.calendarConnectionId);
        await reply(messageReplies.confirmed(account.name, when), appointment.id);
        return;
      }
      await reply(
        messageReplies.reschedule(account.name, when, this.deps.links.url(appointment)),
        appointment.id,
      );
    });
    if (woke) this.deps.onMessagesDue();
    if (writeback) this.deps.onWritebacksDue?.();
  }
}
