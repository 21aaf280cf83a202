import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '@callwise/db/client';
import { createTestDatabase } from '@callwise/db/testing';
import { AuthClient } from '@supabase/auth-js';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type PgBoss from 'pg-boss';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { createQueue, registerJobs, stopQueue } from '../src/infra/queue.ts';
import { createJobs } from '../src/jobs/registry.ts';
import { openServices, type Services } from '../src/services.ts';

/** Engine logs in tests: problems are printed (they would otherwise vanish), nothing else. */
export const testLog = {
  info: () => undefined,
  warn: (obj: object, msg: string) => {
    if (process.env.DEBUG_TEST) console.warn(msg, obj);
  },
  error: (obj: object, msg: string) => console.warn(`[engine] ${msg}`, obj),
};

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    AUTH_RATE_LIMIT_PER_5_MIN: '1000',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'callwise-app-')),
    PUBLIC_URL: 'http://localhost:3000',
    // Calls due now go out at any hour of the run; the calling-window tests turn this off.
    CALLING_WINDOW_OVERRIDE: '00:00-24:00',
    ...overrides,
  });
}

/** Waits for the newest e-mail to an address in the local outbox and returns it. */
export async function waitForMail(
  app: FastifyInstance,
  to: string,
  subjectPattern: RegExp,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await app.inject('/_dev/mail.json');
    const mails = res.json() as Array<{
      to: string;
      subject: string;
      text: string;
      html: string;
      created_at: string;
    }>;
    const found = mails.find((mail) => mail.to === to && subjectPattern.test(mail.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No e-mail to ${to} matching ${subjectPattern} within ${timeoutMs} ms`);
}

/** The first link in an e-mail's text that points at our verify endpoint. */
export function verifyLinkOf(mail: { text: string }): string {
  const match = /(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`No verify link in: ${mail.text}`);
  return match[1];
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  queue: PgBoss;
  services: Services;
  close(): Promise<void>;
}

/** The real app on a fresh copy of the migrated test database (PGlite, or PostgreSQL with DATABASE_URL). */
export async function buildTestApp(
  options: {
    webDist?: string | null;
    env?: Record<string, string>;
    /** Run the call engine (dispatcher and simulated carrier) in this app, as a worker does. */
    engine?: boolean;
    /** Fastify's logger (default: off, or errors with DEBUG_TEST). */
    logger?: FastifyServerOptions['logger'];
    /** Adds test-only routes before the app is ready. */
    extend?: (app: FastifyInstance, database: DatabaseHandle) => void;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(options.env);
  const queue = createQueue(database, { supervise: false });
  await queue.start();
  const services = await openServices({ config, database, queue, log: testLog });
  // Jobs run as in a real worker, so that e-mails reach the outbox.
  await registerJobs(queue, createJobs({ config, database, queue, services }), {
    work: true,
    log: { error: () => undefined },
  });
  if (options.engine) await services.engine.start();
  const app = await buildApp(
    { config, database, queue, services, webDist: options.webDist ?? null },
    { logger: options.logger ?? (process.env.DEBUG_TEST ? { level: 'error' } : false) },
  );
  options.extend?.(app, database);
  await app.ready();
  return {
    app,
    database,
    config,
    queue,
    services,
    async close() {
      await app.close();
      await services.close();
      // A job still running must finish (or fail) before the database closes under it. A busy machine can
      // keep a job past a few seconds: wait longer than any job of the tests takes.
      await stopQueue(queue, 30_000);
      await database.close();
      // The app's files (recordings, speech cache, outbox) live in its own temporary folder.
      rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}

/** A free TCP port on this machine. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The test app listening on real HTTP, with PUBLIC_URL pointing at itself (for clients such as auth-js). */
export async function listenTestApp(
  options: { env?: Record<string, string>; engine?: boolean } = {},
): Promise<TestApp & { baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await buildTestApp({ env: { PUBLIC_URL: baseUrl, ...options.env }, engine: options.engine });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, baseUrl };
}

let userCounter = 0;

/** A confirmed user with their own business account, signed in through the real token endpoint. */
export async function signedInUser(t: TestApp, options: { plan?: string } = {}) {
  const { createAccountWithUser, updateUser } = await import('@callwise/db/queries/users');
  const { hashPassword } = await import('../src/modules/auth/passwords.ts');
  const email = `owner-${Date.now()}-${++userCounter}@example.com`;
  const password = 'Harbor-Lantern-64';
  const user = await createAccountWithUser(t.database.db, {
    businessName: `Business ${userCounter}`,
    email,
    passwordHash: await hashPassword(password),
    userMetadata: { first_name: 'Test', last_name: 'Owner', business_name: `Business ${userCounter}` },
  });
  await updateUser(t.database.db, user.id, { emailConfirmedAt: new Date() });
  if (options.plan) {
    await t.database.executeSql('UPDATE accounts SET plan = $1 WHERE id = $2', [
      options.plan,
      user.accountId,
    ]);
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    payload: { email, password },
    remoteAddress: `10.77.${Math.floor(userCounter / 250)}.${userCounter % 250}`,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const token = res.json().access_token as string;
  return {
    email,
    userId: user.id,
    accountId: user.accountId,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

/** Another member of an account, with a role, signed in through the real token endpoint. */
export async function signedInMember(t: TestApp, accountId: string, role: 'owner' | 'admin' | 'staff') {
  const { hashPassword } = await import('../src/modules/auth/passwords.ts');
  const email = `${role}-${Date.now()}-${++userCounter}@example.com`;
  const password = 'Harbor-Lantern-64';
  const { rows } = await t.database.executeSql(
    `INSERT INTO users (account_id, email, password_hash, user_metadata, role, email_confirmed_at)
       VALUES ($1, $2, $3, $4, $5, now()) RETURNING id`,
    [
      accountId,
      email,
      await hashPassword(password),
      JSON.stringify({ first_name: 'Test', last_name: role }),
      role,
    ],
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    payload: { email, password },
    remoteAddress: `10.78.${Math.floor(userCounter / 250)}.${userCounter % 250}`,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const token = res.json().access_token as string;
  return {
    email,
    userId: rows[0]?.id as string,
    accountId,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

/** A new API key of the user's account, created through the API with their session. */
export async function createApiKey(t: TestApp, user: { headers: Record<string, string> }, name = 'Test key') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/api-keys',
    headers: user.headers,
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(`API key not created: ${res.body}`);
  const created = res.json() as { id: string; key: string; prefix: string };
  return { ...created, headers: { authorization: `Bearer ${created.key}` } };
}

/**
 * A user with two-factor sign-in on (a verified TOTP factor, enrolled through the API) and a new session of
 * theirs that has not verified a code yet (aal1): the API answers it 403 mfa_required.
 */
export async function userAwaitingSecondFactor(t: TestApp) {
  const { generate } = await import('otplib');
  const user = await signedInUser(t);
  const send = async (url: string, payload: unknown, headers: Record<string, string> = user.headers) => {
    const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const factor = await send('/auth/v1/factors', { factor_type: 'totp' });
  const challenge = await send(`/auth/v1/factors/${factor.id}/challenge`, {});
  await send(`/auth/v1/factors/${factor.id}/verify`, {
    challenge_id: challenge.id,
    code: await generate({ secret: factor.totp.secret }),
  });
  const signIn = await send(
    '/auth/v1/token?grant_type=password',
    { email: user.email, password: 'Harbor-Lantern-64' },
    {},
  );
  return {
    ...user,
    factorId: factor.id as string,
    headers: { authorization: `Bearer ${signIn.access_token}` },
  };
}

/** The real auth-js client, as the web app and supabase-js use it, against a listening test app; its own storage. */
export function newAuthClient(baseUrl: string): InstanceType<typeof AuthClient> {
  const store = new Map<string, string>();
  return new AuthClient({
    url: `${baseUrl}/auth/v1`,
    storage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    },
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: false,
  });
}
