import { type TestCall, testCallSchema } from '@callwise/shared/schemas/test-calls';
import { api, apiBlob } from '@/lib/api-client';

export type { TestCall };

/** Calls the business number from the browser (“Call your assistant”): the answered call with its greeting. */
export function startTestCall(from: string): Promise<TestCall> {
  return api.post('/assistant/test-calls', { from }, testCallSchema);
}

/** The caller's `turn`-th answer: words or keys. Sent again with the same turn, it changes nothing. */
export function answerTestCall(
  id: string,
  answer: { turn: number } & ({ speech: string } | { digits: string }),
): Promise<TestCall> {
  return api.post(`/assistant/test-calls/${encodeURIComponent(id)}/answers`, answer, testCallSchema);
}

/** The caller hangs up. */
export function hangUpTestCall(id: string): Promise<TestCall> {
  return api.post(`/assistant/test-calls/${encodeURIComponent(id)}/hang-up`, {}, testCallSchema);
}

/** One of the assistant's lines of the call, in the call's voice. */
export async function testCallLineAudio(id: string, index: number, signal?: AbortSignal): Promise<Blob> {
  const { blob } = await apiBlob(`/assistant/test-calls/${encodeURIComponent(id)}/lines/${index}/audio`, {
    signal,
  });
  return blob;
}
