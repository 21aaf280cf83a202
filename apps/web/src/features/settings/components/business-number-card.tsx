import { formatPhone } from '@callwise/shared/phone';
import type { AvailableNumber, TwilioNumber } from '@callwise/shared/schemas/assistant';
import { useQuery } from '@tanstack/react-query';
import { CheckIcon, CopyIcon, InfoIcon, PhoneIncomingIcon, RotateCwIcon, SearchIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import {
  useAssignBusinessNumber,
  useBuyBusinessNumber,
  useSearchAvailableNumbers,
  useTwilioNumbers,
} from '@/features/settings/api/business-number';
import { meQueryOptions } from '@/features/settings/api/get-me';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { errorMessage } from '@/lib/errors';
import { fieldErrorsOf } from '@/lib/form-errors';

const STATE_BADGES: Record<TwilioNumber['state'], { label: string; variant: BadgeProps['variant'] }> = {
  yours: { label: 'Your business number', variant: 'success' },
  free: { label: 'Free', variant: 'neutral' },
  taken: { label: 'Another account’s', variant: 'outline' },
};

const assigned = (number: string) =>
  toast.success('Business number assigned', {
    description: `Callers to ${formatPhone(number)} now reach the assistant.`,
  });

/** The number callers call, with a Copy button. */
function CurrentNumber({ number }: { number: string }) {
  const { copied, copy } = useCopyToClipboard(() =>
    toast.error('Could not copy', { description: 'Your browser refused; select the number and copy it.' }),
  );
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span
        className="flex items-center gap-2 text-lg font-semibold tabular-nums"
        data-testid="business-number"
      >
        <PhoneIncomingIcon aria-hidden="true" className="size-5 text-muted-foreground" />
        {formatPhone(number)}
      </span>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => void copy(number)}
        aria-label={copied ? 'Copied the business number' : 'Copy the business number'}
      >
        {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
        <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
      </Button>
    </div>
  );
}

function Note({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p
      role="status"
      className="flex gap-2 rounded-lg border bg-muted/40 px-3 py-2.5 text-sm"
      data-testid={testId}
    >
      <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span className="min-w-0">{children}</span>
    </p>
  );
}

