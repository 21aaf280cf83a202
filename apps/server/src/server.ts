// The server's entry. It reads the configuration, takes the data directory's lock, starts a first start's copy of
// the database template (on a thread of its own) and the reading and compiling of PGlite's engine, and then loads
// the rest of the server (main.ts) while they run (decision 031). The build bundles the two apart (build.mjs).
import { loadPgliteFiles } from '@callwise/db/pglite-files';
import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { logSerializers } from './infra/logger.ts';
import { prepareDataDir } from './runtime-database.ts';

// The same serializers as the HTTP log: errors of jobs carry no query values or personal data either.
const bootLog = pino({ level: process.env.LOG_LEVEL ?? 'info', serializers: logSerializers });

try {
  const config = loadConfig();
  // Read and compiled while the copy runs and the rest of the server loads.
  const pgliteFiles = config.DATABASE_URL ? null : loadPgliteFiles();
  const dataDir = prepareDataDir(config, (name) =>
    bootLog.debug({ phase: name, ms: Math.round(performance.now()) }, 'startup'),
  );
  // Awaited once the server is loaded, and a failure reported there: not an unhandled rejection meanwhile.
  dataDir.catch(() => undefined);
  const { startServer } = await import('./main.ts');
  await startServer(config, bootLog, { dataDir, ...(pgliteFiles ? { pgliteFiles } : {}) });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else if (error instanceof Error && error.name === 'DataDirLockedError') {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
}
