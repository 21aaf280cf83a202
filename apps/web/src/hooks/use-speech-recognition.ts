import { useCallback, useEffect, useRef, useState } from 'react';

/** The parts of the Web Speech API's recognition we use (Chromium ships it prefixed, without types). */
interface Recognition {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  continuous: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const scope = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

export interface SpeechRecognitionState {
  /** Whether this browser can listen at all. */
  supported: boolean;
  recording: boolean;
  /** Why the last recording gave nothing (microphone refused, no speech heard), for a hint; null when fine. */
  problem: string | null;
  /** Listens for one utterance; `onText` receives what was understood. */
  start: (onText: (text: string) => void) => void;
  stop: () => void;
}

const PROBLEMS: Record<string, string> = {
  'not-allowed': 'Microphone access was refused. Type your response instead.',
  'service-not-allowed': 'Speech recognition is not available in this browser. Type your response instead.',
  'no-speech': 'No speech was heard. Try again, or type your response.',
  'audio-capture': 'No microphone was found. Type your response instead.',
  network:
    'Speech recognition needs a connection to your browser’s speech service. Type your response instead.',
};

/** A spoken answer, through the browser's speech recognition (the Speak buttons of the demo and the test call). */
export function useSpeechRecognition(): SpeechRecognitionState {
  const [recording, setRecording] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const current = useRef<Recognition | null>(null);
  const Constructor = recognitionConstructor();

  const stop = useCallback(() => {
    current.current?.stop();
    setRecording(false);
  }, []);

  const start = useCallback((onText: (text: string) => void) => {
    const Make = recognitionConstructor();
    if (!Make) return;
    current.current?.abort();
    const recognition = new Make();
    recognition.lang = 'en-US';
    recognition.interimResults = false;
    recognition.maxAlternatives = 1;
    recognition.continuous = false;
    recognition.onresult = (event) => {
      const text = Array.from(event.results)
        .map((result) => result[0]?.transcript ?? '')
        .join(' ')
        .trim();
      if (text) onText(text);
    };
    recognition.onerror = (event) => {
      // Logged only (product spec section 8); a short hint tells the visitor what to do instead.
      console.warn('Demo speech recognition failed:', event.error);
      if (event.error !== 'aborted')
        setProblem(PROBLEMS[event.error] ?? 'Your speech could not be recognised.');
    };
    recognition.onend = () => {
      if (current.current === recognition) current.current = null;
      setRecording(false);
    };
    current.current = recognition;
    setProblem(null);
    try {
      recognition.start();
      setRecording(true);
    } catch (error) {
      console.warn('Demo speech recognition could not start:', error);
      setProblem('Speech recognition could not start. Type your response instead.');
    }
  }, []);

  useEffect(() => () => current.current?.abort(), []);

  return { supported: Constructor !== null, recording, problem, start, stop };
}
