import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let user: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  user = await signedInUser(t);
});
afterAll(async () => {
  await t.close();
});

const post = (payload: unknown, headers = user.headers) =>
  t.app.inject({ method: 'POST', url: '/v1/contacts', headers, payload: payload as object });
const maria = {
  name: 'Maria Lopez',
  phone: '(212) 555-0143',
  email: 'Maria@Example.com',
  company: 'Lopez Bakery',
};

describe('contacts', () => {
  it('creates a contact with the number in E.164, the e-mail lower-cased and the time zone from the number', async () => {
    const res = await post({ ...maria, tags: ['vip', ' monday ', 'vip'] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Maria Lopez',
      phone: '+12125550143',
      email: 'maria@example.com',
      company: 'Lopez Bakery',
      tags: ['monday', 'vip'],
      timezone: 'America/New_York',
      consent: 'none',
      consent_at: null,
    });
  });

  it('refuses the same number twice with a clear message', async () => {
    const res = await post({ ...maria, name: 'Other Maria', phone: '+1 212 555 0143' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Maria Lopez already has the number +1 212 555 0143.');
  });

  it('explains every invalid field', async () => {
    const res = await post({ name: '', phone: 'call me', email: 'nope', company: '' });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .error.details.map((d: { field: string }) => d.field)
      .sort();
    expect(fields).toEqual(['company', 'email', 'name']);
    const phone = await post({ ...maria, phone: 'call me' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().error.details).toEqual([
      { field: 'phone', message: '"call me" is not a phone number.' },
    ]);
    const zone = await post({ ...maria, phone: '+12125550199', timezone: 'Mars/Olympus' });
    expect(zone.json().error.details[0].field).toBe('timezone');
  });

  it('refuses fields it does not know', async () => {
    const res = await post({ ...maria, phone: '+12125550177', account_id: crypto.randomUUID() });
    expect(res.statusCode).toBe(400);
  });

  it('records consent with when and how', async () => {
    const res = await post({
      ...maria,
      phone: '+13125550100',
      consent: 'marketing',
      consent_source: 'Signed form at the front desk',
    });
    expect(res.json()).toMatchObject({
      consent: 'marketing',
      consent_source: 'Signed form at the front desk',
      timezone: 'America/Chicago',
    });
    expect(Date.parse(res.json().consent_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps a first and last name of its own, optional: null means the words of the name are used', async () => {
    const plain = await post({ ...maria, phone: '+12125550150' });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({ name: 'Maria Lopez', first_name: null, last_name: null });

    const doctor = await post({
      ...maria,
      name: 'Dr. Ana Silva',
      first_name: '  Ana ',
      last_name: 'Silva',
      phone: '+12125550151',
    });
    expect(doctor.statusCode, doctor.body).toBe(201);
    expect(doctor.json()).toMatchObject({ name: 'Dr. Ana Silva', first_name: 'Ana', last_name: 'Silva' });
    const id = doctor.json().id;
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/v1/contacts/${id}`, headers: user.headers, payload });
    // Changed alone, cleared with an empty value or null, left alone when not given.
    expect((await patch({ first_name: 'Anna' })).json()).toMatchObject({
      first_name: 'Anna',
      last_name: 'Silva',
    });
    expect((await patch({ first_name: '', last_name: null })).json()).toMatchObject({
      first_name: null,
      last_name: null,
    });
    expect((await patch({ company: 'Silva Dental' })).json()).toMatchObject({
      first_name: null,
      last_name: null,
    });
    const got = await t.app.inject({ url: `/v1/contacts/${id}`, headers: user.headers });
    expect(got.json()).toMatchObject({ first_name: null, last_name: null });
    const tooLong = await patch({ first_name: 'x'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.details[0].field).toBe('first_name');
  });

  it('gets, edits and deletes one contact', async () => {
    const created = (await post({ ...maria, name: 'Edit Me', phone: '+14155550100' })).json();
    expect(created.timezone).toBe('America/Los_Angeles');
    const got = await t.app.inject({ url: `/v1/contacts/${created.id}`, headers: user.headers });
    expect(got.json().name).toBe('Edit Me');
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/v1/contacts/${created.id}`,
      headers: user.headers,
      payload: { name: 'Edited', phone: '+13035550100' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Edited',
      phone: '+13035550100',
      timezone: 'America/Denver',
    });
    expect(Date.parse(edited.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/v1/contacts/${created.id}`,
      headers: user.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const gone = await t.app.inject({ url: `/v1/contacts/${created.id}`, headers: user.headers });
    expect(gone.statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/v1/contacts/${created.id}`,
      headers: user.headers,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('listing, searching and pages', () => {
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    owner = await signedInUser(t);
    const people = [
      ['Ana Silva', '+12025550101', 'ana@silva.com', 'Silva Dental', ['vip']],
      ['Ben Okafor', '+12025550102', 'ben@okafor.io', 'Okafor Auto', ['new']],
      ['Chloe Martin', '+12025550103', 'chloe@martin.fr', 'Martin Salon', ['vip', 'new']],
      ['Dev Patel', '+12025550104', 'dev@patel.in', 'Patel Pharmacy', []],
      ['Emma Jones', '+12025550105', 'emma@jones.uk', 'Jones Bakery', ['vip']],
    ] as const;
    for (const [name, phone, email, company, tags] of people) {
      const res = await post({ name, phone, email, company, tags: [...tags] }, owner.headers);
      expect(res.statusCode).toBe(201);
    }
  });
  const list = (query: string) => t.app.inject({ url: `/v1/contacts?${query}`, headers: owner.headers });

  it('lists newest first', async () => {
    const names = (await list('')).json().data.map((c: { name: string }) => c.name);
    expect(names).toEqual(['Emma Jones', 'Dev Patel', 'Chloe Martin', 'Ben Okafor', 'Ana Silva']);
  });

  it('walks every page exactly once', async () => {
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 10; i++) {
      const page = (await list(`limit=2${cursor ? `&cursor=${cursor}` : ''}`)).json();
      seen.push(...page.data.map((c: { name: string }) => c.name));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    expect(seen).toEqual(['Emma Jones', 'Dev Patel', 'Chloe Martin', 'Ben Okafor', 'Ana Silva']);
  });

  it('searches name, e-mail, company and phone digits', async () => {
    const names = async (q: string) =>
      (await list(`q=${encodeURIComponent(q)}`)).json().data.map((c: { name: string }) => c.name);
    expect(await names('chloe')).toEqual(['Chloe Martin']);
    expect(await names('PHARMACY')).toEqual(['Dev Patel']);
    expect(await names('okafor.io')).toEqual(['Ben Okafor']);
    expect(await names('(202) 555-0105')).toEqual(['Emma Jones']);
    expect(await names('5550101')).toEqual(['Ana Silva']);
    expect(await names('100%')).toEqual([]);
  });

  it('filters by tag and lists tags with counts', async () => {
    const vip = (await list('tag=vip')).json().data.map((c: { name: string }) => c.name);
    expect(vip).toEqual(['Emma Jones', 'Chloe Martin', 'Ana Silva']);
    const both = (await list('tag=new&q=martin')).json().data.map((c: { name: string }) => c.name);
    expect(both).toEqual(['Chloe Martin']);
    const tags = await t.app.inject({ url: '/v1/contacts/tags', headers: owner.headers });
    expect(tags.json().data).toEqual([
      { tag: 'vip', count: 3 },
      { tag: 'new', count: 2 },
    ]);
  });

  it('counts all contacts, or those matching the same filters as the list', async () => {
    const count = async (query = '') =>
      (await t.app.inject({ url: `/v1/contacts/count${query}`, headers: owner.headers })).json().count;
    expect(await count()).toBe(5);
    expect(await count('?tag=vip')).toBe(3);
    expect(await count('?tag=new&q=martin')).toBe(1);
    expect(await count('?q=nobody-here')).toBe(0);
  });

  it('refuses a bad cursor and a bad limit', async () => {
    expect((await list('cursor=nonsense')).statusCode).toBe(400);
    expect((await list('limit=1000')).statusCode).toBe(400);
  });

  it('exports the current filter as CSV', async () => {
    const res = await t.app.inject({ url: '/v1/contacts/export.csv?tag=vip', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'name,phone,email,company,tags,timezone,consent,consent_at,consent_source,created_at,' +
        'first_name,last_name,existing_customer,consent_recorded_by',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^Emma Jones,\+12025550105,emma@jones\.uk,Jones Bakery,vip,America\/New_York,none,,,[^,]+,,,no,$/,
    );
  });
});
