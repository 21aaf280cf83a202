// `npm run bench`: measures the built product on this machine and prints the numbers next to their targets.
// Later parts of the product add their own measurements here.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'apps/server/dist/server.js');

interface Measurement {
  name: string;
  value: number;
  unit: string;
  target?: string;
  ok?: boolean;
}
const results: Measurement[] = [];
const record = (m: Measurement) => {
  results.push(m);
  const verdict = m.ok === undefined ? '' : m.ok ? '  ok' : '  MISSED';
  console.log(
    `${m.name.padEnd(44)} ${String(m.value).padStart(10)} ${m.unit.padEnd(6)} ${m.target ?? ''}${verdict}`,
  );
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function startServer(dataDir: string, port: number): Promise<{ child: ChildProcess; readyMs: number }> {
  const { DATABASE_URL: _unused, ...env } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.status === 200) return { child, readyMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    await sleep(5);
  }
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function main() {
  console.log(`Callwise benchmarks — node ${process.version}, ${new Date().toISOString()}\n`);
  const port = 3290;

  // Cold start: a first start on an empty data directory, and a restart on existing data.
  const firstStarts: number[] = [];
  const restarts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'callwise-bench-'));
    const first = await startServer(dataDir, port);
    firstStarts.push(first.readyMs);
    await stopServer(first.child);
    const again = await startServer(dataDir, port);
    restarts.push(again.readyMs);
    await stopServer(again.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  record({
    name: 'cold start to /readyz, existing data (median)',
    value: Math.round(median(restarts)),
    unit: 'ms',
    target: '<= 2000 ms',
    ok: median(restarts) <= 2000,
  });
  record({
    name: 'cold start to /readyz, empty data dir (median)',
    value: Math.round(median(firstStarts)),
    unit: 'ms',
    target: '<= 2000 ms',
    ok: median(firstStarts) <= 2000,
  });

  const dataDir = mkdtempSync(path.join(tmpdir(), 'callwise-bench-'));
  const { child } = await startServer(dataDir, port);
  try {
    await sleep(3000);
    const idle = rssMb(child.pid as number);
    record({
      name: 'idle RSS (all roles, PGlite)',
      value: idle,
      unit: 'MB',
      target: '<= 400 MB',
      ok: idle <= 400,
    });

    await autocannon({ url: `http://127.0.0.1:${port}/healthz`, connections: 50, duration: 2 });
    const run = await autocannon({ url: `http://127.0.0.1:${port}/healthz`, connections: 50, duration: 10 });
    record({
      name: '/healthz requests/s (50 connections)',
      value: Math.round(run.requests.average),
      unit: 'req/s',
    });
    record({
      name: '/healthz latency p99 (50 connections)',
      value: run.latency.p99,
      unit: 'ms',
      target: '<= 5 ms',
      ok: run.latency.p99 <= 5,
    });
    if (run.non2xx > 0 || run.errors > 0)
      throw new Error(`/healthz answered ${run.non2xx} non-2xx and ${run.errors} errors`);
    const loaded = rssMb(child.pid as number);
    record({ name: 'RSS after load', value: loaded, unit: 'MB' });
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }

  mkdirSync(path.join(root, '.bench'), { recursive: true });
  writeFileSync(path.join(root, '.bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const missed = results.filter((m) => m.ok === false);
  console.log(
    `\n${results.length} measurements, ${missed.length} missed target(s). Saved in .bench/results.json`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
