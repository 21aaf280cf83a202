import { SUCCESS_RATE_DEFINITION } from '@callwise/shared/calls';
import { formatDuration } from '@callwise/shared/format';
import type { Dashboard } from '@callwise/shared/schemas/dashboard';
import { ClockIcon, PhoneIcon, TrendingUpIcon, UsersIcon } from 'lucide-react';
import { StatCard } from '@/components/stat-card';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

const integer = new Intl.NumberFormat();

/** Total Calls, Success Rate, Avg Duration and Contacts. */
export function DashboardStats({ dashboard }: { dashboard: Dashboard }) {
  const stats = [
    {
      title: 'Total Calls',
      icon: PhoneIcon,
      value: integer.format(dashboard.total_calls),
      hint:
        dashboard.scheduled_calls > 0
          ? `Calls placed; ${integer.format(dashboard.scheduled_calls)} more scheduled`
          : 'All calls placed',
      info: 'Calls placed so far. A call scheduled for later counts once it goes out.',
    },
    {
      title: 'Success Rate',
      icon: TrendingUpIcon,
      value: `${dashboard.success_rate}%`,
      hint: 'Answered calls that confirmed',
      info: SUCCESS_RATE_DEFINITION,
    },
    {
      title: 'Avg Duration',
      icon: ClockIcon,
      value: formatDuration(dashboard.average_duration),
      hint: 'Over completed calls',
    },
    {
      title: 'Contacts',
      icon: UsersIcon,
      value: integer.format(dashboard.contacts),
      hint: 'People you can call',
    },
  ];
  return (
    <section
      aria-labelledby="dashboard-stats-heading"
      className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
    >
      {/* The cards' titles are h3s under the page's h1: this names their level in between (and the region). */}
      <h2 id="dashboard-stats-heading" className="sr-only">
        Call statistics
      </h2>
      {stats.map((stat) => (
        <StatCard
          key={stat.title}
          title={stat.title}
          value={stat.value}
          hint={stat.hint}
          info={stat.info}
          icon={stat.icon}
        />
      ))}
    </section>
  );
}

export function DashboardStatsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {['calls', 'rate', 'duration', 'contacts'].map((key) => (
        <Card key={key} className="gap-3 px-4 py-4 sm:px-5 sm:py-5">
          <div className="flex items-center justify-between">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="size-8 rounded-lg" />
          </div>
          <Skeleton className="h-8 w-16" />
          <Skeleton className="h-3 w-28" />
        </Card>
      ))}
    </div>
  );
}
