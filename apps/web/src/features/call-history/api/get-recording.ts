import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiBlob } from '@/lib/api-client';

/**
 * A call's recording as audio data (`GET /v1/calls/{id}/recording`). It needs the session's token, which an
 * <audio> element cannot send, so the file is fetched here and played from memory (an object URL).
 */
export async function getRecording(callId: string, signal?: AbortSignal): Promise<Blob> {
  const { blob } = await apiBlob(`/calls/${encodeURIComponent(callId)}/recording`, { signal });
  return blob;
}

/** Not under the calls key: live call updates refresh the calls, never the (unchanging) audio. */
export const recordingQueryKey = (callId: string) => ['recordings', callId] as const;

export const recordingQueryOptions = (callId: string) =>
  queryOptions({
    queryKey: recordingQueryKey(callId),
    queryFn: ({ signal }) => getRecording(callId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    // Audio is large: dropped from memory a minute after nothing plays it.
    gcTime: 60_000,
    retry: false,
    // Whoever plays it says what went wrong (a toast for Play, a line in the details panel).
    meta: { silentErrors: true },
  });

/** The recording of one call, loaded when asked for. */
export function useRecording(callId: string, enabled: boolean) {
  return useQuery({ ...recordingQueryOptions(callId), enabled });
}
