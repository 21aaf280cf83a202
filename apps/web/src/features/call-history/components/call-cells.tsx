import type { Call } from '@callwise/shared/schemas/calls';
import { CallStatusBadge } from '@/components/call-status-badge';
import { outcomeLabel } from '@/features/call-history/components/call-labels';
import { formatDate, formatDateTime, formatTime } from '@/lib/dates';
import { cn } from '@/lib/utils';

/** An empty value: a dash, read as "none". */
export const dash = (
  <>
    <span aria-hidden="true">—</span>
    <span className="sr-only">none</span>
  </>
);

/** The status badge, and under it how the call ended when the callee answered something (Confirmed, ...). */
export function CallStatus({ call }: { call: Call }) {
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
export function CallWhen({ call, stacked }: { call: Call; stacked: boolean }) {
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
