import { BarChart3Icon } from 'lucide-react';
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  type DailyCalls,
  dayLabel,
  dayTotal,
  describeDaily,
} from '@/features/dashboard/components/daily-calls';

// recharts (~110 KB gzip) is its own chunk, fetched only once the dashboard is on screen: see `useChartWanted`.
const CallsChart = lazy(() => import('@/features/dashboard/components/calls-chart'));

/**
 * Whether to draw the chart: after the dashboard's first paint (this effect runs after that commit), once the
 * chart's box (`shown`: there are calls to draw) comes within a screen of the viewport, so that a phone, whose
 * first screen never shows it, loads recharts only when the user scrolls towards it. Without
 * IntersectionObserver: shortly after the first paint. Until then a skeleton of the chart's fixed height holds
 * its place (no layout shift).
 */
function useChartWanted(box: RefObject<HTMLElement | null>, shown: boolean): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (wanted || !shown || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      const timer = window.setTimeout(() => setWanted(true), 200);
      return () => window.clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, shown, wanted]);
  return wanted;
}

/** Calls per day over the last 30 days, by outcome; a table of the same numbers for screen readers. */
export function CallsChartCard({ daily, timezone }: { daily: DailyCalls; timezone?: string }) {
  const summary = describeDaily(daily);
  const days = daily.filter((day) => dayTotal(day) > 0);
  const chartBox = useRef<HTMLDivElement | null>(null);
  const chartWanted = useChartWanted(chartBox, days.length > 0);
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
              <div ref={chartBox} aria-hidden="true" className="h-60">
                {chartWanted ? (
                  <Suspense fallback={<Skeleton className="h-full w-full" />}>
                    <CallsChart daily={daily} />
                  </Suspense>
                ) : (
                  <Skeleton className="h-full w-full" />
                )}
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
