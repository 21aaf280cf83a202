import { formatPhone } from '@callwise/shared/phone';
import type { Onboarding, OnboardingStepId } from '@callwise/shared/schemas/dashboard';
import { CheckCircle2Icon, ChevronRightIcon, CircleIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

/** What a step's link and hint depend on. */
interface StepContext {
  /** Calls go to the simulated carrier (no Twilio). */
  simulated: boolean;
  /** The signed-in person's own number (Settings → Profile), E.164; null when not given. */
  ownPhone: string | null;
}

interface StepText {
  title: string;
  to: string | ((context: StepContext) => string);
  hint: (context: StepContext) => string;
}

const SIMULATED =
  'Calls go to a simulated carrier until Twilio is configured: no real phone rings, a built-in callee answers and confirms.';

const STEPS: Record<OnboardingStepId, StepText> = {
  profile: {
    title: 'Add your business details and time zone',
    to: paths.settingsProfile,
    hint: () => 'Check your name and company, and choose the time zone your schedule times are in.',
  },
  contacts: {
    title: 'Add your first contacts',
    to: paths.contacts,
    hint: () => 'Add the people you call, one by one or from a CSV file.',
  },
  script: {
    title: 'Write a script',
    to: paths.scripts,
    hint: () => 'A message to reuse, with {{name}}, {{date}} and {{time}} filled in for each call.',
  },
  test_call: {
    title: 'Place a test call to your own phone',
    // With your number known, the schedule view opens with it filled in; else the profile is where to give it.
    to: ({ ownPhone }) => (ownPhone ? `${paths.dashboard}?schedule=1&test=1` : paths.settingsProfile),
    hint: ({ simulated, ownPhone }) => {
      const ask = ownPhone
        ? `Schedule a call to your number, ${formatPhone(ownPhone)}, and answer it.`
        : 'Add your phone number to your profile, then schedule a call to it and answer it.';
      return `${ask}${simulated ? ` ${SIMULATED}` : ''} Done once a call to your number completes.`;
    },
  },
  upgrade: {
    title: 'Choose a plan',
    to: paths.pricing,
    hint: () => 'The trial includes 10 calls; paid plans include 100 to 2,000 calls a month.',
  },
};

/**
 * The first-run checklist (issue #16 item 16): five steps, each a link to where it is done, the progress, and
 * Hide checklist. Every step's state comes from the server; the dashboard shows the card until every step is
 * done or someone hides it.
 */
export function OnboardingChecklist({
  onboarding,
  simulated,
  ownPhone,
  hiding,
  onHide,
}: StepContext & {
  onboarding: Onboarding;
  hiding: boolean;
  onHide: () => void;
}) {
  const progress = `${onboarding.done} of ${onboarding.total} done`;
  const context: StepContext = { simulated, ownPhone };
  return (
    <Card data-testid="onboarding-checklist" aria-labelledby="onboarding-heading">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1.5">
          <CardTitle as="h2" id="onboarding-heading">
            Get started
          </CardTitle>
          <CardDescription>Five steps to your first real calls. {progress}.</CardDescription>
        </div>
        <Button variant="outline" size="sm" className="self-start" disabled={hiding} onClick={onHide}>
          Hide checklist
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div
          role="progressbar"
          aria-label="Getting started"
          aria-valuemin={0}
          aria-valuemax={onboarding.total}
          aria-valuenow={onboarding.done}
          aria-valuetext={progress}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${Math.round((onboarding.done / Math.max(1, onboarding.total)) * 100)}%` }}
          />
        </div>
        <ol className="grid gap-1">
          {onboarding.steps.map((step) => {
            const text = STEPS[step.id];
            const Icon = step.done ? CheckCircle2Icon : CircleIcon;
            return (
              <li key={step.id} data-testid={`onboarding-step-${step.id}`} data-done={step.done}>
                <Link
                  to={typeof text.to === 'string' ? text.to : text.to(context)}
                  className="group flex items-start gap-3 rounded-md px-2 py-2.5 outline-none hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <Icon
                    aria-hidden="true"
                    className={cn(
                      'mt-0.5 size-5 shrink-0',
                      step.done ? 'text-success' : 'text-muted-foreground',
                    )}
                  />
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span className={cn('font-medium', step.done && 'text-muted-foreground')}>
                      <span className="sr-only">{step.done ? 'Done: ' : 'To do: '}</span>
                      {text.title}
                    </span>
                    <span className="text-sm text-muted-foreground">{text.hint(context)}</span>
                  </span>
                  <ChevronRightIcon
                    aria-hidden="true"
                    className="mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                  />
                </Link>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
