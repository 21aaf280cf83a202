import type { Voice } from '@callwise/shared/voices';
import { CALL_SAMPLE_RATE, decodeWav, encodeWav } from './audio.ts';
import {
  type SpeechFormat,
  type SpeechProvider,
  SpeechProviderError,
  type SynthesisRequest,
  type SynthesisResult,
} from './provider.ts';

export interface ElevenLabsOptions {
  apiKey: string;
  modelId: string;
  /** https://api.elevenlabs.io, or a stand-in (tests, a proxy); a path prefix is kept. */
  baseUrl: string;
  /** Default 20 s, for the whole answer. */
  timeoutMs?: number;
}

const MAX_MESSAGE_LENGTH = 500;

/** The readable part of an ElevenLabs error body: `detail.message`, a string `detail`, or validation `msg`s. */
export function vendorMessage(body: string): string {
  const text = body.trim();
  try {
    const parsed = JSON.parse(text) as { detail?: unknown; message?: unknown; error?: unknown };
    const detail = parsed.detail;
    if (typeof detail === 'string' && detail) return detail;
    if (Array.isArray(detail)) {
      const messages = detail
        .map((item) => (item && typeof item === 'object' && 'msg' in item ? String(item.msg) : ''))
        .filter(Boolean);
      if (messages.length > 0) return messages.join('; ');
    }
    if (detail && typeof detail === 'object' && 'message' in detail && typeof detail.message === 'string') {
      return detail.message;
    }
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
    if (typeof parsed.error === 'string' && parsed.error) return parsed.error;
  } catch {
    // not JSON: the text as it is
  }
  return text;
}

/**
 * ElevenLabs text to speech: `POST {base}/v1/text-to-speech/{voice id}` with `xi-api-key`. Previews are the
 * vendor's default MP3; call audio asks for `output_format=pcm_22050` (raw 16-bit little-endian mono PCM) and
 * wraps it in a WAV header.
 */
export class ElevenLabsProvider implements SpeechProvider {
  readonly name = 'elevenlabs' as const;
  readonly #apiKey: string;
  readonly #modelId: string;
  readonly #baseUrl: string;
  readonly #timeoutMs: number;

  constructor(options: ElevenLabsOptions) {
    this.#apiKey = options.apiKey;
    this.#modelId = options.modelId;
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#timeoutMs = options.timeoutMs ?? 20_000;
  }

  cacheKeyFor(voice: Voice, format: SpeechFormat): string {
    return `elevenlabs|${this.#modelId}|${voice.providerVoiceId}|${format}`;
  }

  /** Whatever a vendor says, the key is never repeated. */
  #redact(text: string): string {
    const clean = this.#apiKey ? text.split(this.#apiKey).join('[redacted]') : text;
    return clean.length > MAX_MESSAGE_LENGTH ? `${clean.slice(0, MAX_MESSAGE_LENGTH)}…` : clean;
  }

  async synthesize({ voice, text, format }: SynthesisRequest): Promise<SynthesisResult> {
    const url = new URL(`${this.#baseUrl}/v1/text-to-speech/${encodeURIComponent(voice.providerVoiceId)}`);
    if (format === 'pcm') url.searchParams.set('output_format', `pcm_${CALL_SAMPLE_RATE}`);
    let data: Buffer;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'xi-api-key': this.#apiKey,
          accept: format === 'pcm' ? 'audio/pcm, audio/*;q=0.9' : 'audio/mpeg',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ text, model_id: this.#modelId }),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      if (!response.ok) {
        const body = await response.text().catch(() => '');
        const message = this.#redact(vendorMessage(body)) || response.statusText || 'no details';
        throw new SpeechProviderError(message, response.status);
      }
      data = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (error instanceof SpeechProviderError) throw error;
      const name = (error as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new SpeechProviderError(
          `No answer from the voice provider within ${Math.round(this.#timeoutMs / 1000)} seconds`,
        );
      }
      const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
      const reason = cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
      throw new SpeechProviderError(this.#redact(`Could not reach the voice provider (${reason})`));
    }
    if (data.length === 0) throw new SpeechProviderError('The voice provider sent no audio');
    if (format === 'preview') return { data, contentType: 'audio/mpeg' };
    // Raw PCM as asked; a WAV is accepted too, should the vendor wrap it.
    if (data.subarray(0, 4).toString('latin1') === 'RIFF') {
      return { data: encodeWav(decodeWav(data)), contentType: 'audio/wav' };
    }
    const samples = new Int16Array(Math.floor(data.length / 2));
    for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
    return { data: encodeWav({ samples, sampleRate: CALL_SAMPLE_RATE }), contentType: 'audio/wav' };
  }
}
