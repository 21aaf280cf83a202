import { PRODUCT_NAME } from '@callwise/shared/product';
import { roleAllows } from '@callwise/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { CalendarPlusIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { LoadError } from '@/components/load-error';
import { PageIntro } from '@/components/page-intro';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { CostEstimate } from '@/features/billing/components/cost-estimate';
import { useDashboard } from '@/features/dashboard/api/get-dashboard';
import { useUpdateOnboarding } from '@/features/dashboard/api/update-onboarding';
import { CallsChartCard } from '@/features/dashboard/components/calls-chart-card';
import { DashboardStats, DashboardStatsSkeleton } from '@/features/dashboard/components/dashboard-stats';
import { OnboardingChecklist } from '@/features/dashboard/components/onboarding-checklist';
import { RecentCallsCard } from '@/features/dashboard/components/recent-calls-card';
import { UpcomingAppointmentsCard } from '@/features/dashboard/components/upcoming-appointments-card';
import { UsageCard } from '@/features/dashboard/components/usage-card';
import { greeting } from '@/features/dashboard/utils/greeting';
import { meQueryOptions } from '@/features/settings/api/get-me';
import { errorMessage } from '@/lib/errors';

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

/**
 * The schedule view (its form, the contact picker, the phone number checks) is its own chunk: the dashboard's
 * first paint does not wait for it. It is fetched when the view opens, or earlier when the pointer or the focus
 * reaches Schedule Call.
 */
const loadScheduleCallView = () => import('@/features/schedule-call/components/schedule-call-view');
const ScheduleCallView = lazy(async () => ({ default: (await loadScheduleCallView()).ScheduleCallView }));

const uuid = z.uuid();
const idParam = (value: string | null) => (uuid.safeParse(value).success ? value : null);

/**
 * The dashboard has two views (product spec section 2): the dashboard itself and, at `?schedule=1`, the schedule
 * view (optionally prefilled: `&contact=<id>` from Call Now, `&script=<id>` from a script's Test, `&test=1` with
 * your own number from the checklist's test-call step). The address
 * holds the view, so Back in the browser returns to the dashboard too.
 */
export default function DashboardPage() {
  const { user } = useAuth();
  const dashboard = useDashboard();
  // To say whether calls are simulated, and what the role may do; a failure here is not worth a toast.
  const me = useQuery({ ...meQueryOptions(), meta: { silentErrors: true } });
  const admin = me.data ? roleAllows(me.data.role, 'admin') : false;
  const hideChecklist = useUpdateOnboarding();
  const [params, setParams] = useSearchParams();
  const scheduleButton = useRef<HTMLButtonElement | null>(null);
  const returning = useRef(false);
  const scheduling = params.get('schedule') === '1';
  const metadataName = user?.user_metadata?.first_name;
  const firstName = me.data?.first_name ?? (typeof metadataName === 'string' ? metadataName : null);

  useEffect(() => {
    if (scheduling || !returning.current) return;
    returning.current = false;
    scheduleButton.current?.focus();
  }, [scheduling]);

  if (scheduling) {
    return (
      <Suspense
        fallback={
          <div role="status" aria-label="Loading..." className="grid gap-6">
            <PanelSkeleton lines={5} />
          </div>
        }
      >
        <ScheduleCallView
          usage={dashboard.data?.usage}
          simulated={me.data?.carrier === 'simulator'}
          contactId={idParam(params.get('contact'))}
          scriptId={idParam(params.get('script'))}
          testCallTo={params.get('test') === '1' ? (me.data?.phone_number ?? null) : null}
          onClose={() => {
            returning.current = true;
            setParams({});
          }}
          onScheduled={() => setParams({ schedule: '1' }, { replace: true })}
          costEstimate={
            <CostEstimate
              calls={1}
              onTrial={me.data?.account.plan === 'trial'}
              billingAccess={me.data?.role === 'owner'}
            />
          }
        />
      </Suspense>
    );
  }

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
    const { onboarding } = data;
    body = (
      <>
        {/* The first-run checklist sets the account up: an owner's or admin's (staff may not hide it either). */}
        {admin && !onboarding.hidden && onboarding.done < onboarding.total && (
          <OnboardingChecklist
            onboarding={onboarding}
            simulated={me.data?.carrier !== 'twilio'}
            ownPhone={me.data?.phone_number ?? null}
            hiding={hideChecklist.isPending}
            onHide={() => {
              // The focus would go with the card: it goes to the page's main action instead.
              scheduleButton.current?.focus();
              hideChecklist.mutate({ hidden: true });
            }}
          />
        )}
        <DashboardStats dashboard={data} />
        <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
          {/* First on a phone (the plan's allowance matters before the history), beside the rest on a wide screen. */}
          <div className="grid min-w-0 grid-cols-1 gap-6 lg:order-last">
            <UsageCard usage={data.usage} />
            <UpcomingAppointmentsCard />
          </div>
          {/* One column no wider than the screen: a long name in the recent calls is truncated instead. */}
          <div className="grid min-w-0 grid-cols-1 gap-6">
            <RecentCallsCard calls={data.recent_calls} needsAttention={data.needs_attention} />
            <CallsChartCard daily={data.daily} timezone={data.timezone} />
          </div>
        </div>
      </>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:gap-8">
      <PageIntro
        title={user ? greeting(firstName) : `Welcome to ${PRODUCT_NAME}`}
        description={
          user
            ? `Welcome back, ${user.email}. Your calls at a glance: schedule new ones and see how recent ones went.`
            : 'Your calls at a glance: schedule new ones and see how recent ones went.'
        }
        actions={
          <Button
            ref={scheduleButton}
            onPointerEnter={() => void loadScheduleCallView()}
            onFocus={() => void loadScheduleCallView()}
            onClick={() => setParams({ schedule: '1' })}
          >
            <CalendarPlusIcon aria-hidden="true" />
            Schedule Call
          </Button>
        }
      />
      {body}
    </div>
  );
}
