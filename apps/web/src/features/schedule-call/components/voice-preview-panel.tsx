import { AudioLinesIcon, LoaderCircleIcon, PlayIcon, RotateCcwIcon, SquareIcon } from 'lucide-react';
import { type RefObject, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { VoicePreview } from '@/features/schedule-call/hooks/use-voice-preview';
import { cn } from '@/lib/utils';

const clock = (seconds: number) => {
  const total = Math.max(0, Math.round(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
};

const STATUS_TEXT: Record<VoicePreview['status'], string> = {
  idle: 'Hear how your call will sound before you schedule it.',
  generating: 'Generating the voice preview...',
  ready: 'Preview ready. Press play to listen.',
  playing: 'Playing the preview...',
};

/**
 * The voice preview area: Generate Preview (idle), a spinner (generating), then Play / Stop with the length and
 * the progress of playback. The audio element itself is hidden; these buttons drive it.
 */
export function VoicePreviewPanel({
  preview,
  voiceName,
  audioRef,
  audioEvents,
  onGenerate,
  onPlay,
  onStop,
}: {
  preview: VoicePreview;
  voiceName: string;
  audioRef: RefObject<HTMLAudioElement | null>;
  audioEvents: {
    onPlay: () => void;
    onPause: () => void;
    onEnded: () => void;
    onError: () => void;
  };
  onGenerate: () => void;
  onPlay: () => void;
  onStop: () => void;
}) {
  const [elapsed, setElapsed] = useState(0);
  const [length, setLength] = useState<number | null>(null);
  const duration =
    preview.status === 'ready' || preview.status === 'playing' ? (preview.duration ?? length) : null;
  const playing = preview.status === 'playing';
  const progress = duration && playing ? Math.min(100, (elapsed / duration) * 100) : 0;

  return (
    <section
      aria-labelledby="voice-preview-heading"
      data-testid="voice-preview"
      data-state={preview.status}
      className="grid gap-3 rounded-lg border bg-muted/30 p-4"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={cn(
            'flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground',
            playing && 'motion-safe:animate-pulse',
          )}
        >
          <AudioLinesIcon className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id="voice-preview-heading" className="text-sm font-semibold">
            Voice preview
          </h3>
          <p className="text-sm text-muted-foreground" role="status" data-testid="voice-preview-status">
            {STATUS_TEXT[preview.status]}
          </p>
        </div>
      </div>

      {(preview.status === 'ready' || playing) && (
        <div className="grid gap-1.5">
          <div
            className="h-1.5 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label="Preview playback"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress)}
          >
            <div
              className="h-full rounded-full bg-primary transition-[width]"
              style={{ width: `${progress}%` }}
            />
          </div>
          <p className="flex justify-between text-xs text-muted-foreground tabular-nums">
            <span>{voiceName}</span>
            <span>
              {playing ? `${clock(elapsed)} / ` : ''}
              {duration ? clock(duration) : ''}
            </span>
          </p>
        </div>
      )}

      <div className="flex flex-wrap gap-2">
        {preview.status === 'idle' && (
          <Button
            type="button"
            variant="secondary"
            onClick={onGenerate}
            className="w-full sm:w-auto lg:w-full"
          >
            <AudioLinesIcon aria-hidden="true" />
            Generate Preview
          </Button>
        )}
        {preview.status === 'generating' && (
          <Button type="button" variant="secondary" disabled className="w-full sm:w-auto lg:w-full">
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
            Generating...
          </Button>
        )}
        {preview.status === 'ready' && (
          <Button type="button" onClick={onPlay} className="w-full sm:w-auto lg:w-full">
            <PlayIcon aria-hidden="true" />
            Play Preview
          </Button>
        )}
        {playing && (
          <>
            <Button type="button" variant="outline" onClick={onStop} className="flex-1">
              <SquareIcon aria-hidden="true" />
              Stop
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={onPlay}
              aria-label="Play the preview from the start"
            >
              <RotateCcwIcon aria-hidden="true" />
              <span className="sm:hidden lg:inline">Restart</span>
            </Button>
          </>
        )}
      </div>

      {/* biome-ignore lint/a11y/useMediaCaption: the message being previewed is on screen beside it. */}
      <audio
        ref={audioRef}
        hidden
        preload="auto"
        data-testid="voice-preview-audio"
        onPlay={() => {
          setElapsed(0);
          audioEvents.onPlay();
        }}
        onPause={audioEvents.onPause}
        onEnded={audioEvents.onEnded}
        onError={audioEvents.onError}
        onTimeUpdate={(event) => setElapsed(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => {
          const seconds = event.currentTarget.duration;
          setLength(Number.isFinite(seconds) && seconds > 0 ? seconds : null);
        }}
      />
    </section>
  );
}
