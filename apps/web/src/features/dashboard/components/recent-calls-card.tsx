import { CALL_OUTCOME_LABELS } from '@callwise/shared/calls';
import { formatDuration } from '@callwise/shared/format';
import { formatPhone } from '@callwise/shared/phone';
import type { Call } from '@callwise/shared/schemas/calls';
import { ArrowRightIcon, PhoneOutgoingIcon } from 'lucide-react';
import { Link } from 'react-router';
import { CallDirectionBadge, CallStatusBadge } from '@/components/call-status-badge';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatDateTime, formatTime, formatTimeAgo } from '@/lib/dates';

/** When a placed call happened: it ended, else it was answered, else it went out. */
const happenedAt = (call: Call) => call.ended_at ?? call.started_at ?? call.scheduled_at;

/** The five calls placed last: status and outcome, who, number, when and how long. */
export function RecentCallsCard({ calls, needsAttention = 0 }: { calls: Call[]; needsAttention?: number }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" id="recent-calls-heading">
          Recent Call Activity
        </CardTitle>
        <CardDescription>
          Your latest calls and how they ended.
          {needsAttention > 0 && (
            <>
              {' '}
              <Link
                to={`${paths.callHistory}?view=needs_attention`}
                className="font-medium text-foreground underline underline-offset-4"
              >
                {needsAttention === 1 ? '1 call needs attention' : `${needsAttention} calls need attention`}
              </Link>
            </>
          )}
        </CardDescription>
        <CardAction>
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.callHistory} aria-label="View all calls">
              View all
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {calls.length === 0 ? (
          <EmptyState
            icon={PhoneOutgoingIcon}
            headingLevel="h3"
            title="No calls yet"
            description="Once your first call goes out, you will see here who was called, when, and how it went."
            action={
              <Button asChild variant="outline" size="sm">
                <Link to={paths.scripts}>Write your first script</Link>
              </Button>
            }
            className="py-10"
          />
        ) : (
          <ul aria-labelledby="recent-calls-heading" className="-my-2 divide-y">
            {calls.map((call) => (
              <li key={call.id} className="flex flex-wrap items-center gap-x-3 gap-y-1.5 py-3">
                <div className="min-w-0 flex-1 basis-40">
                  <p className="flex min-w-0 items-center gap-2 font-medium">
                    <span className="truncate">{call.recipient_name}</span>
                    <CallDirectionBadge direction={call.direction} />
                  </p>
                  <p className="text-sm text-muted-foreground tabular-nums">{formatPhone(call.phone)}</p>
                </div>
                <div className="flex min-w-0 flex-1 basis-56 items-center justify-between gap-3 text-sm text-muted-foreground">
                  <div className="grid min-w-0 justify-items-start gap-0.5">
                    <CallStatusBadge status={call.status} />
                    {call.outcome ? (
                      <span
                        className="pl-1 text-xs font-medium text-foreground"
                        data-testid="recent-call-outcome"
                      >
                        {CALL_OUTCOME_LABELS[call.outcome]}
                      </span>
                    ) : call.status === 'scheduled' && call.attempts > 0 ? (
                      <span className="pl-1 text-xs">
                        No answer yet: retry at {formatTime(call.scheduled_at)}
                      </span>
                    ) : null}
                  </div>
                  <div className="grid shrink-0 justify-items-end gap-0.5 text-right">
                    {call.duration !== null && (
                      <span className="tabular-nums">{formatDuration(call.duration)}</span>
                    )}
                    {!(call.status === 'scheduled' && call.attempts > 0) && (
                      <time
                        dateTime={happenedAt(call)}
                        title={formatDateTime(happenedAt(call))}
                        className="text-xs"
                      >
                        {formatTimeAgo(happenedAt(call))}
                      </time>
                    )}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
