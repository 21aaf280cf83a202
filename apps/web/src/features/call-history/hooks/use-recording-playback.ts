import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { recordingQueryOptions } from '@/features/call-history/api/get-recording';
import { isApiError } from '@/lib/api-error';

export interface Playback {
  callId: string;
  status: 'loading' | 'playing';
}

/** "Failed to play recording.", with the reason when there is one worth telling. */
function failure(error: unknown): string {
  if (isApiError(error) && error.status === 404)
    return 'Failed to play recording. It is no longer available.';
  if (isApiError(error) && error.status !== 401 && error.status < 500) {
    return `Failed to play recording. ${error.message}`;
  }
  return 'Failed to play recording.';
}

/**
 * Play and Stop for the call history's recordings, one at a time: Play fetches the recording (with the session's
 * token) and plays it from memory; Play on another call switches to it; Stop, or the end, goes back to Play.
 */
export function useRecordingPlayback() {
  const queryClient = useQueryClient();
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const urlRef = useRef<string | null>(null);
  /** The call being loaded or played; a load finishing for another one is ignored. */
  const current = useRef<string | null>(null);
  const [playback, setPlayback] = useState<Playback | null>(null);

  const release = useCallback(() => {
    const audio = audioRef.current;
    audio?.pause();
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
  }, []);

  const stop = useCallback(() => {
    current.current = null;
    release();
    setPlayback(null);
  }, [release]);

  useEffect(() => () => release(), [release]);

  const fail = useCallback((error: unknown) => {
    current.current = null;
    setPlayback(null);
    toast.error('Error', { description: failure(error) });
  }, []);

  const toggle = useCallback(
    async (callId: string) => {
      if (current.current === callId) {
        stop();
        return;
      }
      release();
      current.current = callId;
      setPlayback({ callId, status: 'loading' });
      let blob: Blob;
      try {
        blob = await queryClient.fetchQuery(recordingQueryOptions(callId));
      } catch (error) {
        if (current.current === callId) fail(error);
        return;
      }
      const audio = audioRef.current;
      if (current.current !== callId || !audio) return;
      const url = URL.createObjectURL(blob);
      urlRef.current = url;
      audio.src = url;
      try {
        await audio.play();
      } catch (error) {
        // Interrupted by Stop or by another Play: not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        if (current.current === callId) fail(error);
      }
    },
    [queryClient, release, stop, fail],
  );

  const audioEvents = {
    onPlay: () =>
      setPlayback((state) =>
        state && state.callId === current.current ? { ...state, status: 'playing' } : state,
      ),
    // Stop and switching release the audio first; a pause of the current audio came from elsewhere (the
    // system's media keys) and ends playback like Stop.
    onPause: () => {
      if (!urlRef.current || audioRef.current?.src !== urlRef.current) return;
      current.current = null;
      setPlayback(null);
    },
    onEnded: () => {
      current.current = null;
      setPlayback(null);
    },
    onError: () => {
      if (urlRef.current && current.current) fail(new Error('unplayable'));
    },
  };

  return { playback, toggle, stop, audioRef, audioEvents };
}
