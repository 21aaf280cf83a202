import { CreditCardIcon, RotateCwIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';
import { useBilling } from '@/features/billing/api/get-billing';
import { BillingHistory } from '@/features/billing/components/billing-history';
import { BILLING_HISTORY_ID, BILLING_SECTION_ID } from '@/features/billing/components/billing-section-id';
import { BudgetForm } from '@/features/billing/components/budget-form';
import { ChangePlanDialog, suggestedPlan } from '@/features/billing/components/change-plan-dialog';
import { CheckoutReturnNotice } from '@/features/billing/components/checkout-return-notice';
import { InvoicesCard } from '@/features/billing/components/invoices-card';
import { PastDueAlert } from '@/features/billing/components/past-due-alert';
import { PlanPanel } from '@/features/billing/components/plan-panel';
import { UsagePanel } from '@/features/billing/components/usage-panel';
import { useCheckoutReturn } from '@/features/billing/hooks/use-checkout-return';
import { errorMessage } from '@/lib/errors';

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
 * Settings → Billing: the plan (price, billing month, Upgrade or Change plan, Manage billing with Stripe), this
 * month's usage with a bar and the extra calls so far, the monthly budget for extra calls, Stripe's invoices, and
 * the billing history of real charges. With Stripe, a failed payment is said at the top, and so is the return from
 * its checkout.
 */
export function BillingSection() {
  const billing = useBilling();
  const checkout = useCheckoutReturn();
  const [choosing, setChoosing] = useState(false);
  const section = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const historyHeading = useRef<HTMLHeadingElement>(null);

  const dismissCheckoutNotice = () => {
    checkout.dismiss();
    // The notice's button goes with it: the focus goes to the section's heading instead of the page's body.
    heading.current?.focus({ preventScroll: true });
  };

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
        {billing.data.payment_status === 'past_due' ? <PastDueAlert /> : null}
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
          <CardTitle
            as="h2"
            id="billing-heading"
            ref={heading}
            tabIndex={-1}
            className="flex items-center gap-2 outline-none"
          >
            <CreditCardIcon aria-hidden="true" className="size-4 text-primary" />
            Billing
          </CardTitle>
          <CardDescription>Your plan, this month’s usage and your budget for extra calls.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {checkout.state ? (
            <CheckoutReturnNotice state={checkout.state} onDismiss={dismissCheckoutNotice} />
          ) : null}
          {body}
        </CardContent>
      </Card>
      {billing.data?.provider === 'stripe' ? <InvoicesCard /> : null}
      <BillingHistory headingRef={historyHeading} />
      {billing.data ? (
        <ChangePlanDialog
          open={choosing}
          onOpenChange={setChoosing}
          currentPlan={billing.data.plan}
          provider={billing.data.provider}
          initialPlan={suggestedPlan(billing.data.plan)}
        />
      ) : null}
    </div>
  );
}
