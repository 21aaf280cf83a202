// Starts the built server on a fresh, throw-away data directory for the browser tests.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'callwise-e2e-'));
const { DATABASE_URL: _unused, ...env } = process.env;
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  stdio: 'inherit',
  env: {
    ...env,
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
const stop = (signal) => server.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
