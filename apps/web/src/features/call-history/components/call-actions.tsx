import { statusGroup } from '@callwise/shared/calls';
import type { Call } from '@callwise/shared/schemas/calls';
import {
  BanIcon,
  CheckCheckIcon,
  LoaderCircleIcon,
  type LucideIcon,
  PanelRightOpenIcon,
  PencilIcon,
  PlayIcon,
  SquareIcon,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { callWith } from '@/features/call-history/components/call-labels';
import type { Playback } from '@/features/call-history/hooks/use-recording-playback';
import { cn } from '@/lib/utils';

/** What a call's actions do; each one shows only where it applies (Edit and Mark handled only when given). */
export interface CallActionHandlers {
  /** The recording loading or playing, if any. */
  playback: Playback | null;
  /** Play, or Stop when this call's recording is playing. */
  onPlay: (call: Call) => void;
  onCancel: (call: Call) => void;
  /** Edit a call that has not gone out (the Edit action shows only when given). */
  onEdit?: (call: Call) => void;
  onDetails: (call: Call) => void;
  /** Mark a call that needs attention handled (the action shows on such calls when given). */
  onHandled?: (call: Call) => void;
}

interface ActionProps {
  label: string;
  text: string;
  icon: LucideIcon;
  onClick: () => void;
  spin?: boolean;
  pressed?: boolean;
  /** Icon only, named by a tooltip (table rows); otherwise icon and text (cards). */
  compact: boolean;
}

function Action({ label, text, icon: Icon, onClick, compact, spin, pressed }: ActionProps) {
  const icon = <Icon aria-hidden="true" className={spin ? 'animate-spin' : undefined} />;
  if (!compact) {
    return (
      <Button size="sm" variant="outline" aria-label={label} aria-pressed={pressed} onClick={onClick}>
        {icon}
        {text}
      </Button>
    );
  }
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          size="icon"
          variant="ghost"
          className="size-8"
          aria-label={label}
          aria-pressed={pressed}
          onClick={onClick}
        >
          {icon}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

export function CallActions({
  call,
  playback,
  onPlay,
  onCancel,
  onEdit,
  onDetails,
  onHandled,
  compact,
}: { call: Call; compact: boolean } & CallActionHandlers) {
  const state = playback?.callId === call.id ? playback.status : null;
  return (
    <div className={cn('flex items-center gap-1', compact ? 'justify-end' : 'flex-wrap gap-2')}>
      {call.recording_url && (
        <Action
          label={`${state ? 'Stop' : 'Play'} recording of ${callWith(call)}`}
          text={state === 'loading' ? 'Loading...' : state === 'playing' ? 'Stop' : 'Play'}
          icon={state === 'loading' ? LoaderCircleIcon : state === 'playing' ? SquareIcon : PlayIcon}
          spin={state === 'loading'}
          pressed={state !== null}
          onClick={() => onPlay(call)}
          compact={compact}
        />
      )}
      {onEdit && (call.status === 'scheduled' || call.status === 'queued') && call.attempts === 0 && (
        <Action
          label={`Edit ${callWith(call)}`}
          text="Edit"
          icon={PencilIcon}
          onClick={() => onEdit(call)}
          compact={compact}
        />
      )}
      {statusGroup(call.status) === 'pending' && (
        <Action
          label={`Cancel ${callWith(call)}`}
          text="Cancel"
          icon={BanIcon}
          onClick={() => onCancel(call)}
          compact={compact}
        />
      )}
      {call.needs_attention && onHandled && (
        <Action
          label={`Mark ${callWith(call)} handled`}
          text="Mark handled"
          icon={CheckCheckIcon}
          onClick={() => onHandled(call)}
          compact={compact}
        />
      )}
      <Action
        label={`Details of ${callWith(call)}`}
        text="Details"
        icon={PanelRightOpenIcon}
        onClick={() => onDetails(call)}
        compact={compact}
      />
    </div>
  );
}
