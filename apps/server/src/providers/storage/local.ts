import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, contentTypeForKey, type FileStorage, normalizeContentType } from './storage.ts';

/**
 * Files on the local disk: `<root>/<key>`, with the content type in a hidden sidecar `.<name>.content-type`
 * beside it (keys cannot have hidden segments, so sidecars and temporary files never collide with a key).
 * Every write goes to a temporary file in the same directory, is flushed, then renamed over the target: a
 * reader sees the old file or the new one, never half of one, and a crash leaves at most a stray `.tmp`.
 */
export function createLocalStorage(root: string): FileStorage {
  const base = path.resolve(root);

  const locate = (key: string) => {
    assertValidKey(key);
    const file = path.resolve(base, ...key.split('/'));
    // Defence in depth: assertValidKey already rules out every way out of the root.
    if (!file.startsWith(base + path.sep)) throw new Error(`Invalid file key ${JSON.stringify(key)}`);
    const dir = path.dirname(file);
    const name = path.basename(file);
    return { file, dir, sidecar: path.join(dir, `.${name}.content-type`), name };
  };

  return {
    name: 'local',

    async put(key, data, contentType) {
      const target = locate(key);
      await mkdir(target.dir, { recursive: true });
      await writeAtomically(target.sidecar, Buffer.from(normalizeContentType(contentType, key)));
      await writeAtomically(target.file, data);
    },

    async get(key) {
      const target = locate(key);
      let data: Buffer;
      try {
        data = await readFile(target.file);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      let contentType = contentTypeForKey(key);
      try {
        contentType = normalizeContentType((await readFile(target.sidecar, 'utf8')).trim(), key);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      return { data, contentType, size: data.length };
    },

    async delete(key) {
      const target = locate(key);
      try {
        await rm(target.file, { force: true });
      } catch (error) {
        // A directory at that path is not a file we stored: nothing to delete.
        if (!isMissing(error)) throw error;
      }
      await rm(target.sidecar, { force: true });
    },
  };
}

/** Writes the bytes to a temporary file beside `file`, flushes them to disk, then renames it over `file`. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ERR_FS_EISDIR' || code === 'ENOTDIR';
}
