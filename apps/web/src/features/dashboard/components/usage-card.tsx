import { PLANS, type PlanId } from '@callwise/shared/plans';
import type { Dashboard } from '@callwise/shared/schemas/dashboard';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

/**
 * The trial's progress (N of 10 calls used, N remaining, the share used) with the way to upgrade; on a paid
 * plan, the month's usage against the plan's allowance.
 */
export function UsageCard({ usage }: { usage: Dashboard['usage'] }) {
  const trial = usage.plan === 'trial';
  const planName = PLANS[usage.plan as PlanId]?.name ?? usage.plan;
  const title = trial ? 'Free Trial Progress' : 'Monthly usage';
  const used = `${usage.used} of ${usage.included} calls used${trial ? '' : ' this month'}`;
  return (
    <Card data-testid="usage-card">
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{trial ? used : `${planName} plan: ${used}`}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div
          role="progressbar"
          aria-label={trial ? 'Free trial calls used' : 'Calls used this month'}
          aria-valuemin={0}
          aria-valuemax={usage.included}
          aria-valuenow={Math.min(usage.used, usage.included)}
          aria-valuetext={used}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn(
              'h-full rounded-full transition-[width]',
              usage.percent >= 100 ? 'bg-destructive' : usage.percent >= 80 ? 'bg-warning' : 'bg-primary',
            )}
            style={{ width: `${usage.percent}%` }}
          />
        </div>
        <div className="flex justify-between text-sm text-muted-foreground">
          <span>
            {usage.remaining} remaining{trial ? '' : ' this month'}
          </span>
          <span>{usage.percent}%</span>
        </div>
      </CardContent>
      <CardFooter>
        <Button asChild variant={trial && usage.remaining === 0 ? 'default' : 'outline'} className="w-full">
          <Link to={paths.pricing}>{trial ? 'Upgrade to Pro Plan' : 'View plans'}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
