import { CircleCheckIcon, InfoIcon, LoaderCircleIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { CheckoutReturnState } from '@/features/billing/hooks/use-checkout-return';

const TEXTS = {
  waiting: 'Payment received. Your plan changes as soon as Stripe confirms it.',
  late: 'Stripe has not confirmed the payment yet. Your plan changes as soon as it does: reload this page in a few minutes.',
  canceled: 'Checkout was canceled. Nothing was charged.',
} as const;

/**
 * What the page says back from Stripe's checkout: the payment awaiting Stripe's confirmation (with a spinner, while
 * the plan is asked for), a confirmation that is late, or a canceled checkout. The last two can be dismissed.
 */
export function CheckoutReturnNotice({
  state,
  onDismiss,
}: {
  state: Exclude<CheckoutReturnState, null>;
  onDismiss: () => void;
}) {
  const Icon = state === 'waiting' ? LoaderCircleIcon : state === 'late' ? InfoIcon : CircleCheckIcon;
  return (
    <div
      data-testid="checkout-return"
      data-state={state}
      className="flex items-start gap-3 rounded-lg border border-primary/20 bg-primary-soft/60 px-4 py-3 text-sm"
    >
      <Icon
        aria-hidden="true"
        className={
          state === 'waiting'
            ? 'mt-0.5 size-4 shrink-0 animate-spin text-primary'
            : 'mt-0.5 size-4 shrink-0 text-primary-soft-foreground'
        }
      />
      <p role="status" className="min-w-0 flex-1 text-primary-soft-foreground">
        {TEXTS[state]}
      </p>
      {state === 'waiting' ? null : (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="-my-1.5 -mr-2 size-8"
          aria-label="Dismiss"
          onClick={onDismiss}
        >
          <XIcon aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}
