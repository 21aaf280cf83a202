import { formatUsd } from '@callwise/shared/billing';
import { PLANS } from '@callwise/shared/plans';
import type { Billing } from '@callwise/shared/schemas/billing';
import { CreditCardIcon, RotateCwIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';
import { useBilling } from '@/features/billing/api/get-billing';
import { BillingHistory } from '@/features/billing/components/billing-history';
import { BILLING_HISTORY_ID, BILLING_SECTION_ID } from '@/features/billing/components/billing-section-id';
import { BudgetForm } from '@/features/billing/components/budget-form';
import { ChangePlanDialog, suggestedPlan } from '@/features/billing/components/change-plan-dialog';
import { errorMessage } from '@/lib/errors';

/** Billing months are reckoned in UTC (decision 012): their days are shown as such. */
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

function PlanPanel({
  billing,
  onChangePlan,
  onViewHistory,
}: {
  billing: Billing;
  onChangePlan: () => void;
  onViewHistory: () => void;
}) {
  const plan = PLANS[billing.plan];
  const trial = billing.plan === 'trial';
  return (
    <div
      data-testid="billing-plan"
      className="flex flex-col gap-4 rounded-lg border bg-muted/40 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{plan.name}</span>
          <Badge variant="secondary">Current plan</Badge>
          <span className="text-sm text-muted-foreground tabular-nums">
            {trial ? 'Free' : `${formatUsd(billing.price_usd)}/month`}
          </span>
        </div>
        <p className="text-sm text-muted-foreground">{plan.description}</p>
        {billing.period_end ? (
          <p className="text-sm text-muted-foreground">
            Billing month: {dayFormat.format(new Date(billing.period_start))} –{' '}
            {dayFormat.format(new Date(billing.period_end))}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0">
        <Button onClick={onChangePlan} variant={trial ? 'default' : 'outline'}>
          {trial ? 'Upgrade to Pro' : 'Change plan'}
        </Button>
        <Button variant="outline" onClick={onViewHistory}>
          View Billing History
        </Button>
      </div>
    </div>
  );
}

function UsagePanel({ billing }: { billing: Billing }) {
  const trial = billing.plan === 'trial';
  const used = Math.min(billing.calls_used, billing.calls_included);
  const usedText = `${billing.calls_used.toLocaleString()} of ${billing.calls_included.toLocaleString()} calls used`;
  const budget = billing.monthly_budget_usd;
  const facts: Array<[string, string]> = [
    [trial ? 'Trial calls left' : 'Included calls left', billing.calls_left.toLocaleString()],
  ];
  if (!trial) {
    facts.push(
      [
        'Extra calls this month',
        `${billing.overage_calls.toLocaleString()} · ${formatUsd(billing.overage_usd)}`,
      ],
      [
        'Budget left',
        budget === null ? 'No cap' : `${formatUsd(billing.budget_left_usd ?? 0)} of ${formatUsd(budget)}`,
      ],
    );
  }
  return (
    <div className="grid gap-3" data-testid="billing-usage">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span id="billing-usage-label" className="font-medium">
          {trial ? 'Free trial usage' : 'Usage this month'}
        </span>
        <span className="text-muted-foreground tabular-nums">{usedText}</span>
      </div>
      <Progress
        value={used}
        max={billing.calls_included}
        aria-labelledby="billing-usage-label"
        getValueLabel={() => usedText}
      />
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term} className="grid gap-0.5">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {trial ? null : (
        <p className="text-[0.8125rem] text-muted-foreground">
          Calls beyond your plan are still placed and cost {formatUsd(billing.extra_call_usd)} each; a
          cancelled call is refunded.
        </p>
      )}
    </div>
  );
}

function BillingSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading billing">
      <Skeleton className="h-24 w-full rounded-lg" />
      <div className="grid gap-3">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-2 w-full" />
      </div>
      <Skeleton className="h-9 w-full max-w-md" />
    </div>
  );
}

/**
 * Settings → Billing: the plan (price, billing month, Upgrade or Change plan), this month's usage with a bar and
 * the extra calls so far, the monthly budget for extra calls, and the billing history of real charges.
 */
export function BillingSection() {
  const billing = useBilling();
  const [choosing, setChoosing] = useState(false);
  const section = useRef<HTMLDivElement>(null);
  const historyHeading = useRef<HTMLHeadingElement>(null);

  // Arriving from a link (/settings#billing, e.g. the schedule form's cost estimate).
  useEffect(() => {
    const hash = window.location.hash.slice(1);
    if (hash === BILLING_SECTION_ID) section.current?.scrollIntoView({ block: 'start' });
    if (hash === BILLING_HISTORY_ID)
      document.getElementById(BILLING_HISTORY_ID)?.scrollIntoView({ block: 'start' });
  }, []);

  const viewHistory = () => {
    historyHeading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    historyHeading.current?.focus({ preventScroll: true });
  };

  let body: ReactNode;
  if (billing.isPending) {
    body = <BillingSkeleton />;
  } else if (billing.isError) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm">
        <p className="text-destructive">{errorMessage(billing.error)}</p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void billing.refetch()}
          disabled={billing.isFetching}
        >
          <RotateCwIcon aria-hidden="true" className={billing.isFetching ? 'animate-spin' : undefined} />
          Try again
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <PlanPanel
          billing={billing.data}
          onChangePlan={() => setChoosing(true)}
          onViewHistory={viewHistory}
        />
        <UsagePanel billing={billing.data} />
        <Separator />
        <BudgetForm billing={billing.data} />
      </>
    );
  }

  return (
    <div ref={section} id={BILLING_SECTION_ID} className="grid scroll-mt-20 gap-6">
      <Card aria-labelledby="billing-heading">
        <CardHeader>
          <CardTitle as="h2" id="billing-heading" className="flex items-center gap-2">
            <CreditCardIcon aria-hidden="true" className="size-4 text-primary" />
            Billing
          </CardTitle>
          <CardDescription>Your plan, this month’s usage and your budget for extra calls.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">{body}</CardContent>
      </Card>
      <BillingHistory headingRef={historyHeading} />
      {billing.data ? (
        <ChangePlanDialog
          open={choosing}
          onOpenChange={setChoosing}
          currentPlan={billing.data.plan}
          initialPlan={suggestedPlan(billing.data.plan)}
        />
      ) : null}
    </div>
  );
}
