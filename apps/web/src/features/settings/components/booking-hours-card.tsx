import { paths } from '@callwise/shared/routes';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BookingWeekHours } from '@/features/settings/components/booking-week-hours';

/** Settings → Booking: when the business is open, day by day. */
export function BookingHoursCard({ timezone }: { timezone: string }) {
  return (
    <Card role="region" aria-labelledby="booking-hours-heading">
      <CardHeader>
        <CardTitle as="h2" id="booking-hours-heading">
          Opening hours
        </CardTitle>
        <CardDescription>
          Slots are offered only while you are open. Add a break to split a day, for lunch for example.
        </CardDescription>
        <p className="text-sm text-muted-foreground" data-testid="booking-timezone">
          Times are in <span className="font-medium text-foreground">{timezone}</span>, set in{' '}
          <Link to={paths.settingsProfile} className="text-primary underline underline-offset-4">
            Profile
          </Link>
          .
        </p>
      </CardHeader>
      <CardContent>
        <BookingWeekHours path="hours" idPrefix="hours" />
      </CardContent>
    </Card>
  );
}
