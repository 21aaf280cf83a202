import type { VoicePreviewInput } from '@callwise/shared/schemas/voices';
import { apiBlob } from '@/lib/api-client';

export interface VoicePreviewAudio {
  audio: Blob;
  /** Seconds, from the server's `X-Audio-Duration`; null when it did not say. */
  duration: number | null;
}

/** Speaks the message with the chosen voice (its variables filled in) and returns the audio. */
export async function createVoicePreview(
  input: VoicePreviewInput,
  signal?: AbortSignal,
): Promise<VoicePreviewAudio> {
  const { blob, response } = await apiBlob('/voices/preview', { method: 'POST', body: input, signal });
  const duration = Number.parseFloat(response.headers.get('x-audio-duration') ?? '');
  return { audio: blob, duration: Number.isFinite(duration) && duration > 0 ? duration : null };
}
