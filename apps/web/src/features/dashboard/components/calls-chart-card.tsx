import { BarChart3Icon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  type DailyCalls,
  dayLabel,
  dayTotal,
  describeDaily,
} from '@/features/dashboard/components/daily-calls';

const CallsChart = lazy(() => import('@/features/dashboard/components/calls-chart'));

/** Calls per day over the last 30 days, by outcome; a table of the same numbers for screen readers. */
export function CallsChartCard({ daily, timezone }: { daily: DailyCalls; timezone?: string }) {
  const summary = describeDaily(daily);
  const days = daily.filter((day) => dayTotal(day) > 0);
  return (
    <Card className="gap-4" data-testid="calls-chart">
      <CardHeader>
        <CardTitle as="h2" id="calls-chart-heading">
          Calls per day
        </CardTitle>
        <CardDescription>
          Calls placed over the last {daily.length} days, by outcome
          {timezone ? `, on the day they went out (${timezone.replaceAll('_', ' ')} time)` : ''}. Calls not
          placed yet are left out.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <section aria-labelledby="calls-chart-heading">
          {days.length === 0 ? (
            <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed py-12 text-center">
              <BarChart3Icon aria-hidden="true" className="size-6 text-muted-foreground" />
              <p className="text-sm font-medium">No calls in the last {daily.length} days</p>
              <p className="max-w-xs text-sm text-muted-foreground">
                Your daily calls will be charted here, completed and failed side by side.
              </p>
            </div>
          ) : (
            <>
              <p className="sr-only">{summary}</p>
              <div aria-hidden="true" className="h-60">
                <Suspense fallback={<Skeleton className="h-full w-full" />}>
                  <CallsChart daily={daily} />
                </Suspense>
              </div>
              <table className="sr-only">
                <caption>Calls per day with at least one call</caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Completed</th>
                    <th scope="col">Failed</th>
                    <th scope="col">Other</th>
                  </tr>
                </thead>
                <tbody>
                  {days.map((day) => (
                    <tr key={day.date}>
                      <th scope="row">{dayLabel(day.date)}</th>
                      <td>{day.completed}</td>
                      <td>{day.failed}</td>
                      <td>{day.other}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
