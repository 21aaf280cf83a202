import { CircleAlertIcon, CircleCheckIcon, CoinsIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useEstimate } from '@/features/billing/api/get-estimate';
import { cn } from '@/lib/utils';

const STATES = {
  included: { icon: CircleCheckIcon, className: 'text-muted-foreground' },
  extra: { icon: CoinsIcon, className: 'bg-warning-soft text-warning-soft-foreground' },
  refused: { icon: CircleAlertIcon, className: 'bg-destructive-soft text-destructive-soft-foreground' },
} as const;

export interface CostEstimateProps {
  calls: number;
  /** The account is on the free trial (GET /v1/me's plan): a refusal then leads to the plans. */
  onTrial: boolean;
  /** The member may open Settings → Billing (an owner, decision 035); others are told to ask one. */
  billingAccess: boolean;
}

/**
 * What scheduling `calls` calls would cost, from the server's own rule, next to the button that schedules them:
 * "Included in your plan (N left this month)", "1 extra call: $0.50 (…)", or why they would be refused with the
 * way out: the trial used up leads to the plans (/pricing, where every upgrade link goes), the monthly budget
 * reached to Settings → Billing (an owner's; anyone else is told to ask one). Nothing while it cannot be had: the
 * server checks again when the calls are created.
 */
export function CostEstimate({ calls, onTrial, billingAccess }: CostEstimateProps) {
  const estimate = useEstimate(calls);
  if (estimate.isPending) {
    return <Skeleton className="h-4 w-56 max-w-full" data-testid="cost-estimate-loading" />;
  }
  if (!estimate.data) return null;
  const { allowed, overage_calls: extra, message } = estimate.data;
  const state = !allowed ? 'refused' : extra > 0 ? 'extra' : 'included';
  const { icon: Icon, className } = STATES[state];
  return (
    <p
      data-testid="cost-estimate"
      data-state={state}
      aria-live="polite"
      className={cn(
        'flex items-start gap-2 text-[0.8125rem] leading-snug',
        state !== 'included' && 'rounded-md px-3 py-2',
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-px size-4 shrink-0" />
      <span className="min-w-0">
        {message}
        {state === 'included' ? null : (
          <>
            {' '}
            {state === 'refused' && onTrial ? (
              <Link to={paths.pricing} className="font-medium whitespace-nowrap underline underline-offset-4">
                See plans
              </Link>
            ) : !billingAccess ? (
              state === 'refused' ? (
                'Ask an owner of your business to raise the budget.'
              ) : null
            ) : (
              <Link
                to={paths.settingsBilling}
                className="font-medium whitespace-nowrap underline underline-offset-4"
              >
                {state === 'refused' ? 'Billing settings' : 'See billing'}
              </Link>
            )}
          </>
        )}
      </span>
    </p>
  );
}
