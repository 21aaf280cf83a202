import { describe, expect, it } from 'vitest';
import { ensureChromium, findChromium, INSTALL_HINT, planChromium } from './ensure-chromium.mjs';

/** A machine with these executables and nothing else; no real file is ever looked at. */
const machine = (...files: string[]) => {
  const present = new Set(files);
  return (file: string) => present.has(file);
};
const env = { PATH: '/usr/local/bin:/usr/bin:/bin' };

describe('findChromium', () => {
  it('takes the first usual path present', () => {
    expect(findChromium({ env, isExecutable: machine('/usr/bin/chromium', '/snap/bin/chromium') })).toEqual({
      path: '/usr/bin/chromium',
    });
    expect(findChromium({ env, isExecutable: machine('/usr/bin/google-chrome-stable') })).toEqual({
      path: '/usr/bin/google-chrome-stable',
    });
    expect(findChromium({ env, isExecutable: machine() })).toEqual({});
  });

  it('uses CHROMIUM_PATH before the usual paths, and only it', () => {
    const isExecutable = machine('/opt/chrome/chrome', '/usr/bin/chromium');
    expect(findChromium({ env: { ...env, CHROMIUM_PATH: '/opt/chrome/chrome' }, isExecutable })).toEqual({
      path: '/opt/chrome/chrome',
    });
    const missing = findChromium({ env: { ...env, CHROMIUM_PATH: '/nowhere/chromium' }, isExecutable });
    expect(missing.path).toBeUndefined();
    expect(missing.error).toBe(
      "CHROMIUM_PATH=/nowhere/chromium is not an executable file: point it at a Chromium, or unset it to use the system's",
    );
  });
});

describe('planChromium', () => {
  it('uses a browser that is there', () => {
    expect(planChromium({ env, isExecutable: machine('/usr/bin/chromium-browser'), isRoot: false })).toEqual({
      action: 'use',
      path: '/usr/bin/chromium-browser',
    });
  });

  it('never installs over a missing CHROMIUM_PATH, even as root with apt-get', () => {
    const plan = planChromium({
      env: { ...env, CHROMIUM_PATH: '/nowhere/chromium' },
      isExecutable: machine('/usr/bin/apt-get'),
      isRoot: true,
    });
    expect(plan).toEqual({
      action: 'fail',
      message: expect.stringMatching(/^CHROMIUM_PATH=\/nowhere\/chromium /),
    });
  });

  it('installs only as root with apt-get', () => {
    expect(planChromium({ env, isExecutable: machine('/usr/bin/apt-get'), isRoot: true })).toEqual({
      action: 'install',
    });
    expect(planChromium({ env, isExecutable: machine('/usr/bin/apt-get'), isRoot: false })).toEqual({
      action: 'fail',
      message: INSTALL_HINT,
    });
    expect(planChromium({ env, isExecutable: machine(), isRoot: true })).toEqual({
      action: 'fail',
      message: INSTALL_HINT,
    });
  });

  it('says in one line how to install it', () => {
    expect(INSTALL_HINT).toBe(
      'Chromium not found: install it with `sudo apt-get install chromium` or set CHROMIUM_PATH',
    );
  });
});

describe('ensureChromium', () => {
  /** Records what the script prints and runs; apt-get "installs" Chromium when `installs` is true. */
  const run = (options: { root: boolean; installs?: boolean; aptFails?: boolean; files?: string[] }) => {
    const files = new Set(['/usr/bin/apt-get', ...(options.files ?? [])]);
    const out: string[] = [];
    const errors: string[] = [];
    const commands: string[] = [];
    const found = ensureChromium({
      env,
      isRoot: options.root,
      isExecutable: (file) => files.has(file),
      run: (command, args, runEnv) => {
        commands.push(`${runEnv.DEBIAN_FRONTEND} ${command} ${args.join(' ')}`);
        if (options.aptFails) return false;
        if (args[0] === 'install' && options.installs) files.add('/usr/bin/chromium');
        return true;
      },
      log: (line) => out.push(line),
      fail: (line) => errors.push(line),
    });
    return { found, out, errors, commands };
  };

  it('returns the browser found without running anything', () => {
    expect(run({ root: true, files: ['/usr/bin/chromium'] })).toEqual({
      found: '/usr/bin/chromium',
      out: [],
      errors: [],
      commands: [],
    });
  });

  it("as root with apt-get, installs Debian's chromium and fonts, saying so, then finds it", () => {
    const result = run({ root: true, installs: true });
    expect(result.found).toBe('/usr/bin/chromium');
    expect(result.commands).toEqual([
      'noninteractive /usr/bin/apt-get update -q',
      'noninteractive /usr/bin/apt-get install -y -q chromium fonts-liberation',
    ]);
    expect(result.out).toEqual([
      expect.stringMatching(/^Chromium not found: installing Debian's chromium and fonts-liberation/),
      '$ apt-get update -q',
      '$ apt-get install -y -q chromium fonts-liberation',
    ]);
    expect(result.errors).toEqual([]);
  });

  it('stops with one line when the install fails or installs no browser', () => {
    const failed = run({ root: true, aptFails: true });
    expect(failed.found).toBeUndefined();
    expect(failed.commands).toHaveLength(1);
    expect(failed.errors).toEqual([`apt-get update failed. ${INSTALL_HINT}`]);

    const nothing = run({ root: true, installs: false });
    expect(nothing.found).toBeUndefined();
    expect(nothing.errors).toHaveLength(1);
    expect(nothing.errors[0]).toMatch(/^apt-get installed chromium fonts-liberation but no Chromium is at /);
  });

  it('without root, runs nothing and prints one line', () => {
    expect(run({ root: false })).toEqual({ found: undefined, out: [], errors: [INSTALL_HINT], commands: [] });
  });
});
