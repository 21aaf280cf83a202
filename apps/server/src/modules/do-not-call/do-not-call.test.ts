import { isListed } from '@callwise/db/queries/do-not-call';
import { seedCall } from '@callwise/db/seed/factories';
import type { CallEvent } from '@callwise/shared/schemas/calls';
import { describe, expect, it } from 'vitest';
import { createApiKey, signedInUser } from '../../../test/helper.ts';
import { other, owner, t, useTwoBusinesses } from '../../../test/two-businesses.ts';

/** The do-not-call list through HTTP: add, list, search, remove, import, export, and the calls it cancels. */
type User = typeof owner;
useTwoBusinesses();

type Method = 'GET' | 'POST' | 'DELETE';
function send(as: User, method: Method, url: string, payload?: object) {
  return t.app.inject({ method, url, headers: as.headers, ...(payload ? { payload } : {}) });
}

let serial = 0;
/** A fresh valid number in the fictional 555-01xx range, under a new area code each time. */
function freshNumber(): { national: string; e164: string } {
  const area = 201 + (serial++ % 700);
  const line = String(100 + (serial % 100)).padStart(4, '0');
  return { national: `(${area}) 555-${line}`, e164: `+1${area}555${line}` };
}

async function callRow(id: string) {
  const { rows } = await t.database.executeSql('SELECT status, failure_reason FROM calls WHERE id = $1', [
    id,
  ]);
  return rows[0] as { status: string; failure_reason: string | null } | undefined;
}

