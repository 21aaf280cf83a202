import { useCallback, useEffect, useRef, useState } from 'react';
import {
  answerTestCall,
  hangUpTestCall,
  startTestCall,
  type TestCall,
  testCallLineAudio,
} from '@/features/settings/api/test-calls';
import { isApiError } from '@/lib/api-error';

/** A line of only keys (digits, * and #) presses them; any other line is said. */
const KEYS = /^[0-9*#]{1,10}$/;

const messageOf = (failure: unknown, fallback: string) => (isApiError(failure) ? failure.message : fallback);

export interface TestCallSession {
  call: TestCall | null;
  /** Calling, or waiting for the assistant's reply. */
  waiting: boolean;
  /** Why the last step failed, for the owner; null when fine. */
  error: string | null;
  /** Which of the call's lines is playing, or null. */
  playing: number | null;
  /** Whether the call is over (hung up, or the conversation ended). */
  ended: boolean;
  start: (from: string) => void;
  /** The caller's answer: keys when the line is only keys, else words. */
  send: (text: string) => void;
  hangUp: () => void;
}

/**
 * "Call your assistant": the call to the business number taken in this browser. Each of the assistant's lines is
 * played in the call's voice as it arrives (the newest stops the one before). Unmounting hangs up and stops the
 * voice. A reply lost on the way is asked again with the same turn, which changes nothing twice.
 */
export function useTestCall(): TestCallSession {
  const [call, setCall] = useState<TestCall | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [playing, setPlaying] = useState<number | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const fetching = useRef<AbortController | null>(null);
  const callRef = useRef<TestCall | null>(null);
  const busy = useRef(false);

  const stopVoice = useCallback(() => {
    fetching.current?.abort();
    fetching.current = null;
    if (audio.current) {
      audio.current.pause();
      URL.revokeObjectURL(audio.current.src);
      audio.current = null;
    }
    setPlaying(null);
  }, []);

  /** Plays the newest of the assistant's lines, if it is new. */
  const play = useCallback(
    (next: TestCall, from: number) => {
      const index = next.lines.findLastIndex((line, at) => at >= from && line.speaker === 'ai');
      if (index < 0) return;
      stopVoice();
      const controller = new AbortController();
      fetching.current = controller;
      setPlaying(index);
      testCallLineAudio(next.call_id, index, controller.signal)
        .then((blob) => {
          if (controller.signal.aborted) return;
          const element = new Audio(URL.createObjectURL(blob));
          audio.current = element;
          element.onended = () => setPlaying((current) => (current === index ? null : current));
          return element.play();
        })
        .catch((failure: unknown) => {
          if (controller.signal.aborted) return;
          // The words are on screen; only the sound is missing.
          console.warn('The assistant’s voice could not be played', failure);
          setPlaying(null);
        });
    },
    [stopVoice],
  );

  const take = useCallback(
    (next: TestCall) => {
      const before = callRef.current?.call_id === next.call_id ? callRef.current.lines.length : 0;
      callRef.current = next;
      setCall(next);
      play(next, before);
    },
    [play],
  );

  const start = useCallback(
    (from: string) => {
      if (busy.current) return;
      busy.current = true;
      setWaiting(true);
      setError(null);
      callRef.current = null;
      setCall(null);
      startTestCall(from)
        .then(take)
        .catch((failure: unknown) =>
          setError(messageOf(failure, 'The call could not be placed. Please try again.')),
        )
        .finally(() => {
          busy.current = false;
          setWaiting(false);
        });
    },
    [take],
  );

  const send = useCallback(
    (raw: string) => {
      const current = callRef.current;
      const text = raw.trim();
      if (!current?.listening || !text || busy.current) return;
      busy.current = true;
      setWaiting(true);
      setError(null);
      stopVoice();
      const turn = current.lines.filter((line) => line.speaker === 'callee').length + 1;
      const answer = KEYS.test(text) ? { turn, digits: text } : { turn, speech: text };
      // Shown at once; the server's lines replace it.
      setCall({ ...current, lines: [...current.lines, { speaker: 'callee', text }] });
      answerTestCall(current.call_id, answer)
        // Lost on the way (no answer at all): asked again with the same turn, which changes nothing twice.
        .catch((failure: unknown) => {
          if (isApiError(failure)) throw failure;
          return answerTestCall(current.call_id, answer);
        })
        .then(take)
        .catch((failure: unknown) => {
          setCall(current);
          setError(messageOf(failure, 'The assistant could not answer. Please try again.'));
        })
        .finally(() => {
          busy.current = false;
          setWaiting(false);
        });
    },
    [take, stopVoice],
  );

  const hangUp = useCallback(() => {
    const current = callRef.current;
    stopVoice();
    if (current?.status !== 'in-progress') return;
    hangUpTestCall(current.call_id)
      .then((next) => {
        callRef.current = next;
        setCall(next);
      })
      .catch((failure: unknown) => setError(messageOf(failure, 'The call could not be ended.')));
  }, [stopVoice]);

  // Leaving hangs up: the call ends where it stood.
  useEffect(
    () => () => {
      stopVoice();
      const current = callRef.current;
      if (current?.status === 'in-progress') void hangUpTestCall(current.call_id).catch(() => undefined);
    },
    [stopVoice],
  );

  const ended = call !== null && call.status !== 'in-progress';
  return { call, waiting, error, playing, ended, start, send, hangUp };
}
