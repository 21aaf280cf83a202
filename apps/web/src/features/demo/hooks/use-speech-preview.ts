import { useCallback, useEffect, useState } from 'react';

const supported = () => typeof window !== 'undefined' && 'speechSynthesis' in window;

/** Reads a text aloud with the browser's speech synthesis; one text at a time. */
export function useSpeechPreview() {
  const [playingId, setPlayingId] = useState<string | null>(null);

  const stop = useCallback(() => {
    if (supported()) window.speechSynthesis.cancel();
    setPlayingId(null);
  }, []);

  const play = useCallback((id: string, text: string) => {
    if (!supported()) return;
    window.speechSynthesis.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.rate = 1;
    utterance.onend = () => setPlayingId((current) => (current === id ? null : current));
    utterance.onerror = (event) => {
      console.warn('Demo playback stopped:', event.error);
      setPlayingId((current) => (current === id ? null : current));
    };
    setPlayingId(id);
    window.speechSynthesis.speak(utterance);
  }, []);

  useEffect(() => stop, [stop]);

  return { playingId, play, stop, supported: supported() };
}
