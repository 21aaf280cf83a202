import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '@callwise/db/client';
import { runMigrations } from '@callwise/db/migrate';
import { createAccountWithUser } from '@callwise/db/queries/users';
import { databaseUrlWithName } from '@callwise/db/testing';
import pg from 'pg';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { serverEntry, spawnEntry } from './spawn.ts';

/**
 * For the tests and scripts that run the engine in real server processes (the crash tests, the random-kill run):
 * a database of their own, server processes, and a signed-in session.
 */

export interface EngineDatabase {
  /** What a server process needs to use it (DATABASE_URL and DATA_DIR, or DATA_DIR alone). */
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  /** Drops the database and removes the data folder. */
  remove(): Promise<void>;
}

/**
 * A new empty database: on the PostgreSQL server at `url` (a database created for it), or without a URL the
 * embedded engine in a new data folder (one process at a time).
 */
export async function freshEngineDatabase(url: string | undefined, prefix: string): Promise<EngineDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `callwise-${prefix}-`));
  if (!url) {
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir: path.join(dataDir, 'pgdata') }),
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `callwise_${prefix.replaceAll('-', '_')}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = databaseUrlWithName(url, name);
  return {
    env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
    open: () => openDatabase({ url: databaseUrl, poolSize: 2 }),
    async remove() {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens the database for one piece of work, and closes it again whatever happens. */
export async function withDatabase<T>(database: EngineDatabase, use: (handle: DatabaseHandle) => Promise<T>) {
  const handle = await database.open();
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

/**
 * Brings a new database up to date and gives it a business with an owner who can sign in with `password`
 * (e-mail confirmed), on `plan` when one is named; answers the owner.
 */
export async function seedOwner(
  handle: DatabaseHandle,
  owner: { businessName: string; email: string; password: string; plan?: string },
) {
  await runMigrations(handle);
  const user = await createAccountWithUser(handle.db, {
    businessName: owner.businessName,
    email: owner.email,
    passwordHash: await hashPassword(owner.password),
    userMetadata: {},
  });
  if (owner.plan) {
    await handle.executeSql(`UPDATE accounts SET plan = $2 WHERE id = $1`, [user.accountId, owner.plan]);
  }
  await handle.executeSql(`UPDATE users SET email_confirmed_at = now() WHERE id = $1`, [user.id]);
  return user;
}

/** A server process from source (any ROLE), with its address once it listens and everything it printed. */
export function startServer(env: Record<string, string>) {
  const spawned = spawnEntry(serverEntry, env);
  const url = async () => (await spawned.waitFor(/is running at (http:\/\/localhost:\d+) /))[1] as string;
  const output = () => `${spawned.output().stdout}${spawned.output().stderr}`;
  return { ...spawned, url, output };
}

/** How a server process ended ('SIGKILL' when it killed itself at its crash point), or 'still running' after `ms`. */
export function exitedWithin(server: { exited: Promise<string> }, ms: number): Promise<string> {
  return Promise.race([
    server.exited,
    new Promise<string>((resolve) => setTimeout(() => resolve('still running'), ms)),
  ]);
}

/** A session token for the web app's API, through the password grant. */
export async function signInWithPassword(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
