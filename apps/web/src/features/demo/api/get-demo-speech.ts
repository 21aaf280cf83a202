import type { DemoSpeechInput } from '@callwise/shared/schemas/demo';
import { publicBlob } from '@/lib/public-api';

/** A demo line spoken in the scenario's voice by the server's speech engine (`POST /v1/demo/speech`). */
export function getDemoSpeech(input: DemoSpeechInput, signal?: AbortSignal): Promise<Blob> {
  return publicBlob('/demo/speech', { body: input, signal });
}
