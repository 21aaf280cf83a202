import type { DatabaseHandle } from '@callwise/db/client';
import { createAccountWithUser } from '@callwise/db/queries/users';
import { createTestDatabase } from '@callwise/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MessageCarrier, MessageRejectedError } from '../../engine/index.ts';
import { MessageSender } from './message-sender.ts';

/**
 * The outbox's sender alone, at chosen moments (decision 029): quiet hours for the texts we send of our own
 * accord, the opted-out rule (but STOP's one confirmation), the carrier's refusals and faults, no business number.
 */
let database: DatabaseHandle;
let accountId: string;
const handed: Array<{ to: string; body: string; from: string }> = [];
let sids = 0;
const nextSid = () => `SM${String(++sids).padStart(32, '0')}`;
let answer: (to: string) => Promise<{ providerMessageId: string }> = async () => ({
  providerMessageId: nextSid(),
});
const carrier: Pick<MessageCarrier, 'send'> = {
  send: async (request) => {
    handed.push({ to: request.to, body: request.body, from: request.from });
    return answer(request.to);
  },
};
let businessNumber: string | null = '+13125550160';
const sender = () =>
  new MessageSender({
    db: database.db,
    carrier,
    businessNumber: async () => businessNumber,
    ratePerSegmentUsd: 0.0079,
    log: { warn: () => undefined },
  });

beforeAll(async () => {
  database = await createTestDatabase();
  const user = await createAccountWithUser(database.db, {
    businessName: 'Quiet Hours Dental',
    email: 'owner@quiet.example.com',
    passwordHash: 'x',
    userMetadata: {},
  });
  accountId = user.accountId;
  // A contact in Los Angeles; the account's window stays 08:00-21:00.
  await database.executeSql(
    `INSERT INTO contacts (account_id, name, phone, email, company, timezone)
     VALUES ($1, 'Lena Park', '+13105550131', '', '', 'America/Los_Angeles')`,
    [accountId],
  );
});
afterAll(async () => {
  await database.close();
});

let serial = 0;
async function queued(kind: string, phone: string, sendAt: Date): Promise<string> {
  serial += 1;
  const { rows } = await database.executeSql(
    `INSERT INTO messages (account_id, direction, kind, status, phone, body, segments, encoding, send_at)
     VALUES ($1, 'outbound', $2, 'queued', $3, $4, 1, 'GSM-7', $5) RETURNING id`,
    [accountId, kind, phone, `Text ${serial}`, sendAt],
  );
  return (rows[0] as { id: string }).id;
}
async function row(id: string) {
  const { rows } = await database.executeSql(
    'SELECT status, send_at, attempts, error, cost, provider_message_id, business_number FROM messages WHERE id = $1',
    [id],
  );
  return rows[0] as {
    status: string;
    send_at: Date | string;
    attempts: number;
    error: string | null;
    cost: string | number | null;
    provider_message_id: string | null;
    business_number: string | null;
  };
}

describe('quiet hours', () => {
  // 23:30 in Los Angeles on 10 March 2027 (07:30 UTC the 11th).
  const lateNight = new Date('2027-03-11T07:30:00Z');

  it('holds a reminder or a follow-up text to the window’s opening in the person’s zone, without counting a try', async () => {
    const reminder = await queued('reminder', '+13105550131', new Date(lateNight.getTime() - 60_000));
    const followUp = await queued('call_follow_up', '+13105550131', new Date(lateNight.getTime() - 30_000));
    const run = await sender().sendDue(lateNight);
    expect(run.sent).toBe(0);
    for (const id of [reminder, followUp]) {
      const held = await row(id);
      expect(held.status).toBe('queued');
      expect(held.attempts).toBe(0);
      // 08:00 in Los Angeles (PST, UTC-8) on the 11th.
      expect(new Date(held.send_at).toISOString()).toBe('2027-03-11T16:00:00.000Z');
    }
    expect(handed).toHaveLength(0);

    const morning = new Date('2027-03-11T16:00:30Z');
    const later = await sender().sendDue(morning);
    expect(later.sent).toBe(2);
    expect((await row(reminder)).status).toBe('sent');
  });

  it('sends the owner’s own text and our answers at once, at any hour', async () => {
    const manual = await queued('manual', '+13105550131', new Date(lateNight.getTime() - 1000));
    const textBack = await queued('missed_call', '+13105550131', new Date(lateNight.getTime() - 1000));
    await sender().sendDue(lateNight);
    expect((await row(manual)).status).toBe('sent');
    expect((await row(textBack)).status).toBe('sent');
  });
});

describe('who gets nothing', () => {
  it('a number that opted out gets only the one confirmation of its STOP', async () => {
    await database.executeSql(
      `INSERT INTO do_not_call (account_id, phone, source) VALUES ($1, '+13105550132', 'texted_stop')`,
      [accountId],
    );
    const manual = await queued('manual', '+13105550132', new Date(Date.now() - 1000));
    const confirmation = await queued('keyword_reply', '+13105550132', new Date(Date.now() - 1000));
    await sender().sendDue();
    expect(await row(manual)).toMatchObject({ status: 'skipped', error: 'The number opted out: not sent' });
    expect((await row(confirmation)).status).toBe('sent');
  });

  it('without a business number the text fails saying where to choose one', async () => {
    businessNumber = null;
    try {
      const id = await queued('manual', '+13105550133', new Date(Date.now() - 1000));
      await sender().sendDue();
      const failed = await row(id);
      expect(failed.status).toBe('failed');
      expect(failed.error).toContain('Settings → Assistant');
    } finally {
      businessNumber = '+13125550160';
    }
  });
});

describe('the carrier', () => {
  it('a text it took is sent with its id, the business number and the cost of its segments', async () => {
    const id = await queued('manual', '+13105550134', new Date(Date.now() - 1000));
    answer = async () => ({ providerMessageId: `SM${'1'.repeat(32)}` });
    await sender().sendDue();
    const sent = await row(id);
    expect(sent).toMatchObject({
      status: 'sent',
      provider_message_id: `SM${'1'.repeat(32)}`,
      business_number: '+13125550160',
    });
    expect(Number(sent.cost)).toBeCloseTo(0.0079, 4);
  });

  it('a fault is tried again minutes later, a refusal fails at once, and neither is handed over twice in a run', async () => {
    const fault = await queued('manual', '+13105550135', new Date(Date.now() - 1000));
    const refused = await queued('manual', '+13105550136', new Date(Date.now() - 500));
    answer = async (to) => {
      if (to === '+13105550135') throw new Error('socket hang up');
      throw new MessageRejectedError('+13105550136 is not a mobile number that can receive texts.', 21614);
    };
    const before = handed.length;
    const now = new Date();
    await sender().sendDue(now);
    expect(handed.length - before).toBe(2);
    const retried = await row(fault);
    expect(retried).toMatchObject({ status: 'queued', attempts: 1, error: 'socket hang up' });
    expect(new Date(retried.send_at).getTime()).toBe(now.getTime() + 2 * 60_000);
    expect(await row(refused)).toMatchObject({
      status: 'failed',
      error: '+13105550136 is not a mobile number that can receive texts.',
    });
    answer = async () => ({ providerMessageId: nextSid() });
  });
});
