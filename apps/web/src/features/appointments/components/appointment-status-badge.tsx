import type { AppointmentStatus } from '@callwise/shared/schemas/appointments';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { STATUS_LABELS } from '@/features/appointments/utils/agenda';

const VARIANTS: Record<AppointmentStatus, BadgeProps['variant']> = {
  scheduled: 'secondary',
  confirmed: 'success',
  cancelled: 'destructive',
  reschedule_requested: 'warning',
  rescheduled: 'neutral',
  completed: 'neutral',
  no_show: 'destructive',
};

export function AppointmentStatusBadge({
  status,
  className,
}: {
  status: AppointmentStatus;
  className?: string;
}) {
  return (
    <Badge variant={VARIANTS[status]} className={className} data-testid="appointment-status">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
