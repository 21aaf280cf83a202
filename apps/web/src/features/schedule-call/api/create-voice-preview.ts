import type { VoicePreviewInput } from '@callwise/shared/schemas/voices';
import { type PreviewPart, parsePreviewParts } from '@/features/schedule-call/utils/preview-parts';
import { apiBlob } from '@/lib/api-client';

export interface VoicePreviewAudio {
  audio: Blob;
  /** Seconds, from the server's `X-Audio-Duration`; null when it did not say. */
  duration: number | null;
  /** The disclosure, the message and the menu with their times, from `X-Audio-Parts` (none when it did not say). */
  parts: PreviewPart[];
}

/** What the callee will hear with the chosen voice (the message's variables filled in), and its parts. */
export async function createVoicePreview(
  input: VoicePreviewInput,
  signal?: AbortSignal,
): Promise<VoicePreviewAudio> {
  const { blob, response } = await apiBlob('/voices/preview', { method: 'POST', body: input, signal });
  const duration = Number.parseFloat(response.headers.get('x-audio-duration') ?? '');
  return {
    audio: blob,
    duration: Number.isFinite(duration) && duration > 0 ? duration : null,
    parts: parsePreviewParts(response.headers.get('x-audio-parts')),
  };
}
