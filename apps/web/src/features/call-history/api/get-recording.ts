import { useQuery } from '@tanstack/react-query';
import { callsQueryKey } from '@/features/call-history/api/call-filters';
import { ApiError } from '@/lib/api-error';
import { getAccessToken } from '@/lib/auth-client';

const sameOrigin = (url: string) => new URL(url, window.location.origin).origin === window.location.origin;

/**
 * A call's recording as audio data. Recordings on our own server need the session's token, which an <audio>
 * element cannot send, so the file is fetched here and played from memory. The token never leaves the origin:
 * a recording elsewhere is fetched without it.
 */
export async function getRecording(url: string, signal?: AbortSignal): Promise<Blob> {
  const headers: Record<string, string> = {};
  if (sameOrigin(url)) {
    const token = await getAccessToken();
    if (!token) throw new ApiError(401, 'unauthorized', 'Sign in to continue.');
    headers.authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    response = await fetch(url, { headers, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(
      0,
      'network_error',
      'Could not reach the server. Check your connection and try again.',
    );
  }
  if (!response.ok) {
    throw new ApiError(
      response.status,
      'http_error',
      `The recording could not be loaded (${response.status}).`,
    );
  }
  return response.blob();
}

/** The recording of one call, loaded when asked for and dropped from memory soon after. */
export function useRecording(url: string, enabled: boolean) {
  return useQuery({
    queryKey: [...callsQueryKey, 'recording', url],
    queryFn: ({ signal }) => getRecording(url, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    meta: { errorTitle: 'Error loading recording' },
  });
}
