import { AudioLinesIcon, PlayIcon, SquareIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { DemoScenario } from '@/features/demo/scenarios';

export interface DemoScenarioCardProps {
  scenario: DemoScenario;
  playing: boolean;
  canPlay: boolean;
  onToggle: () => void;
}

export function DemoScenarioCard({ scenario, playing, canPlay, onToggle }: DemoScenarioCardProps) {
  return (
    <Card className={playing ? 'border-primary ring-1 ring-primary' : undefined}>
      <CardHeader>
        <CardTitle as="h3">{scenario.title}</CardTitle>
        <CardDescription>{scenario.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <blockquote className="rounded-lg border-l-4 border-primary/40 bg-muted/60 px-4 py-3 text-sm leading-relaxed">
          {scenario.script}
        </blockquote>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant={playing ? 'secondary' : 'default'}
            onClick={onToggle}
            disabled={!canPlay}
            aria-label={playing ? `Stop ${scenario.title} demo` : `Play ${scenario.title} demo`}
          >
            {playing ? <SquareIcon aria-hidden="true" /> : <PlayIcon aria-hidden="true" />}
            {playing ? 'Stop' : 'Play'}
          </Button>
          {playing && (
            <span role="status" className="inline-flex items-center gap-2 text-sm font-medium text-primary">
              <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-primary" />
              Playing Demo...
            </span>
          )}
          <Badge variant="outline" className="ml-auto gap-1.5">
            <AudioLinesIcon aria-hidden="true" />
            <span className="sr-only">Voice:</span>
            {scenario.voiceLabel}
          </Badge>
        </div>
      </CardContent>
    </Card>
  );
}
