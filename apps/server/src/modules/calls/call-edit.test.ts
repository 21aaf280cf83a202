import { localTime } from '@callwise/shared/calling-window';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createApiKey, signedInUser, type TestApp } from '../../../test/helper.ts';

// PATCH /v1/calls/{id}: the same rules as creating, only before the call goes out. The real calling window (no
// override), and no engine: nothing is placed unless a test says so.
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let owner: User;

beforeAll(async () => {
  t = await buildTestApp({ engine: false, env: { CALLING_WINDOW_OVERRIDE: '' } });
  owner = await signedInUser(t, { plan: 'professional' });
});
afterAll(async () => {
  await t.close();
});

const post = (user: User, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload: payload as object });
const patch = (user: { headers: Record<string, string> }, id: string, payload: unknown, headers = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: `/v1/calls/${id}`,
    headers: { ...user.headers, ...headers },
    payload: payload as object,
  });
const get = (user: User, url: string) => t.app.inject({ url, headers: user.headers });

/** The next instant at this wall-clock time in a zone, at least a day ahead (so "now" never gets in the way). */
function nextLocal(hour: number, minute: number, timezone: string, daysAhead = 1): Date {
  const day = new Date(Date.now() + daysAhead * 86_400_000);
  const local = localTime(day, timezone);
  const guess = new Date(Date.UTC(local.year, local.month - 1, local.day, hour, minute));
  const seen = localTime(guess, timezone);
  const drift =
    Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) -
    Date.UTC(local.year, local.month - 1, local.day, hour, minute);
  return new Date(guess.getTime() - drift);
}

const NY = 'America/New_York';
let phoneSeq = 200;
/** A fresh Washington DC number (New York time), so that the daily cap never mixes tests. */
const freshPhone = () => `+1202555${String(phoneSeq++).padStart(4, '0')}`;

