import { formatPhone } from '@callwise/shared/phone';
import type { TwilioNumber } from '@callwise/shared/schemas/assistant';
import { RotateCwIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { toast } from 'sonner';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAssignBusinessNumber, useTwilioNumbers } from '@/features/settings/api/business-number';
import { assigned, Note } from '@/features/settings/components/business-number-parts';
import { errorMessage } from '@/lib/errors';

const STATE_BADGES: Record<TwilioNumber['state'], { label: string; variant: BadgeProps['variant'] }> = {
  yours: { label: 'Your business number', variant: 'success' },
  free: { label: 'Free', variant: 'neutral' },
  taken: { label: 'Another account’s', variant: 'outline' },
};

/** The Twilio account's numbers, each with its state, a free one assignable with one click. */
export function TwilioNumberList() {
  const numbers = useTwilioNumbers(true);
  const assign = useAssignBusinessNumber();
  const headingId = useId();

  const pick = async (number: TwilioNumber) => {
    try {
      const result = await assign.mutateAsync(number.phone_number);
      assigned(result.business_number);
    } catch (error) {
      toast.error('The number could not be assigned', { description: errorMessage(error) });
    }
  };

  let body: ReactNode;
  if (numbers.isPending) {
    body = (
      <div role="status" aria-label="Loading your Twilio numbers" className="grid gap-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  } else if (numbers.isError) {
    body = (
      <div role="alert" className="grid gap-2 rounded-lg border border-destructive/30 px-3 py-2.5 text-sm">
        <p>Your Twilio numbers could not be loaded: {errorMessage(numbers.error)}</p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => void numbers.refetch()}
          disabled={numbers.isFetching}
        >
          <RotateCwIcon aria-hidden="true" className={numbers.isFetching ? 'animate-spin' : undefined} />
          {numbers.isFetching ? 'Trying again...' : 'Try again'}
        </Button>
      </div>
    );
  } else if (numbers.data.numbers.length === 0) {
    body = (
      <Note testId="twilio-numbers-empty">
        Your Twilio account has no phone numbers yet. Buy one below, or in the Twilio console.
      </Note>
    );
  } else {
    body = (
      <ul
        aria-labelledby={headingId}
        className="grid divide-y rounded-lg border"
        data-testid="twilio-numbers"
      >
        {numbers.data.numbers.map((number) => {
          const badge = STATE_BADGES[number.state];
          const label = formatPhone(number.phone_number);
          const canAssign = number.state === 'free' || (number.state === 'yours' && !number.configured);
          return (
            <li
              key={number.phone_number}
              className="flex min-w-0 flex-wrap items-center justify-between gap-2 px-3 py-2"
            >
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="font-medium tabular-nums">{label}</span>
                <Badge variant={badge.variant}>{badge.label}</Badge>
                {!number.configured && number.state === 'yours' && (
                  <Badge variant="warning">Not connected to the assistant</Badge>
                )}
              </span>
              {canAssign && (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={assign.isPending}
                  onClick={() => void pick(number)}
                  aria-label={number.state === 'yours' ? `Connect ${label} again` : `Assign ${label}`}
                >
                  {number.state === 'yours' ? 'Connect again' : 'Assign'}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="grid gap-2">
      <h3 id={headingId} className="text-sm font-medium">
        Your Twilio numbers
      </h3>
      {body}
    </section>
  );
}
