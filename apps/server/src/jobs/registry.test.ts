import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '@callwise/db/client';
import { createTestDatabase } from '@callwise/db/testing';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Services } from '../services.ts';
import { DATABASE_STATISTICS } from './database-statistics.job.ts';
import { createJobs } from './registry.ts';

let handle: DatabaseHandle;
let dataDir: string;
beforeAll(async () => {
  handle = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'callwise-jobs-'));
});
afterAll(async () => {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server’s jobs', () => {
  it('keep statistics every minute on the embedded engine only (PostgreSQL’s autovacuum keeps its own)', () => {
    const names = createJobs({
      config: loadConfig({ DATA_DIR: dataDir }),
      database: handle,
      queue: {} as PgBoss,
      services: {} as Services,
    }).map((job) => job.name);
    expect(names).toContain('database-maintenance');
    expect(names.includes(DATABASE_STATISTICS)).toBe(handle.kind === 'pglite');
  });
});
