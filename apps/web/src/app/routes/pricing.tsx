import { PAID_PLANS, PLANS, type Plan } from '@callwise/shared/plans';
import { EXTRA_CALL_PRICE_USD, NOTICE_DAYS, TRIAL_CALLS } from '@callwise/shared/product';
import { CheckIcon, SparklesIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

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

function PlanCard({ plan }: { plan: Plan }) {
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
        <CardTitle as="h2" className="text-lg">
          {plan.name}
        </CardTitle>
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
        <Button asChild className="w-full" size="lg" variant={plan.popular ? 'default' : 'outline'}>
          <Link to={paths.signup}>Get Started</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

/** The free trial: the same allowance the server enforces (packages/shared plans). */
function TrialCard() {
  const trial = PLANS.trial;
  return (
    <section
      aria-labelledby="trial-heading"
      className="mt-10 flex flex-col gap-6 rounded-xl border border-dashed border-primary/40 bg-primary-soft/40 p-6 sm:p-8 lg:flex-row lg:items-center"
    >
      <div className="lg:w-64 lg:shrink-0">
        <h2 id="trial-heading" className="text-lg font-semibold">
          {trial.name}
        </h2>
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
      <Button asChild size="lg" className="lg:shrink-0">
        <Link to={paths.signup}>Start Free Trial</Link>
      </Button>
    </section>
  );
}

export default function PricingPage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:py-20">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          Simple, transparent pricing
        </h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Start with {TRIAL_CALLS} free calls. Pick a plan when you are ready: no setup fees, cancel anytime.
        </p>
      </header>

      <div className="mt-14 grid gap-8 lg:grid-cols-3 lg:gap-6">
        {PAID_PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </div>
      <TrialCard />

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
