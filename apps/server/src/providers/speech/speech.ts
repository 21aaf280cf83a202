import path from 'node:path';
import { findVoice, type Voice, type VoiceId } from '@callwise/shared/voices';
import type { Config } from '../../config.ts';
import { CALL_SAMPLE_RATE, decodeWav, type Pcm, resample } from './audio.ts';
import { AudioCache, type AudioCacheOptions, type AudioCacheStats } from './cache.ts';
import { ElevenLabsProvider } from './elevenlabs.ts';
import { EspeakEngine, type EspeakEngineOptions, EspeakProvider } from './espeak.ts';
import { mp3DurationSeconds } from './mp3.ts';
import type { SpeechFormat, SpeechProvider } from './provider.ts';

export {
  type SpeechFormat,
  type SpeechProvider,
  SpeechProviderError,
  type SynthesisRequest,
  type SynthesisResult,
} from './provider.ts';

export interface SpeechPreview {
  data: Buffer;
  contentType: string;
  /** Seconds of audio, when the format tells (WAV always, MP3 from its frames); else null. */
  durationSeconds: number | null;
  cached: boolean;
}

export interface SpeechStats extends AudioCacheStats {
  /** Syntheses the provider was asked for (cache misses that reached it). */
  syntheses: number;
}

/** Bumped when what is stored under a key changes meaning. */
const CACHE_VERSION = 'v1';

/** Durations of cached audio, worked out once per buffer. */
const durations = new WeakMap<Buffer, number | null>();

function durationOf(data: Buffer, contentType: string): number | null {
  const known = durations.get(data);
  if (known !== undefined) return known;
  const seconds = measure(data, contentType);
  durations.set(data, seconds);
  return seconds;
}

function measure(data: Buffer, contentType: string): number | null {
  try {
    if (contentType === 'audio/wav') {
      const pcm = decodeWav(data);
      return pcm.samples.length / pcm.sampleRate;
    }
    if (contentType === 'audio/mpeg') return mp3DurationSeconds(data);
  } catch {
    // unknown
  }
  return null;
}

function voiceOf(id: VoiceId): Voice {
  const voice = findVoice(id);
  if (!voice) throw new Error(`Unknown voice: ${id}`);
  return voice;
}

/** Text to speech for the whole product: a provider behind a cache. */
export class SpeechService {
  readonly providerName: 'espeak' | 'elevenlabs';
  #syntheses = 0;

  constructor(
    readonly provider: SpeechProvider,
    readonly cache: AudioCache,
  ) {
    this.providerName = provider.name;
  }

  get stats(): SpeechStats {
    return { ...this.cache.stats, syntheses: this.#syntheses };
  }

  async #audio(voiceId: VoiceId, text: string, format: SpeechFormat, scope: string) {
    const voice = voiceOf(voiceId);
    const spoken = text.trim();
    if (!spoken) throw new Error('There is no text to speak.');
    const engine = this.provider.cacheKeyFor?.(voice, format) ?? `${voice.id}|${format}`;
    const key = AudioCache.key([CACHE_VERSION, this.provider.name, engine, scope, spoken]);
    const ext = format === 'preview' && this.provider.name === 'elevenlabs' ? 'mp3' : 'wav';
    return this.cache.get(key, ext, async () => {
      this.#syntheses++;
      return this.provider.synthesize({ voice, text: spoken, format });
    });
  }

  /**
   * For the browser preview: espeak -> audio/wav, ElevenLabs -> audio/mpeg. `scope` (an account id) keeps one
   * account's cached audio from being served, or timed, for another's identical text.
   */
  async preview(voice: VoiceId, text: string, options: { scope?: string } = {}): Promise<SpeechPreview> {
    const { audio, cached } = await this.#audio(voice, text, 'preview', options.scope ?? '');
    return {
      data: audio.data,
      contentType: audio.contentType,
      durationSeconds: durationOf(audio.data, audio.contentType),
      cached,
    };
  }

  /**
   * For calls: 16-bit mono PCM at CALL_SAMPLE_RATE, whatever the provider. `scope` (an account id, for the voice
   * preview) keeps the cached audio apart as for `preview`; calls share one scope.
   */
  async speak(voice: VoiceId, text: string, options: { scope?: string } = {}): Promise<Pcm> {
    const { audio } = await this.#audio(voice, text, 'pcm', options.scope ?? '');
    return resample(decodeWav(audio.data), CALL_SAMPLE_RATE);
  }

  /** Gets the engine ready (the offline engine starts its thread and warms up); a no-op for hosted providers. */
  async warmUp(): Promise<void> {
    await this.provider.warmUp?.();
  }

  async close(): Promise<void> {
    await this.cache.flush();
    await this.provider.close?.();
  }
}

export type SpeechConfig = Pick<
  Config,
  'ELEVENLABS_API_KEY' | 'ELEVENLABS_MODEL_ID' | 'ELEVENLABS_BASE_URL' | 'DATA_DIR'
>;

export interface SpeechServiceOptions {
  espeak?: EspeakEngineOptions;
  cache?: Partial<AudioCacheOptions>;
  /** ElevenLabs request timeout; default 20 s. */
  providerTimeoutMs?: number;
}

/** ElevenLabs when ELEVENLABS_API_KEY is set, else the offline espeak-ng engine; audio cached under DATA_DIR. */
export function createSpeechService(config: SpeechConfig, options: SpeechServiceOptions = {}): SpeechService {
  const provider: SpeechProvider = config.ELEVENLABS_API_KEY
    ? new ElevenLabsProvider({
        apiKey: config.ELEVENLABS_API_KEY,
        modelId: config.ELEVENLABS_MODEL_ID,
        baseUrl: config.ELEVENLABS_BASE_URL,
        timeoutMs: options.providerTimeoutMs,
      })
    : new EspeakProvider(new EspeakEngine(options.espeak));
  const cache = new AudioCache({ dir: path.join(config.DATA_DIR, 'audio-cache'), ...options.cache });
  return new SpeechService(provider, cache);
}
