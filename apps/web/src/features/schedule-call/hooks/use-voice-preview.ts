import type { VoicePreviewInput } from '@callwise/shared/schemas/voices';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { createVoicePreview } from '@/features/schedule-call/api/create-voice-preview';
import type { PreviewPart } from '@/features/schedule-call/utils/preview-parts';
import { isApiError } from '@/lib/api-error';

/** The voice preview's states (product spec section 4). */
export type VoicePreview =
  | { status: 'idle' }
  | { status: 'generating' }
  | { status: 'ready' | 'playing'; url: string; duration: number | null; parts: PreviewPart[] };

const PREVIEW_FAILED = 'Failed to generate voice preview';
const PROVIDER_HINT = "Check the voice provider's API key in the server's settings.";

/** The sentence under the "Error" title: "Failed to generate voice preview", the server's reason or the hint. */
function previewFailure(error: unknown): string {
  if (isApiError(error) && error.status !== 401 && error.status !== 500) {
    const reason = error.message.trim();
    const sentence = reason.startsWith(PREVIEW_FAILED) ? reason : `${PREVIEW_FAILED}: ${reason}`;
    const hint = error.code === 'voice_provider_error' && !/api key/i.test(reason) ? ` ${PROVIDER_HINT}` : '';
    return `${sentence}${hint}`;
  }
  return `${PREVIEW_FAILED}. ${PROVIDER_HINT}`;
}

/**
 * Generates and plays a preview of the call's voice: idle -> generating -> ready (audio held in memory) ->
 * playing -> ready. `content` identifies what the preview speaks (voice, message, values): when it changes the
 * preview is discarded and playback stops. Playing again restarts from the beginning.
 */
export function useVoicePreview(content: string): {
  preview: VoicePreview;
  audioRef: RefObject<HTMLAudioElement | null>;
  generate: (input: VoicePreviewInput) => Promise<void>;
  /** Plays from the beginning, or from `seconds` in (a part of the call). */
  play: (seconds?: number) => void;
  stop: () => void;
  discard: () => void;
  /** For the (always rendered) <audio> element that plays the preview. */
  audioEvents: {
    onPlay: () => void;
    onPause: () => void;
    onEnded: () => void;
    onError: () => void;
  };
} {
  const [preview, setPreview] = useState<VoicePreview>({ status: 'idle' });
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const request = useRef<AbortController | null>(null);
  /** The content the current preview (or the one being generated) speaks. */
  const previewOf = useRef<string | null>(null);
  const urlRef = useRef<string | null>(null);

  const releaseAudio = useCallback(() => {
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
    }
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
  }, []);

  const discard = useCallback(() => {
    request.current?.abort();
    request.current = null;
    previewOf.current = null;
    releaseAudio();
    setPreview({ status: 'idle' });
  }, [releaseAudio]);

  // Editing the message, the voice or a value discards the preview.
  useEffect(() => {
    if (previewOf.current !== null && previewOf.current !== content) discard();
  }, [content, discard]);

  // Leaving the form drops the audio from memory.
  useEffect(
    () => () => {
      request.current?.abort();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const generate = useCallback(
    async (input: VoicePreviewInput) => {
      discard();
      const controller = new AbortController();
      request.current = controller;
      previewOf.current = content;
      setPreview({ status: 'generating' });
      try {
        const { audio, duration, parts } = await createVoicePreview(input, controller.signal);
        if (controller.signal.aborted) return;
        const url = URL.createObjectURL(audio);
        urlRef.current = url;
        request.current = null;
        if (audioRef.current) audioRef.current.src = url;
        setPreview({ status: 'ready', url, duration, parts });
        toast.success('Voice Generated!', { description: 'Click play to preview how your call will sound.' });
      } catch (error) {
        if (controller.signal.aborted) return;
        request.current = null;
        previewOf.current = null;
        setPreview({ status: 'idle' });
        toast.error('Error', { description: previewFailure(error) });
      }
    },
    [content, discard],
  );

  const playbackFailed = useCallback(() => {
    setPreview((current) => (current.status === 'playing' ? { ...current, status: 'ready' } : current));
    toast.error('Error', { description: 'Failed to play audio preview.' });
  }, []);

  const play = useCallback(
    (seconds = 0) => {
      const audio = audioRef.current;
      if (!audio || !urlRef.current) return;
      audio.currentTime = seconds;
      audio.play().catch((error: unknown) => {
        // A pause() or a new preview interrupting play() is not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        playbackFailed();
      });
    },
    [playbackFailed],
  );

  const stop = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.pause();
    audio.currentTime = 0;
  }, []);

  const toStatus = (status: 'ready' | 'playing') => () =>
    setPreview((current) =>
      current.status === 'ready' || current.status === 'playing' ? { ...current, status } : current,
    );

  return {
    preview,
    audioRef,
    generate,
    play,
    stop,
    discard,
    audioEvents: {
      onPlay: toStatus('playing'),
      onPause: toStatus('ready'),
      onEnded: toStatus('ready'),
      onError: () => {
        // Only an error of a loaded preview counts (removing the source on discard fires one too).
        if (urlRef.current) playbackFailed();
      },
    },
  };
}
