import { PRODUCT_NAME } from '@callwise/shared/product';
import {
  CalendarPlusIcon,
  ClockIcon,
  PhoneIcon,
  PhoneOutgoingIcon,
  TrendingUpIcon,
  UsersIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { useTrialUsage } from '@/app/layouts/use-trial-usage';
import { EmptyState } from '@/components/empty-state';
import { PageIntro } from '@/components/page-intro';
import { NO_VALUE, StatCard } from '@/components/stat-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';

const stats = [
  { title: 'Total Calls', icon: PhoneIcon, hint: 'All calls placed' },
  { title: 'Success Rate', icon: TrendingUpIcon, hint: 'Share of completed calls' },
  { title: 'Avg Duration', icon: ClockIcon, hint: 'Over completed calls' },
  { title: 'Contacts', icon: UsersIcon, hint: 'People you can call' },
];

function TrialProgress() {
  const { used, total } = useTrialUsage();
  const remaining = Math.max(0, total - used);
  const percent = total > 0 ? Math.round((used / total) * 100) : 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Free Trial Progress</CardTitle>
        <CardDescription>
          {used} of {total} calls used
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div
          role="progressbar"
          aria-label="Free trial calls used"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={used}
          aria-valuetext={`${used} of ${total} calls used`}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
        <div className="flex justify-between text-sm text-muted-foreground">
          <span>{remaining} remaining</span>
          <span>{percent}%</span>
        </div>
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline" className="w-full">
          <Link to={paths.pricing}>Upgrade to Pro Plan</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

export default function DashboardPage() {
  const { user } = useAuth();

  return (
    <div className="grid grid-cols-1 gap-6 lg:gap-8">
      <PageIntro
        title={user ? `Welcome back, ${user.email}` : `Welcome to ${PRODUCT_NAME}`}
        description="Your calls at a glance: schedule new ones and see how recent ones went."
        actions={
          <Button disabled>
            <CalendarPlusIcon aria-hidden="true" />
            Schedule Call
          </Button>
        }
      />

      <section aria-label="Call statistics" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {stats.map((stat) => (
          <StatCard key={stat.title} title={stat.title} value={NO_VALUE} hint={stat.hint} icon={stat.icon} />
        ))}
      </section>

      <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Recent Call Activity</CardTitle>
            <CardDescription>Your latest calls and how they ended.</CardDescription>
          </CardHeader>
          <CardContent>
            <EmptyState
              icon={PhoneOutgoingIcon}
              headingLevel="h3"
              title="No calls yet"
              description="Calls you schedule will show up here with their status and outcome."
              className="py-10"
            />
          </CardContent>
        </Card>
        <TrialProgress />
      </div>
    </div>
  );
}