/** The Twilio account's numbers, each with its state, a free one assignable with one click. */
function TwilioNumberList() {
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

/** A number of the Twilio account, typed in any readable format. */
function EnterNumberForm() {
  const assign = useAssignBusinessNumber();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = 'business-number-input';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (phone.trim() === '') {
      setError('Enter a number of your Twilio account');
      document.getElementById(id)?.focus();
      return;
    }
    setError(undefined);
    try {
      const result = await assign.mutateAsync(phone.trim());
      setPhone('');
      assigned(result.business_number);
    } catch (caught) {
      const problem = fieldErrorsOf(caught).find((p) => p.field === 'phone_number');
      setError(problem?.message ?? errorMessage(caught));
      document.getElementById(id)?.focus();
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Enter a Twilio number"
      className="grid gap-2"
    >
      <FormField
        id={id}
        label="Or enter one of your Twilio numbers"
        error={error}
        description="As you dial it, or with + and the country code."
      >
        <div className="flex flex-wrap gap-2">
          <Input
            id={id}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            className="min-w-0 flex-1 sm:max-w-60"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={fieldMessageId(id)}
          />
          <Button type="submit" variant="outline" disabled={assign.isPending}>
            {assign.isPending ? 'Assigning...' : 'Assign'}
          </Button>
        </div>
      </FormField>
    </form>
  );
}

/** Searching an area code for numbers to buy; buying one is confirmed first (it costs money). */
function BuyNumberForm({ current }: { current: string | null }) {
  const search = useSearchAvailableNumbers();
  const buy = useBuyBusinessNumber();
  const [areaCode, setAreaCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [buying, setBuying] = useState<AvailableNumber | null>(null);
  const id = 'business-number-area-code';
  const resultsId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{3}$/.test(areaCode.trim())) {
      setError('Enter a 3-digit US area code, e.g. 312');
      document.getElementById(id)?.focus();
      return;
    }
    setError(undefined);
    try {
      await search.mutateAsync(areaCode.trim());
    } catch (caught) {
      const problem = fieldErrorsOf(caught).find((p) => p.field === 'area_code');
      setError(problem?.message ?? errorMessage(caught));
      document.getElementById(id)?.focus();
    }
  };

  const confirmBuy = async () => {
    const number = buying;
    setBuying(null);
    if (!number) return;
    try {
      const result = await buy.mutateAsync(number.phone_number);
      search.reset();
      assigned(result.business_number);
    } catch (caught) {
      toast.error('The number could not be bought', { description: errorMessage(caught) });
    }
  };

  const found = search.data;
  return (
    <div className="grid gap-3">
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Search numbers to buy"
        className="grid gap-2"
      >
        <FormField
          id={id}
          label="Or buy a new number"
          error={error}
          description="Search a US area code. The number is billed to your Twilio account."
        >
          <div className="flex flex-wrap gap-2">
            <Input
              id={id}
              inputMode="numeric"
              autoComplete="off"
              maxLength={3}
              placeholder="312"
              className="w-24"
              value={areaCode}
              onChange={(event) => setAreaCode(event.target.value.replace(/\D/g, ''))}
              aria-invalid={error ? true : undefined}
              aria-describedby={fieldMessageId(id)}
            />
            <Button type="submit" variant="outline" disabled={search.isPending}>
              <SearchIcon aria-hidden="true" />
              {search.isPending ? 'Searching...' : 'Search'}
            </Button>
          </div>
        </FormField>
      </form>
      <div aria-live="polite" className="grid gap-2">
        {found &&
          (found.numbers.length === 0 ? (
            <Note testId="available-numbers-empty">
              Twilio has no numbers to buy in area code {found.area_code} right now. Try a nearby one.
            </Note>
          ) : (
            <>
              <h4 id={resultsId} className="text-sm font-medium">
                {found.numbers.length} {found.numbers.length === 1 ? 'number' : 'numbers'} in area code{' '}
                {found.area_code}
              </h4>
              <ul
                aria-labelledby={resultsId}
                className="grid divide-y rounded-lg border"
                data-testid="available-numbers"
              >
                {found.numbers.map((number) => {
                  const label = formatPhone(number.phone_number);
                  const where = [number.locality, number.region].filter(Boolean).join(', ');
                  return (
                    <li
                      key={number.phone_number}
                      className="flex min-w-0 flex-wrap items-center justify-between gap-2 px-3 py-2"
                    >
                      <span className="flex min-w-0 flex-wrap items-baseline gap-x-2">
                        <span className="font-medium tabular-nums">{label}</span>
                        {where && <span className="text-sm text-muted-foreground">{where}</span>}
                      </span>
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        disabled={buy.isPending}
                        onClick={() => setBuying(number)}
                        aria-label={`Buy ${label}`}
                      >
                        Buy
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </>
          ))}
      </div>
      <ConfirmDialog
        open={buying !== null}
        onOpenChange={(open) => !open && setBuying(null)}
        title={`Buy ${buying ? formatPhone(buying.phone_number) : 'this number'}?`}
        description={
          `Twilio bills your Twilio account for it every month until you release it there. It becomes your ` +
          `business number at once${current ? `; callers to ${formatPhone(current)} will no longer reach the assistant` : ''}.`
        }
        confirmLabel="Buy number"
        onConfirm={() => void confirmBuy()}
      />
    </div>
  );
}

/**
 * Settings → Assistant: the number callers call. With Twilio, one of the Twilio account's numbers is assigned
 * here — picked from the list, typed, or bought — and configured to reach the assistant; with the simulated
 * carrier the account has a fictional number and the card says so.
 */
export function BusinessNumberCard({ number }: { number: string | null }) {
  const me = useQuery(meQueryOptions());
  const carrier = me.data?.carrier;
  return (
    <Card role="region" aria-labelledby="assistant-number-heading">
      <CardHeader>
        <CardTitle as="h2" id="assistant-number-heading">
          Business number
        </CardTitle>
        <CardDescription>
          {number
            ? 'Callers who call this number reach the assistant. It answers their questions, puts them through to you or takes a message.'
            : carrier === 'twilio'
              ? 'No business number is assigned to your account yet, so nobody can call the assistant. Pick one of your Twilio numbers, enter one, or buy one.'
              : 'No business number is assigned to your account yet, so nobody can call the assistant. Once one is assigned it shows here.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-5">
        {number && <CurrentNumber number={number} />}
        {carrier === 'simulator' && (
          <Note testId="business-number-simulated">
            This is a fictional number from the simulated carrier: no phone can call it. Try the assistant
            with a simulated call below. With Twilio, you assign one of your Twilio numbers here.
          </Note>
        )}
        {carrier === 'twilio' && (
          <>
            <TwilioNumberList />
            <EnterNumberForm />
            <BuyNumberForm current={number} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
