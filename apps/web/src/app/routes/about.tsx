import { PRODUCT_NAME, TRIAL_CALLS } from '@callwise/shared/product';
import {
  HeartHandshakeIcon,
  PhoneCallIcon,
  PlayIcon,
  ShieldCheckIcon,
  SparklesIcon,
  StoreIcon,
  TargetIcon,
  UsersIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';

const values = [
  {
    icon: HeartHandshakeIcon,
    title: 'Respect for the person on the line',
    description:
      'Every call offers a way to stop further calls, and every opt-out is recorded the moment it is made.',
  },
  {
    icon: TargetIcon,
    title: 'Simplicity first',
    description:
      'Set-up in under five minutes. If a feature needs a manual, we have not finished designing it.',
  },
  {
    icon: ShieldCheckIcon,
    title: 'Trust by default',
    description: 'Your customers’ data is yours. We keep it safe, keep it short, and never sell it.',
  },
  {
    icon: SparklesIcon,
    title: 'Honest technology',
    description: 'AI voices that sound natural, with results you can check call by call.',
  },
];

/** Our story, in three steps side by side (one under the other on a phone). */
const story = [
  {
    icon: StoreIcon,
    title: 'Where it started',
    text: `${PRODUCT_NAME} started at a front desk. A small clinic spent hours each week phoning patients to confirm appointments, and still lost a slot or two to no-shows every day.`,
  },
  {
    icon: PhoneCallIcon,
    title: 'What we built',
    text: 'Call centres were too expensive and text messages were too easy to ignore. So we built the tool we wished they had: a friendly, natural-sounding voice that makes those routine calls at the right time, understands the answer, and tells you what happened.',
  },
  {
    icon: UsersIcon,
    title: 'Where we are today',
    text: `Today clinics, salons, delivery services and coaches use ${PRODUCT_NAME} to spend less time on the phone and more time with the people they serve.`,
  },
];

export default function AboutPage() {
  return (
    <>
      <section className="border-b bg-gradient-to-b from-primary-soft/60 to-background">
        <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 lg:py-24">
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">About {PRODUCT_NAME}</h1>
          <p className="mt-6 text-sm font-semibold tracking-wide text-primary uppercase">Our mission</p>
          <p className="mt-2 text-lg text-pretty text-muted-foreground">
            Our mission is to give every small business the phone manners of a large one: the reminder that
            arrives on time, the confirmation that is never forgotten, the follow-up that actually happens.
          </p>
        </div>
      </section>

      <div className="mx-auto grid w-full max-w-6xl gap-20 px-4 py-16 sm:px-6 lg:py-20">
        <section aria-labelledby="story-heading">
          <h2 id="story-heading" className="text-3xl font-semibold tracking-tight">
            Our story
          </h2>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {story.map((step, index) => (
              <li key={step.title} className="relative rounded-xl border bg-card p-6 shadow-xs">
                <div className="flex items-center gap-3">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                    <step.icon aria-hidden="true" className="size-5" />
                  </span>
                  <span aria-hidden="true" className="text-sm font-semibold text-primary tabular-nums">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                </div>
                <h3 className="mt-4 font-semibold">{step.title}</h3>
                <p className="mt-2 leading-relaxed text-muted-foreground">{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="values-heading">
          <h2 id="values-heading" className="text-3xl font-semibold tracking-tight">
            What we value
          </h2>
          <div className="mt-8 grid gap-6 sm:grid-cols-2">
            {values.map((value) => (
              <Card key={value.title} className="gap-0">
                <CardContent className="flex gap-4">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                    <value.icon aria-hidden="true" className="size-5" />
                  </span>
                  <div>
                    <h3 className="font-semibold">{value.title}</h3>
                    <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">
                      {value.description}
                    </p>
                  </div>
                </CardContent>
              </Card>
            ))}
          </div>
        </section>

        <section
          aria-labelledby="about-cta-heading"
          className="rounded-2xl border bg-muted/40 px-6 py-12 text-center sm:px-12"
        >
          <h2 id="about-cta-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            See what {PRODUCT_NAME} can do for you
          </h2>
          <p className="mt-3 text-muted-foreground">{TRIAL_CALLS} free calls, no credit card required.</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={paths.signup}>Start Free Trial</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.demo}>
                <PlayIcon aria-hidden="true" />
                Watch Demo
              </Link>
            </Button>
          </div>
        </section>
      </div>
    </>
  );
}
