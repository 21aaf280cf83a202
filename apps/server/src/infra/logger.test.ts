import { Writable } from 'node:stream';
import { createContact } from '@callwise/db/queries/contacts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createApiKey, signedInUser, type TestApp } from '../../test/helper.ts';
import { redactUrl, scrubPersonalData } from './logger.ts';

/**
 * Logs keep personal data out: the real app, logging at info into a buffer, asked with names, e-mail addresses
 * and phone numbers in its query strings, and failing on a real query of the real database whose values are
 * those of a contact.
 */
const lines: string[] = [];
let t: TestApp;

const PERSON = { name: 'Maria Garcia', email: 'maria.garcia@example.com', phone: '+12025550143' };
const ABSENT_ACCOUNT = '0b0b0b0b-0000-4000-8000-000000000404';

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await buildTestApp({
    logger: { level: 'info', stream },
    // A route that stores a contact into an account that does not exist: the database refuses, with the values.
    extend: (app, database) =>
      app.get('/v1/_log-test/store', async () => {
        await createContact(database.db, ABSENT_ACCOUNT, {
          name: PERSON.name,
          phone: PERSON.phone,
          email: PERSON.email,
          company: 'Garcia Bakery',
          timezone: 'America/New_York',
        });
        return { stored: true };
      }),
  });
});
afterAll(async () => {
  await t?.close();
});

const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
const leaks = (text: string) =>
  [PERSON.name, 'Maria', 'Garcia', PERSON.email, PERSON.phone, '2025550143'].filter((value) =>
    text.includes(value),
  );

describe('the HTTP log', () => {
  it('writes request addresses with the path and the names of query parameters, never their values', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const key = await createApiKey(t, owner);
    lines.length = 0;
    const query = new URLSearchParams({ q: PERSON.name, tag: PERSON.email, limit: '5' });
    const res = await t.app.inject({
      url: `/v1/contacts?${query}&${encodeURIComponent(PERSON.phone)}`,
      headers: key.headers,
    });
    expect(res.statusCode).toBe(200);
    const incoming = logged().find((line) => line.msg === 'incoming request') as { req: { url: string } };
    expect(incoming.req.url).toBe('/v1/contacts?q=[redacted]&tag=[redacted]&limit=5&[redacted]');
    expect(leaks(lines.join('\n'))).toEqual([]);
  });

  it('writes a failed query of the database without its values', async () => {
    lines.length = 0;
    const res = await t.app.inject(`/v1/_log-test/store?name=${encodeURIComponent(PERSON.name)}`);
    expect(res.statusCode).toBe(500);
    const failed = logged().find((line) => line.msg === 'request failed') as {
      level: number;
      err: { message: string; stack: string; params?: unknown; query?: string };
    };
    expect(failed.level).toBe(50);
    // What a person debugging needs is there: the statement, the database's reason, where it failed.
    expect(failed.err.query).toMatch(/insert into "contacts"/);
    expect(failed.err.message).toMatch(/^Failed query: insert into "contacts"[\s\S]*\nparams: \[redacted\]/);
    expect(failed.err.message).toMatch(/violates foreign key constraint/);
    expect(failed.err.stack).toContain('params: [redacted]');
    expect(failed.err.params).toBe('[redacted]');
    expect(leaks(lines.join('\n'))).toEqual([]);
  });
});

describe('redactUrl and scrubPersonalData', () => {
  it('keep the path and the harmless parameters', () => {
    expect(redactUrl('/v1/calls?status=failed&limit=20&cursor=abc')).toBe(
      '/v1/calls?status=failed&limit=20&cursor=abc',
    );
    expect(redactUrl('/auth/v1/verify?token=secret&type=signup&redirect_to=https%3A%2F%2Fx')).toBe(
      '/auth/v1/verify?token=[redacted]&type=signup&redirect_to=[redacted]',
    );
    expect(redactUrl('/v1/contacts/maria@example.com')).toBe('/v1/contacts/[email]');
  });

  it('replace addresses and numbers, not ids or dates', () => {
    expect(scrubPersonalData('call +1 (202) 555-0143 or 2025550143, write to a.b@example.co.uk')).toBe(
      'call [phone] or [phone], write to [email]',
    );
    const plain = 'id 8f3a2b1c-5d4e-4f6a-9b7c-012345678901 at 2026-03-03T09:30:00.000+00:00';
    expect(scrubPersonalData(plain)).toBe(plain);
  });
});
