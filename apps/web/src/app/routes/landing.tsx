import { TRIAL_CALLS } from '@callwise/shared/product';
import {
  AudioLinesIcon,
  BarChart3Icon,
  CalendarClockIcon,
  CheckIcon,
  FileTextIcon,
  GraduationCapIcon,
  PhoneCallIcon,
  PhoneIncomingIcon,
  PlayIcon,
  ScissorsIcon,
  StethoscopeIcon,
  TruckIcon,
  UsersIcon,
} from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { cn } from '@/lib/utils';

/** The overlay (and the dialog code under it) loads after the page, so it never delays the first paint. */
const loadOverlay = () => import('@/features/marketing/components/incoming-call-overlay');
const IncomingCallOverlay = lazy(loadOverlay);

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

const assurances = ['No credit card required', 'No setup fees', 'Cancel anytime'];

function CallPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-br from-primary/20 via-primary/5 to-transparent blur-2xl" />
      <Card className="gap-0 overflow-hidden py-0 shadow-xl">
        <div className="flex items-center gap-3 border-b bg-muted/40 px-5 py-4">
          <span className="flex size-10 items-center justify-center rounded-full bg-success-soft text-success-soft-foreground">
            <PhoneCallIcon className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold">Appointment Reminder</p>
            <p className="text-xs text-muted-foreground">Voice: Aria · professional</p>
          </div>
          <Badge variant="success">Completed</Badge>
        </div>
        <div className="grid gap-3 px-5 py-5 text-sm">
          <p className="w-fit max-w-[85%] rounded-2xl rounded-tl-sm bg-primary-soft px-4 py-2.5 text-primary-soft-foreground">
            Hi Maria, this is Bright Smile Dental reminding you of your cleaning tomorrow at 10:00. Press 1 to
            confirm, 2 to cancel or 3 to reschedule.
          </p>
          <p className="ml-auto w-fit rounded-2xl rounded-tr-sm bg-muted px-4 py-2.5">Yes, I’ll be there.</p>
          <p className="w-fit max-w-[85%] rounded-2xl rounded-tl-sm bg-primary-soft px-4 py-2.5 text-primary-soft-foreground">
            Wonderful, you’re confirmed. See you tomorrow!
          </p>
        </div>
        <div className="flex items-center justify-between border-t px-5 py-3 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <CheckIcon className="size-3.5 text-success" /> Outcome: confirmed
          </span>
          <span>0m 38s</span>
        </div>
      </Card>
    </div>
  );
}

function StartButton({ signedIn, label }: { signedIn: boolean; label: string }) {
  return (
    <Button asChild size="lg">
      <Link to={signedIn ? paths.dashboard : paths.signup}>{signedIn ? 'Go to Dashboard' : label}</Link>
    </Button>
  );
}

export default function LandingPage() {
  const { status } = useAuth();
  const navigate = useNavigate();
  const [callOpen, setCallOpen] = useState(false);
  // Mounted from the first call on, so that closing can animate.
  const [callShown, setCallShown] = useState(false);
  const startCall = () => {
    setCallShown(true);
    setCallOpen(true);
  };
  const acceptCall = useCallback(() => {
    setCallOpen(false);
    void navigate(paths.demo);
  }, [navigate]);

  if (status === 'loading') {
    return <Spinner className="flex-1 py-32" size="lg" label="Loading..." />;
  }
  const signedIn = status === 'signed-in';

  return (
    <>
      <section className="relative overflow-hidden border-b bg-gradient-to-b from-primary-soft/60 to-background">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:py-24">
          <div>
            <Badge variant="secondary" className="px-3 py-1 text-[0.8125rem]">
              Launch special: {TRIAL_CALLS} free calls
            </Badge>
            <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance sm:text-5xl xl:text-[3.5rem] xl:leading-[1.05]">
              AI phone calls that keep your customers on schedule
            </h1>
            <p className="mt-5 max-w-xl text-lg text-pretty text-muted-foreground">
              Appointment reminders, order confirmations, follow-ups and promotions, spoken by realistic AI
              voices and placed exactly when you want. Built for clinics, salons, delivery services and
              coaches.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <StartButton signedIn={signedIn} label="Start Your Free Trial" />
              <Button asChild size="lg" variant="outline">
                <Link to={paths.demo}>
                  <PlayIcon aria-hidden="true" />
                  Watch Demo
                </Link>
              </Button>
              <Button
                size="lg"
                variant="secondary"
                onClick={startCall}
                // Fetched as soon as the visitor heads for the button, so that the call shows at once.
                onPointerEnter={() => void loadOverlay()}
                onFocus={() => void loadOverlay()}
                onTouchStart={() => void loadOverlay()}
              >
                <PhoneCallIcon aria-hidden="true" />
                Try Calling
              </Button>
            </div>
            <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">
              {assurances.map((item) => (
                <li key={item} className="inline-flex items-center gap-1.5">
                  <CheckIcon aria-hidden="true" className="size-4 text-success" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <CallPreview />
        </div>
      </section>

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

      <Suspense fallback={null}>
        {callShown && (
          <IncomingCallOverlay open={callOpen} onOpenChange={setCallOpen} onAccept={acceptCall} />
        )}
      </Suspense>
    </>
  );
}
