import { SUPPORT_EMAIL } from '@callwise/shared/product';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, waitForMail } from '../../../test/helper.ts';
import { SUPPORT_LIMITS } from './support.routes.ts';

let t: TestApp;
let ipCounter = 0;
const nextIp = () => `10.41.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(async () => {
  await t.close();
});

const send = (payload: object, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/v1/support/messages', payload, remoteAddress: ip });

describe('POST /v1/support/messages', () => {
  it('needs no account, e-mails support and sends the sender a copy', async () => {
    const email = `visitor-${unique()}@example.com`;
    const message = `My reminder calls go out an hour late.\n\nCould you check my time zone? ${unique()}`;
    const res = await send({ name: 'Dana Miller', email, message });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'received', reply_within_hours: 24 });

    const toSupport = await waitForMail(t.app, SUPPORT_EMAIL, /Support request from Dana Miller/);
    expect(toSupport.text).toContain(email);
    expect(toSupport.text).toContain('My reminder calls go out an hour late.');
    expect(toSupport.text).toContain('Could you check my time zone?');

    const copy = await waitForMail(t.app, email, /We received your message/);
    expect(copy.text).toContain('Hi Dana Miller,');
    expect(copy.text).toContain('within about 24 hours');
    expect(copy.text).toContain('My reminder calls go out an hour late.');
  });

  it('escapes what the sender wrote in the HTML', async () => {
    const email = `html-${unique()}@example.com`;
    await send({ name: 'Eve <b>', email, message: '<script>alert(1)</script> please help' });
    const mail = await waitForMail(t.app, email, /We received your message/);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('validates each field, with messages for the form', async () => {
    const res = await send({ name: ' ', email: 'not-an-address', message: 'short' });
    expect(res.statusCode).toBe(400);
    const details = res.json().error.details as Array<{ field: string; message: string }>;
    const byField = Object.fromEntries(details.map((detail) => [detail.field, detail.message]));
    expect(byField.name).toBe('Please enter your name.');
    expect(byField.email).toBe('Please enter a valid email address.');
    expect(byField.message).toMatch(/at least 10 characters/);

    expect((await send({ email: 'a@example.com', message: 'A long enough message' })).statusCode).toBe(400);
    expect((await send({ name: 'A', email: 'a@example.com', message: 'x'.repeat(5001) })).statusCode).toBe(
      400,
    );
  });

  it('limits messages per client address and per sender, with a clear 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < SUPPORT_LIMITS.perAddress.limit; i++) {
      const res = await send(
        { name: 'Sam', email: `sam-${unique()}@example.com`, message: 'Hello, I have a question.' },
        ip,
      );
      expect(res.statusCode).toBe(202);
    }
    const limited = await send(
      { name: 'Sam', email: `sam-${unique()}@example.com`, message: 'Hello, I have a question.' },
      ip,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(limited.json().error.message).toContain(SUPPORT_EMAIL);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // One sender address cannot be flooded with confirmations from many client addresses.
    const email = `target-${unique()}@example.com`;
    for (let i = 0; i < SUPPORT_LIMITS.perSender.limit; i++) {
      expect((await send({ name: 'X', email, message: 'Hello, I have a question.' })).statusCode).toBe(202);
    }
    expect((await send({ name: 'X', email, message: 'Hello, I have a question.' })).statusCode).toBe(429);
  });
});
