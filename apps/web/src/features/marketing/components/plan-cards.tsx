import { PLANS, type Plan, type PlanId } from '@callwise/shared/plans';
import type { PaidPlanId } from '@callwise/shared/schemas/billing';
import { CheckIcon, CircleCheckIcon, SparklesIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { usd } from '@/features/marketing/utils/prices';
import { cn } from '@/lib/utils';

/**
 * Who is looking at the plans: a visitor (Get Started), someone whose session or plan is still loading, a
 * signed-in user whose plan could not be loaded (no buttons: the page says why), or a signed-in user with their
 * plan (Current plan, Change plan).
 */
export type Viewer =
  | { kind: 'visitor' }
  | { kind: 'loading' }
  | { kind: 'unavailable' }
  /** A member who is not an owner: their plan is marked, but only an owner changes it (decision 035). */
  | { kind: 'member'; current: PlanId }
  | { kind: 'account'; current: PlanId; choose: (plan: PaidPlanId) => void };

/** The button under a plan, for whoever is looking. */
function PlanAction({ plan, viewer, visitor }: { plan: Plan; viewer: Viewer; visitor: ReactNode }) {
  if (viewer.kind === 'visitor') return visitor;
  if (viewer.kind === 'loading') return <Skeleton className="h-11 w-full rounded-lg" />;
  if (viewer.kind === 'unavailable') return null;
  if (plan.id === viewer.current) {
    // Focusable (not disabled), so that the focus stays here after this plan was chosen in the dialog.
    return (
      <Button className="w-full" size="lg" variant="outline" aria-disabled="true">
        <CircleCheckIcon aria-hidden="true" />
        Current plan
      </Button>
    );
  }
  if (plan.id === 'trial') return null; // Every account starts on it; no account goes back.
  if (viewer.kind === 'member') return null;
  const paid = plan.id;
  return (
    <Button
      className="w-full"
      size="lg"
      variant={plan.popular ? 'default' : 'outline'}
      aria-label={`Change plan to ${plan.name}`}
      onClick={() => viewer.choose(paid)}
    >
      Change plan
    </Button>
  );
}

/** A paid plan: its price, what it includes, and the button for whoever is looking. */
export function PlanCard({ plan, viewer }: { plan: Plan; viewer: Viewer }) {
  const current = (viewer.kind === 'account' || viewer.kind === 'member') && viewer.current === plan.id;
  return (
    <Card
      className={cn(
        'relative',
        plan.popular && 'border-primary shadow-lg ring-1 ring-primary lg:-my-3 lg:py-9',
      )}
      data-testid={`plan-${plan.id}`}
    >
      {plan.popular && (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 gap-1 px-3 py-1 shadow-sm">
          <SparklesIcon aria-hidden="true" />
          Most Popular
        </Badge>
      )}
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle as="h2" className="text-lg">
            {plan.name}
          </CardTitle>
          {current ? <Badge variant="secondary">Current plan</Badge> : null}
        </div>
        <CardDescription>{plan.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <p className="flex items-baseline gap-1">
          <span className="text-4xl font-bold tracking-tight">{usd.format(plan.price)}</span>
          <span className="text-muted-foreground">/{plan.period}</span>
        </p>
        <ul className="grid gap-3 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2.5">
              <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="mt-auto">
        <PlanAction
          plan={plan}
          viewer={viewer}
          visitor={
            <Button asChild className="w-full" size="lg" variant={plan.popular ? 'default' : 'outline'}>
              <Link to={paths.signup}>Get Started</Link>
            </Button>
          }
        />
      </CardFooter>
    </Card>
  );
}

/** The free trial: the same allowance the server enforces (packages/shared plans). */
export function TrialCard({ viewer }: { viewer: Viewer }) {
  const trial = PLANS.trial;
  const current = (viewer.kind === 'account' || viewer.kind === 'member') && viewer.current === 'trial';
  return (
    <section
      aria-labelledby="trial-heading"
      className="mt-10 flex flex-col gap-6 rounded-xl border border-dashed border-primary/40 bg-primary-soft/40 p-6 sm:p-8 lg:flex-row lg:items-center"
    >
      <div className="lg:w-64 lg:shrink-0">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="trial-heading" className="text-lg font-semibold">
            {trial.name}
          </h2>
          {current ? <Badge variant="secondary">Current plan</Badge> : null}
        </div>
        <p className="mt-1 flex items-baseline gap-1">
          <span className="text-3xl font-bold tracking-tight">{usd.format(trial.price)}</span>
          <span className="text-muted-foreground">{trial.period}</span>
        </p>
      </div>
      <div className="flex-1">
        <p className="text-sm text-muted-foreground">{trial.description}</p>
        <ul className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
          {trial.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              {feature}
            </li>
          ))}
        </ul>
      </div>
      <div className="lg:w-48 lg:shrink-0">
        <PlanAction
          plan={trial}
          viewer={viewer}
          visitor={
            <Button asChild size="lg" className="w-full">
              <Link to={paths.signup}>Start Free Trial</Link>
            </Button>
          }
        />
      </div>
    </section>
  );
}
