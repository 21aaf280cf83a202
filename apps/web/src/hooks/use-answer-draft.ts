import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSpeechRecognition } from '@/hooks/use-speech-recognition';

/**
 * The caller's side of a live practice call: the typed answer (`draft`, sent by `submit` unless a reply is
 * awaited), speech recognition, the answer box (`input`) and the call's log (`log`), whose newest line stays in
 * view as lines are added (`lineCount`) or a reply is awaited.
 */
export function useAnswerDraft({
  lineCount,
  waiting,
  send,
}: {
  lineCount: number | undefined;
  waiting: boolean;
  send: (text: string) => void;
}) {
  const recognition = useSpeechRecognition();
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when lines are added or a reply is awaited.
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight, behavior: 'smooth' });
  }, [lineCount, waiting]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim() || waiting) return;
    send(draft);
    setDraft('');
  };

  return { recognition, draft, setDraft, input, log, submit };
}
