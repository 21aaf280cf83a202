// Bundles the server into dist/server.js, the entry, and dist/main.js, the rest of the server, which the entry
// loads once it has started a first start's copy of the database (decision 031). Both inline the npm packages but
// for the few below: Node.js then reads one file instead of resolving, reading and compiling some two thousand
// (main.js's import took half as long; the entry reached the copy 40-80 ms sooner without zod's files). Makes
// dist/pglite-template/ too: an empty migrated embedded database a first start copies instead of initdb.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
mkdirSync(dist, { recursive: true });

/** An esbuild plugin that leaves the bare imports `external` answers true for to Node.js. */
const externalWhen = (name, external) => ({
  name,
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      external(args.path) ? { path: args.path, external: true } : undefined,
    );
  },
});
/**
 * The npm packages the bundles leave external: files of their own read at run time (PGlite's WebAssembly and data,
 * pino's worker threads), a native addon (argon2), and Twilio's 7 MB SDK, imported only when Twilio is configured.
 */
const KEEP_EXTERNAL = new Set(['@electric-sql/pglite', '@node-rs/argon2', 'twilio', 'pino', 'thread-stream']);
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const fewPackagesExternal = externalWhen(
  'few-npm-packages-external',
  (path) => path.startsWith('node:') || KEEP_EXTERNAL.has(packageOf(path)),
);
// The CommonJS packages inlined into an ES module still ask for `require`, `__filename` and `__dirname`.
const commonJsGlobals = [
  "import { createRequire as __cwCreateRequire } from 'node:module';",
  "import { fileURLToPath as __cwFileURLToPath } from 'node:url';",
  "import __cwPath from 'node:path';",
  'const require = __cwCreateRequire(import.meta.url);',
  'const __filename = __cwFileURLToPath(import.meta.url);',
  'const __dirname = __cwPath.dirname(__filename);',
].join(' ');
const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
};
// Two bundles, not chunks: a running server has read the whole of main.js, so a rebuild never takes away a file
// it may still import. The few modules both import (the configuration, the logger's serializers) are in both.
await build({
  ...options,
  entryPoints: [path.join(here, 'src/server.ts')],
  outfile: path.join(dist, 'server.js'),
  banner: { js: commonJsGlobals },
  plugins: [
    fewPackagesExternal,
    {
      name: 'main-apart',
      setup(b) {
        b.onResolve({ filter: /^\.\/main\.ts$/ }, () => ({ path: './main.js', external: true }));
      },
    },
  ],
});
await build({
  ...options,
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(dist, 'main.js'),
  plugins: [fewPackagesExternal],
  banner: { js: commonJsGlobals },
  // Stack traces still name our files and lines; the sources themselves are in the repository.
  sourcesContent: false,
});

// The template is made with the same code the server runs: a first start copies this directory.
const { openDatabase } = await import('@callwise/db/client');
const { runMigrations } = await import('@callwise/db/migrate');
const templateDir = path.join(dist, 'pglite-template');
rmSync(templateDir, { recursive: true, force: true });
const { createQueue, registerJobs } = await import('./src/infra/queue.ts');
const { createJobs } = await import('./src/jobs/registry.ts');
const { loadConfig } = await import('./src/config.ts');
const handle = await openDatabase({ dataDir: templateDir });
await runMigrations(handle);
// The job queue's tables and every job's queue too, so that a first start only checks that they exist. Started
// as a worker's is (supervising): pg-boss then makes the queue of its cron clock as well, which a first start
// had to make (a table, five indexes, a partition: about 200 ms).
const queue = createQueue(handle, { supervise: true });
await queue.start();
const config = loadConfig({
  DATA_DIR: templateDir,
  JWT_SECRET: 'template-build-only-secret-0123456789abcdef',
});
await registerJobs(queue, createJobs({ config, database: handle, queue, services: {} }), {
  work: false,
  log: console,
});
await queue.stop({ graceful: false, close: false, wait: true });
// The server uses one database, `postgres`, and never creates another: the two template databases initdb makes
// are dropped, and a first start copies about 800 files instead of 1,400 (creating them is most of the copy's time).
await handle.executeSql(
  "UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')",
);
await handle.executeSql('DROP DATABASE template0');
await handle.executeSql('DROP DATABASE template1');
// The migrations leave the write-ahead log over 75% into its first 16 MB segment, and at that point PostgreSQL
// makes the next segment as it starts: 16 MB of zeros written by every first start. Moved to the start of a
// fresh segment, the old one removed rather than kept for reuse, the template still holds one segment and a
// first start writes none.
await handle.executeSql('SET wal_recycle = off; CHECKPOINT; SELECT pg_switch_wal(); CHECKPOINT');
await handle.close();
console.log('server built: apps/server/dist/server.js');
