import type { UnsubscribeState } from '@callwise/shared/schemas/consent';
import { BellOffIcon, CheckCircle2Icon, CircleAlertIcon, LinkIcon, RotateCwIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { CustomerPageFrame } from '@/components/customer-page-frame';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useUnsubscribe, useUnsubscribeState } from '@/features/unsubscribe/api/unsubscribe';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/errors';

/** The page's frame, with who sends the messages at its foot. */
function Frame({ children }: { children: ReactNode }) {
  return <CustomerPageFrame footer="Messages by Callwise">{children}</CustomerPageFrame>;
}

/** The last digits of the number ("0143" of "•••• 0143"), to name it in a sentence. */
const lastDigits = (hint: string) => hint.replace(/[^\d]/g, '') || hint;

/**
 * When the page cannot show the link: a link that opens nothing (garbled, forged, the contact is gone), or the
 * server not answering (too many requests, the network) with a way to try again.
 */
function Problem({
  title,
  message,
  retrying,
  onRetry,
}: {
  title: string;
  message: string;
  retrying?: boolean;
  onRetry?: () => void;
}) {
  return (
    <Card
      role="alert"
      data-testid="unsubscribe-problem"
      className={onRetry ? 'border-destructive/30' : undefined}
    >
      <CardHeader className="grid-cols-[auto_1fr] gap-x-3">
        {onRetry ? (
          <CircleAlertIcon aria-hidden="true" className="row-span-2 mt-0.5 size-5 text-destructive" />
        ) : (
          <LinkIcon aria-hidden="true" className="row-span-2 mt-0.5 size-5 text-muted-foreground" />
        )}
        <h1 className="text-lg leading-snug font-semibold tracking-tight">{title}</h1>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      {onRetry && (
        <CardContent>
          <Button variant="outline" onClick={onRetry} disabled={retrying}>
            <RotateCwIcon aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
            {retrying ? 'Trying again...' : 'Try again'}
          </Button>
        </CardContent>
      )}
    </Card>
  );
}

function Loading() {
  return (
    <div className="grid gap-5" aria-busy="true" data-testid="unsubscribe-loading">
      <p className="sr-only" role="status">
        Loading...
      </p>
      <Skeleton className="h-8 w-4/5" />
      <Card>
        <CardContent className="grid gap-4">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-10 w-full sm:w-44" />
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * The customer's unsubscribe page (decision 030), from the link at the foot of a business's appointment e-mails:
 * whose messages and which number, and one button that stops every call, text and e-mail from that business.
 * Opening the page changes nothing (mail scanners open links): only the button does.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const query = useUnsubscribeState(token);
  const unsubscribe = useUnsubscribe(token);
  const [justDone, setJustDone] = useState(false);
  const doneHeadingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (justDone) doneHeadingRef.current?.focus();
  }, [justDone]);

  if (query.isPending) {
    return (
      <Frame>
        <Loading />
      </Frame>
    );
  }

  if (query.isError) {
    const error = query.error;
    const status = isApiError(error) ? error.status : 0;
    return (
      <Frame>
        {status === 404 || status === 400 ? (
          <Problem title="This link does not work" message={errorMessage(error)} />
        ) : (
          <Problem
            title="This page could not be loaded"
            message={errorMessage(error)}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        )}
      </Frame>
    );
  }

  const state: UnsubscribeState = query.data;
  const business = state.business_name;
  const stop = () =>
    unsubscribe.mutate(undefined, {
      onSuccess: () => setJustDone(true),
    });

  return (
    <Frame>
      <div className="grid gap-5">
        <h1 className="text-2xl font-semibold tracking-tight break-words text-balance">
          Stop messages from {business}
        </h1>

        {state.unsubscribed ? (
          <div
            role="status"
            data-testid="unsubscribe-done"
            className="flex items-start gap-3 rounded-xl border border-success/30 bg-success-soft px-4 py-4 text-success-soft-foreground sm:px-6"
          >
            <CheckCircle2Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div className="grid min-w-0 gap-1.5">
              <h2
                ref={doneHeadingRef}
                tabIndex={-1}
                className="rounded-sm text-base leading-snug font-semibold break-words outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                Done. {business} will not call, text or e-mail you again.
              </h2>
              <p className="text-sm break-words">
                You can still reach {business} directly whenever you need to, for example to book or change an
                appointment.
              </p>
            </div>
          </div>
        ) : (
          <Card data-testid="unsubscribe-card">
            <CardContent className="grid gap-5">
              <p className="text-base break-words">
                You will get no more calls, texts or e-mails from {business} to the number ending in{' '}
                <span className="font-medium whitespace-nowrap" data-testid="unsubscribe-phone">
                  {lastDigits(state.phone_hint)}
                </span>
                .
              </p>
              {unsubscribe.isError && (
                <div
                  role="alert"
                  className="flex flex-wrap items-start gap-3 rounded-lg border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm text-destructive-soft-foreground"
                >
                  <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                  <p className="min-w-0 flex-1">
                    {errorMessage(unsubscribe.error)} Your messages are not stopped yet: try again.
                  </p>
                </div>
              )}
              <div>
                <Button
                  size="lg"
                  className="w-full sm:w-auto"
                  disabled={unsubscribe.isPending}
                  onClick={stop}
                >
                  <BellOffIcon aria-hidden="true" />
                  {unsubscribe.isPending
                    ? 'Stopping...'
                    : unsubscribe.isError
                      ? 'Try again'
                      : 'Stop all messages'}
                </Button>
              </div>
            </CardContent>
          </Card>
        )}
      </div>
    </Frame>
  );
}
