import type { DemoScenario } from '@callwise/shared/demo';
import { findVoice } from '@callwise/shared/voices';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getDemoSpeech } from '@/features/demo/api/get-demo-speech';

export interface DemoVoice {
  /** What is playing (or about to): the key given to `speak`, or null. */
  speakingKey: string | null;
  /** Speaks a line in the scenario's voice, stopping whatever else was playing. `onEnd` runs when it finishes. */
  speak: (key: string, scenario: DemoScenario, text: string, onEnd?: () => void) => void;
  /** Stops playback (both our audio and the browser's speech synthesis). */
  stop: () => void;
}

const synthesisAvailable = () => typeof window !== 'undefined' && 'speechSynthesis' in window;

/**
 * The demo page's one voice: lines are spoken by the server's speech engine in the scenario's voice, and by
 * the browser's speech synthesis when that fails. Only one line plays at a time on the whole page; audio
 * already fetched is kept for the visit. Playback problems are only logged (product spec section 8).
 */
export function useDemoVoice(): DemoVoice {
  const [speakingKey, setSpeakingKey] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const urls = useRef(new Map<string, string>());
  /** Bumped on every speak/stop: a late fetch or event of an older line changes nothing. */
  const turn = useRef(0);
  const request = useRef<AbortController | null>(null);

  const halt = useCallback(() => {
    turn.current += 1;
    request.current?.abort();
    request.current = null;
    audio.current?.pause();
    if (synthesisAvailable()) window.speechSynthesis.cancel();
  }, []);

  const stop = useCallback(() => {
    halt();
    setSpeakingKey(null);
  }, [halt]);

  const speak = useCallback(
    (key: string, scenario: DemoScenario, text: string, onEnd?: () => void) => {
      halt();
      const mine = turn.current;
      setSpeakingKey(key);
      const finished = () => {
        if (turn.current !== mine) return;
        setSpeakingKey(null);
        onEnd?.();
      };

      const fallback = (reason: unknown) => {
        if (turn.current !== mine) return;
        console.warn('Demo audio unavailable, using the browser voice instead:', reason);
        if (!synthesisAvailable()) return finished();
        const utterance = new SpeechSynthesisUtterance(text);
        const gender = findVoice(scenario.voice)?.gender;
        const voices = window.speechSynthesis.getVoices().filter((voice) => voice.lang.startsWith('en'));
        const match = voices.find((voice) => (gender ? voice.name.toLowerCase().includes(gender) : false));
        if (match ?? voices[0]) utterance.voice = match ?? voices[0] ?? null;
        utterance.onend = finished;
        utterance.onerror = (event) => {
          console.warn('Demo speech stopped:', event.error);
          finished();
        };
        window.speechSynthesis.speak(utterance);
      };

      const play = (url: string) => {
        if (turn.current !== mine) return;
        audio.current ??= new Audio();
        const player = audio.current;
        player.onended = finished;
        player.onerror = () => fallback(player.error?.message ?? 'the audio could not be played');
        player.src = url;
        player.play().catch((error: unknown) => {
          // Stopped on purpose (pause before play resolved): nothing to report.
          if (turn.current === mine) fallback(error);
        });
      };

      const cacheKey = `${scenario.id}\n${text}`;
      const cached = urls.current.get(cacheKey);
      if (cached) return play(cached);
      const controller = new AbortController();
      request.current = controller;
      getDemoSpeech({ scenario: scenario.id, text }, controller.signal).then(
        (blob) => {
          const url = URL.createObjectURL(blob);
          urls.current.set(cacheKey, url);
          play(url);
        },
        (error: unknown) => {
          if (!controller.signal.aborted) fallback(error);
        },
      );
    },
    [halt],
  );

  // Leaving the page stops the voice and frees the audio.
  useEffect(() => {
    const cache = urls.current;
    return () => {
      halt();
      for (const url of cache.values()) URL.revokeObjectURL(url);
      cache.clear();
    };
  }, [halt]);

  return { speakingKey, speak, stop };
}
