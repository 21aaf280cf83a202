// Bundles the server into dist/server.js (our workspace packages inlined, npm packages left external) and
// makes dist/pglite-template.tar: an empty migrated embedded database a first start copies instead of initdb.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
mkdirSync(dist, { recursive: true });

await build({
  entryPoints: [path.join(here, 'src/server.ts')],
  outfile: path.join(dist, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@callwise/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

// The template is made with the same code the server runs.
const { openDatabase } = await import('@callwise/db/client');
const { runMigrations } = await import('@callwise/db/migrate');
const handle = await openDatabase({});
await runMigrations(handle);
const dump = await handle.pglite.dumpDataDir('none');
writeFileSync(path.join(dist, 'pglite-template.tar'), Buffer.from(await dump.arrayBuffer()));
await handle.close();
console.log('server built: apps/server/dist/server.js');