async function scheduled(user: User, body: Record<string, unknown> = {}) {
  const res = await post(user, '/v1/calls', {
    phone: freshPhone(),
    recipient_name: 'Ana Ruiz',
    message: 'Hi {{first_name}}, your table is ready on Friday.',
    scheduled_at: nextLocal(12, 0, NY).toISOString(),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, unknown> & { id: string; phone: string };
}

async function contact(user: User, body: Record<string, unknown>) {
  const res = await post(user, '/v1/contacts', {
    name: 'Li Wei',
    email: 'li@example.com',
    company: 'Wei Tailoring',
    phone: freshPhone(),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; phone: string; name: string };
}

const errorOf = (res: { json(): unknown }) =>
  (res.json() as { error: { code: string; message: string; details?: Array<{ field: string }> } }).error;
const fields = (res: { json(): unknown }) => (errorOf(res).details ?? []).map((detail) => detail.field);

describe('PATCH /v1/calls/{id}: each field', () => {
  it('changes the time, and the answer and the list say so', async () => {
    const call = await scheduled(owner);
    const at = nextLocal(15, 30, NY, 2);
    const res = await patch(owner, call.id, { scheduled_at: at.toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: call.id, scheduled_at: at.toISOString(), status: 'scheduled' });
    expect(res.json().requested_at).toBeNull();
    expect(res.json().message).toBe(call.message);
    const listed = (await get(owner, '/v1/calls?limit=50'))
      .json()
      .data.find((c: { id: string }) => c.id === call.id);
    expect(listed.scheduled_at).toBe(at.toISOString());
  });

  it('changes the message (rendered with the variables and the recipient) and measures it again', async () => {
    const call = await scheduled(owner);
    const longer =
      'Hi {{first_name}}, this is a longer reminder: your table for six is ready on Friday at {{time}}, by the ' +
      'window, with the tasting menu you asked for. Please let us know if anything changes before then.';
    const res = await patch(owner, call.id, { message: longer, variables: { time: '8 PM' } });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json();
    expect(edited.message).toMatch(
      /^Hi Ana, this is a longer reminder: your table for six is ready on Friday at 8 PM/,
    );
    expect(edited.script).toBe(edited.message);
    expect(edited.estimated_duration).toBeGreaterThan(call.estimated_duration as number);
    expect(edited.scheduled_at).toBe(call.scheduled_at);
  });

  it('takes `script` as the text too, and a script of the account', async () => {
    const call = await scheduled(owner);
    const viaAlias = await patch(owner, call.id, { script: 'Hello {{name}}, see you soon.' });
    expect(viaAlias.statusCode, viaAlias.body).toBe(200);
    expect(viaAlias.json().message).toBe('Hello Ana Ruiz, see you soon.');
    const script = await post(owner, '/v1/scripts', {
      title: 'Pickup',
      content: 'Hi {{name}}, your order is ready for pickup.',
      category: 'Reminder',
    });
    expect(script.statusCode, script.body).toBe(201);
    const viaScript = await patch(owner, call.id, { script_id: script.json().id });
    expect(viaScript.statusCode, viaScript.body).toBe(200);
    expect(viaScript.json()).toMatchObject({
      script_id: script.json().id,
      message: 'Hi Ana Ruiz, your order is ready for pickup.',
    });
  });

  it('changes the voice, and keeps everything else', async () => {
    const call = await scheduled(owner);
    const res = await patch(owner, call.id, { voice: 'male' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      voice: 'roger',
      phone: call.phone,
      message: call.message,
      scheduled_at: call.scheduled_at,
      recipient_name: 'Ana Ruiz',
    });
  });

  it('changes the recipient to another number and name, or to a contact', async () => {
    const call = await scheduled(owner);
    const phone = freshPhone();
    const byNumber = await patch(owner, call.id, { phone, recipient_name: 'Bo Lind' });
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    expect(byNumber.json()).toMatchObject({ phone, recipient_name: 'Bo Lind', contact_id: null });
    // Without a new message the text stays as it was written.
    expect(byNumber.json().message).toBe(call.message);

    const person = await contact(owner, { consent: 'informational', timezone: 'Europe/Lisbon' });
    const byContact = await patch(owner, call.id, { contact_id: person.id, message: 'Hi {{name}}!' });
    expect(byContact.statusCode, byContact.body).toBe(200);
    expect(byContact.json()).toMatchObject({
      contact_id: person.id,
      phone: person.phone,
      recipient_name: 'Li Wei',
      message: 'Hi Li Wei!',
      timezone: 'Europe/Lisbon',
    });
  });

  it('changes the kind of call and the callback URL, and queues a call.updated webhook', async () => {
    const call = await scheduled(owner, { callback_url: 'https://hooks.example.com/callwise' });
    const res = await patch(owner, call.id, { call_type: 'order-confirmation' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().call_type).toBe('order-confirmation');
    const deliveries = await t.database.executeSql(
      'SELECT event_type FROM webhook_deliveries WHERE call_id = $1 ORDER BY created_at',
      [call.id],
    );
    expect(deliveries.rows.map((row) => row.event_type)).toEqual(['call.status_changed', 'call.updated']);
  });

  it('works with an API key, and replays an answer for the same Idempotency-Key', async () => {
    const call = await scheduled(owner);
    const { key } = await createApiKey(t, owner);
    const byKey = { headers: { authorization: `Bearer ${key}` } };
    const body = { scheduled_at: nextLocal(10, 0, NY, 3).toISOString() };
    const first = await patch(byKey, call.id, body, { 'idempotency-key': 'edit-1' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await patch(byKey, call.id, body, { 'idempotency-key': 'edit-1' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await patch(byKey, call.id, { voice: 'sarah' }, { 'idempotency-key': 'edit-1' });
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).code).toBe('idempotency_key_reused');
  });
});

describe('PATCH /v1/calls/{id}: the rules of creating', () => {
  it('moves a time outside the calling window to the next opening, and says so', async () => {
    const call = await scheduled(owner);
    const late = nextLocal(22, 30, NY, 2);
    const res = await patch(owner, call.id, { scheduled_at: late.toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json();
    expect(edited.requested_at).toBe(late.toISOString());
    const local = localTime(new Date(edited.scheduled_at), NY);
    expect([local.hour, local.minute]).toEqual([8, 0]);
    expect(edited.schedule_note).toMatch(/^Outside the calling window/);
  });

  it('refuses an invalid number, naming the field', async () => {
    const call = await scheduled(owner);
    const res = await patch(owner, call.id, { phone: '555' });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).code).toBe('validation_failed');
    expect(fields(res)).toEqual(['phone']);
  });

  it('refuses a time in the past, and a variable without a value, naming the field', async () => {
    const call = await scheduled(owner);
    const past = await patch(owner, call.id, { scheduled_at: new Date(Date.now() - 3600_000).toISOString() });
    expect(past.statusCode, past.body).toBe(400);
    expect(fields(past)).toEqual(['scheduled_at']);
    const missing = await patch(owner, call.id, { message: 'See you on {{date}}.' });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(fields(missing)).toEqual(['variables.date']);
    // Nothing changed.
    expect((await get(owner, `/v1/calls/${call.id}`)).json().message).toBe(call.message);
  });

  it('refuses a number on the do-not-call list (409 do_not_call)', async () => {
    const call = await scheduled(owner);
    const listed = freshPhone();
    expect((await post(owner, '/v1/do-not-call', { phone: listed })).statusCode).toBeLessThan(300);
    const res = await patch(owner, call.id, { phone: listed });
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res).code).toBe('do_not_call');
  });

  it('refuses a contact without consent for the kind of call (422 consent_required)', async () => {
    const call = await scheduled(owner);
    const person = await contact(owner, { consent: 'none' });
    const res = await patch(owner, call.id, { contact_id: person.id, call_type: 'appointment-reminder' });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorOf(res).code).toBe('consent_required');
    // A promotional call to a number that is no contact is never allowed either.
    const promo = await patch(owner, call.id, { call_type: 'promotional' });
    expect(promo.statusCode, promo.body).toBe(422);
  });

  it('holds the daily cap, without counting the call itself', async () => {
    const capped = await signedInUser(t, { plan: 'professional' });
    await t.database.executeSql('UPDATE accounts SET daily_call_cap = 1 WHERE id = $1', [capped.accountId]);
    const call = await scheduled(capped);
    // The call itself is the one call of its day: moving it within the day is fine.
    const sameDay = nextLocal(14, 0, NY);
    const moved = await patch(capped, call.id, { scheduled_at: sameDay.toISOString() });
    expect(moved.statusCode, moved.body).toBe(200);
    const other = await scheduled(capped);
    const res = await patch(capped, other.id, { phone: call.phone });
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res).code).toBe('frequency_cap_reached');
  });

  it('refuses a voice the plan does not include (403), and a contact or script of another account (404)', async () => {
    const trial = await signedInUser(t, { plan: 'starter' });
    const call = await scheduled(trial);
    const res = await patch(trial, call.id, { voice: 'george' });
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res).message).toMatch(/not included in the/);
    const foreign = await contact(owner, { consent: 'informational' });
    const notMine = await patch(trial, call.id, { contact_id: foreign.id });
    expect(notMine.statusCode).toBe(404);
  });

  it('does not bill the call again', async () => {
    const trial = await signedInUser(t);
    const call = await scheduled(trial);
    const before = (await get(trial, '/v1/billing')).json();
    for (const voice of ['roger', 'aria', 'sarah']) {
      expect((await patch(trial, call.id, { voice })).statusCode).toBe(200);
    }
    const after = (await get(trial, '/v1/billing')).json();
    expect(after).toEqual(before);
  });
});

