import { TRIAL_CALLS } from '@callwise/shared/product';
import {
  AudioLinesIcon,
  BarChart3Icon,
  CalendarClockIcon,
  FileTextIcon,
  GraduationCapIcon,
  PhoneIncomingIcon,
  ScissorsIcon,
  StethoscopeIcon,
  TruckIcon,
  UsersIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

/** Sections below the first screen are laid out and painted only when they come near it. */
const belowTheFold = '[content-visibility:auto] [contain-intrinsic-size:auto_40rem]';

const features = [
  {
    icon: AudioLinesIcon,
    title: 'Realistic AI Voices',
    description: 'Six natural voices, from professional to warm, that your customers are happy to listen to.',
  },
  {
    icon: CalendarClockIcon,
    title: 'Scheduled or Instant Calls',
    description:
      'Call now or at the right moment. Busy and unanswered calls are retried for you automatically.',
  },
  {
    icon: FileTextIcon,
    title: 'Custom Scripts',
    description:
      'Write once with variables like {{name}}, {{date}} and {{time}}; every call sounds personal.',
  },
  {
    icon: BarChart3Icon,
    title: 'Call Analytics',
    description: 'Success rates, durations, costs and responses for every call, in one clear history.',
  },
  {
    icon: UsersIcon,
    title: 'Contact Management',
    description:
      'Import and segment your customers, keep consent on record, and respect opt-outs automatically.',
  },
  {
    icon: PhoneIncomingIcon,
    title: 'Inbound and Outbound',
    description: 'Customers confirm, cancel or reschedule by keypress or by voice; you see every answer.',
  },
];

const industries = [
  {
    icon: StethoscopeIcon,
    title: 'Clinics',
    description: 'Appointment reminders that cut no-shows and fill cancelled slots.',
  },
  {
    icon: ScissorsIcon,
    title: 'Salons and Spas',
    description: 'Booking confirmations and rebooking calls for a fuller calendar.',
  },
  {
    icon: TruckIcon,
    title: 'Delivery Services',
    description: 'Order confirmations and delivery windows, before the driver leaves.',
  },
  {
    icon: GraduationCapIcon,
    title: 'Coaches and Consultants',
    description: 'Session reminders and follow-ups that keep clients on track.',
  },
];

const highlights = [
  { value: `${TRIAL_CALLS}`, label: 'free calls to start' },
  { value: '< 5 min', label: 'to set up' },
  { value: '99.9%', label: 'uptime' },
  { value: '< 500 ms', label: 'average response' },
];

/** The numbers under the first screen: free calls, setup time, uptime, response time. */
export function Highlights() {
  return (
    <section aria-label="At a glance" className="border-b">
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-10 sm:px-6 md:grid-cols-4">
        {highlights.map((item) => (
          <div key={item.label} className="flex flex-col-reverse text-center">
            <dt className="mt-1 text-sm text-muted-foreground">{item.label}</dt>
            <dd className="text-3xl font-semibold tracking-tight text-primary">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** What Callwise does, one card a feature. */
export function FeaturesSection() {
  return (
    <section
      aria-labelledby="features-heading"
      className={cn(belowTheFold, 'mx-auto w-full max-w-6xl px-4 py-20 sm:px-6')}
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="features-heading" className="text-3xl font-semibold tracking-tight sm:text-4xl">
          Everything you need to call customers at scale
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">
          Set it up in minutes. Callwise places the calls, listens to the answers and reports back.
        </p>
      </div>
      <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map((feature) => (
          <Card key={feature.title} className="gap-4 transition-shadow hover:shadow-md">
            <CardHeader>
              <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                <feature.icon aria-hidden="true" className="size-5" />
              </span>
              <CardTitle>{feature.title}</CardTitle>
              <CardDescription className="leading-relaxed">{feature.description}</CardDescription>
            </CardHeader>
          </Card>
        ))}
      </div>
    </section>
  );
}

/** The businesses it is made for, one card each. */
export function IndustriesSection() {
  return (
    <section aria-labelledby="industries-heading" className={cn(belowTheFold, 'border-y bg-muted/40')}>
      <div className="mx-auto w-full max-w-6xl px-4 py-20 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="industries-heading" className="text-3xl font-semibold tracking-tight sm:text-4xl">
            Made for small businesses
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            The calls your team makes every day, handled for you.
          </p>
        </div>
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {industries.map((industry) => (
            <Card key={industry.title} className="gap-3">
              <CardContent className="grid gap-3">
                <industry.icon aria-hidden="true" className="size-6 text-primary" />
                <h3 className="font-semibold">{industry.title}</h3>
                <p className="text-sm leading-relaxed text-muted-foreground">{industry.description}</p>
              </CardContent>
            </Card>
          ))}
        </div>
      </div>
    </section>
  );
}

/** The last word of the page: start the trial, or go to the dashboard when signed in. */
export function ClosingCallToAction({ signedIn }: { signedIn: boolean }) {
  return (
    <section
      aria-labelledby="cta-heading"
      className={cn(belowTheFold, 'mx-auto w-full max-w-6xl px-4 py-20 sm:px-6')}
    >
      <div className="rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-lg sm:px-12">
        <h2 id="cta-heading" className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          Ready to stop chasing customers by phone?
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-primary-foreground/85">
          Try every feature free. No credit card, no setup fees, cancel anytime.
        </p>
        <Button
          asChild
          size="lg"
          variant="secondary"
          className="mt-8 h-auto min-h-11 bg-background py-2.5 whitespace-normal text-primary hover:bg-background/90"
        >
          <Link to={signedIn ? paths.dashboard : paths.signup}>
            {signedIn ? 'Go to Dashboard' : `Start Your Free Trial - ${TRIAL_CALLS} Calls Included`}
          </Link>
        </Button>
      </div>
    </section>
  );
}
