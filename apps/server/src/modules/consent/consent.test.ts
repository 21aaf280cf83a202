import type { ConsentRecord } from '@callwise/shared/schemas/consent';
import { describe, expect, it } from 'vitest';
import { createApiKey } from '../../../test/helper.ts';
import { other, owner, t, useTwoBusinesses } from '../../../test/two-businesses.ts';

/**
 * Consent records (decision 030) through HTTP: each grant and revocation — by the owner, an API key, a key
 * pressed on a call, STOP and START by text — is recorded with its provenance in the statement that made it; a
 * revocation on any channel blocks the others at once; the records list and export as CSV, per contact or for the
 * account, and never across accounts.
 */
type User = typeof owner;
useTwoBusinesses({ engine: true, env: { SIMULATOR_SPEED: '20' } });

function send(as: User | { headers: Record<string, string> }, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: as.headers,
    ...(payload ? { payload } : {}),
  });
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const until = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const recordsOf = async (as: User, contactId: string): Promise<ConsentRecord[]> => {
  const res = await send(as, 'GET', `/v1/consent-records?contact_id=${contactId}&limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

async function contact(as: User, name: string, phone: string, consent = 'informational'): Promise<string> {
  const res = await send(as, 'POST', '/v1/contacts', {
    name,
    phone,
    email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
    company: 'Example Co',
    consent,
    consent_source: 'Signed the intake form',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describe('what is recorded', () => {
  it('consent given by the owner, changed through the API, and revoked by listing the number', async () => {
    const id = await contact(owner, 'Maria Garcia', '+12025550131');
    const key = (await createApiKey(t, owner, 'Practice system')).key;
    const api = { headers: { authorization: `Bearer ${key}` } };
    const changed = await send(api, 'PATCH', `/v1/contacts/${id}`, {
      consent: 'marketing',
      consent_source: 'Ticked the newsletter box',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const listed = await send(owner, 'POST', '/v1/do-not-call', {
      phone: '+12025550131',
      note: 'Asked at the desk',
    });
    expect(listed.statusCode).toBe(201);

    const [revoked, marketing, first] = await recordsOf(owner, id);
    expect(first).toMatchObject({
      contact_id: id,
      contact_name: 'Maria Garcia',
      phone: '+12025550131',
      action: 'granted',
      purpose: 'informational',
      channel: 'all',
      method: 'owner',
      source: 'Signed the intake form',
      recorded_by: owner.email,
    });
    expect(marketing).toMatchObject({
      action: 'granted',
      purpose: 'marketing',
      method: 'api',
      source: 'Ticked the newsletter box',
      recorded_by: 'API key',
    });
    expect(revoked).toMatchObject({
      action: 'revoked',
      purpose: 'all',
      channel: 'all',
      method: 'owner',
      source: 'Asked at the desk',
      recorded_by: owner.email,
    });
  });

  it('9 pressed on a call revokes it for texts too, in the call’s own transaction', async () => {
    const phone = '+12125550107';
    const id = await contact(owner, 'Otto Price', phone);
    const call = await send(owner, 'POST', '/v1/calls', {
      contact_id: id,
      call_type: 'appointment-reminder',
      message: 'A reminder of your visit tomorrow.',
    });
    expect(call.statusCode, call.body).toBe(201);
    const records = await waitFor(
      () => recordsOf(owner, id),
      (rows) => rows.some((row) => row.action === 'revoked'),
      'the revocation on the call',
    );
    expect(records[0]).toMatchObject({
      action: 'revoked',
      method: 'keypad',
      source: 'Opted out on a call',
      recorded_by: 'The person',
      call_id: call.json().id,
    });
    const text = await send(owner, 'POST', '/v1/messages', { contact_id: id, body: 'Just checking in.' });
    expect(text.statusCode).toBe(409);
    expect(text.json().error.code).toBe('do_not_call');
  });

  it('STOP by text revokes everything with the person’s words; START gives texts back', async () => {
    const phone = '+13125550122';
    const id = await contact(owner, 'Tess Long', phone);
    const texting = async (body: string) => {
      const res = await send(owner, 'POST', '/v1/simulator/inbound-messages', { from: phone, body });
      expect(res.statusCode, res.body).toBe(201);
    };
    await texting('Thanks for the reminder');
    expect((await recordsOf(owner, id)).some((row) => row.action === 'revoked')).toBe(false);
    await texting('stop');
    const [stop] = await recordsOf(owner, id);
    expect(stop).toMatchObject({
      action: 'revoked',
      purpose: 'all',
      channel: 'all',
      method: 'text',
      words: 'stop',
      source: 'Replied STOP by text',
      recorded_by: 'The person',
    });
    const call = await send(owner, 'POST', '/v1/calls', {
      contact_id: id,
      call_type: 'appointment-reminder',
      message: 'A reminder.',
    });
    expect(call.statusCode).toBe(409);
    await texting('START');
    const [start] = await recordsOf(owner, id);
    expect(start).toMatchObject({
      action: 'granted',
      channel: 'text',
      method: 'text',
      words: 'START',
      source: 'Replied START by text',
    });
  });
});

describe('the export', () => {
  it('one contact’s records, and the account’s, as CSV; another account reaches none of them', async () => {
    const id = await contact(owner, 'Carl Best', '+14155550188');
    await send(owner, 'POST', '/v1/do-not-call', { phone: '+14155550188' });
    const one = await send(owner, 'GET', `/v1/consent-records/export.csv?contact_id=${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toContain('text/csv');
    expect(one.headers['content-disposition']).toMatch(
      /attachment; filename="consent-records-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = one.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'created_at,phone,contact_name,action,purpose,channel,method,source,words,recorded_by,call_id',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      ',+14155550188,Carl Best,revoked,all,all,owner,Added to the do-not-call list,',
    );
    expect(lines[2]).toContain(
      ',+14155550188,Carl Best,granted,informational,all,owner,Signed the intake form,',
    );

    const all = await send(owner, 'GET', '/v1/consent-records/export.csv');
    expect(all.body.split(/\r?\n/).filter((line) => line.includes('+14155550188'))).toHaveLength(2);
    expect(all.body).toContain('Maria Garcia');

    expect((await send(other, 'GET', `/v1/consent-records?contact_id=${id}`)).statusCode).toBe(404);
    expect((await send(other, 'GET', `/v1/consent-records/export.csv?contact_id=${id}`)).statusCode).toBe(
      404,
    );
    expect((await send(other, 'GET', '/v1/consent-records')).json().data).toEqual([]);
    const bad = await send(owner, 'GET', '/v1/consent-records?contact_id=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('contact_id');
  });
});
