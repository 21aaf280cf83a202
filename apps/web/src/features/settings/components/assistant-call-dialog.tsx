import { CALL_OUTCOME_LABELS, type CallOutcome } from '@callwise/shared/calls';
import { formatPhone } from '@callwise/shared/phone';
import { MAX_TEST_CALL_SPEECH } from '@callwise/shared/schemas/test-calls';
import { ArrowRightIcon, PhoneCallIcon, Volume2Icon } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AnswerBar, CallLine, ReplyPending } from '@/components/call-conversation-parts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useTestCall } from '@/features/settings/hooks/use-test-call';
import { inboundCallHref } from '@/features/settings/utils/assistant-form';
import { useAnswerDraft } from '@/hooks/use-answer-draft';
import { useReturnFocus } from '@/hooks/use-return-focus';

const DEFAULT_CALLER = '+1 312 555 0142';

/**
 * Settings → Assistant → "Call your assistant" (issue #18): the owner calls the business number from the browser
 * and answers the assistant by typing (a line of only keys presses them) or speaking, hearing each reply in the
 * call's voice. The call is a real inbound call, with its effects, in Call History. Closing hangs up.
 */
export function AssistantCallDialog({
  open,
  onOpenChange,
  businessNumber,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  businessNumber: string;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        {...returnFocus}
        className="flex max-h-[calc(100svh-2rem)] max-w-xl flex-col gap-0 p-0 sm:max-h-[min(46rem,calc(100svh-4rem))]"
      >
        {/* Mounted while open: closing unmounts the call, which hangs up. */}
        {open && <CallPanel businessNumber={businessNumber} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CallPanel({ businessNumber, onClose }: { businessNumber: string; onClose: () => void }) {
  const session = useTestCall();
  const [from, setFrom] = useState(DEFAULT_CALLER);
  const { call, waiting, ended } = session;

  // The newest line stays in view; once the call is answered, the answer box has the focus.
  const { recognition, draft, setDraft, input, log, submit } = useAnswerDraft({
    lineCount: call?.lines.length,
    waiting,
    send: session.send,
  });
  const answered = call?.call_id;
  useEffect(() => {
    if (answered) input.current?.focus();
  }, [answered, input]);

  const placeCall = (event: FormEvent) => {
    event.preventDefault();
    if (from.trim()) session.start(from.trim());
  };
  const canAnswer = Boolean(call?.listening) && !ended;
  const outcome = call?.outcome ? CALL_OUTCOME_LABELS[call.outcome as CallOutcome] : null;

  return (
    <>
      <DialogHeader className="border-b px-5 pt-5 pb-4 text-left sm:px-6">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={call && !ended ? 'success' : 'outline'} className="gap-1.5">
            {call && !ended && (
              <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-current" />
            )}
            {call ? (ended ? 'Call ended' : 'On the call') : 'Test call'}
          </Badge>
        </div>
        <DialogTitle className="mt-1">Call your assistant</DialogTitle>
        <DialogDescription>
          Call {formatPhone(businessNumber)} from this browser and answer as a caller would: type, or speak. A
          line of only digits presses those keys. The call is real: it shows in Call History, and what you
          answer (confirming an appointment, leaving a message) takes effect.
        </DialogDescription>
      </DialogHeader>

      {!call ? (
        <form
          onSubmit={placeCall}
          noValidate
          className="grid gap-4 px-5 py-5 sm:px-6"
          aria-label="Place the call"
        >
          <FormField
            id="test-call-from"
            label="Call from"
            error={session.error ?? undefined}
            description="A contact’s number is greeted by name, with their next appointment."
          >
            <Input
              id="test-call-from"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              className="sm:max-w-60"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              aria-invalid={session.error ? true : undefined}
              aria-describedby={fieldMessageId('test-call-from')}
            />
          </FormField>
          <Button type="submit" className="w-full sm:w-fit" disabled={waiting || from.trim() === ''}>
            <PhoneCallIcon aria-hidden="true" />
            {waiting ? 'Calling...' : 'Call'}
          </Button>
        </form>
      ) : (
        <>
          <div
            ref={log}
            role="log"
            aria-label="Call transcript"
            aria-live="polite"
            className="grid min-h-48 flex-1 content-start gap-3 overflow-y-auto bg-muted/40 px-5 py-4 text-sm sm:px-6"
          >
            {call.lines.map((line, index) => (
              <CallLine
                // The lines only ever grow: their place is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: append-only transcript
                key={index}
                speaker={line.speaker}
                who={line.speaker === 'ai' ? 'Assistant:' : 'You:'}
              >
                {line.text}
                {session.playing === index && (
                  <Volume2Icon
                    aria-label="Playing"
                    className="ml-1.5 inline size-3.5 align-[-2px] text-primary"
                  />
                )}
              </CallLine>
            ))}
            {waiting && <ReplyPending />}
            {ended && (
              <div
                className="mt-1 grid gap-2 rounded-lg border bg-background px-4 py-3"
                data-testid="test-call-ended"
              >
                <p className="text-sm">
                  <span className="font-medium">Call ended.</span>{' '}
                  <span className="text-muted-foreground">
                    {call.transfer_to
                      ? `Here a caller is put through to ${formatPhone(call.transfer_to)}; a test call ends before the phone rings.`
                      : `Outcome: ${outcome ?? 'none'}.`}
                  </span>
                </p>
                <div className="flex flex-wrap items-center gap-3">
                  <Link
                    to={inboundCallHref(call.call_id)}
                    className="inline-flex items-center gap-1 text-sm font-medium text-primary underline underline-offset-4"
                  >
                    View the call in Call History
                    <ArrowRightIcon aria-hidden="true" className="size-4" />
                  </Link>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => session.start(from.trim() || DEFAULT_CALLER)}
                  >
                    <PhoneCallIcon aria-hidden="true" />
                    Call Again
                  </Button>
                </div>
              </div>
            )}
          </div>

          <AnswerBar
            problem={session.error ?? recognition.problem}
            inputRef={input}
            draft={draft}
            onDraft={setDraft}
            onSubmit={submit}
            onSpeech={(text) => session.send(text)}
            recognition={recognition}
            canAnswer={canAnswer}
            waiting={waiting}
            label="Your answer"
            placeholder="Type your answer, or keys like 1..."
            maxLength={MAX_TEST_CALL_SPEECH}
            end={{
              label: ended ? 'Close' : 'Hang Up',
              onClick: () => {
                recognition.stop();
                session.hangUp();
                onClose();
              },
            }}
          />
        </>
      )}
    </>
  );
}
