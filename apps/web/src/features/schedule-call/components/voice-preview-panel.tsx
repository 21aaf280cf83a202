import { PROMPT_PART_LABELS, type PromptPart } from '@callwise/shared/call-prompt';
import { AudioLinesIcon, LoaderCircleIcon, PlayIcon, RotateCcwIcon, SquareIcon } from 'lucide-react';
import { type RefObject, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { VoicePreview } from '@/features/schedule-call/hooks/use-voice-preview';
import { clockTime, type PreviewPart, partAt } from '@/features/schedule-call/utils/preview-parts';
import { cn } from '@/lib/utils';

const clock = (seconds: number) => {
  const total = Math.max(0, Math.round(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
};

const STATUS_TEXT: Record<VoicePreview['status'], string> = {
  idle: 'Hear the whole call before you schedule it: the disclosure, your message and the key menu.',
  generating: 'Generating the voice preview...',
  ready: 'Preview ready. Press play to listen.',
  playing: 'Playing the preview...',
};

/** Each part's colour, in the progress bar and beside its name. */
const PART_COLOR: Record<PromptPart, string> = {
  disclosure: 'bg-muted-foreground',
  message: 'bg-primary',
  menu: 'bg-warning',
};

/**
 * The parts of the call in order with where each starts (Disclosure 0:00, Message 0:06, Menu 0:21); each plays the
 * preview from there. The part playing is marked.
 */
function PartsLegend({
  parts,
  current,
  onPlayFrom,
}: {
  parts: PreviewPart[];
  current: PromptPart | null;
  onPlayFrom: (seconds: number) => void;
}) {
  const hintId = useId();
  return (
    <>
      <ol
        aria-label="What the callee hears, in order"
        data-testid="voice-preview-parts"
        className="grid gap-0.5 text-xs text-muted-foreground"
      >
        {parts.map((part) => {
          const playing = part.part === current;
          const label = PROMPT_PART_LABELS[part.part];
          const start = clockTime(part.start);
          return (
            <li key={part.part} data-part={part.part} aria-current={playing ? 'step' : undefined}>
              <button
                type="button"
                aria-label={`${label} ${start}`}
                aria-describedby={hintId}
                onClick={() => onPlayFrom(part.start)}
                className={cn(
                  'flex min-h-6 w-full items-center gap-2 rounded px-1.5 text-left outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  playing && 'bg-muted font-medium text-foreground',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn('size-2 shrink-0 rounded-full', PART_COLOR[part.part])}
                />
                <span className="flex-1">{label}</span>
                <span className="tabular-nums">{start}</span>
              </button>
            </li>
          );
        })}
      </ol>
      <span id={hintId} hidden>
        Plays the preview from the start of this part.
      </span>
    </>
  );
}

/**
 * The voice preview area: Generate Preview (idle), a spinner (generating), then Play / Stop with the length and
 * the progress of playback. The preview is the whole call as the callee hears it; its parts (disclosure, message,
 * menu) are marked on the progress bar and listed with their start times. The audio element itself is hidden;
 * these buttons drive it.
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
  /** Plays from the start, or from `seconds` in. */
  onPlay: (seconds?: number) => void;
  onStop: () => void;
}) {
  const [elapsed, setElapsed] = useState(0);
  const [length, setLength] = useState<number | null>(null);
  const duration =
    preview.status === 'ready' || preview.status === 'playing' ? (preview.duration ?? length) : null;
  const playing = preview.status === 'playing';
  const progress = duration && playing ? Math.min(100, (elapsed / duration) * 100) : 0;
  const parts = preview.status === 'ready' || playing ? preview.parts : [];
  const current = playing ? (partAt(parts, elapsed)?.part ?? null) : null;
  const at = (seconds: number) => (duration ? `${Math.min(100, (seconds / duration) * 100)}%` : '0%');

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
            className="relative h-1.5 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label="Preview playback"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress)}
            aria-valuetext={
              current ? `${PROMPT_PART_LABELS[current]}, ${clockTime(elapsed)}` : `${Math.round(progress)}%`
            }
          >
            {parts.map((part) => (
              <span
                key={part.part}
                aria-hidden="true"
                className={cn('absolute inset-y-0 opacity-30', PART_COLOR[part.part])}
                style={{ left: at(part.start), width: `calc(${at(part.end)} - ${at(part.start)})` }}
              />
            ))}
            <div
              className="relative h-full rounded-full bg-primary transition-[width]"
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
          {parts.length > 0 && <PartsLegend parts={parts} current={current} onPlayFrom={onPlay} />}
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
          <Button type="button" onClick={() => onPlay()} className="w-full sm:w-auto lg:w-full">
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
              onClick={() => onPlay()}
              aria-label="Play the preview from the start"
            >
              <RotateCcwIcon aria-hidden="true" />
              <span className="sm:hidden lg:inline">Restart</span>
            </Button>
          </>
        )}
      </div>

      {/* biome-ignore lint/a11y/useMediaCaption: the message being previewed is on screen beside it, its parts listed. */}
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
