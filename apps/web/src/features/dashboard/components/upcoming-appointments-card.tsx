import { type Appointment, SLOT_HOLDING_STATUSES } from '@callwise/shared/schemas/appointments';
import { ArrowRightIcon, CalendarDaysIcon, RefreshCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AppointmentStatusBadge } from '@/components/appointment-status-badge';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useDashboard } from '@/features/dashboard/api/get-dashboard';
import { useUpcomingAppointments } from '@/features/dashboard/api/get-upcoming-appointments';
import { useContactNames } from '@/lib/contact-names';
import { formatTime } from '@/lib/dates';

const HOLDING: readonly string[] = SLOT_HOLDING_STATUSES;

/** Of the appointments still on (not cancelled or moved), how many are confirmed. */
export function confirmationOf(appointments: Appointment[]) {
  const on = appointments.filter((item) => HOLDING.includes(item.status));
  const confirmed = on.filter((item) => item.status === 'confirmed').length;
  return {
    confirmed,
    total: on.length,
    rate: on.length === 0 ? null : Math.round((confirmed / on.length) * 100),
  };
}

function DayList({
  title,
  appointments,
  names,
}: {
  title: string;
  appointments: Appointment[];
  names: Map<string, string>;
}) {
  const headingId = `upcoming-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        {title}
      </h3>
      {appointments.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing booked.</p>
      ) : (
        <ul className="grid gap-2">
          {appointments.map((item) => (
            <li key={item.id} className="flex min-w-0 items-center justify-between gap-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium tabular-nums">{formatTime(item.starts_at)}</p>
                <p className="truncate text-muted-foreground">
                  {(item.contact_id && names.get(item.contact_id)) || 'No contact'}
                  {item.service ? ` · ${item.service}` : ''}
                </p>
              </div>
              <AppointmentStatusBadge status={item.status} className="shrink-0" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The waitlist's work over the last 30 days, in words. */
export function refilledText(count: number): string {
  if (count === 0) return 'No freed slots refilled from the waitlist in the last 30 days.';
  return `${count} freed ${count === 1 ? 'slot' : 'slots'} refilled from the waitlist in the last 30 days.`;
}

/** Today's and tomorrow's appointments with their confirmation state, and the share confirmed. */
export function UpcomingAppointmentsCard() {
  const upcoming = useUpcomingAppointments();
  const shown = (upcoming.data?.data ?? []).filter((item) => item.status !== 'rescheduled');
  const names = useContactNames(shown.flatMap((item) => (item.contact_id ? [item.contact_id] : [])));
  const todayEnd = upcoming.today.end.toISOString();
  const today = shown.filter((item) => new Date(item.starts_at).toISOString() < todayEnd);
  const tomorrow = shown.filter((item) => new Date(item.starts_at).toISOString() >= todayEnd);
  const { confirmed, total, rate } = confirmationOf(shown);
  const refilled = useDashboard().data?.slots_refilled;

  let body: ReactNode;
  if (upcoming.isPending) {
    body = (
      <div role="status" aria-label="Loading upcoming appointments" className="grid gap-2">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-full" />
      </div>
    );
  } else if (upcoming.isError) {
    body = (
      <div role="alert" className="flex flex-col gap-3 text-sm">
        <p>Your upcoming appointments could not be loaded.</p>
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void upcoming.refetch()}
            disabled={upcoming.isFetching}
          >
            <RefreshCwIcon aria-hidden="true" className={upcoming.isFetching ? 'animate-spin' : undefined} />
            {upcoming.isFetching ? 'Trying again...' : 'Try again'}
          </Button>
        </div>
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <EmptyState
        icon={CalendarDaysIcon}
        headingLevel="h3"
        title="No appointments today or tomorrow"
        description="Book one, or connect a calendar: each appointment gets its reminder calls."
        action={
          <Button asChild variant="outline" size="sm">
            <Link to={paths.appointments}>Open Appointments</Link>
          </Button>
        }
        className="py-6"
      />
    );
  } else {
    body = (
      <div className="grid gap-4">
        <DayList title="Today" appointments={today} names={names} />
        <DayList title="Tomorrow" appointments={tomorrow} names={names} />
      </div>
    );
  }

  return (
    <Card role="region" className="gap-4" aria-labelledby="upcoming-appointments-heading">
      <CardHeader>
        <CardTitle as="h2" id="upcoming-appointments-heading">
          Upcoming Appointments
        </CardTitle>
        <CardDescription data-testid="confirmation-rate">
          {rate === null
            ? 'Today and tomorrow, and whether each is confirmed.'
            : `${confirmed} of ${total} confirmed (${rate}%) for today and tomorrow.`}
        </CardDescription>
        <CardAction>
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.appointments} aria-label="View all appointments">
              View all
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-4">
        {body}
        {refilled !== undefined && (
          <p className="border-t pt-3 text-sm text-muted-foreground" data-testid="slots-refilled">
            {refilledText(refilled)}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
