import { seedCall, seedContact, seedScript } from '@callwise/db/seed/factories';
import { callSchema } from '@callwise/shared/schemas/calls';
import { contactSchema } from '@callwise/shared/schemas/contacts';
import { dashboardSchema } from '@callwise/shared/schemas/dashboard';
import { meSchema } from '@callwise/shared/schemas/me';
import { pageSchema } from '@callwise/shared/schemas/pagination';
import { scriptSchema } from '@callwise/shared/schemas/scripts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { nullableAsTypeList } from '../src/http/serializer.ts';
import { buildTestApp, signedInUser, type TestApp } from './helper.ts';

/** In production, answers are written by fast-json-stringify: they must still match their zod schemas exactly. */
let t: TestApp;
let user: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await buildTestApp({ env: { NODE_ENV: 'production' } });
  user = await signedInUser(t);
  const contact = await seedContact(t.database.db, user.accountId, {
    tags: ['vip'],
    timezone: 'America/New_York',
  });
  await seedScript(t.database.db, user.accountId, { category: 'Sales' });
  await seedCall(t.database.db, user.accountId, {
    contactId: contact.id,
    status: 'completed',
    duration: 61,
    cost: 0.1,
    outcome: 'confirmed',
    startedAt: new Date(),
  });
  await seedCall(t.database.db, user.accountId, { status: 'scheduled' });
});
afterAll(async () => {
  await t.close();
});

const cases: Array<[string, z.ZodType]> = [
  ['/v1/contacts', pageSchema(contactSchema)],
  ['/v1/scripts', pageSchema(scriptSchema)],
  ['/v1/calls', pageSchema(callSchema)],
  ['/v1/dashboard', dashboardSchema],
  ['/v1/me', meSchema],
];

describe('production serialization', () => {
  it.each(cases)('%s matches its schema, with nothing extra', async (url, schema) => {
    const res = await t.app.inject({ url, headers: user.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const parsed = schema.parse(body);
    // zod drops unknown keys when parsing: equal means the answer had none.
    expect(parsed).toEqual(body);
  });

  it('writes numbers, nulls and arrays faithfully', async () => {
    const calls = (await t.app.inject({ url: '/v1/calls', headers: user.headers })).json().data;
    const done = calls.find((c: { status: string }) => c.status === 'completed');
    expect(done).toMatchObject({ duration: 61, cost: 0.1, outcome: 'confirmed', recording_url: null });
    const pending = calls.find((c: { status: string }) => c.status === 'scheduled');
    expect(pending).toMatchObject({ duration: null, cost: null, outcome: null, started_at: null });
    const contacts = (await t.app.inject({ url: '/v1/contacts', headers: user.headers })).json().data;
    expect(contacts[0].tags).toEqual(['vip']);
  });
});

describe('nullableAsTypeList', () => {
  it('writes a nullable string, number, boolean or enum as a list of types, at any depth', () => {
    const schema = {
      type: 'object',
      properties: {
        at: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
        cost: { anyOf: [{ type: 'null' }, { type: 'number' }] },
        outcome: { anyOf: [{ type: 'string', enum: ['confirmed', 'cancelled'] }, { type: 'null' }] },
        items: { type: 'array', items: { anyOf: [{ type: 'boolean' }, { type: 'null' }] } },
      },
    };
    expect(nullableAsTypeList(schema)).toEqual({
      type: 'object',
      properties: {
        at: { type: ['string', 'null'], format: 'date-time' },
        cost: { type: ['number', 'null'] },
        outcome: { type: ['string', 'null'], enum: ['confirmed', 'cancelled', null] },
        items: { type: 'array', items: { type: ['boolean', 'null'] } },
      },
    });
  });

  it('leaves other unions as they are', () => {
    const objectOrNull = { anyOf: [{ type: 'object', properties: {} }, { type: 'null' }] };
    const stringOrNumber = { anyOf: [{ type: 'string' }, { type: 'number' }] };
    expect(nullableAsTypeList(objectOrNull)).toEqual(objectOrNull);
    expect(nullableAsTypeList(stringOrNumber)).toEqual(stringOrNumber);
  });

  it('writes a page of calls exactly as JSON.stringify writes what zod makes of it', async () => {
    const res = await t.app.inject({ url: '/v1/calls', headers: user.headers });
    expect(res.body).toBe(JSON.stringify(pageSchema(callSchema).parse(res.json())));
  });
});
