import { PAID_PLANS, PLANS, type Plan, type PlanId } from '@callwise/shared/plans';
import { EXTRA_CALL_PRICE_USD, NOTICE_DAYS, TRIAL_CALLS } from '@callwise/shared/product';
import type { PaidPlanId } from '@callwise/shared/schemas/billing';
import { useQuery } from '@tanstack/react-query';
import { CheckIcon, CircleCheckIcon, RotateCwIcon, SparklesIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import type { PlanChoice } from '@/features/billing/components/plan-picker';
import { meQueryKey } from '@/lib/query-keys';
import { cn } from '@/lib/utils';

/** The plan change of Settings → Billing: loaded only for a signed-in user, so visitors never download it. */
const PlanPicker = lazy(() => import('@/features/billing/components/plan-picker'));

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const faqs = [
  {
    question: 'How does the free trial work?',
    answer: `Every new account gets ${TRIAL_CALLS} real AI calls with every feature and voice. No credit card is needed, and nothing is charged when the trial ends.`,
  },
  {
    question: 'What happens if I go over my monthly calls?',
    answer: `Your calls keep going. Each call beyond your plan's allowance costs ${usdCents.format(EXTRA_CALL_PRICE_USD)}, shown on your invoice.`,
  },
  {
    question: 'Can I change or cancel my plan?',
    answer:
      'Yes. Upgrade, downgrade or cancel at any time; a cancellation takes effect at the end of the month already paid. There are no setup fees and no long-term contracts.',
  },
  {
    question: 'Do prices change?',
    answer: `We announce any price change at least ${NOTICE_DAYS} days in advance, by email and in the app.`,
  },
];

/**
 * Who is looking at the plans: a visitor (Get Started), someone whose session or plan is still loading, a
 * signed-in user whose plan could not be loaded (no buttons: the page says why), or a signed-in user with their
 * plan (Current plan, Change plan).
 */
type Viewer =
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

function PlanCard({ plan, viewer }: { plan: Plan; viewer: Viewer }) {
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
function TrialCard({ viewer }: { viewer: Viewer }) {
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

/** A signed-in user's plan and usage above the plans, with the way to the rest of billing. */
function AccountSummary({ choice }: { choice: PlanChoice }) {
  if (choice.error) {
    return (
      <div
        role="alert"
        className="mx-auto mt-8 flex max-w-2xl flex-col items-center gap-3 rounded-lg border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm text-destructive-soft-foreground sm:flex-row sm:justify-between"
      >
        <p>{choice.error}</p>
        <Button variant="outline" size="sm" onClick={choice.retry}>
          <RotateCwIcon aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  const { billing } = choice;
  if (!billing) return <Skeleton className="mx-auto mt-8 h-12 w-full max-w-2xl rounded-lg" />;
  const trial = billing.plan === 'trial';
  return (
    <p
      data-testid="pricing-current-plan"
      className="mx-auto mt-8 max-w-2xl rounded-lg border bg-muted/40 px-4 py-3 text-center text-sm text-pretty"
    >
      You are on the <span className="font-semibold">{billing.plan_name}</span> plan:{' '}
      {billing.calls_used.toLocaleString()} of {billing.calls_included.toLocaleString()} calls used
      {trial ? '' : ' this month'}.{' '}
      <Link
        to={paths.settingsBilling}
        className="font-medium whitespace-nowrap text-primary underline underline-offset-4"
      >
        Billing settings
      </Link>
    </p>
  );
}

function PricingView({ viewer, summary }: { viewer: Viewer; summary?: ReactNode }) {
  const signedIn = viewer.kind !== 'visitor';
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:py-20">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          Simple, transparent pricing
        </h1>
        <p className="mt-4 text-lg text-muted-foreground">
          {signedIn
            ? 'Change plan at any time: the new plan starts today, with no setup fees and no long-term contract.'
            : `Start with ${TRIAL_CALLS} free calls. Pick a plan when you are ready: no setup fees, cancel anytime.`}
        </p>
      </header>
      {summary}

      <div className="mt-14 grid gap-8 lg:grid-cols-3 lg:gap-6">
        {PAID_PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} viewer={viewer} />
        ))}
      </div>
      <TrialCard viewer={viewer} />

      <p className="mt-8 text-center text-sm text-muted-foreground">
        Prices in US dollars per month. Extra calls beyond your plan: {usdCents.format(EXTRA_CALL_PRICE_USD)}{' '}
        each.
      </p>

      <section aria-labelledby="faq-heading" className="mx-auto mt-20 max-w-4xl">
        <h2 id="faq-heading" className="text-center text-2xl font-semibold tracking-tight sm:text-3xl">
          Frequently asked questions
        </h2>
        <dl className="mt-10 grid gap-x-10 gap-y-8 sm:grid-cols-2">
          {faqs.map((faq) => (
            <div key={faq.question}>
              <dt className="font-semibold">{faq.question}</dt>
              <dd className="mt-2 text-sm leading-relaxed text-muted-foreground">{faq.answer}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

/**
 * Pricing: the plans, the trial and the FAQ. A visitor gets Get Started (to sign up); a signed-in user sees their
 * plan marked and changes it here with the same dialog as Settings → Billing (where upgrade links lead).
 */
export default function PricingPage() {
  const { status } = useAuth();
  // The plan is an owner's to change (and GET /v1/billing an owner's to read): anyone else sees theirs marked.
  // The API client loads on demand, as the plan picker does: visitors never download it.
  const me = useQuery({
    queryKey: meQueryKey,
    queryFn: async ({ signal }) => (await import('@/features/settings/api/get-me')).getMe(signal),
    meta: { silentErrors: true },
    enabled: status === 'signed-in',
  });
  if (status === 'signed-out') return <PricingView viewer={{ kind: 'visitor' }} />;
  const loading = <PricingView viewer={{ kind: 'loading' }} />;
  if (status === 'loading' || (status === 'signed-in' && me.isPending)) return loading;
  if (me.data && me.data.role !== 'owner') {
    return (
      <PricingView
        viewer={{ kind: 'member', current: me.data.account.plan }}
        summary={
          <p
            data-testid="pricing-current-plan"
            className="mx-auto mt-8 max-w-2xl rounded-lg border bg-muted/40 px-4 py-3 text-center text-sm text-pretty"
          >
            {me.data.account.name} is on the{' '}
            <span className="font-semibold">{PLANS[me.data.account.plan].name}</span> plan. Only an owner can
            change it.
          </p>
        }
      />
    );
  }
  return (
    <Suspense fallback={loading}>
      <PlanPicker>
        {(choice) => (
          <PricingView
            viewer={
              choice.billing
                ? { kind: 'account', current: choice.billing.plan, choose: choice.choose }
                : { kind: choice.error ? 'unavailable' : 'loading' }
            }
            summary={<AccountSummary choice={choice} />}
          />
        )}
      </PlanPicker>
    </Suspense>
  );
}
