import { CALL_OUTCOME_LABELS } from '@callwise/shared/calls';
import { DEMO_LIMITS, type DemoScenario } from '@callwise/shared/demo';
import type { DemoReply } from '@callwise/shared/schemas/demo';
import { MicIcon, PhoneOffIcon, RotateCcwIcon, SendIcon, SquareIcon } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useDemoCall } from '@/features/demo/hooks/use-demo-call';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { useSpeechRecognition } from '@/hooks/use-speech-recognition';
import { cn } from '@/lib/utils';

/** How the call ended, in the words of the call history. */
/** How a call that ended without an outcome of its own (or by an opt-out) is described. */
const ENDINGS: Record<DemoReply['intent'], string> = {
  confirm: 'Confirmed',
  cancel: 'Cancelled',
  reschedule: 'Reschedule requested',
  opt_out: 'Opted out: no more calls',
  question: 'Question: the team calls back',
  nothing: 'No answer',
};

export interface InteractiveCallDialogProps {
  /** The scenario being called; null when no call is open. */
  scenario: DemoScenario | null;
  /** Speaks one of the assistant's lines in the scenario's voice. */
  speak: (scenario: DemoScenario, text: string) => void;
  /** Ends the call: the page stops the voice and forgets the conversation. */
  onClose: () => void;
}

/**
 * The "Interactive Call" of the demo (product spec section 2): the assistant opens, the visitor answers by
 * typing (Enter or Send) or speaking (Speak / Stop Recording), and the server's dialogue engine replies in the
 * scenario's voice. Closing ends the call: audio, recording and the conversation are gone.
 */
export function InteractiveCallDialog({ scenario, speak, onClose }: InteractiveCallDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog open={scenario !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        {...returnFocus}
        className="flex max-h-[calc(100svh-2rem)] max-w-xl flex-col gap-0 p-0 sm:max-h-[min(44rem,calc(100svh-4rem))]"
      >
        {/* Keyed by scenario: a new call starts from a clean state; closing unmounts the call. */}
        {scenario && <CallPanel key={scenario.id} scenario={scenario} speak={speak} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function CallPanel({
  scenario,
  speak,
  onClose,
}: Required<Omit<InteractiveCallDialogProps, 'scenario'>> & {
  scenario: DemoScenario;
}) {
  const call = useDemoCall(scenario, (text) => speak(scenario, text));
  const recognition = useSpeechRecognition();
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLDivElement>(null);

  // The newest line stays in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when lines are added or the reply is awaited.
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight, behavior: 'smooth' });
  }, [call.lines.length, call.waiting]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim() || call.waiting) return;
    call.send(draft);
    setDraft('');
  };

  const canAnswer = !call.ended;
  const restart = () => {
    recognition.stop();
    call.restart();
    // After the panel re-renders with the input enabled.
    requestAnimationFrame(() => input.current?.focus());
  };

  return (
    <>
      <DialogHeader className="border-b px-5 pt-5 pb-4 text-left sm:px-6">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="success" className="gap-1.5">
            <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-current" />
            Interactive Call
          </Badge>
          <Badge variant="outline">{scenario.voiceLabel}</Badge>
        </div>
        <DialogTitle className="mt-1">{scenario.title}</DialogTitle>
        <DialogDescription>
          You are {scenario.recipientName}. Answer the {scenario.businessName} assistant by typing or
          speaking, just as you would on the phone.
        </DialogDescription>
      </DialogHeader>

      <div
        ref={log}
        role="log"
        aria-label="Call transcript"
        aria-live="polite"
        className="grid min-h-48 flex-1 content-start gap-3 overflow-y-auto bg-muted/40 px-5 py-4 text-sm sm:px-6"
      >
        {call.lines.map((line) => (
          <p
            key={line.id}
            data-speaker={line.speaker}
            className={cn(
              'w-fit max-w-[85%] rounded-2xl px-4 py-2.5 leading-relaxed',
              line.speaker === 'ai'
                ? 'rounded-tl-sm bg-background text-foreground shadow-xs ring-1 ring-border'
                : 'ml-auto rounded-tr-sm bg-primary text-primary-foreground',
            )}
          >
            <span className="font-semibold">{line.speaker === 'ai' ? 'AI:' : 'You:'}</span> {line.text}
          </p>
        ))}
        {call.waiting && (
          <p className="flex w-fit items-center gap-1.5 rounded-2xl rounded-tl-sm bg-background px-4 py-3 shadow-xs ring-1 ring-border">
            <span className="sr-only">The assistant is answering…</span>
            <span aria-hidden="true" className="size-1.5 animate-bounce rounded-full bg-muted-foreground" />
            <span
              aria-hidden="true"
              className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:150ms]"
            />
            <span
              aria-hidden="true"
              className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:300ms]"
            />
          </p>
        )}
        {call.ended && (
          <div className="mt-1 flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-background px-4 py-3">
            <p className="text-sm">
              <span className="font-medium">Call ended.</span>{' '}
              <span className="text-muted-foreground">
                Recorded outcome:{' '}
                {call.ended.outcome === 'opted_out' || !call.ended.outcome
                  ? ENDINGS[call.ended.intent]
                  : CALL_OUTCOME_LABELS[call.ended.outcome]}
              </span>
            </p>
            <Button size="sm" variant="outline" onClick={restart}>
              <RotateCcwIcon aria-hidden="true" />
              Call Again
            </Button>
          </div>
        )}
      </div>

      <div className="grid gap-2 border-t px-5 pt-4 pb-5 sm:px-6">
        {(call.error ?? recognition.problem) && (
          <p role="alert" className="text-[0.8125rem] text-destructive">
            {call.error ?? recognition.problem}
          </p>
        )}
        <form onSubmit={submit} className="flex gap-2">
          <Input
            ref={input}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Type your response..."
            aria-label="Your response"
            maxLength={DEMO_LIMITS.lineLength}
            disabled={!canAnswer}
            autoComplete="off"
          />
          <Button type="submit" disabled={!canAnswer || call.waiting || draft.trim() === ''}>
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
              disabled={!recognition.supported || !canAnswer || call.waiting}
              title={recognition.supported ? undefined : 'Your browser cannot recognise speech'}
              onClick={() => recognition.start((text) => call.send(text))}
            >
              <MicIcon aria-hidden="true" />
              Speak
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:text-destructive"
            onClick={onClose}
          >
            <PhoneOffIcon aria-hidden="true" />
            End Call
          </Button>
        </div>
      </div>
    </>
  );
}
