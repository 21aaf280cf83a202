import { TRIAL_CALLS } from '@callwise/shared/product';
import { CheckIcon, PhoneCallIcon, PlayIcon } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { CallPreview } from '@/features/marketing/components/call-preview';
import {
  ClosingCallToAction,
  FeaturesSection,
  Highlights,
  IndustriesSection,
} from '@/features/marketing/components/landing-sections';

/** The overlay (and the dialog code under it) loads after the page, so it never delays the first paint. */
const loadOverlay = () => import('@/features/marketing/components/incoming-call-overlay');
const IncomingCallOverlay = lazy(loadOverlay);

const assurances = ['No credit card required', 'No setup fees', 'Cancel anytime'];

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

      <Highlights />

      <FeaturesSection />

      <IndustriesSection />

      <ClosingCallToAction signedIn={signedIn} />

      <Suspense fallback={null}>
        {callShown && (
          <IncomingCallOverlay open={callOpen} onOpenChange={setCallOpen} onAccept={acceptCall} />
        )}
      </Suspense>
    </>
  );
}
