import { APPOINTMENT_STATUS_LABELS, type AppointmentStatus } from '@callwise/shared/schemas/appointments';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const VARIANTS: Record<AppointmentStatus, BadgeProps['variant']> = {
  scheduled: 'secondary',
  confirmed: 'success',
  cancelled: 'destructive',
  reschedule_requested: 'warning',
  rescheduled: 'neutral',
  completed: 'neutral',
  no_show: 'destructive',
};

/** An appointment's status as a coloured badge (the agenda, its details, the dashboard). */
export function AppointmentStatusBadge({
  status,
  className,
}: {
  status: AppointmentStatus;
  className?: string;
}) {
  return (
    <Badge variant={VARIANTS[status]} className={className} data-testid="appointment-status">
      {APPOINTMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
