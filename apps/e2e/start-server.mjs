// Starts the built server on a fresh, throw-away data directory for the browser tests, with a local fake of Google
// (apps/e2e/fake-google.ts, its own process) for the Google Calendar connection. With `--stripe`: the server that
// takes payments through Stripe instead (decision 036), on a local fake of Stripe's API (apps/e2e/fake-stripe.ts).
const stripeMode = process.argv.includes('--stripe');

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_ARGS } from '../../scripts/server-node-args.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FAKE_START_MS = 20_000;

/**
 * Starts a fake (its script in apps/e2e) and answers its addresses, or null (and why, on stderr) when it could not
 * start: the server then starts without it, and the browser test that needs it says so.
 */
function startFake(script, name, env = {}) {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/e2e', script)], {
        cwd: root,
        stdio: ['pipe', 'pipe', 'inherit'],
        env: { ...process.env, ...env },
      });
    } catch (error) {
      console.error(`start-server: the fake ${name} could not be started:`, error);
      resolve(null);
      return;
    }
    let settled = false;
    const fail = (why) => {
      if (settled) return;
      settled = true;
      console.error(`start-server: the fake ${name} did not start (${why}); it is not set up.`);
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGTERM');
      resolve(null);
    };
    const timer = setTimeout(() => fail(`no answer in ${FAKE_START_MS / 1000} s`), FAKE_START_MS);
    child.on('error', (error) => fail(error.message));
    child.on('exit', (code, signal) => fail(`it exited: ${signal ?? code}`));
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      try {
        const info = JSON.parse(line);
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({ child, info });
      } catch {
        fail(`unexpected output: ${line.slice(0, 200)}`);
      }
    });
  });
}

const port = Number(process.env.PORT);
const google = stripeMode ? null : await startFake('fake-google.ts', 'Google');
const stripe = stripeMode
  ? await startFake('fake-stripe.ts', 'Stripe', {
      WEBHOOK_URL: `http://127.0.0.1:${port}/hooks/stripe`,
      CONTROL_PORT: String(port + 1),
    })
  : null;
if (stripeMode && !stripe) process.exit(1);
const stripeEnv = stripe
  ? {
      STRIPE_SECRET_KEY: 'sk_test_browserTests',
      STRIPE_WEBHOOK_SECRET: 'whsec_browserTests',
      STRIPE_API_BASE_URL: stripe.info.url,
      PUBLIC_URL: `http://localhost:${port}`,
    }
  : {};
const googleEnv = google
  ? {
      GOOGLE_CLIENT_ID: google.info.clientId,
      GOOGLE_CLIENT_SECRET: google.info.clientSecret,
      GOOGLE_AUTH_URL: google.info.authUrl,
      GOOGLE_TOKEN_URL: google.info.tokenUrl,
      GOOGLE_REVOKE_URL: google.info.revokeUrl,
      GOOGLE_API_ROOT_URL: google.info.apiRootUrl,
    }
  : {};
const stopGoogle = () => {
  for (const fake of [google, stripe]) {
    if (fake && fake.child.exitCode === null) {
      fake.child.stdin.end();
      fake.child.kill('SIGTERM');
    }
  }
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'callwise-e2e-'));
const {
  DATABASE_URL: _unused,
  GOOGLE_CLIENT_ID: _id,
  GOOGLE_CLIENT_SECRET: _secret,
  GOOGLE_AUTH_URL: _auth,
  GOOGLE_TOKEN_URL: _token,
  GOOGLE_REVOKE_URL: _revoke,
  GOOGLE_API_ROOT_URL: _api,
  STRIPE_SECRET_KEY: _stripeKey,
  STRIPE_WEBHOOK_SECRET: _stripeSecret,
  STRIPE_API_BASE_URL: _stripeApi,
  ...env
} = process.env;
const server = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(root, 'apps/server/dist/server.js')], {
  stdio: 'inherit',
  env: {
    ...env,
    ...googleEnv,
    ...stripeEnv,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    SIMULATOR_SPEED: env.SIMULATOR_SPEED ?? '20',
    // Calls due now go out whatever the hour of the run (the calling window is tested in the server's suite).
    CALLING_WINDOW_OVERRIDE: env.CALLING_WINDOW_OVERRIDE ?? '00:00-24:00',
    // Every browser test signs up from 127.0.0.1; the limit itself is tested in the server's suite.
    AUTH_RATE_LIMIT_PER_5_MIN: env.AUTH_RATE_LIMIT_PER_5_MIN ?? '1000',
    // One user per worker runs many tests in a minute; the session limit is tested in the server's suite too.
    SESSION_RATE_LIMIT_PER_MINUTE: env.SESSION_RATE_LIMIT_PER_MINUTE ?? '100000',
  },
});
const stop = (signal) => {
  server.kill(signal);
  stopGoogle();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  stopGoogle();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
