/// <reference lib="dom" />
// The public site's numbers for `npm run bench`: the landing page's initial JavaScript (gzip) and a Lighthouse
// mobile run (performance, accessibility) against the built server, in Chromium. Needs `npm run build` first.
// Run alone: `node --import tsx scripts/bench-site.ts`.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright';
import type { Recorder } from './bench-parts.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'apps/server/dist/server.js');
const webDist = path.join(root, 'apps/web/dist');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const TARGETS = { landingJsKb: 150, performance: 95, accessibility: 95 } as const;
/** Lighthouse runs; the median score is reported (single runs vary by a few points on a busy machine). */
const LIGHTHOUSE_RUNS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const { DATABASE_URL: _unused, ...env } = process.env;
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not become ready within 60 s');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) return child;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The JavaScript the landing page loads to show itself to a visitor: every script the browser starts to fetch
 * before the app has rendered the page (the entry, its static imports, the route's chunk and what it imports). Chunks fetched later on purpose (the toast outlet, the incoming-call overlay) are not counted.
 * Sizes are the built files gzipped at level 9, as the server sends them precompressed.
 */
export async function landingInitialJs(baseUrl: string): Promise<{ gzipBytes: number; files: string[] }> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    // The moment the app has rendered the page: its heading enters the page.
    await page.addInitScript(() => {
      const scope = window as unknown as { headingAt?: number };
      const observer = new MutationObserver(() => {
        if (scope.headingAt === undefined && document.querySelector('#root h1')) {
          scope.headingAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${baseUrl}/`);
    await page.waitForFunction(() => (window as unknown as { headingAt?: number }).headingAt !== undefined);
    await page.waitForLoadState('networkidle');
    const urls = await page.evaluate(() => {
      const headingAt = (window as unknown as { headingAt?: number }).headingAt ?? Number.POSITIVE_INFINITY;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.startTime <= headingAt)
        .map((entry) => new URL(entry.name).pathname);
    });
    const files = [...new Set(urls)].sort();
    let gzipBytes = 0;
    for (const file of files) {
      const onDisk = path.join(webDist, file);
      if (!existsSync(onDisk)) throw new Error(`${file} is not in apps/web/dist: build the web app first`);
      gzipBytes += gzipSync(readFileSync(onDisk), { level: 9 }).length;
    }
    return { gzipBytes, files };
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run with its default mobile settings (Moto G Power, slow 4G, 4x CPU slowdown). */
async function lighthouseRun(url: string): Promise<{ performance: number; accessibility: number }> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const categories = result?.lhr.categories;
    if (!categories) throw new Error('Lighthouse returned no result');
    const failures = result.lhr.runtimeError;
    if (failures) throw new Error(`Lighthouse: ${failures.code} ${failures.message}`);
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP): run it again. */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`Lighthouse run failed (${(error as Error).message}); trying again`);
    }
  }
}

/** Starts the built server on a fresh data directory and a free port, and records the site's numbers. */
export async function benchSite(record: Recorder): Promise<void> {
  if (!existsSync(serverEntry) || !existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('Build first: npm run build');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'callwise-bench-site-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startServer(dataDir, port);
  try {
    const js = await landingInitialJs(baseUrl);
    const kb = Math.round((js.gzipBytes / 1024) * 10) / 10;
    record({
      name: `landing initial JS, gzip (${js.files.length} files)`,
      value: kb,
      unit: 'KB',
      target: `<= ${TARGETS.landingJsKb} KB`,
      ok: kb <= TARGETS.landingJsKb,
    });

    // Landing and pricing: the two pages the targets name.
    for (const [page, label] of [
      ['/', 'landing'],
      ['/pricing', 'pricing'],
    ] as const) {
      const runs: Array<{ performance: number; accessibility: number }> = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        runs.push(await withRetries(() => lighthouseRun(`${baseUrl}${page}`)));
      }
      const performance = median(runs.map((run) => run.performance));
      const accessibility = median(runs.map((run) => run.accessibility));
      record({
        name: `Lighthouse mobile: ${label} performance (median of ${LIGHTHOUSE_RUNS})`,
        value: performance,
        unit: 'score',
        target: `>= ${TARGETS.performance}`,
        ok: performance >= TARGETS.performance,
      });
      record({
        name: `Lighthouse mobile: ${label} accessibility`,
        value: accessibility,
        unit: 'score',
        target: `>= ${TARGETS.accessibility}`,
        ok: accessibility >= TARGETS.accessibility,
      });
    }
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run alone.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const record: Recorder = (m) => {
    const verdict = m.ok === undefined ? '' : m.ok ? '  ok' : '  MISSED';
    console.log(
      `${m.name.padEnd(52)} ${String(m.value).padStart(8)} ${m.unit.padEnd(6)} ${m.target ?? ''}${verdict}`,
    );
  };
  benchSite(record).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
