import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Voice, VoiceId } from '@callwise/shared/voices';
import { decodeWav, encodeWav, type Pcm } from './audio.ts';
import { ESPEAK_WORKER_SOURCE } from './espeak-worker.ts';
import type { SpeechProvider, SynthesisRequest, SynthesisResult } from './provider.ts';

/** How each catalogue voice sounds offline: an espeak-ng voice with a variant, pitch (0-99), rate (words/min). */
export interface EspeakVoice {
  voice: string;
  pitch: number;
  speed: number;
  /** Extra pause between words, in units of 10 ms. */
  wordGap: number;
}

export const ESPEAK_VOICES: Record<VoiceId, EspeakVoice> = {
  // female, professional: clear, medium-high, brisk
  aria: { voice: 'en-us+f3', pitch: 55, speed: 165, wordGap: 0 },
  // male, friendly: mid pitch, conversational pace
  roger: { voice: 'en-us+m3', pitch: 45, speed: 165, wordGap: 0 },
  // female, warm: lower, rounder variant, a little slower
  sarah: { voice: 'en-us+f2', pitch: 40, speed: 155, wordGap: 0 },
  // female, calm: slow with a little space between words
  laura: { voice: 'en-us+f5', pitch: 50, speed: 135, wordGap: 1 },
  // male, energetic: higher and fast
  charlie: { voice: 'en-us+m2', pitch: 65, speed: 195, wordGap: 0 },
  // male, authoritative: British RP, low and measured
  george: { voice: 'en-gb-x-rp+m1', pitch: 25, speed: 150, wordGap: 0 },
};

const OUTPUT = '/speech.wav';

/** Control characters (a NUL would end the C string early) become spaces; the text is spoken as it is. */
export function cleanText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ').trim();
}

/**
 * The espeak-ng command line for one utterance. The text comes after `--`, so that a message starting with "-"
 * is spoken rather than read as an option; it is never parsed as SSML (no `-m`).
 */
export function espeakArguments(voice: VoiceId, text: string): string[] {
  const v = ESPEAK_VOICES[voice];
  return [
    '-w',
    OUTPUT,
    '-v',
    v.voice,
    '-p',
    String(v.pitch),
    '-s',
    String(v.speed),
    '-g',
    String(v.wordGap),
    '--',
    text,
  ];
}

const require = createRequire(import.meta.url);
const moduleFile = require.resolve('espeak-ng');
const packageVersion = (
  JSON.parse(readFileSync(path.join(path.dirname(moduleFile), '..', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** The engine and voice settings: part of every cache key, so that changing either re-synthesizes. */
export const ESPEAK_ENGINE_TAG = `espeak-ng@${packageVersion}`;

const WARM_UP_TEXT =
  'Hi there, this is a reminder of your appointment on Tuesday at 3:30 PM. Press 1 to confirm or 2 to cancel.';

const WARM_UP_VOICES: VoiceId[] = ['aria', 'george', 'laura', 'charlie', 'sarah', 'roger'];

interface Job {
  resolve(wav: Uint8Array): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  | { type: 'result'; id: number; wav: Uint8Array }
  | { type: 'error'; id: number; error: string; fatal: boolean };

/** One thread holding one warm espeak-ng instance; it synthesizes one utterance at a time, in order. */
class EngineThread {
  readonly ready: Promise<void>;
  #worker: Worker;
  #jobs = new Map<number, Job>();
  #nextId = 1;
  #dead = false;
  #started = false;

  constructor(
    private readonly timeoutMs: number,
    private readonly onDead: (thread: EngineThread) => void,
  ) {
    this.#worker = new Worker(ESPEAK_WORKER_SOURCE, {
      eval: true,
      workerData: {
        moduleUrl: pathToFileURL(moduleFile).href,
        wasmPath: path.join(path.dirname(moduleFile), 'espeak-ng.wasm'),
        // Enough runs for V8 to optimize the hot paths of the synthesizer (the first run costs ~5x a warm one).
        warmUp: WARM_UP_VOICES.map((voice) => espeakArguments(voice, WARM_UP_TEXT)),
      },
    });
    let started: () => void = () => undefined;
    let failed: (error: Error) => void = () => undefined;
    this.ready = new Promise<void>((resolve, reject) => {
      started = resolve;
      failed = reject;
    });
    // Nobody may be waiting yet; the failure still reaches whoever awaits `ready` later.
    this.ready.catch(() => undefined);
    this.#worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') {
        this.#started = true;
        if (this.#jobs.size === 0) this.#worker.unref();
        return started();
      }
      if (message.type === 'failed') {
        const error = new Error(`The offline speech engine could not start: ${message.error}`);
        failed(error);
        return this.#fail(error);
      }
      const job = this.#jobs.get(message.id);
      if (!job) return;
      this.#settle(message.id);
      if (message.type === 'result') return job.resolve(message.wav);
      job.reject(new Error(`Offline speech synthesis failed: ${message.error}`));
      if (message.fatal) this.#fail(new Error(`The offline speech engine stopped: ${message.error}`));
    });
    this.#worker.on('error', (error) => {
      failed(error);
      this.#fail(error);
    });
    this.#worker.on('exit', (code) => {
      const error = new Error(`The offline speech engine exited (code ${code}).`);
      failed(error);
      this.#fail(error);
    });
    // The thread holds the process open while it starts and while it has work, never when idle (see #settle).
  }

  get load(): number {
    return this.#jobs.size;
  }

  get dead(): boolean {
    return this.#dead;
  }

  run(args: string[]): Promise<Uint8Array> {
    if (this.#dead) return Promise.reject(new Error('The offline speech engine has stopped.'));
    const id = this.#nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(
        () => this.#fail(new Error(`Offline speech synthesis took longer than ${this.timeoutMs} ms.`)),
        this.timeoutMs,
      );
      timer.unref();
      this.#jobs.set(id, { resolve, reject, timer });
      this.#worker.ref();
      this.#worker.postMessage({ id, args });
    });
  }

  #settle(id: number) {
    const job = this.#jobs.get(id);
    if (job) clearTimeout(job.timer);
    this.#jobs.delete(id);
    if (this.#jobs.size === 0 && this.#started) this.#worker.unref();
  }

  #fail(error: Error) {
    if (this.#dead) return;
    this.#dead = true;
    for (const [id, job] of this.#jobs) {
      this.#settle(id);
      job.reject(error);
    }
    void this.#worker.terminate();
    this.onDead(this);
  }

  async terminate(): Promise<void> {
    this.#fail(new Error('The offline speech engine was closed.'));
  }
}

