import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client.ts';

export type TestDatabaseTemplate =
  | { kind: 'pglite'; file: string }
  | { kind: 'postgres'; url: string; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: TestDatabaseTemplate;
  }
}

export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

let cachedDump: Blob | null = null;

/**
 * A fresh, migrated database for one test file, copied from the run's template: the real engine (PGlite, or
 * PostgreSQL when DATABASE_URL is set), never a mock. Closing it drops the copy.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    cachedDump ??= new Blob([readFileSync(template.file)]);
    return openDatabase({ loadDataDir: cachedDump });
  }
  const name = `callwise_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.name}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ url: databaseUrlWithName(template.url, name), poolSize: 5 });
  const close = handle.close.bind(handle);
  return {
    ...handle,
    async close() {
      await close();
      const dropper = new pg.Client({ connectionString: template.url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A small deterministic generator of numbers in [0, 1) (mulberry32), so a random test's failure can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
