import type { Database } from '@callwise/db/client';
import { insertOutboundMessages, unansweredCallsToText } from '@callwise/db/queries/messages';
import { smsSize } from '@callwise/shared/sms';
import { recipientValues, renderTemplate } from '@callwise/shared/variables';
import type { Logger } from '../../infra/logger.ts';
import { everyMinuteJob } from '../../infra/queue.ts';

/** How far back a run looks for calls to text after (a stopped worker's backlog within a day is still texted). */
const LOOK_BACK_MS = 24 * 3_600_000;

/**
 * The texts after calls (issue #19, decision 029): an outbound call of a followed-up type that reached nobody or a
 * voicemail gets the account's follow-up text (held by the sender to the calling window of the person's zone, as
 * every text we send of our own accord); an inbound call nobody took gets the text-back at once (an answer to the
 * caller's own call), one a day per caller. Each text's key (`follow-up:<call>`, `missed:<phone>:<day>`) is unique: a run repeated after a crash
 * writes nothing twice, and the sender sends each once.
 */
export class TextFollowUps {
  constructor(
    private readonly deps: {
      db: Database;
      onMessagesDue: () => void;
      log: Pick<Logger, 'warn'>;
    },
  ) {}

  async run(now = new Date()): Promise<number> {
    const { db } = this.deps;
    const calls = await unansweredCallsToText(db, new Date(now.getTime() - LOOK_BACK_MS));
    let written = 0;
    for (const call of calls) {
      const values = {
        ...recipientValues({
          name: call.contactName ?? call.recipientName,
          first_name: call.contactFirstName,
        }),
        business_name: call.business,
      };
      const rendered = renderTemplate(call.template, values);
      if (!rendered.ok) {
        this.deps.log.warn({ call: call.id, missing: rendered.missing }, 'text after a call not written');
        continue;
      }
      const size = smsSize(rendered.text);
      const rows = await insertOutboundMessages(db, [
        {
          accountId: call.accountId,
          kind: call.direction === 'outbound' ? 'call_follow_up' : 'missed_call',
          phone: call.phone,
          contactId: call.contactId,
          body: rendered.text,
          segments: size.segments,
          encoding: size.encoding,
          callId: call.id,
          appointmentId: call.appointmentId,
          dedupeKey: call.dedupeKey,
        },
      ]);
      written += rows.length;
    }
    if (written > 0) this.deps.onMessagesDue();
    return written;
  }
}

export const TEXT_FOLLOW_UPS = 'text-follow-ups';

/** Every minute, and soon after calls change: writes the texts after calls that reached nobody. */
export function textFollowUpsJob(followUps: () => TextFollowUps) {
  return everyMinuteJob(TEXT_FOLLOW_UPS, () => followUps().run());
}
