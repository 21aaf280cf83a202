import { formatUsd } from '@callwise/shared/billing';
import { PAID_PLANS, PLANS, type Plan, type PlanId } from '@callwise/shared/plans';
import { EXTRA_CALL_PRICE_USD } from '@callwise/shared/product';
import type { BillingProviderName, PaidPlanId } from '@callwise/shared/schemas/billing';
import { VOICES } from '@callwise/shared/voices';
import { type FormEvent, useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { useChangePlan } from '@/features/billing/api/change-plan';
import { useStartCheckout } from '@/features/billing/api/start-checkout';
import { planChangeMode, SIMULATED_BILLING_TEXT } from '@/features/billing/utils/billing-modes';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/utils';

const voicesOf = (plan: Plan) =>
  plan.voices === null ? 'All voices' : `${plan.voices} of ${VOICES.length} voices`;

/** What changes for the account when it moves from `current` to `next`, beyond the price and the calls. */
function consequences(current: Plan, next: Plan): string[] {
  const notes: string[] = [];
  if (current.apiAccess && !next.apiAccess) {
    notes.push(`Your API keys will stop working: ${next.name} does not include API access.`);
  }
  if (next.voices !== null && (current.voices === null || current.voices > next.voices)) {
    notes.push(
      `${next.name} includes ${next.voices} voices. Calls already scheduled keep the voice they have.`,
    );
  }
  return notes;
}

/** The plan the dialog offers first when none was picked: the next bigger one (Professional from the trial). */
export function suggestedPlan(plan: PlanId): PaidPlanId {
  return plan === 'trial' || plan === 'starter' ? 'professional' : 'enterprise';
}

/**
 * Picks a paid plan and changes to it: the price, the new month's calls, how it is paid, and what the account
 * loses on a smaller plan, said before the button that does it. How it is paid depends on the billing provider:
 * simulated (local: no payment is taken), Stripe's checkout page from the trial ("Continue to payment"), or the
 * card on file from a paid plan.
 */
export function ChangePlanDialog({
  open,
  onOpenChange,
  currentPlan,
  provider,
  initialPlan,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentPlan: PlanId;
  provider: BillingProviderName;
  initialPlan: PaidPlanId;
}) {
  const change = useChangePlan();
  const checkout = useStartCheckout();
  const { reset: resetCheckout } = checkout;
  // Opened by a page's own button (Settings → Billing, a plan on the pricing page): the focus goes back to it.
  const returnFocus = useReturnFocus();
  const [selected, setSelected] = useState<PaidPlanId>(initialPlan);
  useEffect(() => {
    if (!open) return;
    setSelected(initialPlan);
    resetCheckout();
  }, [open, initialPlan, resetCheckout]);

  const mode = planChangeMode(provider, currentPlan);
  // Still busy once the checkout's address is in: the browser is on its way there.
  const redirecting = checkout.isPending || checkout.isSuccess;
  const busy = change.isPending || redirecting;
  const current = PLANS[currentPlan];
  const next = PLANS[selected];
  const unchanged = selected === currentPlan;
  const notes = unchanged ? [] : consequences(current, next);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (unchanged || busy) return;
    if (mode === 'checkout') checkout.mutate({ plan: selected });
    else change.mutate({ plan: selected }, { onSuccess: () => onOpenChange(false) });
  };

  const payment = {
    simulated: SIMULATED_BILLING_TEXT,
    checkout:
      'You pay on Stripe’s secure checkout page. Your plan changes as soon as Stripe confirms the payment.',
    card: `Your card on file is charged ${formatUsd(next.price)} today for a month of ${next.name}.`,
  }[mode];

  return (
    <Dialog open={open} onOpenChange={(value) => !busy && onOpenChange(value)}>
      <DialogContent className="sm:max-w-xl" {...returnFocus}>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{currentPlan === 'trial' ? 'Choose a plan' : 'Change plan'}</DialogTitle>
            <DialogDescription>
              {mode === 'checkout'
                ? 'The new plan starts once your payment is confirmed, and a billing month begins with its calls.'
                : 'The new plan starts today and a new billing month begins with its calls. The rest of your current month is not credited.'}
            </DialogDescription>
          </DialogHeader>

          <RadioGroup
            value={selected}
            onValueChange={(value) => {
              setSelected(value as PaidPlanId);
              resetCheckout();
            }}
            aria-label="Plans"
            className="gap-2"
          >
            {PAID_PLANS.map((plan) => {
              const isCurrent = plan.id === currentPlan;
              return (
                <Label
                  key={plan.id}
                  htmlFor={`plan-${plan.id}`}
                  className={cn(
                    'cursor-pointer items-start gap-3 rounded-lg border p-3 leading-normal font-normal transition-colors',
                    'hover:bg-muted/50 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary-soft/40',
                  )}
                >
                  <RadioGroupItem id={`plan-${plan.id}`} value={plan.id} className="mt-0.5" />
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                      <span className="flex items-center gap-2 font-medium">
                        {plan.name}
                        {isCurrent ? <Badge variant="secondary">Current plan</Badge> : null}
                        {plan.popular && !isCurrent ? <Badge variant="outline">Popular</Badge> : null}
                      </span>
                      <span className="font-medium tabular-nums">{formatUsd(plan.price)}/month</span>
                    </span>
                    <span className="text-[0.8125rem] text-muted-foreground">
                      {plan.callsIncluded.toLocaleString()} calls a month · {voicesOf(plan)} ·{' '}
                      {plan.apiAccess ? 'API access' : 'No API access'}
                    </span>
                  </span>
                </Label>
              );
            })}
          </RadioGroup>

          <div className="grid gap-2 text-sm" aria-live="polite" data-testid="plan-change-summary">
            {unchanged ? (
              <p className="text-muted-foreground">
                You are on the {next.name} plan. Choose another to change.
              </p>
            ) : (
              <>
                <p>
                  <span className="font-medium">{formatUsd(next.price)}</span> for a month of {next.name},
                  with {next.callsIncluded.toLocaleString()} calls. Extra calls cost{' '}
                  {formatUsd(EXTRA_CALL_PRICE_USD)} each.
                </p>
                {/* Simulated: the charge is recorded in Billing History, nothing is paid. */}
                <p className="text-muted-foreground" data-testid="plan-change-payment">
                  {payment}
                </p>
              </>
            )}
            {notes.map((note) => (
              <p key={note} className="rounded-md bg-warning-soft px-3 py-2 text-warning-soft-foreground">
                {note}
              </p>
            ))}
          </div>

          {checkout.isError ? (
            <p
              role="alert"
              className="rounded-md bg-destructive-soft px-3 py-2 text-sm text-destructive-soft-foreground"
            >
              {errorMessage(checkout.error)}
            </p>
          ) : null}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={unchanged || busy} aria-busy={busy}>
              {redirecting
                ? 'Going to payment...'
                : change.isPending
                  ? 'Changing plan...'
                  : unchanged
                    ? 'Change plan'
                    : mode === 'checkout'
                      ? 'Continue to payment'
                      : `Switch to ${next.name} · ${formatUsd(next.price)}`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
