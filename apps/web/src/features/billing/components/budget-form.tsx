import { formatUsd } from '@callwise/shared/billing';
import { EXTRA_CALL_PRICE_USD } from '@callwise/shared/product';
import { type Billing, updateBudgetInputSchema } from '@callwise/shared/schemas/billing';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useUpdateBudget } from '@/features/billing/api/update-budget';
import { errorMessage } from '@/lib/errors';
import { fieldErrorsOf } from '@/lib/form-errors';

const FIELD_ID = 'monthly-budget';

const asText = (value: number | null) => (value === null ? '' : value.toFixed(2));

/**
 * The monthly budget for extra calls: an amount in dollars (empty: no cap). Saved on its own button; the server's
 * word on a refused value shows under the field.
 */
export function BudgetForm({ billing }: { billing: Billing }) {
  const update = useUpdateBudget();
  const saved = billing.monthly_budget_usd;
  const [text, setText] = useState(asText(saved));
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setText(asText(saved)), [saved]);

  const save = (value: number | null) => {
    const parsed = updateBudgetInputSchema.safeParse({ monthly_budget_usd: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    update.mutate(parsed.data, {
      onError: (failure) => setError(fieldErrorsOf(failure)[0]?.message ?? errorMessage(failure)),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim().replace(/^\$/, '').replaceAll(',', '');
    if (trimmed === '') return save(null);
    const value = Number(trimmed);
    if (!Number.isFinite(value)) {
      setError('Enter an amount in dollars, such as 25 or 25.50.');
      return;
    }
    save(value);
  };

  const unchanged = text.trim() === asText(saved);
  const trial = billing.plan === 'trial';
  const description = trial
    ? 'The free trial has no extra calls: a budget applies once you are on a paid plan.'
    : `Calls beyond your plan cost ${formatUsd(EXTRA_CALL_PRICE_USD)} each. A call that would take this billing month's extra calls past the budget is not scheduled. Leave empty for no cap.`;

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <FormField
        id={FIELD_ID}
        label="Monthly budget for extra calls"
        error={error}
        description={description}
        className="sm:max-w-md"
      >
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
          >
            $
          </span>
          <Input
            id={FIELD_ID}
            inputMode="decimal"
            autoComplete="off"
            placeholder="No cap"
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="pl-7"
            aria-invalid={error ? true : undefined}
            aria-describedby={fieldMessageId(FIELD_ID)}
          />
        </div>
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline" disabled={update.isPending || unchanged}>
          {update.isPending ? 'Saving...' : 'Save budget'}
        </Button>
        {saved !== null ? (
          <Button type="button" variant="ghost" disabled={update.isPending} onClick={() => save(null)}>
            Remove cap
          </Button>
        ) : null}
      </div>
    </form>
  );
}
