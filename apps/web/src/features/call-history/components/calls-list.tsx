import { statusGroup } from '@callwise/shared/calls';
import { formatCost, formatDuration } from '@callwise/shared/format';
import { formatPhone } from '@callwise/shared/phone';
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
import type { ReactNode } from 'react';
import { CallDirectionBadge, CallStatusBadge } from '@/components/call-status-badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { callWith, outcomeLabel, voiceLabel } from '@/features/call-history/components/call-labels';
import type { Playback } from '@/features/call-history/hooks/use-recording-playback';
import { formatDate, formatDateTime, formatTime } from '@/lib/dates';
import { cn } from '@/lib/utils';

const COLUMNS = ['Status', 'Recipient', 'Phone', 'Voice', 'Duration', 'Cost', 'Date', 'Actions'] as const;

const dash = (
  <>
    <span aria-hidden="true">—</span>
    <span className="sr-only">none</span>
  </>
);

export interface CallsListProps {
  calls: Call[];
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
  /** Shown under the table's header (or instead of the cards) when there are no calls: loading, empty. */
  placeholder?: ReactNode;
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

function CallActions({
  call,
  playback,
  onPlay,
  onCancel,
  onEdit,
  onDetails,
  onHandled,
  compact,
}: { call: Call; compact: boolean } & Pick<
  CallsListProps,
  'playback' | 'onPlay' | 'onCancel' | 'onEdit' | 'onDetails' | 'onHandled'
>) {
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

/** The status badge, and under it how the call ended when the callee answered something (Confirmed, ...). */
function CallStatus({ call }: { call: Call }) {
  const outcome = outcomeLabel(call.outcome);
  return (
    <div className="grid justify-items-start gap-1">
      <CallStatusBadge status={call.status} />
      {outcome && (
        <span className="pl-1 text-xs text-muted-foreground" data-testid="call-outcome">
          {outcome}
        </span>
      )}
    </div>
  );
}

/**
 * When the call goes or went out (scheduled_at: the time asked for, or the calling window's next opening; a
 * retry's time once a try went unanswered), never when it was created.
 */
function CallWhen({ call, stacked }: { call: Call; stacked: boolean }) {
  const retry = call.status === 'scheduled' && call.attempts > 0;
  const pending = call.status === 'scheduled' || call.status === 'queued';
  const time = formatTime(call.scheduled_at);
  const note = retry ? `Retry at ${time}` : pending ? `Goes out ${time}` : time;
  const title = `${retry ? 'Retry at' : pending ? 'Goes out at' : 'Went out at'} ${formatDateTime(call.scheduled_at)}`;
  if (!stacked) {
    return (
      <time
        dateTime={call.scheduled_at}
        title={title}
        className="ml-auto text-right text-xs text-muted-foreground"
        data-testid="call-when"
      >
        {formatDate(call.scheduled_at)}, {note}
      </time>
    );
  }
  return (
    <time dateTime={call.scheduled_at} title={title} className="grid" data-testid="call-when">
      <span>{formatDate(call.scheduled_at)}</span>
      <span className={cn('text-xs text-muted-foreground', retry && 'font-medium text-foreground')}>
        {note}
      </span>
    </time>
  );
}

/**
 * The calls as a table where there is room (48rem of container width and up) and as stacked cards below that,
 * so a phone never scrolls sideways. Only one of the two is displayed (and so in the accessibility tree).
 */
export function CallsList({
  calls,
  playback,
  onPlay,
  onCancel,
  onEdit,
  onDetails,
  onHandled,
  placeholder,
}: CallsListProps) {
  return (
    <div className="@container">
      <div className="hidden @3xl:block">
        <Table aria-label="Calls">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {COLUMNS.map((column) => (
                <TableHead
                  key={column}
                  scope="col"
                  className={column === 'Actions' ? 'text-right' : undefined}
                >
                  {column}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {calls.map((call) => (
              <TableRow key={call.id} data-testid="call-row">
                <TableCell className="py-2">
                  <CallStatus call={call} />
                </TableCell>
                <TableCell className="max-w-56 font-medium" title={call.recipient_name}>
                  <div className="flex min-w-0 items-center gap-2">
                    <span className="truncate">{call.recipient_name}</span>
                    <CallDirectionBadge direction={call.direction} />
                  </div>
                </TableCell>
                <TableCell className="tabular-nums">{formatPhone(call.phone)}</TableCell>
                <TableCell>{voiceLabel(call.voice)}</TableCell>
                <TableCell className="tabular-nums">
                  {call.duration === null ? dash : formatDuration(call.duration)}
                </TableCell>
                <TableCell className="tabular-nums">
                  {call.cost === null ? dash : formatCost(call.cost)}
                </TableCell>
                <TableCell className="py-2 leading-tight">
                  <CallWhen call={call} stacked />
                </TableCell>
                <TableCell className="py-1.5">
                  <CallActions
                    call={call}
                    playback={playback}
                    onPlay={onPlay}
                    onCancel={onCancel}
                    onEdit={onEdit}
                    onDetails={onDetails}
                    onHandled={onHandled}
                    compact
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <div className="@3xl:hidden">
        {calls.length > 0 && (
          <ul aria-label="Calls" className="divide-y">
            {calls.map((call) => (
              <li key={call.id} className="grid gap-2 p-4" data-testid="call-card">
                <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
                  <CallStatus call={call} />
                  <CallWhen call={call} stacked={false} />
                </div>
                <div className="min-w-0">
                  <div className="flex min-w-0 items-center gap-2">
                    <p className="truncate font-medium">{call.recipient_name}</p>
                    <CallDirectionBadge direction={call.direction} />
                  </div>
                  <p className="text-sm text-muted-foreground tabular-nums">{formatPhone(call.phone)}</p>
                </div>
                <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                  <div className="flex gap-1">
                    <dt>Voice</dt>
                    <dd className="font-medium text-foreground">{voiceLabel(call.voice)}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>Duration</dt>
                    <dd className="font-medium text-foreground tabular-nums">
                      {call.duration === null ? dash : formatDuration(call.duration)}
                    </dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>Cost</dt>
                    <dd className="font-medium text-foreground tabular-nums">
                      {call.cost === null ? dash : formatCost(call.cost)}
                    </dd>
                  </div>
                </dl>
                <CallActions
                  call={call}
                  playback={playback}
                  onPlay={onPlay}
                  onCancel={onCancel}
                  onEdit={onEdit}
                  onDetails={onDetails}
                  onHandled={onHandled}
                  compact={false}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      {calls.length === 0 && <div className="px-4 py-14 text-center">{placeholder}</div>}
    </div>
  );
}
