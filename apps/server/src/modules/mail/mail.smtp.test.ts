import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createMailProvider } from './mail.provider.ts';
import { verificationMail } from './mail.templates.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
  user?: string;
}
const received: Received[] = [];
let smtp: SMTPServer;
let port = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'hunter22')
        return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('the SMTP mail provider', () => {
  it('sends multipart mail with our sender, authenticated', async () => {
    const provider = createMailProvider({
      smtpUrl: `smtp://mailer:hunter22@127.0.0.1:${port}`,
      from: 'Callwise <no-reply@callwise.test>',
      // Never touched in SMTP mode.
      db: undefined as never,
    });
    expect(provider.kind).toBe('smtp');
    const mail = verificationMail({
      name: 'Ana',
      url: 'http://localhost:3000/auth/v1/verify?token=abc&type=signup',
    });
    await provider.send({ to: 'ana@example.com', ...mail });
    const last = received.at(-1);
    expect(last?.from).toBe('no-reply@callwise.test');
    expect(last?.to).toEqual(['ana@example.com']);
    expect(last?.user).toBe('mailer');
    expect(last?.raw).toContain('Subject: Confirm your Callwise account');
    expect(last?.raw).toMatch(/multipart\/alternative/);
    expect(last?.raw).toContain('text/html');
    expect(last?.raw).toContain('text/plain');
  });

  it('fails loudly on bad credentials, so that the job is retried', async () => {
    const provider = createMailProvider({
      smtpUrl: `smtp://mailer:wrong@127.0.0.1:${port}`,
      from: 'Callwise <no-reply@callwise.test>',
      db: undefined as never,
    });
    await expect(
      provider.send({ to: 'ana@example.com', subject: 's', text: 't', html: '<p>h</p>' }),
    ).rejects.toThrow(/Invalid username or password|Invalid login/);
  });
});

describe('with SMTP configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { SMTP_URL: `smtp://mailer:hunter22@127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('has no local mailbox', async () => {
    expect((await t.app.inject('/_dev/mail.json')).statusCode).toBe(404);
    expect((await t.app.inject('/_dev/mail')).statusCode).toBe(404);
  });

  it('delivers the sign-up e-mail over SMTP through the job queue', async () => {
    const email = `smtp-${Date.now()}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email, password: 'Willow-Garden-31', data: { first_name: 'Ana' } },
    });
    expect(res.statusCode).toBe(200);
    const deadline = Date.now() + 10_000;
    while (!received.some((mail) => mail.to.includes(email)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const mail = received.find((m) => m.to.includes(email));
    expect(mail?.raw).toContain('/auth/v1/verify?token=');
  });
});
