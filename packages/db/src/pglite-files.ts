// PGlite's own files, read and compiled ahead of opening the database: the server's entry starts this while a
// first start's copy of the template runs and the rest of the server loads (decision 031), and PGlite then opens
// with them (its `pgliteWasmModule` and `fsBundle` options) instead of reading and compiling them itself.
// It imports nothing of PGlite: only where its package is.
import { readFile } from 'node:fs/promises';
import type { PGliteOptions } from '@electric-sql/pglite';

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
/** Node's WebAssembly, which this package's TypeScript libraries leave undeclared. */
const { WebAssembly } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };
};

/** The engine's WebAssembly, compiled, and its share files (`pglite.data`), as PGlite's options take them. */
export interface PgliteFiles {
  pgliteWasmModule: WasmModule;
  fsBundle: Blob;
}

/**
 * Reads and compiles PGlite's files. Never rejects: if they cannot be found where its package keeps them, the
 * answer is null and PGlite loads them itself as it opens.
 */
export async function loadPgliteFiles(): Promise<PgliteFiles | null> {
  try {
    const packageEntry = import.meta.resolve('@electric-sql/pglite');
    const [wasm, data] = await Promise.all([
      readFile(new URL('./pglite.wasm', packageEntry)),
      readFile(new URL('./pglite.data', packageEntry)),
    ]);
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([data]) };
  } catch {
    return null;
  }
}
