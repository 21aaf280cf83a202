import { formatUsd } from '@callwise/shared/billing';
import { PLANS } from '@callwise/shared/plans';
import type { Billing } from '@callwise/shared/schemas/billing';
import { ExternalLinkIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useOpenBillingPortal } from '@/features/billing/api/open-billing-portal';
import { SIMULATED_BILLING_TEXT } from '@/features/billing/utils/billing-modes';
import { errorMessage } from '@/lib/errors';

/** Billing months are reckoned in UTC (decision 012): their days are shown as such. */
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * The plan card of Settings → Billing: the plan, its price and billing month, whether payments are simulated, and
 * its buttons (Upgrade or Change plan; Manage billing, which opens Stripe's portal, once the account has paid
 * there; the billing history).
 */
export function PlanPanel({
  billing,
  onChangePlan,
  onViewHistory,
}: {
  billing: Billing;
  onChangePlan: () => void;
  onViewHistory: () => void;
}) {
  const portal = useOpenBillingPortal();
  const { opening } = portal;
  const plan = PLANS[billing.plan];
  const trial = billing.plan === 'trial';
  return (
    <div data-testid="billing-plan" className="grid gap-3 rounded-lg border bg-muted/40 p-4">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
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
          {billing.provider === 'local' ? (
            <p className="text-sm text-muted-foreground" data-testid="billing-simulated">
              {SIMULATED_BILLING_TEXT}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2 sm:shrink-0">
          <Button onClick={onChangePlan} variant={trial ? 'default' : 'outline'}>
            {trial ? 'Upgrade to Pro' : 'Change plan'}
          </Button>
          {billing.manage_billing ? (
            <Button variant="outline" disabled={opening} aria-busy={opening} onClick={() => portal.mutate()}>
              {opening ? 'Opening...' : 'Manage billing'}
              <ExternalLinkIcon aria-hidden="true" />
            </Button>
          ) : null}
          <Button variant="outline" onClick={onViewHistory}>
            View Billing History
          </Button>
        </div>
      </div>
      {portal.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(portal.error)}
        </p>
      ) : null}
    </div>
  );
}
