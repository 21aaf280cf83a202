import { MicIcon, PhoneOffIcon, SendIcon, SquareIcon } from 'lucide-react';
import type { FormEvent, ReactNode, Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { SpeechRecognitionState } from '@/hooks/use-speech-recognition';
import { cn } from '@/lib/utils';

/**
 * The parts of a call held in the browser (the demo's Interactive Call, Settings → Assistant's "Call your
 * assistant"): a line of the transcript, the assistant at work on its reply, and the bar the caller answers from.
 */

/** One line of the transcript: the assistant's (`speaker` 'ai') on the left, the caller's on the right. */
export function CallLine({ speaker, who, children }: { speaker: string; who: string; children: ReactNode }) {
  const assistant = speaker === 'ai';
  return (
    <p
      data-speaker={speaker}
      className={cn(
        'w-fit max-w-[85%] rounded-2xl px-4 py-2.5 leading-relaxed break-words',
        assistant
          ? 'rounded-tl-sm bg-background text-foreground shadow-xs ring-1 ring-border'
          : 'ml-auto rounded-tr-sm bg-primary text-primary-foreground',
      )}
    >
      <span className="font-semibold">{who}</span> {children}
    </p>
  );
}

/** Three bouncing dots while the assistant answers (said in words to screen readers). */
export function ReplyPending() {
  return (
    <p className="flex w-fit items-center gap-1.5 rounded-2xl rounded-tl-sm bg-background px-4 py-3 shadow-xs ring-1 ring-border">
      <span className="sr-only">The assistant is answering…</span>
      {['', '[animation-delay:150ms]', '[animation-delay:300ms]'].map((delay) => (
        <span
          key={delay}
          aria-hidden="true"
          className={cn('size-1.5 animate-bounce rounded-full bg-muted-foreground', delay)}
        />
      ))}
    </p>
  );
}

/**
 * Where the caller answers: a problem (the last answer's, or the microphone's), the typed answer with Send, Speak /
 * Stop Recording (the browser's speech recognition, sending what it heard), and the button that ends the call.
 */
export function AnswerBar({
  problem,
  inputRef,
  draft,
  onDraft,
  onSubmit,
  onSpeech,
  recognition,
  canAnswer,
  waiting,
  label,
  placeholder,
  maxLength,
  end,
}: {
  problem: string | null;
  inputRef: Ref<HTMLInputElement>;
  draft: string;
  onDraft: (draft: string) => void;
  onSubmit: (event: FormEvent) => void;
  onSpeech: (text: string) => void;
  recognition: SpeechRecognitionState;
  canAnswer: boolean;
  waiting: boolean;
  label: string;
  placeholder: string;
  maxLength: number;
  end: { label: string; onClick: () => void };
}) {
  return (
    <div className="grid gap-2 border-t px-5 pt-4 pb-5 sm:px-6">
      {problem && (
        <p role="alert" className="text-[0.8125rem] text-destructive">
          {problem}
        </p>
      )}
      <form onSubmit={onSubmit} className="flex gap-2">
        <Input
          ref={inputRef}
          value={draft}
          onChange={(event) => onDraft(event.target.value)}
          placeholder={placeholder}
          aria-label={label}
          maxLength={maxLength}
          disabled={!canAnswer}
          autoComplete="off"
        />
        <Button type="submit" disabled={!canAnswer || waiting || draft.trim() === ''}>
          <SendIcon aria-hidden="true" />
          <span className="max-sm:sr-only">Send</span>
        </Button>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {recognition.recording ? (
          <Button variant="destructive" size="sm" onClick={recognition.stop}>
            <SquareIcon aria-hidden="true" />
            Stop Recording
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            disabled={!recognition.supported || !canAnswer || waiting}
            title={recognition.supported ? undefined : 'Your browser cannot recognise speech'}
            onClick={() => recognition.start(onSpeech)}
          >
            <MicIcon aria-hidden="true" />
            Speak
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:text-destructive"
          onClick={end.onClick}
        >
          <PhoneOffIcon aria-hidden="true" />
          {end.label}
        </Button>
      </div>
    </div>
  );
}
