import { formatPhone } from '@callwise/shared/phone';
import type { AvailableNumber } from '@callwise/shared/schemas/assistant';
import { SearchIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  useAssignBusinessNumber,
  useBuyBusinessNumber,
  useSearchAvailableNumbers,
} from '@/features/settings/api/business-number';
import { assigned, Note } from '@/features/settings/components/business-number-parts';
import { errorMessage } from '@/lib/errors';
import { fieldErrorsOf } from '@/lib/form-errors';

/** A number of the Twilio account, typed in any readable format. */
export function EnterNumberForm() {
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
export function BuyNumberForm({ current }: { current: string | null }) {
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
