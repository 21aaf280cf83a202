import { formatDuration } from '@callwise/shared/format';
import { formatPhone } from '@callwise/shared/phone';
import type { Call } from '@callwise/shared/schemas/calls';
import { ArrowRightIcon, PhoneOutgoingIcon } from 'lucide-react';
import { Link } from 'react-router';
import { CallStatusBadge } from '@/components/call-status-badge';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatDateTime, formatTimeAgo } from '@/lib/dates';

/** The five latest calls: status, who, number, when and how long. */
export function RecentCallsCard({ calls }: { calls: Call[] }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" id="recent-calls-heading">
          Recent Call Activity
        </CardTitle>
        <CardDescription>Your latest calls and how they ended.</CardDescription>
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
            description="Once you schedule your first call, you will see here who was called, when, and how it went."
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
                  <p className="truncate font-medium">{call.recipient_name}</p>
                  <p className="text-sm text-muted-foreground tabular-nums">{formatPhone(call.phone)}</p>
                </div>
                <div className="flex items-center gap-3 text-sm text-muted-foreground">
                  <CallStatusBadge status={call.status} />
                  <span className="w-14 text-right tabular-nums">
                    {call.duration === null ? '' : formatDuration(call.duration)}
                  </span>
                  <time
                    dateTime={call.created_at}
                    title={formatDateTime(call.created_at)}
                    className="w-24 text-right text-xs"
                  >
                    {formatTimeAgo(call.created_at)}
                  </time>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
