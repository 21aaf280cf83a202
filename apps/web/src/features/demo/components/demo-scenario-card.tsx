import type { DemoScenario } from '@callwise/shared/demo';
import { findVoice } from '@callwise/shared/voices';
import { AudioLinesIcon, PhoneCallIcon, PlayIcon, SquareIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export interface DemoScenarioCardProps {
  scenario: DemoScenario;
  playing: boolean;
  onToggle: () => void;
  onCall: () => void;
}

/** One sample call: what it is, its script and voice, play/stop, and the green button to talk to it. */
export function DemoScenarioCard({ scenario, playing, onToggle, onCall }: DemoScenarioCardProps) {
  const voice = findVoice(scenario.voice);
  return (
    <Card
      data-testid={`scenario-${scenario.id}`}
      className={playing ? 'border-primary ring-1 ring-primary' : undefined}
    >
      <CardHeader>
        <CardTitle as="h3">{scenario.title}</CardTitle>
        <CardDescription>{scenario.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <blockquote className="flex-1 rounded-lg border-l-4 border-primary/40 bg-muted/60 px-4 py-3 text-sm leading-relaxed">
          “{scenario.script}”
        </blockquote>
        <div className="flex flex-wrap items-center gap-3">
          <Badge variant="outline" className="gap-1.5">
            <AudioLinesIcon aria-hidden="true" />
            <span className="sr-only">Voice:</span>
            {scenario.voiceLabel}
            {voice && <span className="text-muted-foreground">· {voice.name}</span>}
          </Badge>
          {playing && (
            <span role="status" className="inline-flex items-center gap-2 text-sm font-medium text-primary">
              <span aria-hidden="true" className="flex h-3 items-end gap-0.5">
                <span className="h-full w-0.5 animate-pulse rounded-full bg-current" />
                <span className="h-2/3 w-0.5 animate-pulse rounded-full bg-current [animation-delay:200ms]" />
                <span className="h-full w-0.5 animate-pulse rounded-full bg-current [animation-delay:400ms]" />
              </span>
              Playing Demo...
            </span>
          )}
          <div className="ml-auto flex items-center gap-2">
            <Button
              variant={playing ? 'secondary' : 'outline'}
              onClick={onToggle}
              aria-label={playing ? `Stop ${scenario.title} demo` : `Play ${scenario.title} demo`}
            >
              {playing ? <SquareIcon aria-hidden="true" /> : <PlayIcon aria-hidden="true" />}
              {playing ? 'Stop' : 'Play'}
            </Button>
            <Button
              variant="success"
              size="icon"
              className="rounded-full"
              onClick={onCall}
              aria-label={`Call: ${scenario.title} (interactive)`}
              title="Start an interactive call"
            >
              <PhoneCallIcon aria-hidden="true" />
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
