import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';
import { runContactImport } from './contacts-import.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function waitForImport(headers: Record<string, string>, id: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await t.app.inject({ url: `/v1/contacts/imports/${id}`, headers });
    const body = res.json();
    if (body.status === 'completed' || body.status === 'failed' || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const mapping = { name: 'Full name', phone: 'Mobile', email: 'E-mail', company: 'Business', tags: 'Groups' };
const csv = [
  'Full name,Mobile,E-mail,Business,Groups',
  'Ana Silva,(202) 555-0101,ana@silva.com,Silva Dental,vip; monday',
  '"Okafor, Ben",202.555.0102,BEN@okafor.io,Okafor Auto,',
  'No Phone,,x@y.com,Nowhere,',
  'Bad Mail,202 555 0103,not-an-email,Somewhere,',
  'Ana Again,+1 202 555 0101,ana2@silva.com,Silva Dental,',
  'Wrong Number,12345,w@n.com,Wrong,',
  'Existing One,202-555-0199,new@mail.com,New Co,new',
].join('\n');

/** A new account that already has the number the file's last row repeats. */
async function userWithExistingContact() {
  const user = await signedInUser(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/contacts',
    headers: user.headers,
    payload: {
      name: 'Existing One',
      phone: '+12025550199',
      email: 'old@mail.com',
      company: 'Old Co',
      tags: ['old'],
    },
  });
  expect(res.statusCode).toBe(201);
  return user;
}

describe('CSV import', () => {
  it('imports good rows, reports bad ones by line, skips repeats and numbers already there', async () => {
    const user = await userWithExistingContact();
    const start = await t.app.inject({
      method: 'POST',
      url: '/v1/contacts/imports',
      headers: user.headers,
      payload: { file_name: 'clients.csv', csv, mapping, duplicates: 'skip' },
    });
    expect(start.statusCode).toBe(202);
    expect(start.json()).toMatchObject({ status: 'queued', total_rows: 7, file_name: 'clients.csv' });
    const done = await waitForImport(user.headers, start.json().id);
    expect(done).toMatchObject({
      status: 'completed',
      processed_rows: 7,
      created: 2,
      merged: 0,
      skipped: 2,
      failed: 3,
    });
    expect(done.errors).toEqual([
      { line: 4, reason: 'Missing phone' },
      { line: 5, reason: '"not-an-email" is not an e-mail address' },
      { line: 7, reason: expect.stringMatching(/12345/) },
    ]);
    const contacts = (await t.app.inject({ url: '/v1/contacts', headers: user.headers })).json().data;
    const byName = Object.fromEntries(contacts.map((c: { name: string }) => [c.name, c]));
    expect(byName['Ana Silva']).toMatchObject({
      phone: '+12025550101',
      tags: ['monday', 'vip'],
      timezone: 'America/New_York',
    });
    expect(byName['Okafor, Ben']).toMatchObject({ email: 'ben@okafor.io' });
    expect(byName['Existing One']).toMatchObject({ email: 'old@mail.com', tags: ['old'] });

    const problems = await t.app.inject({
      url: `/v1/contacts/imports/${done.id}/errors.csv`,
      headers: user.headers,
    });
    expect(problems.body.split('\r\n')[0]).toBe('line,reason');
    expect(problems.body).toContain('4,Missing phone');
  });

  it('merges numbers already there when asked', async () => {
    const user = await userWithExistingContact();
    const start = await t.app.inject({
      method: 'POST',
      url: '/v1/contacts/imports',
      headers: user.headers,
      payload: { file_name: 'clients.csv', csv, mapping, duplicates: 'merge' },
    });
    const done = await waitForImport(user.headers, start.json().id);
    expect(done).toMatchObject({ status: 'completed', created: 2, merged: 1, skipped: 1, failed: 3 });
    const contacts = (await t.app.inject({ url: '/v1/contacts?q=existing', headers: user.headers })).json()
      .data;
    expect(contacts[0]).toMatchObject({ email: 'new@mail.com', company: 'New Co', tags: ['new', 'old'] });
  });

  it('takes first and last names from columns of their own when mapped', async () => {
    const user = await signedInUser(t);
    const file = [
      'Name,First,Surname,Phone,Email,Company',
      'Dr. Ana Silva,Ana,Silva,(202) 555-0111,ana@silva.com,Silva Dental',
      'Ben Okafor,,,(202) 555-0112,ben@okafor.io,Okafor Auto',
    ].join('\n');
    const start = await t.app.inject({
      method: 'POST',
      url: '/v1/contacts/imports',
      headers: user.headers,
      payload: {
        file_name: 'names.csv',
        csv: file,
        mapping: {
          name: 'Name',
          first_name: 'First',
          last_name: 'Surname',
          phone: 'Phone',
          email: 'Email',
          company: 'Company',
        },
      },
    });
    expect(start.statusCode, start.body).toBe(202);
    expect(await waitForImport(user.headers, start.json().id)).toMatchObject({
      status: 'completed',
      created: 2,
    });
    const contacts = (await t.app.inject({ url: '/v1/contacts', headers: user.headers })).json().data;
    const byName = new Map(contacts.map((contact: { name: string }) => [contact.name, contact]));
    expect(byName.get('Dr. Ana Silva')).toMatchObject({ first_name: 'Ana', last_name: 'Silva' });
    expect(byName.get('Ben Okafor')).toMatchObject({ first_name: null, last_name: null });
  });

  it('refuses a mapping to a column the file does not have, and an empty file', async () => {
    const user = await signedInUser(t);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/contacts/imports',
      headers: user.headers,
      payload: { file_name: 'x.csv', csv, mapping: { ...mapping, phone: 'Telephone' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('mapping.phone: The file has no column "Telephone".');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/v1/contacts/imports',
      headers: user.headers,
      payload: { file_name: 'x.csv', csv: 'Full name,Mobile,E-mail,Business\n', mapping },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('resumes after the last committed batch without counting a row twice', async () => {
    const user = await signedInUser(t);
    const rows = ['name,phone,email,company'];
    for (let i = 0; i < 2500; i++)
      rows.push(`Person ${i},+1202555${String(1000 + i).padStart(4, '0')},p${i}@x.com,Co`);
    const start = await t.app.inject({
      method: 'POST',
      url: '/v1/contacts/imports',
      headers: user.headers,
      payload: {
        file_name: 'big.csv',
        csv: rows.join('\n'),
        mapping: { name: 'name', phone: 'phone', email: 'email', company: 'company' },
      },
    });
    const done = await waitForImport(user.headers, start.json().id);
    expect(done).toMatchObject({ status: 'completed', created: 2500, processed_rows: 2500 });
    // Pretend a worker died after the first batch: progress back to 1000, status running.
    await t.database.executeSql(
      `UPDATE contact_imports SET status = 'running', processed_rows = 1000, created = 1000, finished_at = NULL, csv = $1 WHERE id = $2`,
      [rows.join('\n'), done.id],
    );
    await runContactImport(t.database.db, done.id);
    const again = await waitForImport(user.headers, done.id);
    expect(again).toMatchObject({
      status: 'completed',
      processed_rows: 2500,
      created: 1000,
      skipped: 1500,
      failed: 0,
    });
    const count = await t.app.inject({ url: '/v1/contacts/count', headers: user.headers });
    expect(count.json().count).toBe(2500);
  });
});
