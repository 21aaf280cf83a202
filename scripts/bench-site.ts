/// <reference lib="dom" />
// The web app's numbers for `npm run bench`: the landing page's and the signed-in dashboard's initial JavaScript
// (gzip), the dashboard's chart chunk, and Lighthouse mobile runs (performance, accessibility) on the landing,
// pricing and signed-in dashboard pages, against the built server, in Chromium. Needs `npm run build` first.
// Run alone: `node --import tsx scripts/bench-site.ts` (`BENCH_SITE_ONLY=dashboard` for the dashboard's numbers
// only, `=public` for the landing's and pricing's; `BENCH_SITE_LHR_DIR=<dir>` keeps each Lighthouse report there;
// `BENCH_SITE_VERBOSE=1` lists the dashboard's files).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright';
import puppeteer from 'puppeteer-core';
import type { Recorder } from './bench-parts.ts';
import { SERVER_NODE_ARGS } from './server-node-args.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'apps/server/dist/server.js');
const webDist = path.join(root, 'apps/web/dist');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const TARGETS = {
  landingJsKb: 150,
  /**
   * The signed-in dashboard before its first paint: the landing's budget (the entry: React, the router, the
   * query client, the UI kit; ~132 KB of it today) plus the auth client (~21 KB), the workspace shell (~117 KB:
   * sidebar, tooltips, the live-updates stream, and the shared zod schemas the shell parses /v1/me and the call
   * events with, which bring zod (~25 KB) and libphonenumber (~35 KB, also needed by the dashboard's recent
   * calls to show numbers)) and the dashboard's own cards (~25 KB). Measured 294.5 KB on 2026-11-26 (447 KB
   * before the chart and the schedule view left it); the chart (recharts, ~106 KB) loads after the first paint.
   */
  dashboardJsKb: 300,
  performance: 95,
  accessibility: 95,
  /** Issue #20 target 5: the signed-in web app on a phone. */
  dashboardPerformance: 90,
  dashboardAccessibility: 95,
} as const;
/** Lighthouse runs; the median score is reported (single runs vary by a few points on a busy machine). */
const LIGHTHOUSE_RUNS = 3;

declare global {
  interface Window {
    /** When each watched selector first matched (`performance.now()`), set by `watchFor`. */
    seenAt?: Record<string, number>;
  }
}

/** Where the web app keeps its session (apps/web/src/lib/auth-client.ts), as the e2e fixtures seed it. */
const AUTH_STORAGE_KEY = 'callwise-auth';

/** A session as the auth client stores it (supabase-js format). */
interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
  user: Record<string, unknown>;
}

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
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, serverEntry], {
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The dashboard's calls: placed at any hour the bench runs, and answered by the simulated carrier quickly.
      CALLING_WINDOW_OVERRIDE: '00:00-24:00',
      SIMULATOR_SPEED: '20',
    },
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

/** The gzipped size (level 9, as the server sends them precompressed) of built files of apps/web/dist. */
function gzipSize(files: string[]): number {
  let gzipBytes = 0;
  for (const file of files) {
    const onDisk = path.join(webDist, file);
    if (!existsSync(onDisk)) throw new Error(`${file} is not in apps/web/dist: build the web app first`);
    gzipBytes += gzipSync(readFileSync(onDisk), { level: 9 }).length;
  }
  return gzipBytes;
}

/** Marks on `window` the first moment a selector matches in the page (`window.seenAt[selector]`). */
function watchFor(selectors: string[]) {
  // No named inner functions: tsx would wrap them in a helper the page does not have.
  const seenAt: Record<string, number> = {};
  window.seenAt = seenAt;
  new MutationObserver(() => {
    for (const selector of selectors) {
      if (seenAt[selector] === undefined && document.querySelector(selector))
        seenAt[selector] = performance.now();
    }
  }).observe(document, { childList: true, subtree: true });
}

/** The scripts the browser started to fetch up to the moment `selector` entered the page (paths, sorted). */
function scriptsUntil(selector: string): string[] {
  const at = window.seenAt?.[selector] ?? Number.POSITIVE_INFINITY;
  const paths = performance
    .getEntriesByType('resource')
    .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.startTime <= at)
    .map((entry) => new URL(entry.name).pathname);
  return [...new Set(paths)].sort();
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
    const heading = '#root h1';
    await page.addInitScript(watchFor, [heading]);
    await page.goto(`${baseUrl}/`);
    await page.waitForFunction((selector) => window.seenAt?.[selector] !== undefined, heading);
    await page.waitForLoadState('networkidle');
    const files = await page.evaluate(scriptsUntil, heading);
    return { gzipBytes: gzipSize(files), files };
  } finally {
    await browser.close();
  }
}

/** The dashboard's data on screen (its statistics), and its chart drawn (recharts' SVG). */
const DASHBOARD_RENDERED = '[data-testid="calls-chart"]';
const CHART_DRAWN = '[data-testid="calls-chart"] svg.recharts-surface';

