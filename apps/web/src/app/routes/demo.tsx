import { TRIAL_CALLS } from '@callwise/shared/product';
import { AudioLinesIcon, MessagesSquareIcon, ZapIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { DemoScenarioCard } from '@/features/demo/components/demo-scenario-card';
import { useSpeechPreview } from '@/features/demo/hooks/use-speech-preview';
import { DEMO_SCENARIOS } from '@/features/demo/scenarios';

const highlights = [
  {
    icon: MessagesSquareIcon,
    title: 'Interactive Calls',
    description: 'Recipients answer by keypress or by voice: confirm, cancel, reschedule or ask a question.',
  },
  {
    icon: AudioLinesIcon,
    title: 'Multiple Voice Options',
    description: 'Six natural voices with different tones, so every call fits your brand.',
  },
  {
    icon: ZapIcon,
    title: 'Instant Setup',
    description: 'Add a contact, pick a script and a voice, and schedule. Your first call in minutes.',
  },
];

export default function DemoPage() {
  const speech = useSpeechPreview();

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:py-20">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          Hear Callwise in action
        </h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Play a sample call to hear how your customers will experience it.
          {!speech.supported && ' (Your browser cannot play these samples aloud.)'}
        </p>
      </header>

      <section aria-labelledby="scenarios-heading" className="mt-14">
        <h2 id="scenarios-heading" className="sr-only">
          Sample calls
        </h2>
        <div className="grid gap-6 lg:grid-cols-2">
          {DEMO_SCENARIOS.map((scenario) => {
            const playing = speech.playingId === scenario.id;
            return (
              <DemoScenarioCard
                key={scenario.id}
                scenario={scenario}
                playing={playing}
                canPlay={speech.supported}
                onToggle={() => (playing ? speech.stop() : speech.play(scenario.id, scenario.script))}
              />
            );
          })}
        </div>
      </section>

      <section aria-labelledby="demo-features-heading" className="mt-20">
        <h2
          id="demo-features-heading"
          className="text-center text-2xl font-semibold tracking-tight sm:text-3xl"
        >
          Why businesses choose Callwise
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {highlights.map((item) => (
            <Card key={item.title} className="gap-4">
              <CardHeader>
                <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                  <item.icon aria-hidden="true" className="size-5" />
                </span>
                <CardTitle>{item.title}</CardTitle>
                <CardDescription className="leading-relaxed">{item.description}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
      </section>

      <div className="mt-16 text-center">
        <Button asChild size="lg" className="h-auto min-h-11 py-2.5 whitespace-normal">
          <Link to={paths.signup}>Start Free Trial - {TRIAL_CALLS} Calls Included</Link>
        </Button>
      </div>
    </div>
  );
}
