import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '@callwise/db/client';
import { createTestDatabase } from '@callwise/db/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { createQueue } from '../src/lib/queue.ts';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'callwise-app-')),
    PUBLIC_URL: 'http://localhost:3000',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh copy of the migrated test database (PGlite, or PostgreSQL with DATABASE_URL). */
export async function buildTestApp(
  options: { webDist?: string | null; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(options.env);
  const queue = createQueue(database, { supervise: false });
  await queue.start();
  const app = await buildApp(
    { config, database, queue, webDist: options.webDist ?? null },
    { logger: process.env.DEBUG_TEST ? { level: 'error' } : false },
  );
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await queue.stop({ graceful: false, close: false, wait: true });
      await database.close();
    },
  };
}
