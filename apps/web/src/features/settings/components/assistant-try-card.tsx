import { formatPhone } from '@callwise/shared/phone';
import { useQuery } from '@tanstack/react-query';
import { ArrowRightIcon, HeadsetIcon, InfoIcon, PhoneCallIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { type SimulatedCall, usePlaceSimulatedCall } from '@/features/settings/api/assistant-settings';
import { meQueryOptions } from '@/features/settings/api/get-me';
import { AssistantCallDialog } from '@/features/settings/components/assistant-call-dialog';
import { callerInputsFrom, inboundCallHref } from '@/features/settings/utils/assistant-form';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/errors';
import { fieldErrorsOf } from '@/lib/form-errors';

const DEFAULT_CALLER = '+1 312 555 0142';
const DEFAULT_LINES = 'Where can I park?\nNo, that is all, thanks.';
const MAX_TURNS = 10;

/**
 * Settings → Assistant: a simulated call to the business number, to hear what callers get (saved settings only).
 * Only with the simulated carrier: a server that places real calls answers 409, and the form gives way to a note.
 */
export function AssistantTryCard({ businessNumber }: { businessNumber: string | null }) {
  const place = usePlaceSimulatedCall();
  // Only to know whether calls are simulated; a failure here is not worth a toast (the server says 409 anyway).
  const me = useQuery({ ...meQueryOptions(), meta: { silentErrors: true } });
  const [from, setFrom] = useState(DEFAULT_CALLER);
  const [lines, setLines] = useState(DEFAULT_LINES);
  const [errors, setErrors] = useState<{ from?: string; lines?: string; form?: string }>({});
  const [placed, setPlaced] = useState<SimulatedCall | null>(null);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const headingId = useId();

  const [calling, setCalling] = useState(false);

  const realCarrier = me.data?.carrier !== undefined && me.data.carrier !== 'simulator';
  const unavailableMessage =
    unavailable ??
    (realCarrier
      ? 'Scripted calls are only available with the simulated carrier; this server places real calls. Call your assistant from this browser above, or call your business number from a phone.'
      : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const inputs = callerInputsFrom(lines);
    const problems: typeof errors = {};
    if (from.trim() === '') problems.from = 'Enter the number calling';
    if (inputs.length > MAX_TURNS) problems.lines = `At most ${MAX_TURNS} lines, one a turn`;
    setErrors(problems);
    if (problems.from || problems.lines) {
      document.getElementById(problems.from ? 'try-from' : 'try-lines')?.focus();
      return;
    }
    setPlaced(null);
    try {
      setPlaced(await place.mutateAsync({ from: from.trim(), inputs }));
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setUnavailable(error.message);
        return;
      }
      const next: typeof errors = {};
      for (const problem of fieldErrorsOf(error)) {
        if (problem.field === 'from') next.from ??= problem.message;
        else if (problem.field.startsWith('inputs')) {
          const turn = /^inputs\.(\d+)/.exec(problem.field)?.[1];
          next.lines ??=
            turn === undefined ? problem.message : `Line ${Number(turn) + 1}: ${problem.message}`;
        }
      }
      if (!next.from && !next.lines) next.form = errorMessage(error);
      setErrors(next);
      if (next.from || next.lines) document.getElementById(next.from ? 'try-from' : 'try-lines')?.focus();
    }
  };

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Try it
        </CardTitle>
        <CardDescription>
          Hear what callers of {businessNumber ? formatPhone(businessNumber) : 'your business number'} get,
          with the settings as saved. No phone rings; each call shows in Call History like any other.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border px-3 py-3">
          <p className="min-w-0 flex-1 text-sm">
            <span className="font-medium">Call your assistant</span>
            <span className="block text-muted-foreground">
              Talk to it from this browser, typing or speaking, and hear its voice.
            </span>
          </p>
          <Button
            type="button"
            variant="outline"
            className="w-full sm:w-fit"
            disabled={!businessNumber}
            onClick={() => setCalling(true)}
          >
            <HeadsetIcon aria-hidden="true" />
            Call Your Assistant
          </Button>
        </div>
        {businessNumber && (
          <AssistantCallDialog open={calling} onOpenChange={setCalling} businessNumber={businessNumber} />
        )}
        <h3 className="text-sm font-medium">A scripted call</h3>
        {unavailableMessage ? (
          <p
            role="status"
            className="flex gap-2 rounded-lg border bg-muted/40 px-3 py-2.5 text-sm"
            data-testid="try-unavailable"
          >
            <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <span>{unavailableMessage}</span>
          </p>
        ) : (
          <form
            onSubmit={(event) => void submit(event)}
            noValidate
            aria-label="Simulated call"
            className="grid gap-4"
          >
            <FormField
              id="try-from"
              label="Caller’s number"
              error={errors.from}
              description="A contact’s number is greeted by name."
            >
              <Input
                id="try-from"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                className="sm:max-w-60"
                value={from}
                onChange={(event) => setFrom(event.target.value)}
                aria-invalid={errors.from ? true : undefined}
                aria-describedby={fieldMessageId('try-from')}
              />
            </FormField>
            <FormField
              id="try-lines"
              label="What the caller says"
              error={errors.lines}
              description={`One line a turn, at most ${MAX_TURNS}. A line of only digits, * and # presses those keys; any other line is said.`}
            >
              <Textarea
                id="try-lines"
                rows={4}
                value={lines}
                onChange={(event) => setLines(event.target.value)}
                aria-invalid={errors.lines ? true : undefined}
                aria-describedby={fieldMessageId('try-lines')}
              />
            </FormField>
            {errors.form && (
              <p role="alert" className="text-sm text-destructive">
                {errors.form}
              </p>
            )}
            <Button type="submit" className="w-full sm:w-fit" disabled={place.isPending || !businessNumber}>
              <PhoneCallIcon aria-hidden="true" />
              {place.isPending ? 'Calling...' : 'Place Test Call'}
            </Button>
          </form>
        )}
        <div aria-live="polite" data-testid="try-result">
          {placed && (
            <div className="grid gap-1 rounded-lg border border-primary/20 bg-primary-soft/60 px-3 py-2.5 text-sm">
              <p>
                Calling {formatPhone(placed.to)} from {formatPhone(placed.from)}. The call takes a few
                seconds; its transcript shows in Call History once it ends.
              </p>
              <Link
                to={inboundCallHref(placed.call_id)}
                className="inline-flex w-fit items-center gap-1 font-medium text-primary underline underline-offset-4"
              >
                View the call in Call History
                <ArrowRightIcon aria-hidden="true" className="size-4" />
              </Link>
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
