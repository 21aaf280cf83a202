import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadPgliteFiles } from '@callwise/db/pglite-files';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from './config.ts';
import { defineJob, jobSender } from './infra/queue.ts';
import { openRuntime } from './runtime.ts';
import { copyDataDirTemplate } from './runtime-database.ts';

const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(path.join(tmpdir(), 'callwise-template-'));
  folders.push(made);
  return made;
};
afterEach(() => {
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
});

/** Every file under `root` with its content, by relative path. */
function tree(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[path.relative(root, full)] = readFileSync(full, 'utf8');
    }
  };
  walk(root);
  return files;
}

describe('the first start’s copy of the database template', () => {
  it('copies every file and folder, and replaces what a copy cut short left behind', async () => {
    const template = folder();
    for (let dir = 0; dir < 5; dir++) {
      mkdirSync(path.join(template, 'base', String(dir), 'deep'), { recursive: true });
      for (let file = 0; file < 40; file++) {
        writeFileSync(path.join(template, 'base', String(dir), `${file}`), `page ${dir}/${file}`);
      }
      writeFileSync(path.join(template, 'base', String(dir), 'deep', 'file'), `deep ${dir}`);
    }
    writeFileSync(path.join(template, 'PG_VERSION'), '17');
    const data = path.join(folder(), 'pgdata');
    // A crashed earlier start: half a copy beside the target, and a target without PG_VERSION.
    mkdirSync(`${data}.partial/base`, { recursive: true });
    writeFileSync(`${data}.partial/base/stray`, 'stray');
    mkdirSync(data);
    writeFileSync(path.join(data, 'stray'), 'stray');

    await copyDataDirTemplate(template, data);
    expect(tree(data)).toEqual(tree(template));
    expect(Object.keys(tree(data))).toHaveLength(5 * 41 + 1);
    expect(existsSync(`${data}.partial`)).toBe(false);
  });
});

describe('opening the runtime', () => {
  it('opens the embedded database with the engine loaded ahead, and starts the job workers only when asked', async () => {
    const ran: string[] = [];
    const job = defineJob({
      name: 'test-runtime-started',
      schema: z.object({ note: z.string() }),
      handler: async ({ note }) => {
        ran.push(note);
      },
    });
    const files = loadPgliteFiles();
    expect(await files).not.toBeNull();
    const config = loadConfig({ DATA_DIR: folder(), JWT_SECRET: 'runtime-test-secret-0123456789abcdefghij' });
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const runtime = await openRuntime(config, quiet, { jobs: [job], pgliteFiles: files });
    try {
      expect(runtime.database.kind).toBe('pglite');
      // The job's queue exists before its worker: what is sent now is kept.
      await jobSender<typeof job>()(runtime.queue, job.name, { note: 'sent before the workers' });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(ran).toEqual([]);

      await Promise.all([runtime.startJobs(), runtime.startJobs()]);
      await expect.poll(() => ran, { timeout: 10_000 }).toEqual(['sent before the workers']);
    } finally {
      await runtime.close();
    }
  });
});
