import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyDataDirTemplate } from './runtime-database.ts';

const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(path.join(tmpdir(), 'callwise-template-'));
  folders.push(made);
  return made;
};
afterEach(() => {
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
});

/** Every file under `root` with its content, by relative path. */
function tree(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[path.relative(root, full)] = readFileSync(full, 'utf8');
    }
  };
  walk(root);
  return files;
}

describe('the first start’s copy of the database template', () => {
  it('copies every file and folder, and replaces what a copy cut short left behind', async () => {
    const template = folder();
    for (let dir = 0; dir < 5; dir++) {
      mkdirSync(path.join(template, 'base', String(dir), 'deep'), { recursive: true });
      for (let file = 0; file < 40; file++) {
        writeFileSync(path.join(template, 'base', String(dir), `${file}`), `page ${dir}/${file}`);
      }
      writeFileSync(path.join(template, 'base', String(dir), 'deep', 'file'), `deep ${dir}`);
    }
    writeFileSync(path.join(template, 'PG_VERSION'), '17');
    const data = path.join(folder(), 'pgdata');
    // A crashed earlier start: half a copy beside the target, and a target without PG_VERSION.
    mkdirSync(`${data}.partial/base`, { recursive: true });
    writeFileSync(`${data}.partial/base/stray`, 'stray');
    mkdirSync(data);
    writeFileSync(path.join(data, 'stray'), 'stray');

    await copyDataDirTemplate(template, data);
    expect(tree(data)).toEqual(tree(template));
    expect(Object.keys(tree(data))).toHaveLength(5 * 41 + 1);
    expect(existsSync(`${data}.partial`)).toBe(false);
  });
});