describe('POST /v1/do-not-call', () => {
  it('lists a number typed in national form, in E.164, with its note', async () => {
    const number = freshNumber();
    const res = await send(owner, 'POST', '/v1/do-not-call', {
      phone: number.national,
      note: 'Asked by e-mail',
    });
    expect(res.statusCode).toBe(201);
    const entry = res.json();
    expect(entry).toMatchObject({
      phone: number.e164,
      source: 'added',
      note: 'Asked by e-mail',
      call_id: null,
      already_listed: false,
      canceled_calls: 0,
    });
    expect(Date.now() - Date.parse(entry.created_at)).toBeLessThan(60_000);

    const list = await send(owner, 'GET', '/v1/do-not-call');
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toEqual({
      id: entry.id,
      phone: number.e164,
      source: 'added',
      note: 'Asked by e-mail',
      call_id: null,
      created_at: entry.created_at,
    });
  });

  it('answers 200 with the existing entry for a number already listed, unchanged', async () => {
    const number = freshNumber();
    const first = await send(owner, 'POST', '/v1/do-not-call', { phone: number.e164, note: 'First' });
    expect(first.statusCode).toBe(201);
    const again = await send(owner, 'POST', '/v1/do-not-call', { phone: number.national, note: 'Second' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, note: 'First', already_listed: true });
  });

  it('refuses what is not a phone number, saying why', async () => {
    for (const [phone, message] of [
      ['12', 'phone: 12 is too short to be a phone number.'],
      ['call me', 'phone: "call me" is not a phone number.'],
      ['202-555-CALL', 'phone: "202-555-CALL" has letters in it. Enter the number with digits only.'],
    ] as const) {
      const res = await send(owner, 'POST', '/v1/do-not-call', { phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', message });
      expect(res.json().error.details).toEqual([{ field: 'phone', message: message.slice(7) }]);
    }
    const empty = await send(owner, 'POST', '/v1/do-not-call', { phone: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('phone: Enter a phone number.');
    const long = await send(owner, 'POST', '/v1/do-not-call', {
      phone: '+12025550143',
      note: 'x'.repeat(201),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details[0].field).toBe('note');
  });

  it('cancels the account’s waiting calls to the number, and only those', async () => {
    const number = freshNumber();
    const elsewhere = freshNumber();
    const inAnHour = new Date(Date.now() + 3600_000);
    const scheduled = await seedCall(t.database.db, owner.accountId, {
      phone: number.e164,
      scheduledAt: inAnHour,
    });
    const queued = await seedCall(t.database.db, owner.accountId, { phone: number.e164, status: 'queued' });
    const expiredClaim = await seedCall(t.database.db, owner.accountId, {
      phone: number.e164,
      status: 'queued',
      claimedUntil: new Date(Date.now() - 60_000),
    });
    // On its way to the carrier (a live claim) or with the carrier already: too late to cancel.
    const claimed = await seedCall(t.database.db, owner.accountId, {
      phone: number.e164,
      status: 'queued',
      claimedUntil: new Date(Date.now() + 60_000),
    });
    const ringing = await seedCall(t.database.db, owner.accountId, {
      phone: number.e164,
      status: 'ringing',
      providerCallId: `sim-${number.e164}`,
    });
    const otherNumber = await seedCall(t.database.db, owner.accountId, {
      phone: elsewhere.e164,
      scheduledAt: inAnHour,
    });
    const otherAccount = await seedCall(t.database.db, other.accountId, {
      phone: number.e164,
      scheduledAt: inAnHour,
    });

    const events: CallEvent[] = [];
    const unsubscribe = t.services.events.subscribe(owner.accountId, (event) => events.push(event));
    try {
      const res = await send(owner, 'POST', '/v1/do-not-call', { phone: number.national });
      expect(res.statusCode).toBe(201);
      expect(res.json().canceled_calls).toBe(3);

      for (const call of [scheduled, queued, expiredClaim]) {
        expect(await callRow(call.id)).toEqual({
          status: 'canceled',
          failure_reason: 'The number is on the do-not-call list.',
        });
      }
      expect((await callRow(claimed.id))?.status).toBe('queued');
      expect((await callRow(ringing.id))?.status).toBe('ringing');
      expect((await callRow(otherNumber.id))?.status).toBe('scheduled');
      expect((await callRow(otherAccount.id))?.status).toBe('scheduled');

      // Each cancellation is announced on the live event stream.
      await expect
        .poll(() =>
          events
            .filter((event) => event.status === 'canceled')
            .map((event) => event.id)
            .sort(),
        )
        .toEqual([scheduled.id, queued.id, expiredClaim.id].sort());
    } finally {
      unsubscribe();
    }
    // The other account's list knows nothing of it.
    expect(await isListed(t.database.db, other.accountId, [number.e164])).toEqual(new Set());
    expect(await isListed(t.database.db, owner.accountId, [number.e164, elsewhere.e164])).toEqual(
      new Set([number.e164]),
    );
  });

  it('is open to API keys', async () => {
    const key = await createApiKey(t, owner, 'DNC sync');
    const number = freshNumber();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/do-not-call',
      headers: key.headers,
      payload: { phone: number.e164 },
    });
    expect(res.statusCode).toBe(201);
    const list = await t.app.inject({
      url: `/v1/do-not-call?q=${number.e164.slice(2)}`,
      headers: key.headers,
    });
    expect(list.json().data.map((entry: { phone: string }) => entry.phone)).toEqual([number.e164]);
  });
});

describe('GET /v1/do-not-call', () => {
  it('searches digits anywhere in the number, and words of the note', async () => {
    const user = await signedInUser(t, { plan: 'professional' });
    const numbers = ['+13125550111', '+13125550122', '+14155550133'];
    for (const [i, phone] of numbers.entries()) {
      const res = await send(user, 'POST', '/v1/do-not-call', {
        phone,
        note: i === 2 ? 'Angry on the phone' : null,
      });
      expect(res.statusCode).toBe(201);
    }
    const phones = async (q: string) =>
      (await send(user, 'GET', `/v1/do-not-call?q=${encodeURIComponent(q)}`))
        .json()
        .data.map((entry: { phone: string }) => entry.phone);
    expect(await phones('312')).toEqual(['+13125550122', '+13125550111']);
    expect(await phones('(312) 555-0122')).toEqual(['+13125550122']);
    expect(await phones('0133')).toEqual(['+14155550133']);
    expect(await phones('angry')).toEqual(['+14155550133']);
    expect(await phones('999')).toEqual([]);
  });

  it('pages newest first without skipping or repeating', async () => {
    const user = await signedInUser(t, { plan: 'professional' });
    const added: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await send(user, 'POST', '/v1/do-not-call', { phone: freshNumber().e164 });
      added.push(res.json().id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await send(user, 'GET', `/v1/do-not-call?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { data: Array<{ id: string }>; next_cursor: string | null };
      seen.push(...page.data.map((entry) => entry.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(added.reverse());
    const bad = await send(user, 'GET', '/v1/do-not-call?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
  });

  it('shows each account only its own numbers', async () => {
    const number = freshNumber();
    await send(owner, 'POST', '/v1/do-not-call', { phone: number.e164 });
    const theirs = await send(other, 'GET', `/v1/do-not-call?q=${number.e164.slice(2)}`);
    expect(theirs.json().data).toEqual([]);
  });
});

describe('DELETE /v1/do-not-call/:id', () => {
  it('takes a number off the list; another account’s entry answers 404', async () => {
    const number = freshNumber();
    const entry = (await send(owner, 'POST', '/v1/do-not-call', { phone: number.e164 })).json();

    const foreign = await send(other, 'DELETE', `/v1/do-not-call/${entry.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toEqual({ code: 'not_found', message: 'Do-not-call entry not found' });
    expect(await isListed(t.database.db, owner.accountId, [number.e164])).toEqual(new Set([number.e164]));

    const res = await send(owner, 'DELETE', `/v1/do-not-call/${entry.id}`);
    expect(res.statusCode).toBe(204);
    expect(await isListed(t.database.db, owner.accountId, [number.e164])).toEqual(new Set());
    expect((await send(owner, 'DELETE', `/v1/do-not-call/${entry.id}`)).statusCode).toBe(404);
    const bad = await send(owner, 'DELETE', '/v1/do-not-call/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('id: is not a do-not-call entry id');
  });
});

describe('POST /v1/do-not-call/import', () => {
  it('lists a table’s phone column with notes, reporting bad rows by line', async () => {
    const user = await signedInUser(t, { plan: 'professional' });
    const listed = freshNumber();
    await send(user, 'POST', '/v1/do-not-call', { phone: listed.e164 });
    const a = freshNumber();
    const b = freshNumber();
    const waiting = await seedCall(t.database.db, user.accountId, {
      phone: b.e164,
      scheduledAt: new Date(Date.now() + 3600_000),
    });
    const csv = [
      'Name,Phone,Note',
      `Ann,${a.national},Complained`,
      `Bob,${b.e164},`,
      'Cid,12,',
      `Ann again,${a.e164},Twice`,
      `Dee,${listed.national},`,
      'Eve,,',
      'Fay,not a number,',
    ].join('\n');
    const res = await send(user, 'POST', '/v1/do-not-call/import', { csv });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total_rows: 7,
      added: 2,
      already_listed: 2,
      invalid: 3,
      invalid_rows: [
        { line: 4, value: '12', reason: '12 is too short to be a phone number.' },
        { line: 7, value: '', reason: 'There is no number on this line.' },
        {
          line: 8,
          value: 'not a number',
          reason: '"not a number" is not a phone number.',
        },
      ],
      canceled_calls: 1,
    });
    expect((await callRow(waiting.id))?.status).toBe('canceled');
    const list = (await send(user, 'GET', '/v1/do-not-call')).json().data;
    expect(list.find((entry: { phone: string }) => entry.phone === a.e164)).toMatchObject({
      source: 'imported',
      note: 'Complained',
    });
    expect(list.find((entry: { phone: string }) => entry.phone === listed.e164)).toMatchObject({
      source: 'added',
    });
  });

  it('takes one number per line, sent as the file itself (text/csv)', async () => {
    const user = await signedInUser(t, { plan: 'professional' });
    const numbers = [freshNumber(), freshNumber()];
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/do-not-call/import',
      headers: { ...user.headers, 'content-type': 'text/csv' },
      payload: `Do not call\r\n${numbers[0]?.national}\r\n\r\n${numbers[1]?.e164}\r\n`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total_rows: 2, added: 2, already_listed: 0, invalid: 0 });
    expect(
      await isListed(
        t.database.db,
        user.accountId,
        numbers.map((n) => n.e164),
      ),
    ).toEqual(new Set(numbers.map((n) => n.e164)));
  });

  it('refuses a file it cannot read, saying what to change', async () => {
    const cases: Array<[string, string]> = [
      [
        'name,email\nAnn,ann@example.com',
        'csv: The file has several columns and none is called “phone”. Name the column with the numbers “phone”, or list one number per line.',
      ],
      ['phone\n', 'csv: The file has a header row but no numbers.'],
      ['\n\n', 'csv: The file is empty.'],
      ['', 'csv: The file is empty.'],
    ];
    for (const [csv, message] of cases) {
      const res = await send(owner, 'POST', '/v1/do-not-call/import', { csv });
      expect(res.statusCode, JSON.stringify(csv)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });
});

describe('GET /v1/do-not-call/export', () => {
  it('downloads the list as CSV that can be imported again', async () => {
    const user = await signedInUser(t, { plan: 'professional' });
    const a = freshNumber();
    const b = freshNumber();
    await send(user, 'POST', '/v1/do-not-call', { phone: a.e164, note: '=cmd()' });
    await send(user, 'POST', '/v1/do-not-call', { phone: b.e164, note: 'Said "never", twice' });
    const res = await send(user, 'GET', '/v1/do-not-call/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="do-not-call-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('phone,source,note,call_id,created_at');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^\\${b.e164},added,"Said ""never"", twice",,\\d{4}-`));
    // A note that a spreadsheet would run as a formula is written as text.
    expect(lines[2]).toMatch(new RegExp(`^\\${a.e164},added,'=cmd\\(\\),,`));

    // Another account exports only its own (nothing here).
    const stranger = await signedInUser(t, { plan: 'professional' });
    const theirs = await send(stranger, 'GET', '/v1/do-not-call/export');
    expect(theirs.body.trim()).toBe('phone,source,note,call_id,created_at');

    // The file goes back in as it came out.
    await send(
      user,
      'DELETE',
      `/v1/do-not-call/${(await send(user, 'GET', '/v1/do-not-call')).json().data[0].id}`,
    );
    const again = await send(user, 'POST', '/v1/do-not-call/import', { csv: res.body });
    expect(again.json()).toMatchObject({ total_rows: 2, added: 1, already_listed: 1, invalid: 0 });
  });
});
