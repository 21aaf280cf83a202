import type { Voice } from '@callwise/shared/voices';

/** `preview`: what a browser plays (WAV offline, MP3 from ElevenLabs). `pcm`: call audio, always a 16-bit WAV. */
export type SpeechFormat = 'preview' | 'pcm';

export interface SynthesisRequest {
  voice: Voice;
  text: string;
  format: SpeechFormat;
}

export interface SynthesisResult {
  data: Buffer;
  contentType: string;
}

/** A text-to-speech engine. */
export interface SpeechProvider {
  readonly name: 'espeak' | 'elevenlabs';
  synthesize(request: SynthesisRequest): Promise<SynthesisResult>;
  /** What, besides the text, decides the audio (engine, model, voice settings, format): part of the cache key. */
  cacheKeyFor?(voice: Voice, format: SpeechFormat): string;
  warmUp?(): Promise<void>;
  close?(): Promise<void>;
}

/** The voice vendor refused or failed. `providerMessage` is the vendor's own words, never containing the key. */
export class SpeechProviderError extends Error {
  readonly status?: number;
  readonly providerMessage: string;

  constructor(providerMessage: string, status?: number) {
    super(
      status === undefined
        ? `Voice provider error: ${providerMessage}`
        : `Voice provider error (HTTP ${status}): ${providerMessage}`,
    );
    this.name = 'SpeechProviderError';
    this.providerMessage = providerMessage;
    if (status !== undefined) this.status = status;
  }
}
