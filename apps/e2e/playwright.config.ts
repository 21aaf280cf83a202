import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from '../../scripts/ensure-chromium.mjs';

// A random port per run (set once here; the workers inherit it), so that parallel runs never collide.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
const port = Number(process.env.E2E_PORT);
export const baseURL = `http://localhost:${port}`;
/** The second server, which takes payments through Stripe (a local fake of it; its control address one port up). */
export const stripeBaseURL = `http://localhost:${port + 1}`;
export const stripeControlURL = `http://127.0.0.1:${port + 2}`;

/**
 * The real built server on a fresh embedded database; Debian's Chromium (CHROMIUM_PATH, else the system's: found by
 * scripts/ensure-chromium.mjs, which `npm test` runs first to install it), never a downloaded browser.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // On CI a failed test runs once more: a test that then passes is still reported as flaky in the list (and
  // each one seen is fixed at its cause), but one timing slip on a loaded machine no longer fails the run. A test
  // that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  // Generous: the suite also runs on busy shared CI machines, where a page can take seconds to answer.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The pages run as for a user who asks for reduced motion (the app honours it: index.css). A spinner or a pulse
    // left running while a test waits keeps Chromium drawing frames in software, on the same two cores as the
    // server: measured on api + contacts specs, the GPU process's CPU fell from 28 to 13 s and the run from 75 to
    // 61 s. Motion is decoration here; nothing a test checks depends on it.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node ./start-server.mjs',
      url: `${baseURL}/readyz`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { PORT: String(port), LOG_LEVEL: 'warn' },
    },
    {
      command: 'node ./start-server.mjs --stripe',
      url: `${stripeBaseURL}/readyz`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { PORT: String(port + 1), LOG_LEVEL: 'warn' },
    },
  ],
});
