import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cancelCall } from '@callwise/db/queries/call-edits';
import { claimIdempotencyKey, purgeIdempotencyKeys } from '@callwise/db/queries/idempotency';
import { seedCall, seedContact, seedScript } from '@callwise/db/seed/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createApiKey, signedInUser, type TestApp } from './helper.ts';

/**
 * The public API as an integrator uses it: every request with an API key (`Authorization: Bearer cw_live_…`),
 * the documented body and answer of POST /v1/calls, pagination, contacts, rate limits, idempotency, isolation.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let key: Awaited<ReturnType<typeof createApiKey>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInUser(t, { plan: 'professional' });
  key = await createApiKey(t, owner, 'Contract');
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (
  method: Method,
  url: string,
  options: {
    payload?: object;
    headers?: Record<string, string>;
    as?: { headers: Record<string, string> };
  } = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(options.as ?? key).headers, ...options.headers },
    ...(options.payload ? { payload: options.payload } : {}),
  });

let unique = 0;
/** A message nobody synthesised yet, so that a request takes a moment (the speech cache would skip it). */
const freshMessage = () =>
  `Hello {{name}}, this is reminder number ${Date.now()}-${++unique} from Harbor Dental.`;

describe('POST /v1/calls with the documented body', () => {
  it('answers 201 with the documented fields, status queued and an estimated duration', async () => {
    const res = await call('POST', '/v1/calls', {
      payload: {
        phone: '+1 (202) 555-0143',
        script: 'Hi {{name}}, this is Harbor Dental reminding you of your cleaning tomorrow at 10 AM.',
        voice: 'female',
        callback_url: 'https://example.com/webhooks/callwise',
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'queued',
      phone: '+12025550143',
      script: 'Hi there, this is Harbor Dental reminding you of your cleaning tomorrow at 10 AM.',
      voice: 'aria',
      callback_url: 'https://example.com/webhooks/callwise',
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.now() - Date.parse(body.created_at)).toBeLessThan(60_000);
    expect(body.estimated_duration).toBeGreaterThan(5);
    expect(res.headers['ratelimit-limit']).toBe('100');

    const got = await call('GET', `/v1/calls/${body.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(body);
  });

  it.each([
    ['status', 'completed'],
    ['cost', 0],
    ['duration', 1],
    ['recording_url', 'https://evil.example/x.wav'],
    ['attempts', 0],
  ])('refuses the read-only field %s', async (field, value) => {
    const res = await call('POST', '/v1/calls', {
      payload: { phone: '+12025550143', message: 'Hi', [field]: value },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(JSON.stringify(res.json().error)).toContain(field);
  });
});

describe('GET /v1/calls', () => {
  it('walks every page exactly once, newest first, including calls created at the same instant', async () => {
    const user = await signedInUser(t, { plan: 'professional' });
    const theirKey = await createApiKey(t, user);
    const base = Date.now() - 3_600_000;
    const ids: string[] = [];
    for (let i = 0; i < 57; i++) {
      // Groups of three share a created_at: the cursor's id breaks the tie.
      const row = await seedCall(t.database.db, user.accountId, {
        recipientName: `Page ${i}`,
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      });
      ids.push(row.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await call('GET', `/v1/calls?limit=10${query}`, { as: theirKey });
      expect(res.statusCode).toBe(200);
      const page = res.json() as {
        data: Array<{ id: string; created_at: string }>;
        next_cursor: string | null;
      };
      seen.push(...page.data.map((c) => c.id));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(6);
    expect(seen).toHaveLength(57);
    expect(new Set(seen).size).toBe(57);
    expect(new Set(seen)).toEqual(new Set(ids));
    const byCreation = [...ids].reverse();
    // Newest first: each group of equal timestamps comes before the older ones.
    const rank = (id: string) => Math.floor(byCreation.indexOf(id) / 3);
    expect(seen.map(rank)).toEqual([...seen.map(rank)].sort((a, b) => a - b));
  });

  it('filters by status group and refuses a cursor it did not hand out', async () => {
    await seedCall(t.database.db, owner.accountId, { recipientName: 'Done', status: 'completed' });
    const res = await call('GET', '/v1/calls?status=completed&limit=100');
    expect(res.json().data.every((c: { status: string }) => c.status === 'completed')).toBe(true);
    const bad = await call('GET', '/v1/calls?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([
      { field: 'cursor', message: 'is not a cursor from a previous page' },
    ]);
  });

  it('answers the same page plain or compressed, fresh or from the one-second page cache', async () => {
    const user = await signedInUser(t, { plan: 'professional' });
    const theirKey = await createApiKey(t, user);
    for (let i = 0; i < 3; i++) await seedCall(t.database.db, user.accountId, { recipientName: `Zip ${i}` });
    const url = '/v1/calls?limit=50';
    const plain = await call('GET', url, { as: theirKey });
    const again = await call('GET', url, { as: theirKey });
    expect(again.body).toBe(plain.body);
    expect(again.headers['ratelimit-remaining']).toBe('98');
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await call('GET', url, {
        as: theirKey,
        headers: { 'accept-encoding': `${encoding}, deflate` },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload).toString()).toBe(plain.body);
    }
    // The web app's session reads the database every time and gets the same answer.
    const session = await call('GET', url, { as: user });
    expect(session.json()).toEqual(plain.json());
  });

  it('answers a burst of requests for a page nobody read yet alike, each counted', async () => {
    const user = await signedInUser(t, { plan: 'professional' });
    const theirKey = await createApiKey(t, user);
    // A second apart: two calls made in the same millisecond would list in either order.
    const start = Date.now() - 10_000;
    for (let i = 0; i < 3; i++)
      await seedCall(t.database.db, user.accountId, {
        recipientName: `Burst ${i}`,
        createdAt: new Date(start + i * 1000),
      });
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('GET', '/v1/calls?limit=2', {
          as: theirKey,
          headers: i % 2 ? { 'accept-encoding': 'gzip' } : {},
        }),
      ),
    );
    const plain = burst[0]?.json();
    expect(plain.data.map((c: { recipient_name: string }) => c.recipient_name)).toEqual([
      'Burst 2',
      'Burst 1',
    ]);
    for (const [i, res] of burst.entries()) {
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(i % 2 ? gunzipSync(res.rawPayload).toString() : res.body)).toEqual(plain);
    }
    const remaining = burst.map((res) => Number(res.headers['ratelimit-remaining'])).sort((a, b) => b - a);
    expect(remaining).toEqual(Array.from({ length: 20 }, (_, i) => 99 - i));
  });

  it('shows a key its own new call at once, and a change made elsewhere as soon as it is announced', async () => {
    const user = await signedInUser(t, { plan: 'professional' });
    const theirKey = await createApiKey(t, user);
    expect((await call('GET', '/v1/calls', { as: theirKey })).json().data).toEqual([]);
    const created = await call('POST', '/v1/calls', {
      as: theirKey,
      payload: {
        phone: '+12025550143',
        message: 'Hi',
        scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(created.statusCode).toBe(201);
    const listed = await call('GET', '/v1/calls', { as: theirKey });
    expect(listed.json().data.map((c: { id: string }) => c.id)).toEqual([created.json().id]);
    // Cancelled by another process (the query announces the change).
    await cancelCall(t.database.db, user.accountId, created.json().id);
    await expect
      .poll(async () => (await call('GET', '/v1/calls', { as: theirKey })).json().data[0].status, {
        timeout: 2000,
        interval: 20,
      })
      .toBe('canceled');
  });
});

describe('POST /v1/calls/batch', () => {
  it('creates every call in the order given', async () => {
    const res = await call('POST', '/v1/calls/batch', {
      payload: {
        calls: [
          { phone: '+12025550111', recipient_name: 'Ana', message: 'Hi {{name}}' },
          { phone: '+12025550112', recipient_name: 'Ben', message: 'Hi {{name}}', voice: 'male' },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().created.map((c: { script: string; voice: string }) => [c.script, c.voice])).toEqual([
      ['Hi Ana', 'aria'],
      ['Hi Ben', 'roger'],
    ]);
    expect(res.json().skipped).toEqual([]);
  });

  it('creates none when one call is wrong, and names it', async () => {
    const before = (await call('GET', '/v1/calls/summary')).json().total;
    const res = await call('POST', '/v1/calls/batch', {
      payload: {
        calls: [
          { phone: '+12025550113', message: 'Hi' },
          { phone: '+12025550114', message: 'See you on {{date}}.' },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('calls.1.variables.date');
    expect(res.json().error.message).toMatch(/^calls\[1\]: /);
    expect((await call('GET', '/v1/calls/summary')).json().total).toBe(before);
  });

  it('skips the calls the calling rules refuse, says why, and creates the rest', async () => {
    await t.database.executeSql(`INSERT INTO do_not_call (account_id, phone) VALUES ($1, '+12025550116')`, [
      owner.accountId,
    ]);
    const res = await call('POST', '/v1/calls/batch', {
      payload: {
        calls: [
          { phone: '+12025550115', message: 'Hi' },
          { phone: 'not a number', message: 'Hi' },
          { phone: '+12025550116', message: 'Hi' },
          { phone: '+12025550117', message: 'A sale!', call_type: 'promotional' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created.map((c: { phone: string }) => c.phone)).toEqual(['+12025550115']);
    expect(res.json().skipped.map((s: { index: number; reason: string }) => [s.index, s.reason])).toEqual([
      [1, 'invalid_number'],
      [2, 'do_not_call'],
      [3, 'no_consent'],
    ]);
    expect(res.json().skipped[1].message).toMatch(/do-not-call list/);
  });

  it('needs the trial’s calls left to cover the whole batch', async () => {
    const trial = await signedInUser(t);
    const trialKey = await createApiKey(t, trial);
    const calls = Array.from({ length: 11 }, (_, i) => ({ phone: `+120255501${20 + i}`, message: 'Hi' }));
    const res = await call('POST', '/v1/calls/batch', { as: trialKey, payload: { calls } });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe('call_limit_reached');
    expect((await call('GET', '/v1/calls', { as: trialKey })).json().data).toEqual([]);
  });
});

describe('contacts with a key', () => {
  it('creates and lists contacts', async () => {
    const created = await call('POST', '/v1/contacts', {
      payload: {
        name: 'Maria Garcia',
        phone: '(202) 555-0177',
        email: 'maria@example.com',
        company: 'Garcia Bakery',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Maria Garcia',
      phone: '+12025550177',
      timezone: 'America/New_York',
    });
    const list = await call('GET', '/v1/contacts?q=garcia');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: { id: string }) => c.id)).toContain(created.json().id);
    const got = await call('GET', `/v1/contacts/${created.json().id}`);
    expect(got.json().email).toBe('maria@example.com');
  });
});

describe('rate limits', () => {
  it('answers the 101st request within a minute 429, while another key of the account is unaffected', async () => {
    const busy = await createApiKey(t, owner, 'Busy');
    const other = await createApiKey(t, owner, 'Other');
    const remaining: number[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await call('GET', '/v1/voices', { as: busy });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('100');
      remaining.push(Number(res.headers['ratelimit-remaining']));
      const reset = Number(res.headers['ratelimit-reset']);
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
    }
    expect(remaining[0]).toBe(99);
    expect(remaining.at(-1)).toBe(0);
    const refused = await call('GET', '/v1/voices', { as: busy });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(refused.json().error.message).toMatch(
      /^Too many requests: the limit is 100 requests per minute\./,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    // Every route, not only the one that was busy.
    expect((await call('GET', '/v1/calls', { as: busy })).statusCode).toBe(429);

    const fine = await call('GET', '/v1/voices', { as: other });
    expect(fine.statusCode).toBe(200);
    expect(fine.headers['ratelimit-remaining']).toBe('99');
    // The web app's session traffic is limited separately.
    const session = await call('GET', '/v1/voices', { as: owner });
    expect(session.statusCode).toBe(200);
    expect(Number(session.headers['ratelimit-limit'])).toBe(t.config.SESSION_RATE_LIMIT_PER_MINUTE);
  });
});

describe('Idempotency-Key', () => {
  let numbers = 0;
  // A new number each time: a person gets at most two calls a day (the frequency cap).
  const body = () => ({ phone: `+1202555${String(1000 + numbers++)}`, message: freshMessage() });

  it('replays the first answer for the same key and body, and creates once', async () => {
    const idempotencyKey = `retry-${Date.now()}`;
    const payload = body();
    const first = await call('POST', '/v1/calls', {
      payload,
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await call('POST', '/v1/calls', {
      payload,
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/application\/json/);
    expect(again.json()).toEqual(first.json());
    const list = await call('GET', '/v1/calls?limit=100');
    expect(list.json().data.filter((c: { script: string }) => c.script === first.json().script)).toHaveLength(
      1,
    );
  });

  it('refuses the same key with another body (422), and scopes keys per account', async () => {
    const idempotencyKey = `mismatch-${Date.now()}`;
    const first = await call('POST', '/v1/calls', {
      payload: body(),
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect(first.statusCode).toBe(201);
    const other = await call('POST', '/v1/calls', {
      payload: body(),
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_key_reused');
    // The same key on another path is another request too.
    const elsewhere = await call('POST', '/v1/contacts', {
      payload: { name: 'X', phone: '+12025550191', email: 'x@example.com', company: 'X' },
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect(elsewhere.statusCode).toBe(422);
    // Another account's key of the same value is theirs.
    const stranger = await signedInUser(t, { plan: 'professional' });
    const strangerKey = await createApiKey(t, stranger);
    const theirs = await call('POST', '/v1/calls', {
      as: strangerKey,
      payload: body(),
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect(theirs.statusCode).toBe(201);
  });

  it('answers 409 to a retry while the first request is still running', async () => {
    const idempotencyKey = `inflight-${Date.now()}`;
    const payload = {
      calls: Array.from({ length: 6 }, (_, i) => ({ phone: `+1202555016${i}`, message: freshMessage() })),
    };
    const first = call('POST', '/v1/calls/batch', {
      payload,
      headers: { 'idempotency-key': idempotencyKey },
    });
    // The first request holds the key while it synthesises six new messages.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const retry = await call('POST', '/v1/calls/batch', {
      payload,
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.code).toBe('idempotency_key_in_use');
    expect(retry.headers['retry-after']).toBe('1');
    expect((await first).statusCode).toBe(201);
    const replay = await call('POST', '/v1/calls/batch', {
      payload,
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual((await first).json());
  });

  it('does not take the key for a request that fails validation', async () => {
    const idempotencyKey = `invalid-${Date.now()}`;
    const bad = await call('POST', '/v1/calls', {
      payload: { phone: '+12025550190' },
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect(bad.statusCode).toBe(400);
    const good = await call('POST', '/v1/calls', {
      payload: body(),
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect(good.statusCode).toBe(201);
  });

  it('replays errors too, and refuses a key that is not printable ASCII', async () => {
    const idempotencyKey = `missing-${Date.now()}`;
    const payload = { contact_id: '00000000-0000-4000-8000-000000000000', message: 'Hi' };
    const first = await call('POST', '/v1/calls', {
      payload,
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect(first.statusCode).toBe(404);
    const again = await call('POST', '/v1/calls', {
      payload,
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const spaced = await call('POST', '/v1/calls', { payload, headers: { 'idempotency-key': 'has space' } });
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json().error.details[0].field).toBe('idempotency-key');
  });

  it('keeps keys 24 hours: an expired key runs again and the job purges it', async () => {
    const ref = { accountId: owner.accountId, key: `old-${Date.now()}`, requestHash: 'h' };
    expect(await claimIdempotencyKey(t.database.db, { ...ref, lockSeconds: 60, ttlSeconds: -1 })).toEqual({
      state: 'started',
    });
    // Expired: taken again (even before the purge) with any request.
    expect(
      await claimIdempotencyKey(t.database.db, {
        ...ref,
        requestHash: 'other',
        lockSeconds: 60,
        ttlSeconds: -1,
      }),
    ).toEqual({ state: 'started' });
    expect(await purgeIdempotencyKeys(t.database.db)).toBeGreaterThanOrEqual(1);
    const left = await t.database.executeSql(
      'SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1',
      [ref.key],
    );
    expect(left.rows[0]?.n).toBe(0);
  });

  it('lets a retry take over a key whose request died holding it', async () => {
    const ref = { accountId: owner.accountId, key: `dead-${Date.now()}`, requestHash: 'h' };
    expect(
      (await claimIdempotencyKey(t.database.db, { ...ref, lockSeconds: 60, ttlSeconds: 86_400 })).state,
    ).toBe('started');
    expect(
      (await claimIdempotencyKey(t.database.db, { ...ref, lockSeconds: 60, ttlSeconds: 86_400 })).state,
    ).toBe('in_progress');
    await t.database.executeSql(
      "UPDATE idempotency_keys SET locked_until = now() - interval '1 second' WHERE key = $1",
      [ref.key],
    );
    expect(
      (
        await claimIdempotencyKey(t.database.db, {
          ...ref,
          requestHash: 'x',
          lockSeconds: 60,
          ttlSeconds: 86_400,
        })
      ).state,
    ).toBe('mismatch');
    expect(
      (await claimIdempotencyKey(t.database.db, { ...ref, lockSeconds: 60, ttlSeconds: 86_400 })).state,
    ).toBe('started');
  });
});

describe('what a key can reach', () => {
  it('refuses a revoked key', async () => {
    const doomed = await createApiKey(t, owner, 'Doomed');
    expect((await call('GET', '/v1/calls', { as: doomed })).statusCode).toBe(200);
    expect((await call('DELETE', `/v1/api-keys/${doomed.id}`, { as: owner })).statusCode).toBe(204);
    const res = await call('GET', '/v1/calls', { as: doomed });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it('answers 404 for another account’s ids, on every verb, and changes nothing of theirs', async () => {
    const other = await signedInUser(t, { plan: 'professional' });
    const theirCall = await seedCall(t.database.db, other.accountId, { status: 'scheduled' });
    const theirContact = await seedContact(t.database.db, other.accountId);
    const theirScript = await seedScript(t.database.db, other.accountId);
    const cases: Array<[Method, string, object?]> = [
      ['GET', `/v1/calls/${theirCall.id}`],
      ['POST', `/v1/calls/${theirCall.id}/cancel`],
      ['GET', `/v1/calls/${theirCall.id}/recording`],
      ['DELETE', `/v1/calls/${theirCall.id}/recording`],
      ['GET', `/v1/contacts/${theirContact.id}`],
      ['PATCH', `/v1/contacts/${theirContact.id}`, { name: 'Stolen' }],
      ['DELETE', `/v1/contacts/${theirContact.id}`],
      ['GET', `/v1/scripts/${theirScript.id}`],
      ['PATCH', `/v1/scripts/${theirScript.id}`, { title: 'Stolen' }],
      ['POST', `/v1/scripts/${theirScript.id}/clone`],
      ['DELETE', `/v1/scripts/${theirScript.id}`],
      ['POST', '/v1/calls', { contact_id: theirContact.id, message: 'Hi' }],
      ['POST', '/v1/calls', { phone: '+12025550100', script_id: theirScript.id }],
    ];
    for (const [method, url, payload] of cases) {
      const res = await call(method, url, payload ? { payload } : {});
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    const callRow = await t.database.executeSql('SELECT status FROM calls WHERE id = $1', [theirCall.id]);
    expect(callRow.rows[0]?.status).toBe('scheduled');
    const contactRow = await t.database.executeSql('SELECT name FROM contacts WHERE id = $1', [
      theirContact.id,
    ]);
    expect(contactRow.rows[0]?.name).toBe(theirContact.name);
  });
});
