import { seedCall } from '@callwise/db/seed/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from './helper.ts';

/**
 * Every row belongs to one account: another account's ids answer 404 on every verb (never 403, which would
 * confirm they exist), nothing of theirs changes, and no list, count, search, export or summary shows them.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof signedInUser>>;
let b: Awaited<ReturnType<typeof signedInUser>>;
const ids = { contact: '', script: '', call: '', import: '' };

beforeAll(async () => {
  t = await buildTestApp();
  a = await signedInUser(t);
  b = await signedInUser(t);
  const inject = (method: 'POST', url: string, payload: object) =>
    t.app.inject({ method, url, headers: a.headers, payload });
  ids.contact = (
    await inject('POST', '/v1/contacts', {
      name: 'Secret Client',
      phone: '+12025550150',
      email: 's@a.com',
      company: 'A Co',
      tags: ['a-only'],
    })
  ).json().id;
  ids.script = (
    await inject('POST', '/v1/scripts', { title: 'Secret Script', content: 'Hi {{name}}' })
  ).json().id;
  ids.call = (
    await seedCall(t.database.db, a.accountId, {
      recipientName: 'Secret Client',
      phone: '+12025550150',
      status: 'completed',
      duration: 40,
      cost: 0.05,
    })
  ).id;
  ids.import = (
    await inject('POST', '/v1/contacts/imports', {
      file_name: 'a.csv',
      csv: 'n,p,e,c\nX,+12025550151,x@a.com,A',
      mapping: { name: 'n', phone: 'p', email: 'e', company: 'c' },
    })
  ).json().id;
});
afterAll(async () => {
  await t.close();
});

type Case = [method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: () => string, payload?: object];
const cases: Case[] = [
  ['GET', () => `/v1/contacts/${ids.contact}`],
  ['PATCH', () => `/v1/contacts/${ids.contact}`, { name: 'Stolen' }],
  ['DELETE', () => `/v1/contacts/${ids.contact}`],
  ['GET', () => `/v1/scripts/${ids.script}`],
  ['PATCH', () => `/v1/scripts/${ids.script}`, { title: 'Stolen' }],
  ['POST', () => `/v1/scripts/${ids.script}/clone`],
  ['DELETE', () => `/v1/scripts/${ids.script}`],
  ['GET', () => `/v1/calls/${ids.call}`],
  ['GET', () => `/v1/contacts/imports/${ids.import}`],
  ['GET', () => `/v1/contacts/imports/${ids.import}/errors.csv`],
];

describe('account isolation', () => {
  it.each(cases)('%s %s answers 404 to another account', async (method, url, payload) => {
    const res = await t.app.inject({
      method,
      url: url(),
      headers: b.headers,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('left the owner’s rows untouched', async () => {
    const contact = await t.app.inject({ url: `/v1/contacts/${ids.contact}`, headers: a.headers });
    expect(contact.json().name).toBe('Secret Client');
    const script = await t.app.inject({ url: `/v1/scripts/${ids.script}`, headers: a.headers });
    expect(script.json().title).toBe('Secret Script');
    const scripts = await t.app.inject({ url: '/v1/scripts', headers: a.headers });
    expect(scripts.json().data).toHaveLength(1);
  });

  it.each([
    '/v1/contacts',
    '/v1/contacts?q=secret',
    '/v1/contacts?tag=a-only',
    '/v1/scripts',
    '/v1/scripts?q=secret',
    '/v1/calls',
    '/v1/calls?q=secret',
    '/v1/contacts/imports',
  ])('%s shows nothing of another account', async (url) => {
    const res = await t.app.inject({ url, headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it('counts, tags, summaries, exports and the dashboard show nothing of another account', async () => {
    const get = (url: string) => t.app.inject({ url, headers: b.headers });
    expect((await get('/v1/contacts/count')).json()).toEqual({ count: 0 });
    expect((await get('/v1/contacts/tags')).json()).toEqual({ data: [] });
    expect((await get('/v1/calls/summary')).json().total).toBe(0);
    expect((await get('/v1/contacts/export.csv')).body.trim().split('\r\n')).toHaveLength(1);
    expect((await get('/v1/calls/export.csv')).body.trim().split('\r\n')).toHaveLength(1);
    const dashboard = (await get('/v1/dashboard')).json();
    expect(dashboard).toMatchObject({ total_calls: 0, contacts: 0, recent_calls: [] });
    expect((await get('/v1/me')).json().account.id).toBe(b.accountId);
  });

  it('a cursor from another account’s list reveals nothing', async () => {
    const page = (await t.app.inject({ url: '/v1/contacts?limit=1', headers: a.headers })).json();
    const cursor =
      page.next_cursor ??
      Buffer.from(JSON.stringify([new Date().toISOString(), ids.contact])).toString('base64url');
    const res = await t.app.inject({ url: `/v1/contacts?cursor=${cursor}`, headers: b.headers });
    expect(res.json().data).toEqual([]);
  });

  it('the same phone number can exist in both accounts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/contacts',
      headers: b.headers,
      payload: { name: 'Other', phone: '+12025550150', email: 'o@b.com', company: 'B Co' },
    });
    expect(res.statusCode).toBe(201);
  });
});
