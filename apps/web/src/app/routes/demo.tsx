import { DEMO_SCENARIOS, type DemoScenario } from '@callwise/shared/demo';
import { PRODUCT_NAME, TRIAL_CALLS } from '@callwise/shared/product';
import { AudioLinesIcon, MessagesSquareIcon, PhoneCallIcon, ZapIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { DemoScenarioCard } from '@/features/demo/components/demo-scenario-card';
import { InteractiveCallDialog } from '@/features/demo/components/interactive-call-dialog';
import { useDemoVoice } from '@/features/demo/hooks/use-demo-voice';

const highlights = [
  {
    icon: MessagesSquareIcon,
    title: 'Interactive Calls',
    description:
      'Recipients answer by keypress or by voice: confirm, cancel, reschedule or ask a question. You see every answer.',
  },
  {
    icon: AudioLinesIcon,
    title: 'Multiple Voice Options',
    description:
      'Six natural voices with different tones, from professional to warm, so every call fits your brand.',
  },
  {
    icon: ZapIcon,
    title: 'Instant Setup',
    description:
      'Add a contact, pick a script and a voice, and schedule. Your first call goes out in minutes.',
  },
];

/** The voice key of the interactive call (scenario cards use their own ids). */
const CALL_VOICE = 'call';

export default function DemoPage() {
  const voice = useDemoVoice();
  const [calling, setCalling] = useState<DemoScenario | null>(null);

  const startCall = (scenario: DemoScenario) => {
    voice.stop();
    setCalling(scenario);
  };
  const endCall = useCallback(() => {
    voice.stop();
    setCalling(null);
  }, [voice.stop]);
  const speakInCall = useCallback(
    (scenario: DemoScenario, text: string) => voice.speak(CALL_VOICE, scenario, text),
    [voice.speak],
  );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-14 sm:px-6 lg:py-20">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          Hear {PRODUCT_NAME} in action
        </h1>
        <p className="mt-4 text-lg text-pretty text-muted-foreground">
          Play a sample call to hear how your customers will experience it, or press the green button to take
          the call yourself and answer the assistant.
        </p>
      </header>

      <section aria-labelledby="scenarios-heading" className="mt-12 lg:mt-14">
        <h2 id="scenarios-heading" className="sr-only">
          Sample calls
        </h2>
        <div className="grid gap-6 lg:grid-cols-2">
          {DEMO_SCENARIOS.map((scenario) => {
            const key = `scenario:${scenario.id}`;
            const playing = voice.speakingKey === key;
            return (
              <DemoScenarioCard
                key={scenario.id}
                scenario={scenario}
                playing={playing}
                onToggle={() => (playing ? voice.stop() : voice.speak(key, scenario, scenario.script))}
                onCall={() => startCall(scenario)}
              />
            );
          })}
          <Card className="gap-4 border-dashed bg-muted/30 shadow-none">
            <CardHeader>
              <span className="mb-2 flex size-10 items-center justify-center rounded-full bg-success-soft text-success-soft-foreground">
                <PhoneCallIcon aria-hidden="true" className="size-5" />
              </span>
              <CardTitle as="h3">Take the call yourself</CardTitle>
              <CardDescription className="leading-relaxed">
                Press a green button to answer one of these calls. Reply as your customers would, by typing or
                speaking: “Yes, I’ll be there”, “Could we do another day?”, “Stop calling me”, or a key such
                as 1, 2 or 3.
              </CardDescription>
            </CardHeader>
            <CardContent className="text-sm leading-relaxed text-muted-foreground">
              The replies come from the same engine that answers your customers on real calls, and you see the
              outcome it would record in your call history.
            </CardContent>
          </Card>
        </div>
      </section>

      <section aria-labelledby="demo-features-heading" className="mt-20">
        <h2
          id="demo-features-heading"
          className="text-center text-2xl font-semibold tracking-tight sm:text-3xl"
        >
          Why businesses choose {PRODUCT_NAME}
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {highlights.map((item) => (
            <Card key={item.title} className="gap-4">
              <CardHeader>
                <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                  <item.icon aria-hidden="true" className="size-5" />
                </span>
                <CardTitle as="h3">{item.title}</CardTitle>
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
        <p className="mt-3 text-sm text-muted-foreground">No credit card required. Cancel anytime.</p>
      </div>

      <InteractiveCallDialog scenario={calling} speak={speakInCall} onClose={endCall} />
    </div>
  );
}
