// `npm start`: builds the web app and the server when their build is missing or older than their sources,
// then runs the server: in this process when it was started with the server's flags, as npm start does, else as a
// child (signals pass straight through).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { START_NODE_ARGS } from './server-node-args.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const shared = [at('packages/shared/src'), at('package-lock.json')];
const targets = [
  {
    name: 'web app',
    workspace: 'apps/web',
    output: at('apps/web/dist/index.html'),
    sources: [
      at('apps/web/src'),
      at('apps/web/index.html'),
      at('apps/web/public'),
      at('apps/web/vite.config.ts'),
      ...shared,
    ],
  },
  {
    name: 'server',
    workspace: 'apps/server',
    output: at('apps/server/dist/server.js'),
    sources: [
      at('apps/server/src'),
      at('apps/server/build.mjs'),
      at('packages/db/src'),
      at('packages/db/migrations'),
      ...shared,
    ],
  },
];

for (const target of targets) {
  const built = existsSync(target.output) ? statSync(target.output).mtimeMs : 0;
  const changed = Math.max(...target.sources.map(newestMtime));
  if (built >= changed) continue;
  console.log(`Building the ${target.name}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const entry = at('apps/server/dist/server.js');
if (START_NODE_ARGS.every((arg) => process.execArgv.includes(arg))) {
  // npm start gives this process the server's flags (package.json's "start"): the server runs here, and no second
  // Node.js has to start (about 150 ms on two cores). Signals reach the server's own handlers.
  process.env.NODE_ENV ??= 'production';
  // As the child had: relative paths (DATA_DIR's default, ./.data) are the project's.
  process.chdir(root);
  await import(pathToFileURL(entry).href);
} else {
  // Started some other way (`node scripts/start.mjs`): the server runs as a child with its flags.
  const server = spawn(process.execPath, [...START_NODE_ARGS, entry], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
