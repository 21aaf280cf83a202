import { formatDuration } from '@callwise/shared/format';
import type { Call } from '@callwise/shared/schemas/calls';
import { CallStatusBadge } from '@/components/call-status-badge';
import { useCallAttempts } from '@/features/call-history/api/get-call-attempts';
import { formatDateTime } from '@/lib/dates';

/** Every try of a call: busy and unanswered calls are tried again (twice, 30 minutes apart, inside the window). */
export function CallAttempts({ call }: { call: Call }) {
  const attempts = useCallAttempts(call.id, call.attempts, call.status);
  if (call.attempts === 0 || !attempts.data || attempts.data.length === 0) return null;
  return (
    <section aria-labelledby="call-attempts-heading" className="grid gap-2">
      <h3 id="call-attempts-heading" className="text-sm font-semibold">
        Attempts
      </h3>
      <ol className="grid divide-y rounded-lg border text-sm" data-testid="call-attempts">
        {attempts.data.map((attempt) => (
          <li key={attempt.attempt} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
            <span className="font-medium tabular-nums">#{attempt.attempt}</span>
            <CallStatusBadge status={attempt.status} />
            <span className="text-muted-foreground">
              {attempt.ended_at ? (
                <time dateTime={attempt.ended_at}>{formatDateTime(attempt.ended_at)}</time>
              ) : (
                '—'
              )}
              {attempt.duration !== null && attempt.duration > 0
                ? ` · ${formatDuration(attempt.duration)}`
                : ''}
            </span>
            {attempt.failure_reason && (
              <span className="basis-full text-muted-foreground">{attempt.failure_reason}</span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
