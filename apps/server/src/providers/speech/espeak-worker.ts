/**
 * The code of the thread that runs espeak-ng (see espeak.ts). It is plain JavaScript kept as a string and started
 * with `new Worker(source, { eval: true })`, so that it runs the same from the TypeScript sources (tsx, Vitest)
 * and from the single-file server bundle, which has no separate worker file.
 *
 * How it is fast: the package is the espeak-ng command line compiled by Emscripten, with its 18 MB of voice data
 * embedded in the .wasm. Starting an instance the ordinary way costs 250-400 ms (compile, instantiate 32 MB of
 * memory, register 445 embedded files, let the JIT warm up). Here the module is compiled once and instantiated
 * once with `noInitialRun`; the memory, as it is just before `main` runs, is kept as a snapshot. Each synthesis
 * puts the snapshot back (every global of the C program, the allocator and getopt's state are then as new) and
 * calls the exported `main` with the arguments. The embedded voice files sit in memory that nothing writes, so
 * that range is left out of the copy (a warm-up run checks that it stays untouched: the thread fails to start
 * otherwise, rather than speak from a state it cannot restore).
 *
 * Messages in:  { id, args }            (args without the program name)
 * Messages out: { type: 'ready' } | { type: 'failed', error }
 *               { type: 'result', id, wav } | { type: 'error', id, error, fatal }
 */
export const ESPEAK_WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { createHash } = require('node:crypto');

const OUTPUT = '/speech.wav';

class SoftError extends Error {}

function embeddedFilesRange(snapshot, table) {
  try {
    const view = new DataView(snapshot.buffer, snapshot.byteOffset, snapshot.byteLength);
    let start = Infinity;
    let end = 0;
    let entry = table;
    for (let count = 0; count < 100000; count++) {
      const name = view.getUint32(entry, true);
      if (!name) break;
      const length = view.getUint32(entry + 4, true);
      const content = view.getUint32(entry + 8, true);
      start = Math.min(start, content);
      end = Math.max(end, content + length);
      entry += 12;
    }
    if (!(start < end) || end > snapshot.length || start < 1024) return null;
    return [start, end];
  } catch {
    return null;
  }
}

async function start() {
  const wasm = await WebAssembly.compile(readFileSync(workerData.wasmPath));
  const factory = (await import(workerData.moduleUrl)).default;
  let instance = null;
  let failInstantiation = () => {};
  const instantiationFailed = new Promise((_resolve, reject) => {
    failInstantiation = reject;
  });
  const messages = [];
  const Module = await Promise.race([
    factory({
      noInitialRun: true,
      noExitRuntime: true,
      print: () => {},
      printErr: (line) => {
        if (messages.length < 20) messages.push(String(line));
      },
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(wasm, imports).then((created) => {
          instance = created;
          receive(created);
        }, failInstantiation);
        return {};
      },
    }),
    instantiationFailed,
  ]);
  const exports = instance.exports;
  const memory = exports.memory;
  const initial = new Uint8Array(memory.buffer);
  const readOnly = embeddedFilesRange(initial, exports.__emscripten_embedded_file_data.value);
  // The memory as it is before main runs, in pieces: everything but the embedded files' range, which nothing
  // writes (checked after the warm-up), so that the copy kept is 14 MB rather than 32.
  const saved = readOnly
    ? [
        [0, initial.slice(0, readOnly[0])],
        [readOnly[1], initial.slice(readOnly[1])],
      ]
    : [[0, initial.slice()]];
  const savedLength = initial.length;
  const embeddedFingerprint = () =>
    readOnly
      ? createHash('sha1')
          .update(new Uint8Array(memory.buffer, readOnly[0], readOnly[1] - readOnly[0]))
          .digest('hex')
      : '';
  const embeddedBefore = embeddedFingerprint();
  const encoder = new TextEncoder();

  function restore() {
    const heap = new Uint8Array(memory.buffer);
    for (const [offset, bytes] of saved) heap.set(bytes, offset);
    // Memory the last run grew: the allocator expects fresh memory to be zero.
    if (heap.length > savedLength) heap.fill(0, savedLength);
  }

  function closeFiles() {
    for (const stream of Module.FS.streams) {
      if (stream && stream.fd > 2) {
        try {
          Module.FS.close(stream);
        } catch {}
      }
    }
  }

  function synthesize(args) {
    restore();
    messages.length = 0;
    const stack = exports.stackSave();
    try {
      const strings = ['espeak-ng', ...args];
      const argv = exports.malloc((strings.length + 1) * 4);
      strings.forEach((text, index) => {
        const bytes = encoder.encode(text);
        const pointer = exports.malloc(bytes.length + 1);
        const heap = new Uint8Array(memory.buffer);
        heap.set(bytes, pointer);
        heap[pointer + bytes.length] = 0;
        new DataView(memory.buffer).setUint32(argv + index * 4, pointer, true);
      });
      new DataView(memory.buffer).setUint32(argv + strings.length * 4, 0, true);
      let status;
      try {
        status = exports.__main_argc_argv(strings.length, argv);
      } catch (error) {
        // exit() in the C program surfaces as Emscripten's ExitStatus.
        if (error && error.name === 'ExitStatus') status = error.status;
        else throw error;
      }
      if (status !== 0) {
        throw new SoftError('espeak-ng exited with status ' + status + (messages.length ? ': ' + messages.join(' ') : ''));
      }
      try {
        return Module.FS.readFile(OUTPUT);
      } catch {
        throw new SoftError('espeak-ng wrote no audio' + (messages.length ? ': ' + messages.join(' ') : ''));
      }
    } finally {
      exports.stackRestore(stack);
      closeFiles();
      try {
        Module.FS.unlink(OUTPUT);
      } catch {}
    }
  }

  for (const args of workerData.warmUp) synthesize(args);
  if (embeddedFingerprint() !== embeddedBefore) {
    throw new Error('espeak-ng wrote into its embedded voice files, which are not restored between runs');
  }

  parentPort.on('message', (message) => {
    try {
      const wav = synthesize(message.args);
      parentPort.postMessage({ type: 'result', id: message.id, wav }, [wav.buffer]);
    } catch (error) {
      parentPort.postMessage({
        type: 'error',
        id: message.id,
        error: String((error && error.message) || error),
        fatal: !(error instanceof SoftError),
      });
    }
  });
  parentPort.postMessage({ type: 'ready' });
}

start().catch((error) => {
  parentPort.postMessage({ type: 'failed', error: String((error && error.stack) || error) });
});
`;