export interface EspeakEngineOptions {
  /** Threads to spread work over when several utterances wait; default 1, or 2 on machines with 4+ cores. */
  threads?: number;
  /** A synthesis (queue wait included) taking longer fails and restarts its thread. Default 60 s. */
  timeoutMs?: number;
}

/**
 * espeak-ng (WASM) on worker threads: synthesis never blocks the event loop, a thread is started on first use
 * (or by `warmUp`), a second one only when the first is busy, and a crashed thread is replaced on the next call.
 */
export class EspeakEngine {
  #threads: EngineThread[] = [];
  readonly #maxThreads: number;
  readonly #timeoutMs: number;

  constructor(options: EspeakEngineOptions = {}) {
    this.#maxThreads = Math.max(1, options.threads ?? (availableParallelism() >= 4 ? 2 : 1));
    this.#timeoutMs = options.timeoutMs ?? 60_000;
  }

  #pick(): EngineThread {
    const idle = [...this.#threads].sort((a, b) => a.load - b.load)[0];
    if (idle && (idle.load === 0 || this.#threads.length >= this.#maxThreads)) return idle;
    const thread = new EngineThread(this.#timeoutMs, (dead) => {
      this.#threads = this.#threads.filter((t) => t !== dead);
    });
    this.#threads.push(thread);
    return thread;
  }

  /** Starts a thread and lets it warm up, so that the first real synthesis is fast. */
  async warmUp(): Promise<void> {
    await (this.#threads[0] ?? this.#pick()).ready;
  }

  /** Runs the espeak-ng command line (without the program name) and returns the WAV file it wrote. */
  async synthesize(args: string[]): Promise<Uint8Array> {
    const thread = this.#pick();
    await thread.ready;
    return thread.run(args);
  }

  async close(): Promise<void> {
    const threads = this.#threads;
    this.#threads = [];
    await Promise.all(threads.map((thread) => thread.terminate()));
  }
}

/** The level speech is brought to: peaks at about -3 dBFS, whichever voice speaks. */
const TARGET_PEAK = Math.round(0.7 * 32767);

function levelled(pcm: Pcm): Pcm {
  let peak = 0;
  for (const sample of pcm.samples) peak = Math.max(peak, Math.abs(sample));
  if (peak === 0) return pcm;
  const gain = Math.min(4, TARGET_PEAK / peak);
  const samples = new Int16Array(pcm.samples.length);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round((pcm.samples[i] as number) * gain);
  return { samples, sampleRate: pcm.sampleRate };
}

/** The offline default: espeak-ng in WebAssembly, six distinct voices, WAV (22,050 Hz mono) for every format. */
export class EspeakProvider implements SpeechProvider {
  readonly name = 'espeak' as const;

  constructor(readonly engine: EspeakEngine = new EspeakEngine()) {}

  /** Preview and call audio are the same WAV, so both formats share one cache entry. */
  cacheKeyFor(voice: Voice): string {
    return `${ESPEAK_ENGINE_TAG}|${JSON.stringify(ESPEAK_VOICES[voice.id])}`;
  }

  async synthesize(request: SynthesisRequest): Promise<SynthesisResult> {
    const text = cleanText(request.text);
    if (!text) throw new Error('There is no text to speak.');
    const wav = await this.engine.synthesize(espeakArguments(request.voice.id, text));
    return { data: encodeWav(levelled(decodeWav(wav))), contentType: 'audio/wav' };
  }

  warmUp(): Promise<void> {
    return this.engine.warmUp();
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}