/**
 * The signed-in dashboard's JavaScript: `initial`, every script the browser starts to fetch before the dashboard
 * shows its data (the entry, the auth client, the workspace shell, the route's chunk and what it imports), and
 * `chart`, the scripts fetched after that until the chart is drawn once scrolled to (recharts: on purpose after
 * the first paint; the deferred toast outlet may be among them).
 */
export async function dashboardJs(
  baseUrl: string,
  session: StoredSession,
): Promise<{
  initial: { gzipBytes: number; files: string[] };
  chart: { gzipBytes: number; files: string[] };
}> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/healthz`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      AUTH_STORAGE_KEY,
      JSON.stringify(session),
    ] as const);
    await page.addInitScript(watchFor, [DASHBOARD_RENDERED, CHART_DRAWN]);
    await page.goto(`${baseUrl}/dashboard`);
    await page.waitForFunction((selector) => window.seenAt?.[selector] !== undefined, DASHBOARD_RENDERED, {
      timeout: 30_000,
    });
    // The chart loads once it comes near the screen (below the first screen here, under the checklist): scroll.
    await page.locator(DASHBOARD_RENDERED).scrollIntoViewIfNeeded();
    await page
      .waitForFunction((selector) => window.seenAt?.[selector] !== undefined, CHART_DRAWN, {
        timeout: 30_000,
      })
      .catch(async (error: Error) => {
        await page.screenshot({ path: path.join(tmpdir(), 'callwise-bench-dashboard.png') });
        throw new Error(
          `The dashboard's chart was not drawn at ${page.url()} (screenshot in ${tmpdir()}): ${error.message}`,
        );
      });
    // No waiting for the network to go quiet: the workspace keeps it busy (live updates); the chart is drawn.

    const initial = await page.evaluate(scriptsUntil, DASHBOARD_RENDERED);
    const chart = (await page.evaluate(scriptsUntil, CHART_DRAWN)).filter((file) => !initial.includes(file));
    return {
      initial: { gzipBytes: gzipSize(initial), files: initial },
      chart: { gzipBytes: gzipSize(chart), files: chart },
    };
  } finally {
    await browser.close();
  }
}

/**
 * One Lighthouse run with its default mobile settings (Moto G Power, slow 4G, 4x CPU slowdown). With a session,
 * the session is first put in the fresh browser's localStorage (through the DevTools protocol, on `/healthz` of
 * the same origin, which loads no script, so nothing is cached), and Lighthouse is told to keep storage
 * (`disableStorageReset`), so that its navigation loads the page signed in.
 */
async function lighthouseRun(
  url: string,
  session?: StoredSession,
): Promise<{ performance: number; accessibility: number }> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    if (session) {
      // puppeteer-core: Lighthouse's own DevTools client (its recipe for signed-in pages).
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(new URL('/healthz', url).href);
      await page.evaluate(
        (key, value) => localStorage.setItem(key, value),
        AUTH_STORAGE_KEY,
        JSON.stringify(session),
      );
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: session !== undefined,
    });
    if (session && !result?.lhr.finalDisplayedUrl.endsWith(new URL(url).pathname)) {
      throw new Error(`Lighthouse was not signed in: it ended on ${result?.lhr.finalDisplayedUrl}`);
    }
    if (process.env.BENCH_SITE_LHR_DIR) {
      const name = `${new URL(url).pathname.replaceAll('/', '_') || '_'}-${Date.now()}.json`;
      writeFileSync(path.join(process.env.BENCH_SITE_LHR_DIR, name), JSON.stringify(result?.lhr));
    }
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

