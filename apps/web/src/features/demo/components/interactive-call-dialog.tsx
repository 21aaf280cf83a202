import { CALL_OUTCOME_LABELS } from '@callwise/shared/calls';
import { DEMO_LIMITS, type DemoScenario } from '@callwise/shared/demo';
import type { DemoReply } from '@callwise/shared/schemas/demo';
import { RotateCcwIcon } from 'lucide-react';
import { AnswerBar, CallLine, ReplyPending } from '@/components/call-conversation-parts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useDemoCall } from '@/features/demo/hooks/use-demo-call';
import { useAnswerDraft } from '@/hooks/use-answer-draft';
import { useReturnFocus } from '@/hooks/use-return-focus';

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
  // The newest line stays in view.
  const { recognition, draft, setDraft, input, log, submit } = useAnswerDraft({
    lineCount: call.lines.length,
    waiting: call.waiting,
    send: call.send,
  });

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
          <CallLine key={line.id} speaker={line.speaker} who={line.speaker === 'ai' ? 'AI:' : 'You:'}>
            {line.text}
          </CallLine>
        ))}
        {call.waiting && <ReplyPending />}
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

      <AnswerBar
        problem={call.error ?? recognition.problem}
        inputRef={input}
        draft={draft}
        onDraft={setDraft}
        onSubmit={submit}
        onSpeech={(text) => call.send(text)}
        recognition={recognition}
        canAnswer={canAnswer}
        waiting={call.waiting}
        label="Your response"
        placeholder="Type your response..."
        maxLength={DEMO_LIMITS.lineLength}
        end={{ label: 'End Call', onClick: onClose }}
      />
    </>
  );
}
