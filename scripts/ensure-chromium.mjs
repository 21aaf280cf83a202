// The Chromium the browser tests run in: the one place that finds it (Playwright's config asks here too) and,
// run as a script before the browser tests (`npm test`, `npm run test:e2e`, `.ci/run`), installs Debian's
// `chromium` when none is found and the machine can (root with apt-get). Never a downloaded browser build.
// No dependencies: it runs before anything else.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where Debian, Ubuntu and Google's packages put the browser, in the order they are tried. */
export const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
];

export const INSTALL_HINT =
  'Chromium not found: install it with `sudo apt-get install chromium` or set CHROMIUM_PATH';

/** What `apt-get install` gets: the browser and the fonts the pages are drawn with. */
export const APT_PACKAGES = ['chromium', 'fonts-liberation'];

/** @param {string} file */
export function isExecutableFile(file) {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * CHROMIUM_PATH when set (and then only it: a path asked for explicitly is never replaced by another browser),
 * else the first of CHROMIUM_CANDIDATES that is an executable file.
 * @param {{ env?: Record<string, string | undefined>, isExecutable?: (file: string) => boolean }} [deps]
 * @returns {{ path: string } | { path?: undefined, error?: string }}
 */
export function findChromium({ env = process.env, isExecutable = isExecutableFile } = {}) {
  const explicit = env.CHROMIUM_PATH;
  if (explicit) {
    return isExecutable(explicit)
      ? { path: explicit }
      : {
          error: `CHROMIUM_PATH=${explicit} is not an executable file: point it at a Chromium, or unset it to use the system's`,
        };
  }
  const found = CHROMIUM_CANDIDATES.find((file) => isExecutable(file));
  return found ? { path: found } : {};
}

/** For Playwright's config: the path, or an error with the line that says what to do. */
export function chromiumPath() {
  const found = findChromium();
  if (found.path) return found.path;
  throw new Error(found.error ?? INSTALL_HINT);
}

/**
 * What to do before the browser tests: use a browser found, install one (root with apt-get, no CHROMIUM_PATH),
 * or stop with one line.
 * @param {{ env: Record<string, string | undefined>, isExecutable: (file: string) => boolean, isRoot: boolean }} deps
 * @returns {{ action: 'use', path: string } | { action: 'install' } | { action: 'fail', message: string }}
 */
export function planChromium({ env, isExecutable, isRoot }) {
  const found = findChromium({ env, isExecutable });
  if (found.path) return { action: 'use', path: found.path };
  if (found.error) return { action: 'fail', message: found.error };
  if (isRoot && aptGet({ env, isExecutable })) return { action: 'install' };
  return { action: 'fail', message: INSTALL_HINT };
}

/** @param {{ env: Record<string, string | undefined>, isExecutable: (file: string) => boolean }} deps */
function aptGet({ env, isExecutable }) {
  const dirs = (env.PATH ?? '/usr/bin:/bin').split(path.delimiter).filter(Boolean);
  return dirs.map((dir) => path.join(dir, 'apt-get')).find((file) => isExecutable(file));
}

/**
 * Finds Chromium, installing it when it can. Returns the path, or undefined after printing why there is none.
 * @param {{
 *   env?: Record<string, string | undefined>,
 *   isExecutable?: (file: string) => boolean,
 *   isRoot?: boolean,
 *   run?: (command: string, args: string[], env: Record<string, string | undefined>) => boolean,
 *   log?: (line: string) => void,
 *   fail?: (line: string) => void,
 * }} [deps]
 * @returns {string | undefined}
 */
export function ensureChromium({
  env = process.env,
  isExecutable = isExecutableFile,
  isRoot = process.getuid?.() === 0,
  run = runInherited,
  log = (line) => process.stdout.write(`${line}\n`),
  fail = (line) => process.stderr.write(`${line}\n`),
} = {}) {
  const plan = planChromium({ env, isExecutable, isRoot });
  if (plan.action === 'use') return plan.path;
  if (plan.action === 'fail') {
    fail(plan.message);
    return undefined;
  }
  const apt = /** @type {string} */ (aptGet({ env, isExecutable }));
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  log(
    `Chromium not found: installing Debian's ${APT_PACKAGES.join(' and ')} for the browser tests (once; a few minutes)`,
  );
  for (const args of [
    ['update', '-q'],
    ['install', '-y', '-q', ...APT_PACKAGES],
  ]) {
    log(`$ apt-get ${args.join(' ')}`);
    if (!run(apt, args, aptEnv)) {
      fail(`apt-get ${args[0]} failed. ${INSTALL_HINT}`);
      return undefined;
    }
  }
  const installed = findChromium({ env, isExecutable });
  if (installed.path) return installed.path;
  fail(
    `apt-get installed ${APT_PACKAGES.join(' ')} but no Chromium is at ${CHROMIUM_CANDIDATES.join(', ')}. ${INSTALL_HINT}`,
  );
  return undefined;
}

/** @param {string} command @param {string[]} args @param {Record<string, string | undefined>} env */
function runInherited(command, args, env) {
  return spawnSync(command, args, { stdio: 'inherit', env }).status === 0;
}

/** @param {string} file */
function versionOf(file) {
  const result = spawnSync(file, ['--version'], { encoding: 'utf8', timeout: 20_000 });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = ensureChromium();
  if (!file) process.exit(1);
  const version = versionOf(file);
  process.stdout.write(`Browser tests: ${version ? `${version} at ` : ''}${file}\n`);
}
