import { PRODUCT_NAME } from '@callwise/shared/product';
import { CalendarPlusIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { PageIntro } from '@/components/page-intro';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useDashboard } from '@/features/dashboard/api/get-dashboard';
import { CallsChartCard } from '@/features/dashboard/components/calls-chart-card';
import { DashboardStats, DashboardStatsSkeleton } from '@/features/dashboard/components/dashboard-stats';
import { RecentCallsCard } from '@/features/dashboard/components/recent-calls-card';
import { UsageCard } from '@/features/dashboard/components/usage-card';
import { errorMessage } from '@/lib/errors';

const SCHEDULING_NOTE = 'Scheduling arrives with the call engine';

/**
 * Schedule Call stays visible but inert until the call engine lands; the tooltip says why. The button is
 * aria-disabled rather than disabled, so that it keeps the focus and its tooltip reaches keyboard users too.
 */
function ScheduleCallButton() {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span className="inline-flex">
          <Button
            aria-disabled="true"
            aria-describedby="schedule-call-note"
            onClick={(event) => event.preventDefault()}
          >
            <CalendarPlusIcon aria-hidden="true" />
            Schedule Call
          </Button>
        </span>
      </TooltipTrigger>
      <TooltipContent>{SCHEDULING_NOTE}</TooltipContent>
      <span id="schedule-call-note" className="sr-only">
        {SCHEDULING_NOTE}
      </span>
    </Tooltip>
  );
}

function PanelSkeleton({ lines }: { lines: number }) {
  return (
    <Card>
      <CardHeader>
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-4 w-56 max-w-full" />
      </CardHeader>
      <CardContent className="grid gap-3">
        {Array.from({ length: lines }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows never change.
          <Skeleton key={index} className="h-9 w-full" />
        ))}
      </CardContent>
    </Card>
  );
}

export default function DashboardPage() {
  const { user } = useAuth();
  const dashboard = useDashboard();

  let body: ReactNode;
  if (dashboard.isPending) {
    body = (
      <div role="status" aria-label="Loading dashboard..." className="grid gap-6 lg:gap-8">
        <DashboardStatsSkeleton />
        <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
          <PanelSkeleton lines={5} />
          <PanelSkeleton lines={2} />
        </div>
      </div>
    );
  } else if (dashboard.isError) {
    body = (
      <LoadError
        title="Your dashboard could not be loaded"
        message={errorMessage(dashboard.error)}
        retrying={dashboard.isFetching}
        onRetry={() => void dashboard.refetch()}
      />
    );
  } else {
    const data = dashboard.data;
    body = (
      <>
        <DashboardStats dashboard={data} />
        <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
          {/* First on a phone (the plan's allowance matters before the history), beside the rest on a wide screen. */}
          <div className="lg:order-last">
            <UsageCard usage={data.usage} />
          </div>
          <div className="grid min-w-0 gap-6">
            <RecentCallsCard calls={data.recent_calls} />
            <CallsChartCard daily={data.daily} />
          </div>
        </div>
      </>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:gap-8">
      <PageIntro
        title={user ? `Welcome back, ${user.email}` : `Welcome to ${PRODUCT_NAME}`}
        description="Your calls at a glance: schedule new ones and see how recent ones went."
        actions={<ScheduleCallButton />}
      />
      {body}
    </div>
  );
}
