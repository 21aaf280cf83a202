import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@callwise/db/client';
import { accounts } from '@callwise/db/schema';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { killSpawned, serverEntry, spawnEntry } from './spawn.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const run = spawnEntry;

afterEach(killSpawned);

/** A fresh data directory, removed after the test. */
function dataDirectory(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// A first start from source runs initdb (seconds); on a busy CI machine, much longer.
describe('the server process', { timeout: 240_000 }, () => {
  it('prints its URL, serves, refuses a second process on the same data, and shuts down cleanly', async () => {
    const dataDir = dataDirectory('callwise-proc-');
    const first = run(serverEntry, { DATA_DIR: dataDir, PORT: '0' });
    const [, url] = await first.waitFor(/Callwise is running at (http:\/\/localhost:\d+) /);
    const health = await fetch(`${url}/readyz`);
    expect(health.status).toBe(200);
    expect(existsSync(path.join(dataDir, 'callwise.lock'))).toBe(true);

    const second = run(serverEntry, { DATA_DIR: dataDir, PORT: '0' });
    expect(await second.exited).toBe('1');
    expect(second.output().stderr).toContain(`The data directory ${dataDir} is in use by another process`);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe('0');
    expect(existsSync(path.join(dataDir, 'callwise.lock'))).toBe(false);
  });

  it('stops with a list of every configuration problem', async () => {
    const child = run(serverEntry, {
      PORT: 'seventy',
      ROLE: 'boss',
      DATA_DIR: dataDirectory('callwise-config-'),
    });
    expect(await child.exited).toBe('1');
    const { stderr } = child.output();
    expect(stderr).toContain('Invalid configuration:');
    expect(stderr).toMatch(/- PORT /);
    expect(stderr).toMatch(/- ROLE /);
  });

  it('keeps every committed row after kill -9, and a restart takes over the stale lock', async () => {
    const dataDir = dataDirectory('callwise-crash-');
    const writer = run(path.join(here, 'fixtures/write-rows.ts'), { DATA_DIR: dataDir });
    await writer.waitFor(/committed 15\n/);
    writer.child.kill('SIGKILL');
    await writer.exited;
    const committed = [...writer.output().stdout.matchAll(/committed (\d+)/g)].map((m) => Number(m[1]));
    expect(existsSync(path.join(dataDir, 'callwise.lock'))).toBe(true);

    // The real server starts on the same directory: the dead writer's lock does not stop it.
    const server = run(serverEntry, { DATA_DIR: dataDir, PORT: '0' });
    const [, url] = await server.waitFor(/running at (http:\/\/localhost:\d+) /);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe('0');

    const handle = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    const rows = await handle.db.select({ name: accounts.name }).from(accounts);
    await handle.close();
    const names = new Set(rows.map((row) => row.name));
    for (const i of committed) expect(names.has(`Business ${i}`)).toBe(true);
  });
});