describe('PATCH /v1/calls/{id}: only before the call goes out', () => {
  it('answers 409 call_being_placed while a dispatcher holds it, and call_already_placed once placed', async () => {
    const call = await scheduled(owner);
    await t.database.executeSql(
      `UPDATE calls SET status = 'queued', claimed_until = now() + interval '30 seconds' WHERE id = $1`,
      [call.id],
    );
    const held = await patch(owner, call.id, { message: 'Changed.' });
    expect(held.statusCode, held.body).toBe(409);
    expect(errorOf(held).code).toBe('call_being_placed');
    // A claim that ran out may still be a slow dispatcher handing the old number over: still refused.
    await t.database.executeSql(
      `UPDATE calls SET claimed_until = now() - interval '1 second' WHERE id = $1`,
      [call.id],
    );
    expect(errorOf(await patch(owner, call.id, { message: 'Changed.' })).code).toBe('call_being_placed');
    await t.database.executeSql(
      `UPDATE calls SET status = 'ringing', provider_call_id = 'sim-1', attempts = 1, claimed_until = NULL WHERE id = $1`,
      [call.id],
    );
    const placed = await patch(owner, call.id, { message: 'Changed.' });
    expect(placed.statusCode).toBe(409);
    expect(errorOf(placed)).toMatchObject({
      code: 'call_already_placed',
      message: 'This call can no longer be changed: it has already gone out or has ended.',
    });
    // A busy call waiting for its retry has gone out once already.
    await t.database.executeSql(
      `UPDATE calls SET status = 'scheduled', provider_call_id = NULL WHERE id = $1`,
      [call.id],
    );
    expect(errorOf(await patch(owner, call.id, { message: 'Changed.' })).code).toBe('call_already_placed');
    expect((await get(owner, `/v1/calls/${call.id}`)).json().message).toBe(call.message);
  });

  it('answers 409 call_canceled after a cancel', async () => {
    const call = await scheduled(owner);
    expect((await post(owner, `/v1/calls/${call.id}/cancel`, {})).statusCode).toBe(200);
    const res = await patch(owner, call.id, { voice: 'roger' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('call_canceled');
  });

  it('answers 404 for another account’s call and for an unknown id', async () => {
    const call = await scheduled(owner);
    const stranger = await signedInUser(t, { plan: 'professional' });
    const res = await patch(stranger, call.id, { voice: 'roger' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('not_found');
    expect((await patch(owner, '00000000-0000-4000-8000-000000000000', { voice: 'roger' })).statusCode).toBe(
      404,
    );
    expect((await get(owner, `/v1/calls/${call.id}`)).json().voice).toBe(call.voice);
  });
});

describe('PATCH /v1/calls/{id}: validation', () => {
  it('answers 400 naming the field', async () => {
    const call = await scheduled(owner);
    const cases: Array<[unknown, string]> = [
      [{ scheduled_at: 'tomorrow' }, 'scheduled_at'],
      [{ contact_id: 'abc' }, 'contact_id'],
      [{ voice: 'robot' }, 'voice'],
      [{ message: '' }, 'message'],
      [{ message: 'Hi', script: 'Hi' }, 'message'],
      [{ phone: '+12025550100', contact_id: '00000000-0000-4000-8000-000000000000' }, 'phone'],
      [{ callback_url: 'ftp://example.com' }, 'callback_url'],
      [{ status: 'completed' }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await patch(owner, call.id, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(errorOf(res).code).toBe('validation_failed');
      if (field) expect(fields(res), JSON.stringify(body)).toContain(field);
    }
    const empty = await patch(owner, call.id, {});
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toMatch(/at least one field/);
    const badId = await patch(owner, 'not-an-id', { voice: 'roger' });
    expect(badId.statusCode).toBe(400);
  });
});
