import { PAID_PLANS, PLANS } from '@callwise/shared/plans';
import { EXTRA_CALL_PRICE_USD, NOTICE_DAYS, TRIAL_CALLS } from '@callwise/shared/product';
import { useQuery } from '@tanstack/react-query';
import { RotateCwIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import type { PlanChoice } from '@/features/billing/components/plan-picker';
import { PlanCard, TrialCard, type Viewer } from '@/features/marketing/components/plan-cards';
import { usdCents } from '@/features/marketing/utils/prices';
import { meQueryKey } from '@/lib/query-keys';

/** The plan change of Settings → Billing: loaded only for a signed-in user, so visitors never download it. */
const PlanPicker = lazy(() => import('@/features/billing/components/plan-picker'));

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
