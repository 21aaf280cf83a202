import { MailIcon, MessageSquareIcon, PhoneIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useAppointmentReminders } from '@/features/appointments/api/get-appointment-reminders';
import { describeReminder } from '@/features/appointments/utils/reminder-timeline';
import { formatDateTime } from '@/lib/dates';

/** The appointment's reminder timeline: each call, e-mail and text that went out (or will), and what came of it. */
export function ReminderTimeline({ appointmentId }: { appointmentId: string }) {
  const reminders = useAppointmentReminders(appointmentId);
  let body: ReactNode;
  if (reminders.isPending) {
    body = (
      <div role="status" aria-label="Loading the reminders" className="grid gap-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  } else if (reminders.isError) {
    body = <p className="text-sm text-muted-foreground">The reminders could not be loaded.</p>;
  } else if (reminders.data.length === 0) {
    body = (
      <p className="text-sm text-muted-foreground">
        No reminders: none were due by your rules, or the appointment has no contact.
      </p>
    );
  } else {
    body = (
      <ol className="grid gap-3">
        {reminders.data.map((item) => {
          const { title, state } = describeReminder(item);
          const Icon =
            item.channel === 'call' ? PhoneIcon : item.channel === 'sms' ? MessageSquareIcon : MailIcon;
          return (
            <li key={`${item.channel}-${item.id}`} className="flex min-w-0 items-start gap-3 text-sm">
              <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{title}</p>
                <p className="text-muted-foreground [overflow-wrap:anywhere]">
                  <time dateTime={item.at}>{formatDateTime(item.at)}</time> · {state}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    );
  }
  return (
    <section aria-labelledby="reminder-timeline-heading" className="grid gap-3">
      <h3 id="reminder-timeline-heading" className="text-sm font-semibold">
        Reminders
      </h3>
      {body}
    </section>
  );
}
