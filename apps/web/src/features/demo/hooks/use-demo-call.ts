import { DEMO_LIMITS, type DemoScenario } from '@callwise/shared/demo';
import type { DemoReply, DemoState, DemoTranscriptLine } from '@callwise/shared/schemas/demo';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createDemoReply } from '@/features/demo/api/create-demo-reply';
import { isApiError } from '@/lib/api-error';

export interface DemoCallLine extends DemoTranscriptLine {
  id: number;
}

export interface DemoCall {
  lines: DemoCallLine[];
  /** True from the visitor's line until the assistant's reply shows. */
  waiting: boolean;
  /** Why the last line got no answer (rate limit, network), for the visitor; null when fine. */
  error: string | null;
  /** The closing answer of the call, once given (a real call hangs up here). */
  ended: Pick<DemoReply, 'intent' | 'outcome'> | null;
  /** Sends the visitor's line; the assistant's reply appears at least 1 s later. */
  send: (text: string) => void;
  /** Starts the call over from the assistant's first line. */
  restart: () => void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The conversation of the Interactive Call: the assistant opens with the scenario's first line, each line the
 * visitor sends is answered by the server's dialogue engine for that scenario, shown no sooner than
 * DEMO_LIMITS.replyDelayMs after it was sent. `onAssistantLine` is told each line the assistant says (to speak
 * it). Unmounting ends the call: a reply still on its way is dropped.
 */
export function useDemoCall(scenario: DemoScenario, onAssistantLine: (text: string) => void): DemoCall {
  const nextId = useRef(0);
  const opening = useCallback(
    (): DemoCallLine[] => [{ id: nextId.current++, speaker: 'ai', text: scenario.initialPrompt }],
    [scenario],
  );
  const [lines, setLines] = useState<DemoCallLine[]>(opening);
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState<DemoCall['ended']>(null);
  const pending = useRef<AbortController | null>(null);
  // Where the conversation stands, as the server's last reply answered it (sent back with the next answer).
  const state = useRef<DemoState | null>(null);
  const linesRef = useRef(lines);
  const say = useRef(onAssistantLine);
  useEffect(() => {
    linesRef.current = lines;
    say.current = onAssistantLine;
  });

  // The assistant speaks its first line when the call opens (and again on restart, see below).
  useEffect(() => {
    say.current(scenario.initialPrompt);
    return () => pending.current?.abort();
  }, [scenario]);

  const send = useCallback(
    (raw: string) => {
      const text = raw.trim().slice(0, DEMO_LIMITS.lineLength);
      if (!text || pending.current) return;
      const transcript = linesRef.current
        .slice(-DEMO_LIMITS.transcriptLines)
        .map(({ speaker, text: said }) => ({
          speaker,
          text: said.slice(0, DEMO_LIMITS.transcriptLineLength),
        }));
      setLines((current) => [...current, { id: nextId.current++, speaker: 'you', text }]);
      setWaiting(true);
      setError(null);
      const controller = new AbortController();
      pending.current = controller;
      void Promise.all([
        createDemoReply(
          { scenario: scenario.id, transcript, text, ...(state.current ? { state: state.current } : {}) },
          controller.signal,
        ),
        wait(DEMO_LIMITS.replyDelayMs),
      ])
        .then(([reply]) => {
          if (controller.signal.aborted) return;
          state.current = reply.state;
          setLines((current) => [...current, { id: nextId.current++, speaker: 'ai', text: reply.reply }]);
          if (reply.ended) setEnded({ intent: reply.intent, outcome: reply.outcome });
          say.current(reply.reply);
        })
        .catch((failure: unknown) => {
          if (controller.signal.aborted) return;
          setError(
            isApiError(failure) ? failure.message : 'The assistant could not answer. Please try again.',
          );
        })
        .finally(() => {
          if (pending.current !== controller) return;
          pending.current = null;
          setWaiting(false);
        });
    },
    [scenario],
  );

  const restart = useCallback(() => {
    pending.current?.abort();
    pending.current = null;
    setWaiting(false);
    setError(null);
    setEnded(null);
    state.current = null;
    setLines(opening());
    say.current(scenario.initialPrompt);
  }, [opening, scenario]);

  return { lines, waiting, error, ended, send, restart };
}
