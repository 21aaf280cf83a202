import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';

/** Consent through the API: recorded at import (with its provenance), by hand and in bulk. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;
interface ContactBody {
  id: string;
  name: string;
  tags: string[];
  consent: string;
  consent_at: string | null;
  consent_source: string | null;
  consent_recorded_by: string | null;
  existing_customer: boolean;
  first_name: string | null;
  last_name: string | null;
  phone: string;
  email: string;
}

async function waitForImport(user: User, id: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await t.app.inject({ url: `/v1/contacts/imports/${id}`, headers: user.headers });
    const body = res.json();
    if (body.status === 'completed' || body.status === 'failed' || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function contactsOf(user: User, query = ''): Promise<Record<string, ContactBody>> {
  const res = await t.app.inject({ url: `/v1/contacts?limit=100${query}`, headers: user.headers });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(res.json().data.map((contact: ContactBody) => [contact.name, contact]));
}

async function addContact(user: User, name: string, phone: string, tags: string[] = []) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/contacts',
    headers: user.headers,
    payload: { name, phone, email: `${name.split(' ')[0]?.toLowerCase()}@example.com`, company: 'Co', tags },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as ContactBody;
}

const bulk = (user: User, payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/contacts/bulk', headers: user.headers, payload });

const csv = [
  'Name,Phone,Email,Company,Consent,Customer',
  'Ana Silva,202 555 0101,ana@example.com,Silva Dental,Marketing,',
  'Ben Okafor,202 555 0102,ben@example.com,Okafor Auto,,no',
  'Cleo Park,202 555 0103,cleo@example.com,Park Salon,informational,YES',
  'Dan Yes,202 555 0104,dan@example.com,Yes Co,yes,',
  'Eve Maybe,202 555 0105,eve@example.com,Maybe Co,,maybe',
  'Finn Blank,202 555 0106,finn@example.com,Blank Co,,',
].join('\n');
const mapping = {
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  company: 'Company',
  consent: 'Consent',
  existing_customer: 'Customer',
};

describe('consent in the CSV import', () => {
  it('reads the consent columns, fills empty cells from the default and records where it came from', async () => {
    const user = await signedInUser(t);
    const before = Date.now();
    const start = await t.app.inject({
      method: 'POST',
      url: '/v1/contacts/imports',
      headers: user.headers,
      payload: { file_name: 'clients.csv', csv, mapping, consent_default: 'existing_customer' },
    });
    expect(start.statusCode).toBe(202);
    expect(start.json().consent_default).toBe('existing_customer');
    const done = await waitForImport(user, start.json().id);
    expect(done).toMatchObject({ status: 'completed', created: 4, failed: 2 });
    expect(done.errors).toEqual([
      { line: 5, reason: 'Consent "yes" is not one of none, informational, marketing' },
      { line: 6, reason: 'Existing customer "maybe" is not yes or no' },
    ]);

    const byName = await contactsOf(user);
    const provenance = {
      consent_source: 'Import: clients.csv',
      consent_recorded_by: user.email,
    };
    expect(byName['Ana Silva']).toMatchObject({
      consent: 'marketing',
      existing_customer: true,
      ...provenance,
    });
    expect(byName['Ben Okafor']).toMatchObject({ consent: 'none', existing_customer: false, ...provenance });
    expect(byName['Cleo Park']).toMatchObject({
      consent: 'informational',
      existing_customer: true,
      ...provenance,
    });
    expect(byName['Finn Blank']).toMatchObject({ consent: 'none', existing_customer: true, ...provenance });
    const at = Date.parse(byName['Ana Silva']?.consent_at ?? '');
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
  });

  it('exports what an import reads, and an export imports back as it was (names, tags, consent, existing customer)', async () => {
    const from = await signedInUser(t);
    const start = await t.app.inject({
      method: 'POST',
      url: '/v1/contacts/imports',
      headers: from.headers,
      payload: { file_name: 'clients.csv', csv, mapping, consent_default: 'existing_customer' },
    });
    await waitForImport(from, start.json().id);
    const ana = (await contactsOf(from))['Ana Silva'];
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/v1/contacts/${ana?.id}`,
      headers: from.headers,
      payload: { first_name: 'Anabela', tags: ['vip', 'spring'] },
    });
    expect(patched.statusCode).toBe(200);

    const exported = await t.app.inject({ url: '/v1/contacts/export.csv', headers: from.headers });
    expect(exported.statusCode).toBe(200);
    const [header, ...rows] = exported.body.trim().split('\r\n');
    expect(header?.split(',').slice(-4)).toEqual([
      'first_name',
      'last_name',
      'existing_customer',
      'consent_recorded_by',
    ]);
    const anaRow = rows.find((row) => row.startsWith('Ana Silva,'));
    expect(anaRow).toMatch(/,Anabela,,yes,[^,]+@example\.com$/);

    // Into another account, each column mapped by its own name, nothing assumed for empty cells.
    const to = await signedInUser(t);
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/contacts/imports',
      headers: to.headers,
      payload: {
        file_name: 'export.csv',
        csv: exported.body,
        mapping: {
          name: 'name',
          first_name: 'first_name',
          last_name: 'last_name',
          phone: 'phone',
          email: 'email',
          company: 'company',
          tags: 'tags',
          consent: 'consent',
          existing_customer: 'existing_customer',
        },
        consent_default: 'none',
      },
    });
    expect(again.statusCode).toBe(202);
    expect(await waitForImport(to, again.json().id)).toMatchObject({
      status: 'completed',
      created: 4,
      failed: 0,
    });
    const pick = ({
      name,
      tags,
      consent,
      existing_customer,
      first_name,
      last_name,
      phone,
      email,
    }: ContactBody) => ({
      name,
      tags: [...tags].sort(),
      consent,
      existing_customer,
      first_name,
      last_name,
      phone,
      email,
    });
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    const before = Object.values(await contactsOf(from))
      .map(pick)
      .sort(byName);
    const after = Object.values(await contactsOf(to))
      .map(pick)
      .sort(byName);
    expect(after).toEqual(before);
    expect((await contactsOf(to))['Ana Silva']).toMatchObject({ consent_source: 'Import: export.csv' });
  });

  it('records nothing for empty cells when the default is "none", and defaults to none without one', async () => {
    const user = await signedInUser(t);
    const file = ['Name,Phone,Email,Company', 'Gus Lee,202 555 0107,gus@example.com,Lee Co'].join('\n');
    const start = await t.app.inject({
      method: 'POST',
      url: '/v1/contacts/imports',
      headers: user.headers,
      payload: {
        file_name: 'plain.csv',
        csv: file,
        mapping: { ...mapping, consent: '', existing_customer: '' },
      },
    });
    expect(start.statusCode).toBe(202);
    expect(start.json().consent_default).toBe('none');
    await waitForImport(user, start.json().id);
    expect((await contactsOf(user))['Gus Lee']).toMatchObject({
      consent: 'none',
      existing_customer: false,
      consent_at: null,
      consent_source: null,
      consent_recorded_by: null,
    });
  });

  it('in merge mode, replaces the consent of known numbers only where the import records one', async () => {
    const user = await signedInUser(t);
    await t.app.inject({
      method: 'PATCH',
      url: `/v1/contacts/${(await addContact(user, 'Hana Known', '+12025550108')).id}`,
      headers: user.headers,
      payload: { consent: 'marketing', consent_source: 'Signed the form' },
    });
    await addContact(user, 'Ivo Known', '+12025550109');
    const file = [
      'Name,Phone,Email,Company,Consent',
      'Hana Known,202 555 0108,hana@example.com,Co,',
      'Ivo Known,202 555 0109,ivo@example.com,Co,informational',
    ].join('\n');
    const start = await t.app.inject({
      method: 'POST',
      url: '/v1/contacts/imports',
      headers: user.headers,
      payload: {
        file_name: 'update.csv',
        csv: file,
        mapping: { name: 'Name', phone: 'Phone', email: 'Email', company: 'Company', consent: 'Consent' },
        duplicates: 'merge',
        consent_default: 'none',
      },
    });
    expect(start.statusCode).toBe(202);
    expect(await waitForImport(user, start.json().id)).toMatchObject({ merged: 2 });
    const byName = await contactsOf(user);
    expect(byName['Hana Known']).toMatchObject({ consent: 'marketing', consent_source: 'Signed the form' });
    expect(byName['Ivo Known']).toMatchObject({
      consent: 'informational',
      consent_source: 'Import: update.csv',
      consent_recorded_by: user.email,
    });
  });

  it('refuses an unknown default, naming the field', async () => {
    const user = await signedInUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/contacts/imports',
      headers: user.headers,
      payload: { file_name: 'x.csv', csv, mapping, consent_default: 'everyone' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('consent_default');
  });
});

describe('consent entered by hand', () => {
  it('records who recorded it and when', async () => {
    const user = await signedInUser(t);
    const contact = await addContact(user, 'Jo Hand', '+12025550110');
    expect(contact).toMatchObject({ consent: 'none', consent_recorded_by: null, consent_source: null });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v1/contacts/${contact.id}`,
      headers: user.headers,
      payload: { existing_customer: true },
    });
    expect(res.json()).toMatchObject({
      existing_customer: true,
      consent_source: 'Entered by hand',
      consent_recorded_by: user.email,
    });
    expect(res.json().consent_at).not.toBeNull();
  });
});

describe('POST /v1/contacts/bulk', () => {
  it('sets consent by ids, recorded as a bulk edit, and counts only the contacts that changed', async () => {
    const user = await signedInUser(t);
    const a = await addContact(user, 'Kim One', '+12025550111');
    const b = await addContact(user, 'Lou Two', '+12025550112');
    await addContact(user, 'Mo Three', '+12025550113');
    const res = await bulk(user, {
      ids: [a.id, b.id],
      action: 'set_consent',
      consent: 'informational',
      existing_customer: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ action: 'set_consent', matched: 2, changed: 2 });
    const byName = await contactsOf(user);
    for (const name of ['Kim One', 'Lou Two']) {
      expect(byName[name]).toMatchObject({
        consent: 'informational',
        existing_customer: true,
        consent_source: 'Bulk edit',
        consent_recorded_by: user.email,
      });
    }
    expect(byName['Mo Three']).toMatchObject({ consent: 'none', existing_customer: false });
    // Again: nothing left to change.
    const again = await bulk(user, { ids: [a.id, b.id], action: 'set_consent', consent: 'informational' });
    expect(again.json()).toEqual({ action: 'set_consent', matched: 2, changed: 0 });
  });

  it('acts on every contact matching a filter (tag, search text), or on all with an empty filter', async () => {
    const user = await signedInUser(t);
    await addContact(user, 'Nia Spa', '+12025550114', ['spa']);
    await addContact(user, 'Oli Spa', '+12025550115', ['spa', 'vip']);
    await addContact(user, 'Pat Gym', '+12025550116', ['gym']);

    const consent = await bulk(user, { filter: { tag: 'spa' }, action: 'set_consent', consent: 'marketing' });
    expect(consent.json()).toEqual({ action: 'set_consent', matched: 2, changed: 2 });
    let byName = await contactsOf(user);
    expect(byName['Nia Spa']?.consent).toBe('marketing');
    expect(byName['Pat Gym']?.consent).toBe('none');

    const added = await bulk(user, { filter: { q: 'spa' }, action: 'add_tag', tag: 'vip' });
    expect(added.json()).toEqual({ action: 'add_tag', matched: 2, changed: 1 });
    byName = await contactsOf(user);
    expect(byName['Nia Spa']?.tags).toEqual(['spa', 'vip']);
    expect(byName['Oli Spa']?.tags).toEqual(['spa', 'vip']);

    const removed = await bulk(user, { filter: {}, action: 'remove_tag', tag: 'vip' });
    expect(removed.json()).toEqual({ action: 'remove_tag', matched: 3, changed: 2 });
    byName = await contactsOf(user);
    expect(byName['Oli Spa']?.tags).toEqual(['spa']);

    const deleted = await bulk(user, { filter: { tag: 'gym' }, action: 'delete' });
    expect(deleted.json()).toEqual({ action: 'delete', matched: 1, changed: 1 });
    expect(Object.keys(await contactsOf(user)).sort()).toEqual(['Nia Spa', 'Oli Spa']);
  });

  it('changes nothing of another account, by ids or by filter', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const theirs = await addContact(owner, 'Quinn Theirs', '+12025550117', ['mine']);
    for (const payload of [
      { ids: [theirs.id], action: 'set_consent', consent: 'marketing' },
      { ids: [theirs.id], action: 'add_tag', tag: 'stolen' },
      { ids: [theirs.id], action: 'delete' },
      { filter: { tag: 'mine' }, action: 'delete' },
      { filter: {}, action: 'set_consent', consent: 'marketing' },
    ]) {
      const res = await bulk(stranger, payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ matched: 0, changed: 0 });
    }
    expect((await contactsOf(owner))['Quinn Theirs']).toMatchObject({
      consent: 'none',
      tags: ['mine'],
      consent_recorded_by: null,
    });
  });

  it('counts who a kind of call would skip for want of consent (the campaign’s confirm step)', async () => {
    const user = await signedInUser(t);
    const none = await addContact(user, 'Sam None', '+12025550119', ['club']);
    const customer = await addContact(user, 'Tia Customer', '+12025550120', ['club']);
    const marketing = await addContact(user, 'Uma Marketing', '+12025550121', ['club']);
    await bulk(user, { ids: [customer.id], action: 'set_consent', consent: 'none', existing_customer: true });
    await bulk(user, { ids: [marketing.id], action: 'set_consent', consent: 'marketing' });
    const count = async (query: string) =>
      (await t.app.inject({ url: `/v1/contacts/count?${query}`, headers: user.headers })).json().count;
    expect(await count('tag=club&without_consent_for=appointment-reminder')).toBe(1);
    expect(await count('tag=club&without_consent_for=promotional')).toBe(2);
    expect(await count('tag=club')).toBe(3);
    expect(none.consent).toBe('none');
    const bad = await t.app.inject({
      url: '/v1/contacts/count?without_consent_for=spam',
      headers: user.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('without_consent_for');
  });

  it('answers 400 naming the field', async () => {
    const user = await signedInUser(t);
    const contact = await addContact(user, 'Ray Valid', '+12025550118');
    const id = contact.id;
    const cases: Array<[object, string]> = [
      [{ action: 'delete' }, 'ids'],
      [{ ids: [id], filter: {}, action: 'delete' }, 'ids'],
      [{ ids: [], action: 'delete' }, 'ids'],
      [{ ids: ['not-an-id'], action: 'delete' }, 'ids.0'],
      [{ ids: Array.from({ length: 1001 }, () => id), action: 'delete' }, 'ids'],
      [{ ids: [id], action: 'archive' }, 'action'],
      [{ ids: [id], action: 'set_consent' }, 'consent'],
      [{ ids: [id], action: 'set_consent', consent: 'maybe' }, 'consent'],
      [{ ids: [id], action: 'add_tag' }, 'tag'],
      [{ ids: [id], action: 'remove_tag', tag: 'a,b' }, 'tag'],
      [{ filter: { colour: 'red' }, action: 'delete' }, 'filter'],
    ];
    for (const [payload, field] of cases) {
      const res = await bulk(user, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      const fields = res.json().error.details.map((detail: { field: string }) => detail.field);
      expect(fields, JSON.stringify(payload).slice(0, 80)).toContain(field);
    }
    expect((await contactsOf(user))['Ray Valid']).toBeDefined();
  });
});