/** A JSON request to the server; throws with the answer when it is not 2xx. */
async function api<T>(
  baseUrl: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Signs a new user up as the e2e fixtures do (apps/e2e/tests/fixtures.ts: the sign-up, then the confirmation link
 * of the server's local mailbox, which answers with the session in the redirect's fragment), places a few calls
 * through the API (the simulated carrier answers them) and waits until the dashboard counts them, so that its
 * chart has bars to draw. Answers the session as the web app stores it.
 */
async function signedInUserWithCalls(baseUrl: string): Promise<StoredSession> {
  const email = `bench-${Date.now()}@example.com`;
  await api(baseUrl, 'POST', '/auth/v1/signup', {
    email,
    password: `Blue-Harbor-${Date.now()}`,
    data: {
      first_name: 'Jane',
      last_name: 'Doe',
      business_name: 'Bright Smile Dental',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
  });
  let link: string | undefined;
  for (const deadline = Date.now() + 20_000; !link && Date.now() < deadline; await sleep(100)) {
    const mails = await api<Array<{ to: string; text: string }>>(baseUrl, 'GET', '/_dev/mail.json?limit=200');
    const text = mails.find((mail) => mail.to === email)?.text ?? '';
    link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(text)?.[0];
  }
  if (!link) throw new Error(`No confirmation e-mail to ${email}`);
  const verify = await fetch(new URL(new URL(link).pathname + new URL(link).search, baseUrl), {
    redirect: 'manual',
  });
  const fragment = new URLSearchParams(new URL(verify.headers.get('location') ?? '', baseUrl).hash.slice(1));
  const accessToken = fragment.get('access_token');
  if (!accessToken) throw new Error(`The confirmation link answered ${verify.status} without a session`);
  const session: StoredSession = {
    access_token: accessToken,
    refresh_token: fragment.get('refresh_token') ?? '',
    expires_in: Number(fragment.get('expires_in')),
    expires_at: Number(fragment.get('expires_at')),
    token_type: fragment.get('token_type') ?? 'bearer',
    user: await api(baseUrl, 'GET', '/auth/v1/user', undefined, accessToken),
  };

  const CALLS = 5;
  for (let i = 0; i < CALLS; i++) {
    await api(
      baseUrl,
      'POST',
      '/v1/calls',
      {
        phone: `+1202555012${i}`,
        recipient_name: `Customer ${i + 1}`,
        message: 'Hi {{name}}, your order is ready for pickup.',
      },
      accessToken,
    );
  }
  for (const deadline = Date.now() + 60_000; ; await sleep(250)) {
    const dashboard = await api<{ daily: Array<Record<string, unknown>> }>(
      baseUrl,
      'GET',
      '/v1/dashboard',
      undefined,
      accessToken,
    );
    const placed = dashboard.daily.reduce(
      (sum, day) => sum + Number(day.completed ?? 0) + Number(day.failed ?? 0) + Number(day.other ?? 0),
      0,
    );
    if (placed >= CALLS) break;
    if (Date.now() > deadline) throw new Error(`Only ${placed} of ${CALLS} calls were placed within 60 s`);
  }
  return session;
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
  const only = process.env.BENCH_SITE_ONLY;
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  const lighthouseMedians = async (url: string, session?: StoredSession) => {
    const runs: Array<{ performance: number; accessibility: number }> = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await withRetries(() => lighthouseRun(url, session)));
    return {
      performance: median(runs.map((run) => run.performance)),
      accessibility: median(runs.map((run) => run.accessibility)),
    };
  };
  try {
    if (only !== 'dashboard') {
      const js = await landingInitialJs(baseUrl);
      const landingKb = kb(js.gzipBytes);
      record({
        name: `landing initial JS, gzip (${js.files.length} files)`,
        value: landingKb,
        unit: 'KB',
        target: `<= ${TARGETS.landingJsKb} KB`,
        ok: landingKb <= TARGETS.landingJsKb,
      });

      // Landing and pricing: the two pages the targets name.
      for (const [page, label] of [
        ['/', 'landing'],
        ['/pricing', 'pricing'],
      ] as const) {
        const { performance, accessibility } = await lighthouseMedians(`${baseUrl}${page}`);
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
    }

    if (only !== 'public') {
      // The signed-in web app (issue #20 target 5): a user with placed calls, so the chart is drawn.
      const session = await signedInUserWithCalls(baseUrl);
      const js = await dashboardJs(baseUrl, session);
      const initialKb = kb(js.initial.gzipBytes);
      record({
        name: `dashboard initial JS, gzip (${js.initial.files.length} files)`,
        value: initialKb,
        unit: 'KB',
        target: `<= ${TARGETS.dashboardJsKb} KB`,
        ok: initialKb <= TARGETS.dashboardJsKb,
      });
      record({
        name: `dashboard chart JS after first paint (${js.chart.files.length} files)`,
        value: kb(js.chart.gzipBytes),
        unit: 'KB',
        // Loaded after the dashboard shows its data, so it is not in the initial JS.
        target: 'after first paint',
        ok:
          js.chart.files.some((file) => file.includes('/calls-chart-')) &&
          !js.initial.files.some((file) => file.includes('/calls-chart-')),
      });
      if (process.env.BENCH_SITE_VERBOSE) console.log({ initial: js.initial.files, chart: js.chart.files });
      const { performance, accessibility } = await lighthouseMedians(`${baseUrl}/dashboard`, session);
      record({
        name: `Lighthouse mobile: dashboard performance (median of ${LIGHTHOUSE_RUNS})`,
        value: performance,
        unit: 'score',
        target: `>= ${TARGETS.dashboardPerformance}`,
        ok: performance >= TARGETS.dashboardPerformance,
      });
      record({
        name: 'Lighthouse mobile: dashboard accessibility',
        value: accessibility,
        unit: 'score',
        target: `>= ${TARGETS.dashboardAccessibility}`,
        ok: accessibility >= TARGETS.dashboardAccessibility,
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
